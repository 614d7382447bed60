package org.fabriclab.capture.topology;

/**
 * One link: two ends, the link's width ({@code 4x}), speed ({@code EDR}, {@code 100}, {@code 25.78125 Gbps}
 * as the tool prints it) and state ({@code ACT}, {@code Active}, {@code LinkUp}), and where it was read.
 */
public record Link(End a, End b, String width, String speed, String state, String file, int line) {

    /**
     * One end of a link. {@code nodeGuid} and {@code portGuid} are {@code 0x} and 16 lowercase hex digits
     * or empty when the tool does not print them; {@code lid} is -1 when unknown; {@code type} is
     * {@code CA}, {@code SW}, {@code RT} or empty.
     */
    public record End(String nodeGuid, String portGuid, int port, int lid, String type, String desc) {
        /**
         * The port identity snapshots use: {@code guid <node GUID, else port GUID>/<port>}, or
         * {@code lid <LID>/<port>} when the tool printed no GUID for this end (iblinkinfo's remote ends).
         */
        public String id() {
            if (!nodeGuid.isEmpty()) return "guid " + nodeGuid + "/" + port;
            if (!portGuid.isEmpty()) return "guid " + portGuid + "/" + port;
            return "lid " + lid + "/" + port;
        }

        public boolean isSwitch() { return "SW".equals(type); }
    }

    /** {@code switch-switch}, {@code host-switch} (a CA or router on either end) or null when a type is unknown. */
    public String kind() {
        if (a.type().isEmpty() || b.type().isEmpty()) return null;
        return a.isSwitch() && b.isSwitch() ? "switch-switch" : "host-switch";
    }
}
