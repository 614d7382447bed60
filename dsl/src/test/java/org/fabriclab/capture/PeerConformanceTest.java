package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.fabriclab.catalogue.Source;
import org.junit.jupiter.api.Test;

/**
 * Peer conformance: the values other projects' test suites expect on the same inputs, asserted on our
 * readings of the public captures (read in place). The expected values are facts about the inputs,
 * transcribed from:
 * <ul>
 * <li>prometheus/procfs {@code sysfs/class_infiniband_test.go} @3c943fd (TestInfiniBandClass on
 * {@code testdata/fixtures.ttar}): our {@code sysfs_procfs_fixtures_infiniband.ttar} and its grep -H
 * reconstruction; procfs multiplies {@code port_*_data} by 4 (octets), so a value compares with our
 * raw value times the catalogue's scale;</li>
 * <li>prometheus/node_exporter {@code collector/fixtures/e2e-output.txt} @a7dcc3a0, the
 * {@code node_infiniband_*} series (the file each metric is read from: procfs's class_infiniband.go),
 * on {@code sysfs_ttar_node_exporter_sys_fixture_verbatim.ttar} and its grep -H reconstruction. Its
 * {@code node_ethtool_*} series come from {@code collector/fixtures/ethtool/eth0/statistics}, which is
 * not among the public captures, so they are not asserted here;</li>
 * <li>treydock/infiniband_exporter {@code collectors/hca_test.go} and {@code switch_test.go} @992ebe1
 * (perfquery fixtures of the GUIDs 0x7cfe9003009ce5b0, 0x506b4b03005c2740, 0x7cfe9003003b4bde; the
 * exporter multiplies {@code *Data} by 4; its per-port rate metrics come from ibnetdiscover, not from
 * these inputs, and are left out). One documented difference: on 0x7cfe9003003b4bde (CapMask2
 * 0x0000000) the exporter reports the additional extended counters as 0; we read them as absent with
 * the reason (the fields are reserved when CapMask2 does not advertise them), which is asserted.</li>
 * </ul>
 * Each test collects every mismatch and expects none.
 */
class PeerConformanceTest {
    /** device/port dir file value, from procfs' TestInfiniBandClass (data counters in octets). */
    static final String PROCFS = """
            hfi1_0/1 counters excessive_buffer_overrun_errors 0
            hfi1_0/1 counters link_downed 0
            hfi1_0/1 counters link_error_recovery 0
            hfi1_0/1 counters local_link_integrity_errors 0
            hfi1_0/1 counters port_rcv_constraint_errors 0
            hfi1_0/1 counters port_rcv_data 1380366808104
            hfi1_0/1 counters port_rcv_errors 0
            hfi1_0/1 counters port_rcv_packets 638036947
            hfi1_0/1 counters port_rcv_remote_physical_errors 0
            hfi1_0/1 counters port_rcv_switch_relay_errors 0
            hfi1_0/1 counters port_xmit_constraint_errors 0
            hfi1_0/1 counters port_xmit_data 1094233306172
            hfi1_0/1 counters port_xmit_discards 0
            hfi1_0/1 counters port_xmit_packets 568318856
            hfi1_0/1 counters port_xmit_wait 0
            hfi1_0/1 counters symbol_error 0
            hfi1_0/1 counters VL15_dropped 0
            mlx4_0/1 counters excessive_buffer_overrun_errors 0
            mlx4_0/1 counters link_downed 0
            mlx4_0/1 counters link_error_recovery 0
            mlx4_0/1 counters local_link_integrity_errors 0
            mlx4_0/1 counters port_rcv_constraint_errors 0
            mlx4_0/1 counters port_rcv_data 8884894436
            mlx4_0/1 counters port_rcv_errors 0
            mlx4_0/1 counters port_rcv_packets 87169372
            mlx4_0/1 counters port_rcv_remote_physical_errors 0
            mlx4_0/1 counters port_rcv_switch_relay_errors 0
            mlx4_0/1 counters port_xmit_constraint_errors 0
            mlx4_0/1 counters port_xmit_data 106036453180
            mlx4_0/1 counters port_xmit_discards 0
            mlx4_0/1 counters port_xmit_packets 85734114
            mlx4_0/1 counters port_xmit_wait 3599
            mlx4_0/1 counters symbol_error 0
            mlx4_0/1 counters VL15_dropped 0
            mlx4_0/2 counters excessive_buffer_overrun_errors 0
            mlx4_0/2 counters link_downed 0
            mlx4_0/2 counters link_error_recovery 0
            mlx4_0/2 counters local_link_integrity_errors 0
            mlx4_0/2 counters port_rcv_constraint_errors 0
            mlx4_0/2 counters port_rcv_data 9841747136
            mlx4_0/2 counters port_rcv_errors 0
            mlx4_0/2 counters port_rcv_packets 89332064
            mlx4_0/2 counters port_rcv_remote_physical_errors 0
            mlx4_0/2 counters port_rcv_switch_relay_errors 0
            mlx4_0/2 counters port_xmit_constraint_errors 0
            mlx4_0/2 counters port_xmit_data 106161427560
            mlx4_0/2 counters port_xmit_discards 0
            mlx4_0/2 counters port_xmit_packets 88622850
            mlx4_0/2 counters port_xmit_wait 3846
            mlx4_0/2 counters symbol_error 0
            mlx4_0/2 counters VL15_dropped 0
            mlx5_0/1 counters excessive_buffer_overrun_errors 0
            mlx5_0/1 counters link_downed 0
            mlx5_0/1 counters link_error_recovery 0
            mlx5_0/1 counters local_link_integrity_errors 0
            mlx5_0/1 counters multicast_rcv_packets 0
            mlx5_0/1 counters multicast_xmit_packets 0
            mlx5_0/1 counters port_rcv_constraint_errors 0
            mlx5_0/1 counters port_rcv_data 72505381512
            mlx5_0/1 counters port_rcv_errors 0
            mlx5_0/1 counters port_rcv_packets 541889824
            mlx5_0/1 counters port_rcv_remote_physical_errors 0
            mlx5_0/1 counters port_rcv_switch_relay_errors 0
            mlx5_0/1 counters port_xmit_constraint_errors 0
            mlx5_0/1 counters port_xmit_data 11523046035392
            mlx5_0/1 counters port_xmit_discards 0
            mlx5_0/1 counters port_xmit_packets 10907922116
            mlx5_0/1 counters port_xmit_wait 0
            mlx5_0/1 counters symbol_error 0
            mlx5_0/1 counters unicast_rcv_packets 541889824
            mlx5_0/1 counters unicast_xmit_packets 10907922116
            mlx5_0/1 counters VL15_dropped 0
            mlx5_0/1 hw_counters duplicate_request 41
            mlx5_0/1 hw_counters implied_nak_seq_err 0
            mlx5_0/1 hw_counters lifespan 10
            mlx5_0/1 hw_counters local_ack_timeout_err 131
            mlx5_0/1 hw_counters out_of_buffer 0
            mlx5_0/1 hw_counters out_of_sequence 1
            mlx5_0/1 hw_counters packet_seq_err 1
            mlx5_0/1 hw_counters req_cqe_error 3481
            mlx5_0/1 hw_counters req_cqe_flush_error 80
            mlx5_0/1 hw_counters req_remote_access_errors 0
            mlx5_0/1 hw_counters req_remote_invalid_request 0
            mlx5_0/1 hw_counters resp_cqe_error 8109
            mlx5_0/1 hw_counters resp_cqe_flush_error 4708
            mlx5_0/1 hw_counters resp_local_length_error 0
            mlx5_0/1 hw_counters resp_remote_access_errors 0
            mlx5_0/1 hw_counters rnr_nak_retry_err 0
            mlx5_0/1 hw_counters roce_adp_retrans 99
            mlx5_0/1 hw_counters roce_adp_retrans_to 4
            mlx5_0/1 hw_counters roce_slow_restart 0
            mlx5_0/1 hw_counters roce_slow_restart_cnps 131
            mlx5_0/1 hw_counters roce_slow_restart_trans 0
            mlx5_0/1 hw_counters rx_atomic_requests 0
            mlx5_0/1 hw_counters rx_dct_connect 0
            mlx5_0/1 hw_counters rx_read_requests 175528982
            mlx5_0/1 hw_counters rx_write_requests 742114
            """;

    /** device/port dir file value (or device/port attr metric value), node_exporter e2e-output node_infiniband_*. */
    static final String NODE_EXPORTER = """
            mlx4_0/1 counters_ext port_rcv_data_64 18527668
            mlx4_0/2 counters_ext port_rcv_data_64 18527668
            mlx4_0/1 counters_ext port_xmit_data_64 14933760
            mlx4_0/2 counters_ext port_xmit_data_64 14933760
            mlx4_0/1 counters_ext port_multicast_rcv_packets 93
            mlx4_0/2 counters_ext port_multicast_rcv_packets 93
            mlx4_0/1 counters_ext port_multicast_xmit_packets 16
            mlx4_0/2 counters_ext port_multicast_xmit_packets 16
            mlx4_0/1 counters_ext port_rcv_packets_64 0
            mlx4_0/2 counters_ext port_rcv_packets_64 0
            mlx4_0/1 counters_ext port_xmit_packets_64 0
            mlx4_0/2 counters_ext port_xmit_packets_64 0
            mlx4_0/1 counters_ext port_unicast_rcv_packets 61148
            mlx4_0/2 counters_ext port_unicast_rcv_packets 61148
            mlx4_0/1 counters_ext port_unicast_xmit_packets 61239
            mlx4_0/2 counters_ext port_unicast_xmit_packets 61239
            mlx4_0/1 counters link_downed 0
            mlx4_0/2 counters link_downed 0
            mlx4_0/1 counters link_error_recovery 0
            mlx4_0/2 counters link_error_recovery 0
            mlx4_0/1 counters multicast_rcv_packets 93
            mlx4_0/2 counters multicast_rcv_packets 0
            mlx4_0/1 counters multicast_xmit_packets 16
            mlx4_0/2 counters multicast_xmit_packets 0
            i40iw0/1 attr physical_state_id 5
            mlx4_0/1 attr physical_state_id 5
            mlx4_0/2 attr physical_state_id 5
            mlx4_0/1 counters port_rcv_constraint_errors 0
            mlx4_0/1 counters port_xmit_constraint_errors 0
            mlx4_0/1 counters port_rcv_data 18527668
            mlx4_0/2 counters port_rcv_data 0
            mlx4_0/1 counters port_xmit_data 14933760
            mlx4_0/2 counters port_xmit_data 0
            mlx4_0/1 counters port_rcv_discards 0
            mlx4_0/1 counters port_xmit_discards 5
            mlx4_0/1 counters port_rcv_errors 0
            mlx4_0/1 counters port_rcv_packets 6825908347
            mlx4_0/1 counters port_xmit_packets 6235865
            mlx4_0/1 counters port_xmit_wait 4294967295
            i40iw0/1 attr rate_bytes_per_second 1250000000
            mlx4_0/1 attr rate_bytes_per_second 5000000000
            mlx4_0/2 attr rate_bytes_per_second 5000000000
            i40iw0/1 attr state_id 4
            mlx4_0/1 attr state_id 4
            mlx4_0/2 attr state_id 4
            mlx4_0/1 counters unicast_rcv_packets 61148
            mlx4_0/2 counters unicast_rcv_packets 0
            mlx4_0/1 counters unicast_xmit_packets 61239
            mlx4_0/2 counters unicast_xmit_packets 0
            """;

    /** file port field value, treydock/infiniband_exporter hca_test.go and switch_test.go (data counters in octets). */
    static final String TREYDOCK = """
            perfquery_x_hca_capmask5A00_treydock.out 1 ExcessiveBufferOverrunErrors 0
            perfquery_x_hca_capmask5A00_treydock.out 1 LinkDownedCounter 0
            perfquery_x_hca_capmask5A00_treydock.out 1 LinkErrorRecoveryCounter 0
            perfquery_x_hca_capmask5A00_treydock.out 1 LocalLinkIntegrityErrors 0
            perfquery_x_hca_capmask5A00_treydock.out 1 PortMulticastRcvPkts 3732158589
            perfquery_x_hca_capmask5A00_treydock.out 1 PortMulticastXmitPkts 721488
            perfquery_x_hca_capmask5A00_treydock.out 1 QP1Dropped 0
            perfquery_x_hca_capmask5A00_treydock.out 1 PortRcvConstraintErrors 0
            perfquery_x_hca_capmask5A00_treydock.out 1 PortRcvData 39009938353200
            perfquery_x_hca_capmask5A00_treydock.out 1 PortRcvErrors 0
            perfquery_x_hca_capmask5A00_treydock.out 1 PortRcvPkts 33038722564
            perfquery_x_hca_capmask5A00_treydock.out 1 PortRcvRemotePhysicalErrors 0
            perfquery_x_hca_capmask5A00_treydock.out 1 PortRcvSwitchRelayErrors 0
            perfquery_x_hca_capmask5A00_treydock.out 1 SymbolErrorCounter 0
            perfquery_x_hca_capmask5A00_treydock.out 1 PortXmitConstraintErrors 0
            perfquery_x_hca_capmask5A00_treydock.out 1 PortXmitData 36198369975904
            perfquery_x_hca_capmask5A00_treydock.out 1 PortXmitDiscards 0
            perfquery_x_hca_capmask5A00_treydock.out 1 PortXmitPkts 28825338611
            perfquery_x_hca_capmask5A00_treydock.out 1 PortXmitWait 0
            perfquery_x_hca_capmask5A00_treydock.out 1 PortUnicastRcvPkts 29306563974
            perfquery_x_hca_capmask5A00_treydock.out 1 PortUnicastXmitPkts 28824617123
            perfquery_x_hca_capmask5A00_treydock.out 1 VL15Dropped 0
            perfquery_E_rcverr_treydock.out 1 PortBufferOverrunErrors 0
            perfquery_E_rcverr_treydock.out 1 PortDLIDMappingErrors 0
            perfquery_x_switchport_errors_treydock.out 1 ExcessiveBufferOverrunErrors 0
            perfquery_x_hca_2port_treydock.out 1 ExcessiveBufferOverrunErrors 0
            perfquery_x_hca_2port_treydock.out 2 ExcessiveBufferOverrunErrors 0
            perfquery_x_switchport_errors_treydock.out 1 LinkDownedCounter 1
            perfquery_x_hca_2port_treydock.out 1 LinkDownedCounter 0
            perfquery_x_hca_2port_treydock.out 2 LinkDownedCounter 0
            perfquery_x_switchport_errors_treydock.out 1 LinkErrorRecoveryCounter 0
            perfquery_x_hca_2port_treydock.out 1 LinkErrorRecoveryCounter 0
            perfquery_x_hca_2port_treydock.out 2 LinkErrorRecoveryCounter 0
            perfquery_x_switchport_errors_treydock.out 1 LocalLinkIntegrityErrors 0
            perfquery_x_hca_2port_treydock.out 1 LocalLinkIntegrityErrors 0
            perfquery_x_hca_2port_treydock.out 2 LocalLinkIntegrityErrors 0
            perfquery_E_rcverr_treydock.out 1 PortLocalPhysicalErrors 0
            perfquery_E_rcverr_treydock.out 1 PortLoopingErrors 0
            perfquery_E_rcverr_treydock.out 1 PortMalformedPktErrors 0
            perfquery_x_switchport_errors_treydock.out 1 PortMulticastRcvPkts 6694940
            perfquery_x_hca_2port_treydock.out 1 PortMulticastRcvPkts 5584846741
            perfquery_x_hca_2port_treydock.out 2 PortMulticastRcvPkts 0
            perfquery_x_switchport_errors_treydock.out 1 PortMulticastXmitPkts 5623645694
            perfquery_x_hca_2port_treydock.out 1 PortMulticastXmitPkts 25038914
            perfquery_x_hca_2port_treydock.out 2 PortMulticastXmitPkts 0
            perfquery_x_switchport_errors_treydock.out 1 QP1Dropped 0
            perfquery_x_hca_2port_treydock.out 1 QP1Dropped 0
            perfquery_x_hca_2port_treydock.out 2 QP1Dropped 0
            perfquery_x_switchport_errors_treydock.out 1 PortRcvConstraintErrors 0
            perfquery_x_hca_2port_treydock.out 1 PortRcvConstraintErrors 0
            perfquery_x_hca_2port_treydock.out 2 PortRcvConstraintErrors 0
            perfquery_x_switchport_errors_treydock.out 1 PortRcvData 715049367846516
            perfquery_x_hca_2port_treydock.out 1 PortRcvData 49116115103004
            perfquery_x_hca_2port_treydock.out 2 PortRcvData 156315219973512
            perfquery_x_switchport_errors_treydock.out 1 PortRcvErrors 0
            perfquery_x_hca_2port_treydock.out 1 PortRcvErrors 0
            perfquery_x_hca_2port_treydock.out 2 PortRcvErrors 0
            perfquery_x_switchport_errors_treydock.out 1 PortRcvPkts 387654829341
            perfquery_x_hca_2port_treydock.out 1 PortRcvPkts 32262508468
            perfquery_x_hca_2port_treydock.out 2 PortRcvPkts 93660802641
            perfquery_x_switchport_errors_treydock.out 1 PortRcvRemotePhysicalErrors 0
            perfquery_x_hca_2port_treydock.out 1 PortRcvRemotePhysicalErrors 0
            perfquery_x_hca_2port_treydock.out 2 PortRcvRemotePhysicalErrors 0
            perfquery_x_switchport_errors_treydock.out 1 PortRcvSwitchRelayErrors 7
            perfquery_x_hca_2port_treydock.out 1 PortRcvSwitchRelayErrors 0
            perfquery_x_hca_2port_treydock.out 2 PortRcvSwitchRelayErrors 0
            perfquery_x_switchport_errors_treydock.out 1 SymbolErrorCounter 0
            perfquery_x_hca_2port_treydock.out 1 SymbolErrorCounter 0
            perfquery_x_hca_2port_treydock.out 2 SymbolErrorCounter 0
            perfquery_x_switchport_errors_treydock.out 1 PortXmitConstraintErrors 0
            perfquery_x_hca_2port_treydock.out 1 PortXmitConstraintErrors 0
            perfquery_x_hca_2port_treydock.out 2 PortXmitConstraintErrors 0
            perfquery_x_switchport_errors_treydock.out 1 PortXmitData 715166628708940
            perfquery_x_hca_2port_treydock.out 1 PortXmitData 145192107443712
            perfquery_x_hca_2port_treydock.out 2 PortXmitData 104026280056104
            perfquery_x_switchport_errors_treydock.out 1 PortXmitDiscards 20046
            perfquery_x_hca_2port_treydock.out 1 PortXmitDiscards 0
            perfquery_x_hca_2port_treydock.out 2 PortXmitDiscards 0
            perfquery_x_switchport_errors_treydock.out 1 PortXmitPkts 393094651266
            perfquery_x_hca_2port_treydock.out 1 PortXmitPkts 101733204203
            perfquery_x_hca_2port_treydock.out 2 PortXmitPkts 122978948297
            perfquery_x_switchport_errors_treydock.out 1 PortXmitWait 41864608
            perfquery_x_hca_2port_treydock.out 1 PortXmitWait 22730501
            perfquery_x_hca_2port_treydock.out 2 PortXmitWait 36510964
            perfquery_x_switchport_errors_treydock.out 1 PortUnicastRcvPkts 387648134400
            perfquery_x_hca_2port_treydock.out 1 PortUnicastRcvPkts 26677661727
            perfquery_x_hca_2port_treydock.out 2 PortUnicastRcvPkts 93660802641
            perfquery_x_switchport_errors_treydock.out 1 PortUnicastXmitPkts 387471005571
            perfquery_x_hca_2port_treydock.out 1 PortUnicastXmitPkts 101708165289
            perfquery_x_hca_2port_treydock.out 2 PortUnicastXmitPkts 122978948297
            perfquery_x_switchport_errors_treydock.out 1 VL15Dropped 0
            perfquery_x_hca_2port_treydock.out 1 VL15Dropped 0
            perfquery_x_hca_2port_treydock.out 2 VL15Dropped 0
            perfquery_E_rcverr_treydock.out 1 PortVLMappingErrors 0
            """;

    private static Capture read(String name) {
        return Readers.standard().read(PublicCaptureFiles.file(name));
    }

    /** The reading of raw name {@code file} on {@code port} (from counters/ or counters_ext/: sysfs; hw_counters/: hw_counters). */
    private static Optional<Reading> sysfs(Capture c, String port, String dir, String file) {
        Source src = dir.equals("hw_counters") ? Source.HW_COUNTERS : Source.SYSFS;
        return c.readings().stream().filter(r -> r.port().equals(port) && r.rawName().equals(file) && r.source() == src).findFirst();
    }

    private static List<String> checkSysfs(Capture c, String expected, String who) {
        List<String> bad = new ArrayList<>();
        int n = 0;
        for (String line : expected.strip().split("\n")) {
            String[] w = line.strip().split("\\s+");
            String port = w[0];
            long want = Long.parseLong(w[3]);
            n++;
            if (w[1].equals("attr")) {
                String got = switch (w[2]) {
                    case "state_id" -> c.attr(port, "state_id").orElse("?");
                    case "physical_state_id" -> c.attr(port, "phys_state_id").orElse("?");
                    case "rate_bytes_per_second" -> c.attr(port, "rate_gbps")
                            .map(g -> Long.toString(Math.round(Double.parseDouble(g) * 125_000_000d))).orElse("?");
                    default -> "?";
                };
                if (!got.equals(Long.toString(want))) bad.add(who + " " + line + ": ours " + got);
                continue;
            }
            Optional<Reading> r = sysfs(c, port, w[1], w[2]);
            if (r.isEmpty()) { bad.add(who + " " + line + ": not read"); continue; }
            long got = Math.multiplyExact(r.get().value(), r.get().scale());
            if (got != want) bad.add(who + " " + line + ": ours " + got + " (raw " + r.get().value() + " x " + r.get().scale() + ")");
        }
        if (n == 0) bad.add(who + ": no expectations");
        return bad;
    }

    @Test void procfsClassInfiniband() {
        List<String> bad = new ArrayList<>();
        for (String f : List.of("sysfs_procfs_fixtures_infiniband.ttar", "sysfs_procfs_fixture_infiniband_grepH.txt")) {
            Capture c = read(f);
            bad.addAll(checkSysfs(c, PROCFS, f));
            // the port attributes procfs reports
            for (String p : List.of("hfi1_0/1", "mlx4_0/1", "mlx4_0/2", "mlx5_0/1")) {
                if (!c.attr(p, "state").equals(Optional.of("ACTIVE"))) bad.add(f + " " + p + " state " + c.attr(p, "state"));
                if (!c.attr(p, "state_id").equals(Optional.of("4"))) bad.add(f + " " + p + " state_id " + c.attr(p, "state_id"));
            }
            assertRate(c, "hfi1_0/1", 12_500_000_000L, bad, f);
            assertRate(c, "mlx4_0/1", 5_000_000_000L, bad, f);
            assertRate(c, "mlx4_0/2", 5_000_000_000L, bad, f);
            assertRate(c, "mlx5_0/1", 3_125_000_000L, bad, f);
            if (!c.attr("mlx4_0/1", "board_id").equals(Optional.of("SM_1141000001000"))) bad.add(f + " mlx4 board_id");
            if (!c.attr("mlx5_0/1", "fw_ver").equals(Optional.of("14.28.2006"))) bad.add(f + " mlx5 fw_ver");
            if (!c.attr("mlx5_0/1", "hca_type").equals(Optional.of("MT4118"))) bad.add(f + " mlx5 hca_type");
            if (!c.attr("hfi1_0/1", "phys_state").equals(Optional.of("LinkUp"))) bad.add(f + " hfi1 phys_state");
        }
        assertEquals(List.of(), bad);
    }

    private static void assertRate(Capture c, String port, long bytesPerSecond, List<String> bad, String f) {
        long got = c.attr(port, "rate_gbps").map(g -> Math.round(Double.parseDouble(g) * 125_000_000d)).orElse(-1L);
        if (got != bytesPerSecond) bad.add(f + " " + port + " rate " + got + " bytes/s, expected " + bytesPerSecond);
    }

    @Test void nodeExporterInfiniband() {
        List<String> bad = new ArrayList<>();
        for (String f : List.of("sysfs_ttar_node_exporter_sys_fixture_verbatim.ttar", "sysfs_node_exporter_fixture_infiniband_grepH.txt")) {
            bad.addAll(checkSysfs(read(f), NODE_EXPORTER, f));
        }
        assertEquals(List.of(), bad);
    }

    @Test void treydockInfinibandExporter() {
        List<String> bad = new ArrayList<>();
        int reserved = 0;
        for (String line : TREYDOCK.strip().split("\n")) {
            String[] w = line.strip().split("\\s+");
            Capture c = read(w[0]);
            String port = c.ports().stream().filter(p -> p.endsWith("/" + w[1])).findFirst().orElse("?");
            long want = Long.parseLong(w[3]);
            Optional<Reading> r = c.reading(port, w[2]);
            if (r.isEmpty()) {
                // the one documented difference: reserved fields of a CapMask2 0x0000000 port are absent, not 0
                boolean absent = c.absents().stream().anyMatch(a -> a.port().equals(port) && a.counter().equals(w[2])
                        && a.reason().startsWith("reserved: CapMask2 0x0000000"));
                if (absent && want == 0 && w[0].equals("perfquery_x_hca_capmask5A00_treydock.out")) { reserved++; continue; }
                bad.add(line + ": not read");
                continue;
            }
            long got = Math.multiplyExact(r.get().value(), r.get().scale());
            if (got != want) bad.add(line + ": ours " + got);
        }
        assertEquals(List.of(), bad);
        assertEquals(14, reserved, "the additional extended counters of 0x7cfe9003003b4bde (CapMask2 0x0000000) are absent");
    }
}
