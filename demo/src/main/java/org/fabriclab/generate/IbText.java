package org.fabriclab.generate;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * InfiniBand tool output as the tools print it: classic {@code perfquery} (fields saturate at
 * their width), {@code perfquery -x}, {@code ibstat}, and sysfs {@code hw_counters} as
 * {@code grep -H .} lines. Values come from a map of canonical names to true 64-bit totals; the
 * classic block clamps each to its field's saturation value, as the hardware does.
 */
final class IbText {
    private IbText() {}

    /** Classic PortCounters fields in perfquery's order, with their widths. */
    static final List<Object[]> CLASSIC = List.of(
            new Object[] {"SymbolErrorCounter", 16}, new Object[] {"LinkErrorRecoveryCounter", 8},
            new Object[] {"LinkDownedCounter", 8}, new Object[] {"PortRcvErrors", 16},
            new Object[] {"PortRcvRemotePhysicalErrors", 16}, new Object[] {"PortRcvSwitchRelayErrors", 16},
            new Object[] {"PortXmitDiscards", 16}, new Object[] {"PortXmitConstraintErrors", 8},
            new Object[] {"PortRcvConstraintErrors", 8}, new Object[] {"CounterSelect2", 0},
            new Object[] {"LocalLinkIntegrityErrors", 4}, new Object[] {"ExcessiveBufferOverrunErrors", 4},
            new Object[] {"VL15Dropped", 16}, new Object[] {"PortXmitData", 32}, new Object[] {"PortRcvData", 32},
            new Object[] {"PortXmitPkts", 32}, new Object[] {"PortRcvPkts", 32}, new Object[] {"PortXmitWait", 32});

    static final List<String> EXT_DATA = List.of("PortXmitData", "PortRcvData", "PortXmitPkts", "PortRcvPkts",
            "PortUnicastXmitPkts", "PortUnicastRcvPkts", "PortMulticastXmitPkts", "PortMulticastRcvPkts");

    static final List<String> EXT_ERRORS = List.of("SymbolErrorCounter", "LinkErrorRecoveryCounter", "LinkDownedCounter",
            "PortRcvErrors", "PortRcvRemotePhysicalErrors", "PortRcvSwitchRelayErrors", "PortXmitDiscards",
            "PortXmitConstraintErrors", "PortRcvConstraintErrors", "LocalLinkIntegrityErrors",
            "ExcessiveBufferOverrunErrors", "VL15Dropped", "PortXmitWait", "QP1Dropped");

    /** mlx5 q-counters (32-bit, wrapping) in the order {@code grep -H .} lists them. */
    static final List<String> Q_COUNTERS = List.of("duplicate_request", "implied_nak_seq_err", "lifespan",
            "local_ack_timeout_err", "out_of_buffer", "out_of_sequence", "packet_seq_err", "req_cqe_error",
            "req_cqe_flush_error", "req_remote_access_errors", "req_remote_invalid_request", "resp_cqe_error",
            "resp_cqe_flush_error", "resp_local_length_error", "resp_remote_access_errors", "rnr_nak_retry_err",
            "roce_adp_retrans", "roce_adp_retrans_to", "roce_slow_restart", "roce_slow_restart_cnps",
            "roce_slow_restart_trans", "rx_atomic_requests", "rx_dct_connect", "rx_icrc_encapsulated",
            "rx_read_requests", "rx_write_requests");

    /** RoCE congestion counters (64-bit) that sysfs adds beside the q-counters on an Ethernet port. */
    static final List<String> CONG_COUNTERS = List.of("np_cnp_sent", "np_ecn_marked_roce_packets", "rp_cnp_handled",
            "rp_cnp_ignored");

    static long value(Map<String, Long> v, String name) {
        Long x = v.get(name);
        return x == null ? 0L : x;
    }

    static String perfqueryClassic(int lid, int port, Map<String, Long> v) {
        StringBuilder b = new StringBuilder();
        b.append("# Port counters: Lid ").append(lid).append(" port ").append(port).append(" (CapMask: 0x5A00)\n");
        b.append(Out.dotted("PortSelect", Integer.toString(port)));
        b.append(Out.dotted("CounterSelect", "0x0000"));
        for (Object[] f : CLASSIC) {
            String name = (String) f[0];
            int width = (Integer) f[1];
            if (width == 0) { b.append(Out.dotted(name, "0x00")); continue; }
            long cap = (1L << width) - 1;
            b.append(Out.dotted(name, Long.toString(Math.min(value(v, name), cap))));
        }
        return b.toString();
    }

    /** {@code perfquery -x}; {@code withErrors} false for a port whose PMA lacks the extended error counters. */
    static String perfqueryExtended(int lid, int port, Map<String, Long> v, boolean withErrors) {
        StringBuilder b = new StringBuilder();
        b.append("# Port extended counters: Lid ").append(lid).append(" port ").append(port)
                .append(withErrors ? " (CapMask: 0x5A00 CapMask2: 0x0000002)\n" : " (CapMask: 0x1A00 CapMask2: 0x0000000)\n");
        b.append(Out.dotted("PortSelect", Integer.toString(port)));
        b.append(Out.dotted("CounterSelect", "0x0000"));
        for (String n : EXT_DATA) b.append(Out.dotted(n, Long.toString(value(v, n))));
        if (withErrors) {
            b.append(Out.dotted("CounterSelect2", "0x00000000"));
            for (String n : EXT_ERRORS) b.append(Out.dotted(n, Long.toString(value(v, n))));
        }
        return b.toString();
    }

    static String ibstat(String ca, int port, int lid, String guid, int rate, String linkLayer) {
        return "CA '" + ca + "'\n"
                + "\tCA type: MT4123\n"
                + "\tNumber of ports: 1\n"
                + "\tFirmware version: 20.39.1002\n"
                + "\tHardware version: 0\n"
                + "\tNode GUID: " + guid + "\n"
                + "\tSystem image GUID: " + guid + "\n"
                + "\tPort " + port + ":\n"
                + "\t\tState: Active\n"
                + "\t\tPhysical state: LinkUp\n"
                + "\t\tRate: " + rate + "\n"
                + "\t\tBase lid: " + lid + "\n"
                + "\t\tLMC: 0\n"
                + "\t\tSM lid: 1\n"
                + "\t\tCapability mask: 0xa651e848\n"
                + "\t\tPort GUID: " + guid + "\n"
                + "\t\tLink layer: " + linkLayer + "\n";
    }

    /** {@code grep -H . /sys/class/infiniband/DEV/ports/P/hw_counters/*}; q-counters wrap at 32 bits. */
    static String hwCounters(String dev, int port, Map<String, Long> v, boolean roce) {
        java.util.TreeMap<String, Long> all = new java.util.TreeMap<>();
        for (String n : Q_COUNTERS) all.put(n, value(v, n) & 0xFFFF_FFFFL);
        if (roce) for (String n : CONG_COUNTERS) all.put(n, value(v, n));
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, Long> e : all.entrySet()) {
            b.append("/sys/class/infiniband/").append(dev).append("/ports/").append(port).append("/hw_counters/")
                    .append(e.getKey()).append(':').append(e.getValue()).append('\n');
        }
        return b.toString();
    }

    static String guid(long g) { return String.format(Locale.ROOT, "0x%016x", g); }
}
