package org.fabriclab.capture;

/**
 * A fact about a port that is not a counter: {@code lid}, {@code guid}, {@code node_guid},
 * {@code device}, {@code port_num}, {@code rate_gbps}, {@code state}, {@code link_layer},
 * {@code netdev}, {@code node_desc}; and what the host says about its lossless configuration
 * ({@code mlnx_qos}, {@code dcb}, {@code ethtool -a}: {@link #PFC_ENABLED}, {@link #TRUST}, ...) and about its
 * Ethernet link ({@code ethtool X}, {@code ethtool --show-fec X}: {@link #LINK_DETECTED}, {@link #FEC_MODE}, ...).
 * Snapshots use {@code lid}, {@code guid} and {@code netdev} to join the same port seen through
 * different files.
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
    /** The priorities with PFC on, ascending and comma-separated ({@code 3}, {@code 3,4}), or {@code none}. */
    public static final String PFC_ENABLED = "pfc_enabled";
    /** What the NIC classifies received traffic by: {@code dscp} or {@code pcp} (mlnx_qos' trust state). */
    public static final String TRUST = "trust";
    /** Who runs DCBX: {@code os} or {@code firmware} (mlnx_qos' DCBX mode). */
    public static final String DCBX = "dcbx";
    /** Priority to traffic class, {@code prio:tc} pairs ({@code 0:0 1:0 2:0 3:3 ...}), as dcb prints them. */
    public static final String PRIO_TC = "prio_tc";
    /** Each traffic class's scheduler, {@code tc:tsa} pairs ({@code 0:ets 3:strict}). */
    public static final String TC_TSA = "tc_tsa";
    /** Each ETS traffic class's bandwidth share in percent, {@code tc:percent} pairs. */
    public static final String TC_BW = "tc_bw";
    /** Priority to receive buffer, {@code prio:buffer} pairs (mlnx_qos' buffer row). */
    public static final String PRIO_BUFFER = "prio_buffer";
    /** Link-level (802.3x) pause: autonegotiated, honoured on receive, sent ({@code on}/{@code off}; ethtool -a). */
    public static final String PAUSE_AUTONEG = "pause_autoneg";
    public static final String PAUSE_RX = "pause_rx";
    public static final String PAUSE_TX = "pause_tx";
    /** Whether the Ethernet link is up: {@code yes} or {@code no} ({@code ethtool X}'s {@code Link detected}, the netdev's carrier). */
    public static final String LINK_DETECTED = "link_detected";
    /** The Ethernet link's duplex: {@code full} or {@code half} ({@code ethtool X}). */
    public static final String DUPLEX = "duplex";
    /** The number of lanes the Ethernet link runs on ({@code ethtool X}'s {@code Lanes}, ethtool 5.13 on). */
    public static final String LANES = "lanes";
    /** Ethernet speed and duplex autonegotiation: {@code on} or {@code off} ({@code ethtool X}'s {@code Auto-negotiation}). */
    public static final String AUTONEG = "autoneg";
    /** The connector as ethtool names it: {@code FIBRE}, {@code Direct Attach Copper}, {@code Twisted Pair}, {@code Other}, ... */
    public static final String PORT_TYPE = "port_type";
    /** The FEC the link runs: {@code RS}, {@code BaseR}, {@code LLRS}, {@code Off} ({@code ethtool --show-fec}), or ibdiagnet's FEC mode. */
    public static final String FEC_MODE = "fec_mode";
    /** The FEC encodings configured, space-separated as ethtool prints them ({@code Auto RS}; {@code ethtool --show-fec}). */
    public static final String FEC_CONFIGURED = "fec_configured";

    /** The priorities a {@link #PFC_ENABLED} value names (empty for {@code none}). */
    public static java.util.List<Integer> pfcPriorities(String v) {
        java.util.List<Integer> out = new java.util.ArrayList<>();
        if (v == null || v.isBlank() || v.strip().equals("none")) return out;
        for (String s : v.split(",")) {
            try { out.add(Integer.parseInt(s.strip())); } catch (NumberFormatException e) { /* not a priority */ }
        }
        return out;
    }

    /** The {@link #PFC_ENABLED} value for an 8-bit mask, bit n = priority n. */
    public static String pfcEnabled(int mask) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if ((mask >> i & 1) == 0) continue;
            if (sb.length() > 0) sb.append(',');
            sb.append(i);
        }
        return sb.length() == 0 ? "none" : sb.toString();
    }

    /**
     * Whether a port LID names the port: a unicast LID, 1 to {@code 0xBFFF} (InfiniBand's unicast range).
     * 0 is an Ethernet port's or one the SM has not configured; 65535 ({@code 0xFFFF}, the permissive LID)
     * is what mlx5 reports for an InfiniBand port that is down or not yet given a LID (ibstat
     * {@code Base lid: 65535}, sysfs {@code lid} {@code 0xffff}, ibv_devinfo {@code port_lid: 65535}); the
     * multicast range above {@code 0xBFFF} is never a port's. Readers keep only unicast LIDs as
     * {@link #LID}, so two down ports are never joined (or named) by the same LID.
     */
    public static boolean isUnicastLid(long lid) {
        return lid >= 1 && lid <= 0xBFFF;
    }

    /** As {@link #isUnicastLid(long)} for a LID as printed (decimal or {@code 0x} hex); false when it is not a number. */
    public static boolean isUnicastLid(String v) {
        java.util.OptionalLong n = lidNumber(v);
        return n.isPresent() && isUnicastLid(n.getAsLong());
    }

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
