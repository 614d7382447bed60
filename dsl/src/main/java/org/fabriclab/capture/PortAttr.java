package org.fabriclab.capture;

/**
 * A fact about a port that is not a counter: {@code lid}, {@code guid}, {@code node_guid},
 * {@code device}, {@code port_num}, {@code rate_gbps}, {@code state}, {@code link_layer},
 * {@code netdev}, {@code node_desc}. Snapshots use {@code lid}, {@code guid} and {@code netdev} to
 * join the same port seen through different files.
 */
public record PortAttr(String port, String key, String value, String file, int line) {
    public static final String LID = "lid";
    public static final String GUID = "guid";
    public static final String NODE_GUID = "node_guid";
    public static final String DEVICE = "device";
    public static final String PORT_NUM = "port_num";
    public static final String RATE_GBPS = "rate_gbps";
    public static final String STATE = "state";
    public static final String LINK_LAYER = "link_layer";
    public static final String NETDEV = "netdev";
    public static final String NODE_DESC = "node_desc";

    /**
     * A {@link #LID} value as a number: decimal ({@code 164}) or hex ({@code 0x00a4}), as the readers
     * find it printed; empty when it is neither.
     */
    public static java.util.OptionalLong lidNumber(String v) {
        String t = v.trim();
        try {
            return java.util.OptionalLong.of(t.startsWith("0x") || t.startsWith("0X") ? Long.parseLong(t.substring(2), 16) : Long.parseLong(t));
        } catch (NumberFormatException e) {
            return java.util.OptionalLong.empty();
        }
    }

    /**
     * True for an all-zero GUID in any spelling ({@code 0x0000000000000000}, {@code 0000:0000:0000:0000}):
     * it identifies nothing, so readers and snapshots never join or name ports by it.
     */
    public static boolean isZeroGuid(String v) {
        if (v == null) return false;
        String h = v.strip().toLowerCase(java.util.Locale.ROOT);
        if (h.startsWith("0x")) h = h.substring(2);
        h = h.replace(":", "");
        return !h.isEmpty() && h.chars().allMatch(ch -> ch == '0');
    }
}
