package org.fabriclab.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * RoCE tool output: {@code ethtool -S} of an mlx5 port ({@code NIC statistics:} header, five-space
 * indent, software, vport and physical-port counters, per-priority traffic counters for all eight
 * priorities, pause counters only for PFC-enabled priorities, pause-storm counters, two channels of
 * per-queue counters) and {@code rdma link}.
 */
final class RoceText {
    private RoceText() {}

    static final List<String> SW = List.of("rx_packets", "rx_bytes", "tx_packets", "tx_bytes", "tx_tso_packets",
            "tx_tso_bytes", "tx_tso_inner_packets", "tx_tso_inner_bytes", "tx_added_vlan_packets", "tx_nop",
            "rx_lro_packets", "rx_lro_bytes", "rx_ecn_mark", "rx_removed_vlan_packets", "rx_csum_unnecessary",
            "rx_csum_none", "rx_csum_complete", "rx_csum_unnecessary_inner", "rx_xdp_drop", "rx_xdp_redirect",
            "tx_csum_partial", "tx_csum_partial_inner", "tx_queue_stopped", "tx_queue_dropped", "tx_xmit_more",
            "tx_recover", "tx_cqes", "tx_queue_wake", "tx_cqe_err", "rx_wqe_err", "rx_mpwqe_filler_cqes",
            "rx_buff_alloc_err", "rx_cqe_compress_blks", "rx_cqe_compress_pkts", "rx_cache_reuse", "rx_cache_full",
            "rx_cache_empty", "rx_cache_busy", "rx_cache_waive", "ch_events", "ch_poll", "ch_arm", "ch_aff_change",
            "ch_eq_rearm", "rx_out_of_buffer", "rx_if_down_packets",
            "rx_vport_unicast_packets", "rx_vport_unicast_bytes", "tx_vport_unicast_packets", "tx_vport_unicast_bytes",
            "rx_vport_multicast_packets", "rx_vport_multicast_bytes", "tx_vport_multicast_packets",
            "tx_vport_multicast_bytes", "rx_vport_broadcast_packets", "rx_vport_broadcast_bytes",
            "tx_vport_broadcast_packets", "tx_vport_broadcast_bytes", "rx_vport_rdma_unicast_packets",
            "rx_vport_rdma_unicast_bytes", "tx_vport_rdma_unicast_packets", "tx_vport_rdma_unicast_bytes",
            "rx_vport_rdma_multicast_packets", "rx_vport_rdma_multicast_bytes", "tx_vport_rdma_multicast_packets",
            "tx_vport_rdma_multicast_bytes",
            "tx_packets_phy", "rx_packets_phy", "rx_crc_errors_phy", "tx_bytes_phy", "rx_bytes_phy",
            "tx_multicast_phy", "tx_broadcast_phy", "rx_multicast_phy", "rx_broadcast_phy", "rx_in_range_len_errors_phy",
            "rx_out_of_range_len_phy", "rx_oversize_pkts_phy", "rx_symbol_err_phy", "tx_mac_control_phy",
            "rx_mac_control_phy", "rx_unsupported_op_phy", "rx_pause_ctrl_phy", "tx_pause_ctrl_phy",
            "rx_discards_phy", "tx_discards_phy", "tx_errors_phy", "rx_undersize_pkts_phy", "rx_fragments_phy",
            "rx_jabbers_phy", "rx_64_bytes_phy", "rx_65_to_127_bytes_phy", "rx_128_to_255_bytes_phy",
            "rx_256_to_511_bytes_phy", "rx_512_to_1023_bytes_phy", "rx_1024_to_1518_bytes_phy",
            "rx_1519_to_2047_bytes_phy", "rx_2048_to_4095_bytes_phy", "rx_4096_to_8191_bytes_phy",
            "rx_8192_to_10239_bytes_phy", "link_down_events_phy", "rx_pcs_symbol_err_phy", "rx_corrected_bits_phy",
            "rx_err_lane_0_phy", "rx_err_lane_1_phy", "rx_err_lane_2_phy", "rx_err_lane_3_phy",
            "rx_buffer_passed_thres_phy", "rx_pci_signal_integrity", "tx_pci_signal_integrity",
            "outbound_pci_stalled_rd", "outbound_pci_stalled_wr", "outbound_pci_stalled_rd_events",
            "outbound_pci_stalled_wr_events");

    /** The {@code ethtool -S} text; {@code pfc} lists the priorities with PFC enabled (pause counters exist only for them). */
    static String ethtool(Map<String, Long> v, Set<Integer> pfc) {
        List<String> names = new ArrayList<>(SW);
        for (int p = 0; p < 8; p++) {
            names.add("rx_prio" + p + "_bytes");
            names.add("rx_prio" + p + "_packets");
            names.add("tx_prio" + p + "_bytes");
            names.add("tx_prio" + p + "_packets");
        }
        for (int p = 0; p < 8; p++) {
            if (!pfc.contains(p)) continue;
            names.add("rx_prio" + p + "_pause");
            names.add("rx_prio" + p + "_pause_duration");
            names.add("tx_prio" + p + "_pause");
            names.add("tx_prio" + p + "_pause_duration");
            names.add("rx_prio" + p + "_pause_transition");
        }
        names.add("rx_global_pause");
        names.add("rx_global_pause_duration");
        names.add("tx_global_pause");
        names.add("tx_global_pause_duration");
        names.add("rx_global_pause_transition");
        names.add("tx_pause_storm_warning_events");
        names.add("tx_pause_storm_error_events");
        for (int p = 0; p < 8; p++) {
            names.add("rx_prio" + p + "_buf_discard");
            names.add("rx_prio" + p + "_cong_discard");
            names.add("rx_prio" + p + "_marked");
        }
        names.add("module_unplug");
        names.add("module_bus_stuck");
        names.add("module_high_temp");
        names.add("module_bad_shorted");
        for (int ch = 0; ch < 2; ch++) {
            for (String s : List.of("events", "poll", "arm", "aff_change", "eq_rearm")) names.add("ch" + ch + "_" + s);
        }
        for (int q = 0; q < 2; q++) {
            for (String s : List.of("packets", "bytes", "csum_complete", "csum_unnecessary", "csum_none", "xdp_drop",
                    "lro_packets", "lro_bytes", "ecn_mark", "removed_vlan_packets", "wqe_err", "buff_alloc_err",
                    "cache_reuse", "cache_full", "cache_empty", "cache_busy")) {
                names.add("rx" + q + "_" + s);
            }
        }
        for (int q = 0; q < 2; q++) {
            for (String s : List.of("packets", "bytes", "tso_packets", "tso_bytes", "csum_partial", "stopped", "dropped",
                    "xmit_more", "recover", "cqes", "wake", "cqe_err")) {
                names.add("tx" + q + "_" + s);
            }
        }
        StringBuilder b = new StringBuilder("NIC statistics:\n");
        for (String n : names) {
            Long x = v.get(n);
            b.append("     ").append(n).append(": ").append(x == null ? 0 : x).append('\n');
        }
        return b.toString();
    }

    static String rdmaLink(String dev, String netdev) {
        return "link " + dev + "/1 state ACTIVE physical_state LINK_UP netdev " + netdev + " \n";
    }
}
