package org.fabriclab.capture.ethtool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PublicCaptureFiles;
import org.fabriclab.capture.Reading;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Source;
import org.junit.jupiter.api.Test;

/**
 * {@code ethtool -S} of RoCE-capable NICs other than mlx5/bnxt_en/ice, and of the switch ports they meet,
 * read with the driver's own names under the catalogue's canonical ones. Each fixture is our own values in
 * the layout a public capture shows: the ConnectX-3 grep paste of a public RoCE how-to (markdown), the
 * isc-projects/ethq {@code tests/} files at 4604d752 (i40e, i40e-v2.3.2k, be2net, sfc), a Spectrum switch
 * port dump from a public test of an snmpd ethtool script; where no public dump was found (the whole mlx4
 * list), the order of the driver's string table.
 */
class EthtoolVendorLayoutsTest {
    private final EthtoolReader reader = new EthtoolReader();
    private final Catalogue cat = Catalogue.standard();

    private static Reading r(Capture c, String port, String counter) {
        return c.reading(port, counter).orElseThrow(() -> new AssertionError(counter + " not read on " + port));
    }

    /**
     * ConnectX-3 (mlx4_en) names its per-priority flow control {@code rx_pause_prio_<n>},
     * {@code rx_pause_duration_prio_<n>} (microseconds), {@code rx_pause_transition_prio_<n>} and its traffic
     * {@code rx_prio_<n>_packets}; all were uncatalogued, so no pause analysis saw an mlx4 port. Layout: the
     * public how-to's {@code # ethtool -S eth1 | grep prio_3} paste (6-space indent, a trailing blank after one value).
     */
    @Test void mlx4PerPriorityPauseUnderCanonicalNames() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/mlx4_cx3_grep_prio3.txt")));
        assertEquals(List.of("netdev eth1"), c.ports());
        String p = "netdev eth1";
        Reading pause = r(c, p, "rx_prio3_pause");
        assertEquals(18204, pause.value());
        assertEquals("rx_pause_prio_3", pause.rawName());
        assertEquals("congestion", pause.layer().label());
        assertEquals(64, pause.field().width());
        Reading dur = r(c, p, "tx_prio3_pause_duration");
        assertEquals(52611, dur.value());
        assertEquals("us", dur.unit());
        assertEquals(8115, r(c, p, "tx_prio3_pause_transition").value());
        assertEquals(0, r(c, p, "tx_prio3_pause").value(), "'0  ' (trailing blanks) is 0");
        assertEquals(7310, r(c, p, "rx_prio3_packets").value());
        assertEquals("bytes", r(c, p, "tx_prio3_bytes").unit());
        assertEquals(455102318, r(c, p, "tx_prio3_bytes").value());
        assertEquals(10, c.readings().size());
        assertTrue(c.readings().stream().allMatch(Reading::catalogued), c.readings().toString());
        assertEquals(List.of("mlx4", "mlxsw"), cat.lookup(Source.ETHTOOL, "rx_pause_prio_3").orElseThrow().vendors());
        assertEquals(List.of("mlx4"), cat.lookup(Source.ETHTOOL, "rx_pause_transition_prio_3").orElseThrow().vendors());
    }

    /**
     * mlx4_en's whole list (en_ethtool.c main_strings order): link flow control {@code rx_pause},
     * {@code tx_pause_duration}, {@code tx_pause_transition} are the {@code global} members of the pause
     * families; the phy totals and per-ring {@code rx<q>_packets} are the names mlx5 prints, now told as
     * shared by both drivers.
     */
    @Test void mlx4LinkPausePhyTotalsAndRings() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/mlx4_en_flow_control_rings.txt")));
        String p = "netdev ?";
        assertEquals(0, r(c, p, "rx_global_pause").value());
        assertEquals(12, r(c, p, "tx_global_pause").value());
        assertEquals("tx_pause", r(c, p, "tx_global_pause").rawName());
        assertEquals(840, r(c, p, "tx_global_pause_duration").value());
        assertEquals("us", r(c, p, "tx_global_pause_duration").unit());
        assertEquals(12, r(c, p, "tx_global_pause_transition").value());
        assertEquals(96120, r(c, p, "rx_prio3_pause_duration").value());
        assertEquals(4402, r(c, p, "rx_prio3_pause_transition").value());
        assertEquals(11092747200L, r(c, p, "rx_prio3_bytes").value());
        assertEquals("rx_in_range_length_error", r(c, p, "rx_in_range_len_errors_phy").rawName());
        assertEquals(11129571900L, r(c, p, "rx_bytes_phy").value());
        assertEquals(List.of("mellanox", "mlx4"), cat.lookup(Source.ETHTOOL, "rx_bytes_phy").orElseThrow().vendors());
        var rings = c.queueReadings(p, "rx_queue_packets");
        assertEquals(List.of(0, 1), rings.stream().map(Reading::queue).toList());
        assertEquals(9182734, r(c, p, "rx_queue_packets").value(), "the rings sum to the port's rx_packets");
        assertEquals(2 * 4990610017L, r(c, p, "tx_queue_bytes").value());
        // printed by bnx2 (32-bit), tg3 and bnx2x as well, with no common width: left uncatalogued
        assertFalse(r(c, p, "rx_jabbers").catalogued());
        assertFalse(r(c, p, "rx_multicast_packets").catalogued(), "old mlx5 prints the name for vport counters");
    }

    /**
     * A Spectrum switch port (mlxsw): the PPCNT IEEE 802.3 / RFC 2863 fields under their register names
     * ({@code a_frame_check_sequence_errors}, {@code if_in_discards}) are the counters mlx5 names
     * {@code rx_crc_errors_phy} and {@code rx_discards_phy}; per-priority octets/frames/pause share mlx4's form.
     */
    @Test void spectrumSwitchPortCounters() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/mlxsw_spectrum_swp_stats.txt")));
        String p = "netdev ?";
        assertEquals(7, r(c, p, "rx_crc_errors_phy").value());
        assertEquals("physical", r(c, p, "rx_crc_errors_phy").layer().label());
        assertEquals(3, r(c, p, "rx_symbol_err_phy").value());
        Reading disc = r(c, p, "rx_discards_phy");
        assertEquals(19, disc.value());
        assertEquals("if_in_discards", disc.rawName());
        assertEquals("lossless-broken", disc.layer().label());
        assertEquals(250117736120556L, r(c, p, "rx_bytes_phy").value());
        assertEquals(41022817330L, r(c, p, "tx_packets_phy").value());
        assertEquals(250117736000000L, r(c, p, "rx_prio3_bytes").value());
        assertEquals(41022800112L, r(c, p, "tx_prio3_packets").value());
        assertEquals(1377, r(c, p, "tx_prio3_pause").value());
        assertEquals(88128, r(c, p, "tx_prio3_pause_duration").value());
        assertEquals(List.of("mlxsw"), cat.lookup(Source.ETHTOOL, "if_in_discards").orElseThrow().vendors());
        assertFalse(r(c, p, "tc_no_buffer_discard_uc_tc_3").catalogued(), "per traffic class, not per priority: left open");
        assertFalse(r(c, p, "ecn_marked").catalogued());
    }

    /**
     * i40e prints its port counters with {@code port.} (ethq tests/i40e: no header, no indent); the IEEE 802.3
     * ones ice prints with {@code .nic} were catalogued only in ice's spelling. Queues: {@code tx-<q>.tx_packets}
     * (before v4.17), kept as uncatalogued readings until now.
     */
    @Test void i40ePortCountersAndQueues() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/i40e_noindent_port_and_queue.txt")));
        String p = "netdev ?";
        Reading jab = r(c, p, "rx_jabbers_phy");
        assertEquals(5, jab.value());
        assertEquals("port.rx_jabber", jab.rawName());
        assertEquals("physical", jab.layer().label());
        assertEquals(3, r(c, p, "rx_fragments_phy").value());
        assertEquals(2, r(c, p, "mac_local_faults").value());
        assertEquals(1, r(c, p, "mac_remote_faults").value());
        assertEquals(60, r(c, p, "rx_multicast_phy").value());
        assertEquals(4, r(c, p, "rx_discards_phy").value());
        assertEquals(44, r(c, p, "rx_prio3_pause").value());
        var tx = c.queueReadings(p, "tx_queue_packets");
        assertEquals(List.of(0, 1), tx.stream().map(Reading::queue).toList());
        assertEquals("tx-1.tx_packets", tx.get(1).rawName());
        assertEquals(498771230, r(c, p, "tx_queue_packets").value(), "the queues sum to the netdev's tx_packets");
        assertEquals(2 * 20058641695L + 1, r(c, p, "rx_queue_bytes").value());
        // XON->XOFF transitions: the opposite edge of what rx_{p}_pause_transition counts (XOFF->XON), left open
        assertFalse(r(c, p, "port.rx_priority_3_xon_2_xoff").catalogued());
        assertFalse(r(c, p, "port.rx_oversize").catalogued());
        assertFalse(r(c, p, "veb.tc_0_rx_packets").catalogued());
    }

    /** i40e from v4.17 (ethq tests/i40e-v2.3.2k: header, 5-space indent) drops the queue names' rx_/tx_. */
    @Test void i40eQueuesWithoutTheirPrefix() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/i40e_v2.3.2k_queue_stats.txt")));
        String p = "netdev ?";
        assertEquals(710220332, r(c, p, "rx_queue_packets").value());
        assertEquals(2 * 38560016550L, r(c, p, "tx_queue_bytes").value());
        assertEquals("rx-1.bytes", c.queueReadings(p, "rx_queue_bytes").get(1).rawName());
        assertEquals(1, r(c, p, "rx_undersize_pkts_phy").value());
        assertEquals(22, r(c, p, "rx_prio3_pause").value());
        // sfc (ethq tests/sfc) prints the older i40e form for packets
        Capture sfc = reader.read(Input.ofText("sfc.txt", "NIC statistics:\nport_rx_pause: 0\ntx-0.tx_packets: 5\ntx-1.tx_packets: 6\nrx-0.rx_packets: 7\n"));
        assertEquals(11, r(sfc, p, "tx_queue_packets").value());
        assertEquals(List.of("intel", "solarflare"), cat.lookup(Source.ETHTOOL, "tx-0.tx_packets").orElseThrow().vendors());
        assertEquals("port_rx_pause", r(sfc, p, "rx_global_pause").rawName());   // sfcPortMacCounters
    }

    /**
     * Emulex be2net (OneConnect, RoCE with ocrdma; ethq tests/be2net: indent, no header, {@code rxq<q>: } ring
     * prefixes): pause and PFC frame totals and drops for want of a packet buffer, 32-bit firmware stats.
     */
    @Test void be2netPauseDropsAndRings() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/be2net_port_and_queue_stats.txt")));
        String p = "netdev ?";
        Reading tx = r(c, p, "tx_global_pause");
        assertEquals(31, tx.value());
        assertEquals("tx_pauseframes", tx.rawName());
        assertEquals(32, tx.field().width());
        assertEquals(118, r(c, p, "rx_pfc_frames").value());
        assertEquals(907, r(c, p, "tx_pfc_frames").value());
        Reading drops = r(c, p, "rx_discards_phy");
        assertEquals(13, drops.value());
        assertEquals("rx_drops_no_pbuf", drops.rawName());
        assertEquals("lossless-broken", drops.layer().label());
        Reading link = r(c, p, "rx_global_pause");
        assertEquals(6, link.value());
        assertEquals(List.of("broadcom", "emulex", "chelsio", "qlogic"), cat.lookup(Source.ETHTOOL, "rx_pause_frames").orElseThrow().vendors(),
                "bnxt_en's, cxgb4's and qede's name too");
        assertEquals(0, link.field().width(), "64-bit on bnxt_en, 32-bit here: the shared binding states none");
        assertEquals(1810022311L + 1910022311L, r(c, p, "rx_queue_bytes").value());
        assertEquals(List.of(0, 1), c.queueReadings(p, "rx_queue_packets").stream().map(Reading::queue).toList());
        assertEquals(6300117, r(c, p, "tx_queue_packets").value());
        assertFalse(r(c, p, "rx_crc_errors").catalogued(), "the netdev name many drivers print, i40e next to port.rx_crc_errors");
        assertFalse(r(c, p, "roce_drops_crc").catalogued());
    }

    /**
     * Receive-buffer almost-full events: mlx5 {@code rx_buffer_passed_thres_phy} (PPCNT ethernet extended
     * group) and bnxt_en {@code rx_buffer_passed_threshold}, read in place from the public ethq captures.
     */
    @Test void receiveBufferThresholdEventsOfTheTwoPublicCaptures() {
        Capture bnxt = reader.read(Input.of(PublicCaptureFiles.file("ethtool_S_bnxt_en_broadcom_perring_prefix_ethq.txt")));
        Reading b = r(bnxt, "netdev ?", "rx_buffer_passed_thres_phy");
        assertEquals(417, b.value());
        assertEquals("rx_buffer_passed_threshold", b.rawName());
        assertEquals("congestion", b.layer().label());
        Capture mlx = reader.read(Input.of(PublicCaptureFiles.file("ethtool_S_mlx5_cx4lx_k4.15_ethq_noindent.txt")));
        Reading m = r(mlx, "netdev ?", "rx_buffer_passed_thres_phy");
        assertEquals(0, m.value());
        assertEquals(96, m.line());
        assertEquals(64, m.field().width());
    }

    /**
     * mlx5's port module events (en_stats.c mlx5e_pme_*_desc): an unplugged, stuck, overheating or
     * shorted cable or module is a physical error a fleet gate counts; read in place from the public
     * ConnectX-4 Lx capture (all zero there, lines 140-143).
     */
    @Test void mlx5ModuleEventsArePhysicalErrors() {
        Capture mlx = reader.read(Input.of(PublicCaptureFiles.file("ethtool_S_mlx5_cx4lx_k4.15_ethq_noindent.txt")));
        int line = 140;
        for (String n : List.of("module_unplug", "module_bus_stuck", "module_high_temp", "module_bad_shorted")) {
            Reading m = r(mlx, "netdev ?", n);
            assertEquals(0, m.value(), n);
            assertEquals(line++, m.line(), n);
            assertEquals("physical", m.layer().label(), n);
            assertTrue(cat.isError(n), n);
        }
    }

    /**
     * Chelsio cxgb4 (iWARP) pads every name to one width ({@code tx_octets_ok           : 5}, stats_strings in
     * cxgb4_ethtool.c; no public dump found, the fixture follows that table's order): the blanks were part of
     * the name, so nothing matched the catalogue. Per-priority pause is {@code rx_ppp<n>_frames}.
     */
    @Test void cxgb4PaddedNamesAndPerPriorityPause() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/cxgb4_padded_names.txt")));
        String p = "netdev enp4s0f4";
        Reading rx3 = r(c, p, "rx_prio3_pause");
        assertEquals(81920, rx3.value());
        assertEquals("rx_ppp3_frames", rx3.rawName());
        assertEquals("congestion", rx3.layer().label());
        assertEquals(2210, r(c, p, "tx_prio3_pause").value());
        assertEquals(4, r(c, p, "rx_global_pause").value());
        assertEquals(0, r(c, p, "tx_global_pause").value());
        assertEquals(17, r(c, p, "rx_crc_errors_phy").value());
        assertEquals(5, r(c, p, "rx_symbol_err_phy").value());
        assertEquals(1, r(c, p, "rx_jabbers_phy").value());
        assertEquals(0, r(c, p, "tx_discards_phy").value());
        assertEquals(120330991208L, r(c, p, "rx_bytes_phy").value());
        assertEquals("tx_octets_ok", r(c, p, "tx_bytes_phy").rawName());
        assertEquals(95100233, r(c, p, "rx_packets_phy").value());
        assertEquals(List.of("chelsio"), cat.lookup(Source.ETHTOOL, "rx_ppp3_frames").orElseThrow().vendors());
        assertEquals(List.of("chelsio", "broadcom"), cat.lookup(Source.ETHTOOL, "rx_fcs_errors").orElseThrow().vendors(), "tg3's name too");
        // per buffer group, not per priority: left uncatalogued; the loopback block's banner carries the port index
        assertFalse(r(c, p, "rx_bg0_frames_dropped").catalogued());
        assertEquals(1, r(c, p, "-------Loopback-----------").value());
    }

    /**
     * Marvell/QLogic FastLinQ qede (RoCE/iWARP through qedr; qede_stats_arr order, no public dump found):
     * receive-buffer (BRB) discards, host-buffer discards and PFC frame totals, which it names as bnxt_en does.
     */
    @Test void qedeBufferDiscardsAndPfcTotals() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/qede_port_stats.txt")));
        String p = "netdev ?";
        Reading brb = r(c, p, "rx_discards_phy");
        assertEquals(27, brb.value());
        assertEquals("brb_discards", brb.rawName());
        assertEquals("lossless-broken", brb.layer().label());
        assertEquals(6, r(c, p, "rx_out_of_buffer").value());
        assertEquals(5120, r(c, p, "rx_pfc_frames").value());
        assertEquals(33, r(c, p, "tx_pfc_frames").value());
        assertEquals(88120340840L, r(c, p, "rx_bytes_phy").value());
        assertEquals(61022323, r(c, p, "rx_packets_phy").value());
        assertEquals(List.of("broadcom", "qlogic"), cat.lookup(Source.ETHTOOL, "rx_pfc_frames").orElseThrow().vendors());
        assertFalse(r(c, p, "brb_truncates").catalogued());
        assertFalse(r(c, p, "rx_crc_errors").catalogued());
    }

    /**
     * Azure MANA (mana_ethtool.c: mana_eth_stats, mana_hc_stats, mana_phy_stats, then per-queue
     * {@code rx_<q>_packets}; fixture in that order, no public dump found): receive drops for want of a WQE,
     * the port's aggregate drops and the rings. Its per-TC (traffic class) traffic and pause counters stay
     * uncatalogued: a traffic class is not a priority unless the DCB map says so.
     */
    @Test void manaDropsAndQueues() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/mana_hc_phy_queue_stats.txt")));
        String p = "netdev ?";
        assertEquals(9, r(c, p, "rx_out_of_buffer").value());
        Reading drop = r(c, p, "rx_discards_phy");
        assertEquals(3, drop.value());
        assertEquals("hc_rx_pkt_drop_phy", drop.rawName());
        assertEquals(0, r(c, p, "tx_discards_phy").value());
        assertEquals(2050611 + 2050612, r(c, p, "rx_queue_packets").value());
        assertEquals(List.of(0, 1), c.queueReadings(p, "tx_queue_bytes").stream().map(Reading::queue).toList());
        assertEquals(2 * 1450056, r(c, p, "tx_queue_packets").value());
        assertEquals(List.of("microsoft"), cat.lookup(Source.ETHTOOL, "rx_1_packets").orElseThrow().vendors());
        assertFalse(r(c, p, "hc_tc3_rx_pause_phy").catalogued());
        assertFalse(r(c, p, "rx_0_xdp_drop").catalogued());
    }

    /**
     * Solarflare sfc (ef10.c efx_ef10_stat_desc): the port MAC's {@code port_rx_pause}/{@code port_tx_pause} are 802.3x
     * pause, {@code port_rx_bad} the FCS errors, {@code port_rx_nodesc_drops} the drops for want of a descriptor; the
     * vadaptor's {@code rx_bad} is another count and stays uncatalogued.
     */
    @Test void sfcPortMacCounters() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/sfc_ef10_port_stats.txt")));
        String p = "netdev ?";
        assertEquals(260, r(c, p, "rx_global_pause").value());
        assertEquals(17, r(c, p, "tx_global_pause").value());
        Reading crc = r(c, p, "rx_crc_errors_phy");
        assertEquals(4, crc.value());
        assertEquals("port_rx_bad", crc.rawName());
        assertEquals(33, r(c, p, "rx_out_of_buffer").value());
        assertEquals(9900331, r(c, p, "rx_bytes_phy").value());
        assertEquals(40211, r(c, p, "tx_packets_phy").value());
        assertFalse(r(c, p, "rx_bad").catalogued());
        assertEquals(List.of("solarflare"), cat.lookup(Source.ETHTOOL, "port_rx_pause").orElseThrow().vendors());
    }

    private static void pause(Capture c, String counter, String raw, long value, String layer) {
        Reading r = r(c, "netdev ?", counter);
        assertEquals(raw, r.rawName(), counter);
        assertEquals(value, r.value(), counter);
        assertEquals(layer, r.layer().label(), counter);
        assertEquals(64, r.field().width(), counter);
    }

    /**
     * Broadcom NetXtreme tg3 (tg3.c ethtool_stats_keys; ethq tests/tg3 layout: no header, no indent) counts
     * 802.3x XOFF and XON frames apart: {@code rx_xoff_pause_rcvd}/{@code tx_xoff_sent} are link pause,
     * {@code rx_xon_pause_rcvd}/{@code tx_xon_sent} resume frames; they were read as informative,
     * uncatalogued names. The paused-state entries and the MAC control / flow-control totals stay open.
     */
    @Test void tg3XoffAndXonPauseFrames() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/tg3_netxtreme_pause.txt")));
        pause(c, "rx_global_pause", "rx_xoff_pause_rcvd", 212, "congestion");
        pause(c, "tx_global_pause", "tx_xoff_sent", 41, "congestion");
        pause(c, "rx_global_xon", "rx_xon_pause_rcvd", 57, "informative");
        pause(c, "tx_global_xon", "tx_xon_sent", 9, "informative");
        assertTrue(r(c, "netdev ?", "rx_global_xon").catalogued());
        assertEquals(List.of("broadcom"), cat.lookup(Source.ETHTOOL, "rx_xoff_pause_rcvd").orElseThrow().vendors());
        assertFalse(r(c, "netdev ?", "rx_xoff_entered").catalogued(), "entries into the XOFF state, not frames");
        assertFalse(r(c, "netdev ?", "rx_mac_ctrl_rcvd").catalogued());
        assertFalse(r(c, "netdev ?", "tx_flow_control").catalogued());
    }

    /**
     * Intel e1000e (and igb, igc, ixgbe: the same names; ethq tests/e1000e layout) prints the MAC's
     * XOFF/XON counts as {@code rx_flow_control_xoff} etc.: link pause and resume frames.
     */
    @Test void e1000eFlowControlXoffIsLinkPause() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/e1000e_flow_control.txt")));
        pause(c, "rx_global_pause", "rx_flow_control_xoff", 140, "congestion");
        pause(c, "tx_global_pause", "tx_flow_control_xoff", 28, "congestion");
        pause(c, "rx_global_xon", "rx_flow_control_xon", 33, "informative");
        pause(c, "tx_global_xon", "tx_flow_control_xon", 6, "informative");
        assertEquals(List.of("intel"), cat.lookup(Source.ETHTOOL, "tx_flow_control_xoff").orElseThrow().vendors());
    }

    /**
     * bnx2x (bnx2x_stats_arr; ethq tests/bnx2x layout: 5-space indent, {@code [q]: } queue prefixes) prints its
     * PFC frame totals as {@code pfc_frames_received}/{@code pfc_frames_sent}; its link pause is bnxt_en's
     * {@code rx_pause_frames}/{@code tx_pause_frames}, already catalogued.
     */
    @Test void bnx2xPfcTotalsAndLinkPause() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/bnx2x_pfc_and_link_pause.txt")));
        pause(c, "rx_pfc_frames", "pfc_frames_received", 3310, "congestion");
        pause(c, "tx_pfc_frames", "pfc_frames_sent", 775, "congestion");
        assertEquals("rx_pause_frames", r(c, "netdev ?", "rx_global_pause").rawName());
        assertEquals(61, r(c, "netdev ?", "rx_global_pause").value());
        assertEquals(18, r(c, "netdev ?", "tx_global_pause").value());
        assertEquals(10233044120L + 9022311877L, r(c, "netdev ?", "rx_queue_bytes").value());
        assertEquals(List.of("broadcom"), cat.lookup(Source.ETHTOOL, "pfc_frames_sent").orElseThrow().vendors());
        assertFalse(r(c, "netdev ?", "rx_constant_pause_events").catalogued(), "a firmware timer value, not a count");
        assertFalse(r(c, "netdev ?", "rx_mac_ctrl_frames").catalogued());
    }

    /**
     * NXP DPAA2 (dpaa2-mac.c dpaa2_mac_ethtool_stats; ethq tests/fsl_dpaa2_eth layout: header, {@code [mac] }
     * names with blanks): {@code [mac] rx pause} / {@code [mac] tx b-pause} count valid pause frames, link and
     * PFC together (dpmac.h), so they are the MAC's pause control frames, not link pause alone.
     */
    @Test void dpaa2MacPauseControlFrames() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/dpaa2_mac_pause.txt")));
        pause(c, "rx_pause_ctrl_phy", "[mac] rx pause", 118, "congestion");
        pause(c, "tx_pause_ctrl_phy", "[mac] tx b-pause", 46, "congestion");
        assertTrue(c.reading("netdev ?", "rx_global_pause").isEmpty(), "regular and PFC pause together: not link pause");
        assertEquals(List.of("nxp"), cat.lookup(Source.ETHTOOL, "[mac] rx pause").orElseThrow().vendors());
        assertFalse(r(c, "netdev ?", "[mac] rx frame discards").catalogued());
    }
}
