package org.fabriclab.capture.netdev;

import java.util.Map;

/**
 * The four statistics rows {@code ip -s [-s] link} prints under each interface (iproute2 {@code ip/ipaddress.c},
 * {@code print_stats64}) and what each column label names in {@code struct rtnl_link_stats64}. Both layouts are
 * here: before iproute2 5.10 the first {@code RX:} row printed {@code rx_over_errors} as {@code overrun} and
 * {@code RX errors:} printed {@code rx_missed_errors} as {@code missed}; since then ({@code ip: promote missed packets
 * to the -s row}) the two swapped rows, each still under its own label, and {@code TX errors:}' {@code heartbeat}
 * became {@code heartbt}. Reading by label, not by position, reads both. {@code transns} is
 * {@code IFLA_CARRIER_CHANGES}, printed beside the struct; {@code compressed}, {@code nohandler} and
 * {@code otherhost} appear only when not 0.
 *
 * <pre>{@code
 * IpLinkRows.of("RX errors:  length    crc   frame");    // RX_ERRORS
 * IpLinkRows.RX_ERRORS.field("crc");                       // "rx_crc_errors"
 * }</pre>
 */
enum IpLinkRows {
    RX("RX:", Map.of("bytes", "rx_bytes", "packets", "rx_packets", "errors", "rx_errors", "dropped", "rx_dropped",
            "overrun", "rx_over_errors", "missed", "rx_missed_errors", "mcast", "multicast", "compressed", "rx_compressed")),
    RX_ERRORS("RX errors:", Map.of("length", "rx_length_errors", "crc", "rx_crc_errors", "frame", "rx_frame_errors",
            "fifo", "rx_fifo_errors", "missed", "rx_missed_errors", "overrun", "rx_over_errors", "nohandler", "rx_nohandler",
            "otherhost", "rx_otherhost_dropped")),
    TX("TX:", Map.of("bytes", "tx_bytes", "packets", "tx_packets", "errors", "tx_errors", "dropped", "tx_dropped",
            "carrier", "tx_carrier_errors", "collsns", "collisions", "compressed", "tx_compressed")),
    TX_ERRORS("TX errors:", Map.of("aborted", "tx_aborted_errors", "fifo", "tx_fifo_errors", "window", "tx_window_errors",
            "heartbeat", "tx_heartbeat_errors", "heartbt", "tx_heartbeat_errors", "transns", "carrier_changes"));

    private final String prefix;
    private final Map<String, String> fields;

    IpLinkRows(String prefix, Map<String, String> fields) {
        this.prefix = prefix;
        this.fields = fields;
    }

    /** The row's label as ip prints it ({@code RX errors:}). */
    String prefix() { return prefix; }

    /** The {@code rtnl_link_stats64} field (or {@code carrier_changes}) a column label names, null for a label of no row. */
    String field(String label) { return fields.get(label); }

    /** The labels this row may hold, for a message. */
    String labels() { return String.join(" ", new java.util.TreeSet<>(fields.keySet())); }

    /** The row a stripped line heads, or null. */
    static IpLinkRows of(String stripped) {
        // "RX errors:" before "RX:": both start with RX
        if (stripped.startsWith(RX_ERRORS.prefix)) return RX_ERRORS;
        if (stripped.startsWith(TX_ERRORS.prefix)) return TX_ERRORS;
        if (stripped.startsWith(RX.prefix)) return RX;
        if (stripped.startsWith(TX.prefix)) return TX;
        return null;
    }
}
