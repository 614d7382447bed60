package org.fabriclab.capture.ethtool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Reading;
import org.fabriclab.capture.Readers;
import org.fabriclab.catalogue.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EthtoolReaderTest {
    private final EthtoolReader reader = new EthtoolReader();
    @TempDir Path tmp;

    @Test void goldenNamedWithHeader() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/named_header.txt")));
        assertEquals(CaptureCsv.text("ethtool/named_header.expected.csv"), CaptureCsv.tidy(c));
        assertEquals(CaptureCsv.text("ethtool/named_header.attrs.csv"), CaptureCsv.attrs(c));
        assertEquals(2, c.noiseLines());
    }

    /**
     * vmxnet3 (layout of isc-projects/ethq tests/vmxnet3 @c6b37c05, from drivers/net/vmxnet3/vmxnet3_ethtool.c: a
     * "Tx Queue#: N" line, then that queue's counters indented below it, a total's parts nested under it, the same names
     * for every queue; our own values): every counter is named by its queue and parent, so none is read twice, and the
     * driver's global counters after the last queue stay unqualified. Flat (indentation stripped), names stay unique.
     */
    @Test void vmxnet3QueuesAreNamedByQueueAndParent() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/vmxnet3_queues.txt")));
        assertEquals(1200L, c.reading("netdev ?", "Tx Queue#0 ucast pkts tx").orElseThrow().value());
        assertEquals(900L, c.reading("netdev ?", "Tx Queue#1 ucast pkts tx").orElseThrow().value());
        assertEquals(2L, c.reading("netdev ?", "Tx Queue#0 drv dropped tx total/giant hdr").orElseThrow().value());
        assertEquals(0L, c.reading("netdev ?", "Tx Queue#0 giant hdr").orElseThrow().value());
        assertEquals(5L, c.reading("netdev ?", "Tx Queue#1 giant hdr").orElseThrow().value());
        assertEquals(6L, c.reading("netdev ?", "Rx Queue#0 drv dropped rx total/err").orElseThrow().value());
        assertEquals(0L, c.reading("netdev ?", "tx timeout count").orElseThrow().value());
        assertEquals(27, c.readings().size());   // 31 lines of name and value, less the header and 3 queue headers
        // a snapshot of it holds one value per name: no conflict
        assertEquals(4L, org.fabriclab.snapshot.Snapshot.ofCaptures("t", List.of(c)).value("netdev ?", "Tx Queue#1 ring full").getAsLong());
        String flat = "NIC statistics:\nTx Queue#: 0\ndrv dropped tx total: 3\ngiant hdr: 2\ngiant hdr: 0\nTx Queue#: 1\ngiant hdr: 5\n";
        Capture f = reader.read(Input.ofText("flat.txt", flat));
        assertEquals(2L, f.reading("netdev ?", "Tx Queue#0 giant hdr").orElseThrow().value());
        assertEquals(0L, f.reading("netdev ?", "Tx Queue#0 giant hdr#2").orElseThrow().value());
        assertEquals(5L, f.reading("netdev ?", "Tx Queue#1 giant hdr").orElseThrow().value());
    }

    @Test void goldenUnnamedWithoutIndent() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/unnamed_noindent.txt")));
        assertEquals(CaptureCsv.text("ethtool/unnamed_noindent.expected.csv"), CaptureCsv.tidy(c));
        assertEquals(List.of("netdev ?"), c.ports());
        assertTrue(c.attrs().isEmpty());
    }

    @Test void catalogueTypesFamiliesAndGauges() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/named_header.txt")));
        var pause = c.reading("netdev ens1f0np0", "rx_prio3_pause").orElseThrow();
        assertTrue(pause.catalogued());
        assertEquals("congestion", pause.layer().label());
        assertEquals(Kind.GAUGE, c.reading("netdev ens1f0np0", "outbound_pci_stalled_rd").orElseThrow().kind());
        // mlx5's per-channel rx0_packets: one counter with a queue attribute (the catalogue's queue-less name)
        var ring = c.queueReadings("netdev ens1f0np0", "rx_queue_packets");
        assertFalse(ring.isEmpty());
        assertTrue(ring.get(0).catalogued());
        assertEquals(0, ring.get(0).queue());
        assertEquals("rx0_packets", ring.get(0).rawName());
    }

    @Test void severalInterfacesInOneFile() {
        Capture c = reader.read(Input.ofText("two.txt", "[root@h ~]# ethtool -S eth0\nNIC statistics:\n     rx_bytes: 1\n"
                + "# ethtool --statistics eth1\n     rx_bytes: 2\n"));
        assertEquals(List.of("netdev eth0", "netdev eth1"), c.ports());
        assertEquals(2, c.reading("netdev eth1", "rx_bytes").orElseThrow().value());
    }

    /**
     * A paste from Debian or Ubuntu ({@code root@host:~# ethtool -S X | grep ...}, the prompt ending the
     * paste) was refused at its first line: only a line starting with {@code $}, {@code #} or {@code [}
     * was taken for a command line.
     */
    @Test void debianPromptNamesThePortAndABarePromptIsSkipped() {
        Capture c = reader.read(Input.ofText("grep.txt", "root@gpu-03:~# ethtool -S ens1f0np0 | grep -E 'prio3|discard'\n"
                + "     rx_prio3_pause: 41\n     rx_discards_phy: 2\nroot@gpu-03:~#\n"
                + "ops@gpu-04:/tmp$ sudo ethtool -S ens2f0np0 | grep discard\n     rx_discards_phy: 9\n"));
        assertEquals(List.of("netdev ens1f0np0", "netdev ens2f0np0"), c.ports());
        assertEquals(41, c.reading("netdev ens1f0np0", "rx_prio3_pause").orElseThrow().value());
        assertEquals(9, c.reading("netdev ens2f0np0", "rx_discards_phy").orElseThrow().value());
        assertEquals(3, c.noiseLines(), "two command lines and the bare prompt");
        assertTrue(reader.sniff(Input.ofText("grep.txt", "root@gpu-03:~# ethtool -S ens1f0np0\n     rx_bytes: 1\n")) >= 90);
    }

    /**
     * A paste that runs {@code ethtool -i X} before {@code ethtool -S X}: the first line names no -S, so the file went to
     * the script reader, which read a third of the counters on port "script ethtool -S X" under other sources' names.
     * The -S command line further down claims it; the driver lines before it are another command's output.
     */
    @Test void anotherCommandBeforeTheStatisticsIsSkipped() {
        String paste = "# ethtool -i ens2f0\ndriver: ixgbe\nversion: 5.19.6-k\nfirmware-version: 0x800007f5\nbus-info: 0000:3b:00.0\n"
                + "supports-statistics: yes\n# ethtool -S ens2f0\nNIC statistics:\n     rx_packets: 410\n     tx_packets: 377\n"
                + "     rx_bytes: 61022\n     rx_crc_errors: 2\n     rx_flow_control_xoff: 5\n$ ip -s link show ens2f0\n"
                + "2: ens2f0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc mq state UP mode DEFAULT\n";
        Input in = Input.ofText("paste.txt", paste);
        assertEquals("ethtool", Readers.standard().choose(in).format());
        Capture c = reader.read(in);
        assertEquals(List.of("netdev ens2f0"), c.ports());
        assertEquals(5, c.readings().size());
        Reading xoff = c.reading("netdev ens2f0", "rx_global_pause").orElseThrow();   // ixgbe's link XOFF count, catalogued
        assertEquals(5, xoff.value());
        assertEquals("rx_flow_control_xoff", xoff.rawName());
        assertEquals(61022, c.reading("netdev ens2f0", "rx_bytes").orElseThrow().value());
        // --json output is the ethtool-json reader's, even when its command line comes second
        assertEquals(0, reader.sniff(Input.ofText("j.txt", "# ethtool -i ens2f0\ndriver: ixgbe\n# ethtool --json -S ens2f0\n[ {\n")));
    }

    /** The kernel's Documentation/networking/statistics.rst shows the header as {@code Stats for X:}. */
    @Test void shortStandardStatsHeaderNamesThePortToo() {
        String std = "Stats for enp3s0f1:\neth-phy-SymbolErrorDuringCarrier: 2\neth-mac-FramesTransmittedOK: 31\n"
                + "rmon-etherStatsJabbers: 0\n";
        Input in = Input.ofText("std.txt", std);
        assertTrue(reader.sniff(in) >= 90);
        Capture c = reader.read(in);
        assertEquals(List.of("netdev enp3s0f1"), c.ports());
        assertEquals(31, c.reading("netdev enp3s0f1", "eth-mac-FramesTransmittedOK").orElseThrow().value());
        assertEquals(1, c.noiseLines());
    }

    /**
     * {@code ethtool -S X --all-groups} prints the kernel's standard counters under {@code Standard stats for X:};
     * the header was taken for a counter without a value and the file refused (in a snapshot folder, the
     * whole snapshot with it). {@code ethtool --phy-statistics} prints {@code PHY statistics:}.
     */
    @Test void standardStatsHeaderNamesThePort() {
        String std = "Standard stats for ens1f0np0:\neth-phy-SymbolErrorDuringCarrier: 4\neth-mac-FramesTransmittedOK: 915\n"
                + "eth-ctrl-MACControlFramesTransmitted: 12\nrmon-etherStatsUndersizePkts: 0\nrx-rmon-etherStatsPkts64to64Octets: 7\n";
        Input in = Input.ofText("std.txt", std);
        assertTrue(reader.sniff(in) >= 90);
        Capture c = reader.read(in);
        assertEquals(List.of("netdev ens1f0np0"), c.ports());
        assertEquals(4, c.reading("netdev ens1f0np0", "eth-phy-SymbolErrorDuringCarrier").orElseThrow().value());
        assertFalse(c.reading("netdev ens1f0np0", "eth-phy-SymbolErrorDuringCarrier").orElseThrow().catalogued());
        assertEquals(7, c.reading("netdev ens1f0np0", "rx-rmon-etherStatsPkts64to64Octets").orElseThrow().value());
        assertEquals(1, c.noiseLines());
        Capture phy = reader.read(Input.ofText("phy.txt", "PHY statistics:\n     phy_receive_errors: 3\n     phy_idle_errors: 0\n"));
        assertEquals(3, phy.reading("netdev ?", "phy_receive_errors").orElseThrow().value());
        assertTrue(reader.sniff(Input.ofText("phy.txt", "PHY statistics:\n     phy_receive_errors: 3\n")) >= 90);
    }

    @Test void splitsOnTheLastColonSpace() {
        Capture c = reader.read(Input.ofText("c.txt", "     q: 0: rx_packets: 12\n"));
        assertEquals(12, c.reading("netdev ?", "q: 0: rx_packets").orElseThrow().value());
    }

    /**
     * A command line with no prompt before it was refused at line 1 though the sniffer had taken the file
     * for ethtool by that very line: {@code sudo ethtool -S X} pasted bare, the {@code + ethtool -S X} trace of a
     * collection script run with bash -x, and the header {@code watch} prints (which even holds a ": ").
     */
    @Test void commandLinesWithoutAPromptNameThePort() {
        Capture x = reader.read(Input.ofText("x.txt", "+ ethtool -S ens1f0np0\nNIC statistics:\n     rx_prio3_pause: 4\n"
                + "+ ethtool -S ens1f1np1\nNIC statistics:\n     rx_prio3_pause: 5\n"));
        assertEquals(List.of("netdev ens1f0np0", "netdev ens1f1np1"), x.ports());
        assertEquals(5, x.reading("netdev ens1f1np1", "rx_prio3_pause").orElseThrow().value());
        assertEquals(4, x.noiseLines(), "two command lines, two headers");
        Input watch = Input.ofText("w.txt", "Every 2.0s: ethtool -S ens1f0np0                 gpu01: Fri Dec  4 01:50:01 2026\n\n"
                + "NIC statistics:\n     rx_prio3_pause: 7\n");
        assertTrue(reader.sniff(watch) >= 90);
        assertEquals(7, reader.read(watch).reading("netdev ens1f0np0", "rx_prio3_pause").orElseThrow().value());
        Capture sudo = reader.read(Input.ofText("s.txt", "sudo ethtool -S ens2f0\n     rx_discards_phy: 3\n"));
        assertEquals(List.of("netdev ens2f0"), sudo.ports());
        // a line naming no ethtool command is still refused where it stands
        Path f = BadInput.write(tmp, "eth.txt", "NIC statistics:\n     rx_bytes: 12\nsudo ethtool -a ens2f0\n");
        BadInput.expect(reader, f, 3, "expected 'name: <integer>'");
    }

    /**
     * A driver that reports a counter it does not have as u64 -1, or whose counter went backwards past zero,
     * prints a value near 2^64: the whole dump was refused for that one line. That counter is now absent (not 0,
     * not read), with the value in the reason and a warning; the rest is read.
     */
    @Test void aValueNear2To64IsThatCounterAbsent() {
        Capture c = reader.read(Input.ofText("u.txt", "NIC statistics:\n     rx_prio3_pause: 18446744073709551615\n"
                + "     rx_bytes: 12\n     tx_bytes: 9223372036854775808\n"));
        assertEquals(1, c.readings().size());
        assertEquals(12, c.reading("netdev ?", "rx_bytes").orElseThrow().value());
        assertTrue(c.reading("netdev ?", "rx_prio3_pause").isEmpty());
        assertEquals(List.of("rx_prio3_pause", "tx_bytes"), c.absents().stream().map(x -> x.counter()).toList());
        assertEquals(List.of(2, 4), c.absents().stream().map(x -> x.line()).toList());
        assertTrue(c.absents().get(0).reason().startsWith("value 18446744073709551615 is above 2^63-1"), c.absents().get(0).reason());
        assertEquals(2, c.warnings().size());
        // 2^63-1 itself is a count; digits no u64 holds are no ethtool output and refused as before
        assertEquals(Long.MAX_VALUE, reader.read(Input.ofText("m.txt", "rx_bytes: 9223372036854775807\n")).reading("netdev ?", "rx_bytes").orElseThrow().value());
        Path f = BadInput.write(tmp, "eth.txt", "NIC statistics:\n     rx_bytes: 18446744073709551616\n");
        BadInput.expect(reader, f, 2, "expected a non-negative integer counter value");
    }

    /** Blanks between a name and its colon (cxgb4 pads its names: {@code rx_pause_frames        : 4}) are not the name's. */
    @Test void namePaddingIsNotPartOfTheName() {
        Capture c = reader.read(Input.ofText("pad.txt", "NIC statistics:\n     rx_pause_frames        : 4\n     rx_prio3_pause\t: 9\n"));
        assertEquals(List.of("rx_pause_frames", "rx_prio3_pause"), c.readings().stream().map(r -> r.rawName()).toList());
        assertEquals(4, c.reading("netdev ?", "rx_global_pause").orElseThrow().value());
        assertTrue(c.reading("netdev ?", "rx_prio3_pause").orElseThrow().catalogued());
        Path f = BadInput.write(tmp, "eth.txt", "NIC statistics:\n     rx_bytes: 12\n     : 7\n");
        BadInput.expect(reader, f, 3, "a value with no counter name");
    }

    @Test void perRingCountersInBracketsAreCounters() {
        Capture c = reader.read(Input.ofText("bnxt.txt", "NIC statistics:\n     [0]: rx_ucast_packets: 5\n"
                + "     [1]: rx_ucast_packets: 7\n     rx_total_discard_pkts: 0\n"));
        var rings = c.queueReadings("netdev ?", "rx_queue_ucast_packets");
        assertEquals(List.of(0, 1), rings.stream().map(r -> r.queue()).toList());
        assertEquals(7, rings.get(1).value());
        assertEquals("[1]: rx_ucast_packets", rings.get(1).rawName());
        assertEquals(12, c.reading("netdev ?", "rx_queue_ucast_packets").orElseThrow().value(), "the port total: 5 + 7");
        assertEquals(3, c.readings().size());
        assertEquals(List.of(0, 1), c.tidy().intColumn("queue").asList().subList(0, 2));
        assertTrue(c.tidy().intColumn("queue").isMissing(2), "a port-level counter has no queue");
        assertEquals(12L, c.wide().longColumn("rx_queue_ucast_packets").get(0), "wide sums the queues to the port");
        // bnx2x (ethq tests/bnx2x layout) prints per-queue bytes under the same prefix; an FCoE queue's name is no index
        Capture x = reader.read(Input.ofText("bnx2x.txt", "     [0]: rx_bytes: 209487403324\n     [1]: rx_bytes: 2\n"
                + "     [0]: tx_bytes: 7\n     [fcoe]: rx_bytes: 5\n"));
        assertEquals(209487403326L, x.reading("netdev ?", "rx_queue_bytes").orElseThrow().value());
        assertEquals(7, x.reading("netdev ?", "tx_queue_bytes").orElseThrow().value());
        assertFalse(x.reading("netdev ?", "[fcoe]: rx_bytes").orElseThrow().catalogued());
    }

    @Test void valueNotANumber() {
        Path f = BadInput.write(tmp, "eth.txt", "NIC statistics:\n     rx_bytes: 12\n     tx_bytes: lots\n");
        BadInput.expect(reader, f, 3, "found 'lots'");
    }

    @Test void truncatedValue() {
        Path f = BadInput.write(tmp, "eth.txt", "NIC statistics:\n     rx_bytes: 12\n     tx_bytes:");
        BadInput.expect(reader, f, 3, "'tx_bytes' has no value");
    }

    @Test void truncatedAfterHeader() {
        Path f = BadInput.write(tmp, "eth.txt", "$ ethtool -S ens1\nNIC statistics:\n");
        BadInput.expect(reader, f, 0, "no 'name: value' counters found");
    }

    @Test void lineThatIsNotACounter() {
        Path f = BadInput.write(tmp, "eth.txt", "NIC statistics:\n     rx_bytes: 12\nno stats available\n");
        BadInput.expect(reader, f, 3, "expected 'name: <integer>'");
    }

    @Test void binaryJunk() {
        Path f = BadInput.write(tmp, "eth.bin", BadInput.binaryJunk("NIC statistics:\n     rx_bytes: 12\n"));
        BadInput.expect(reader, f, 3, "binary content");
    }

    @Test void sniff() {
        assertEquals(95, reader.sniff(Input.ofText("x", "NIC statistics:\n rx_bytes: 1\n")));
        assertEquals(95, reader.sniff(Input.ofText("x", "$ ethtool -S ens1f0np0\nNIC statistics:\n")));
        assertEquals(70, reader.sniff(Input.ofText("x", "rx_packets: 1\nrx_bytes: 2\ntx_packets: 3\ntx_bytes: 4\nrx_a: 5\n")));
        assertEquals(0, reader.sniff(Input.ofText("x", "CA 'mlx5_0'\n\tState: Active\n\tRate: 100\n")));
        assertEquals(0, reader.sniff(Input.ofText("x", "/sys/class/infiniband/mlx5_0/ports/1/counters/link_downed:0\n")));
    }

    /**
     * HiSilicon hns3 prints its PFC frames as {@code mac_{rx,tx}_pfc_pri<n>_pkt_num} and link pause as
     * {@code mac_{rx,tx}_mac_pause_num} (hclge_main.c g_mac_stats_string); they were informative counts
     * no RoCE verdict could see. They come out under the canonical pause names now.
     */
    @Test void hns3PauseCountersUnderCanonicalNames() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/hns3_pf_mac_stats.txt")));
        String port = c.ports().get(0);
        var tx3 = c.reading(port, "tx_prio3_pause").orElseThrow();
        assertEquals(1810, tx3.value());
        assertEquals("mac_tx_pfc_pri3_pkt_num", tx3.rawName());
        assertEquals("congestion", tx3.layer().label());
        assertEquals(44, c.reading(port, "rx_prio3_pause").orElseThrow().value());
        assertEquals(2, c.reading(port, "rx_global_pause").orElseThrow().value());
        assertEquals(44, c.reading(port, "rx_pfc_frames").orElseThrow().value());
        assertEquals(3, c.reading(port, "rx_crc_errors_phy").orElseThrow().value());
        assertEquals(64, tx3.field().width());
        assertFalse(c.reading(port, "mac_tx_pfc_pri3_xoff_time").orElseThrow().catalogued(), "unit not stated by the driver");
    }

    /**
     * AMD Pensando ionic: PFC and link pause frame totals, pause time per priority in 1 us units
     * ({@code rx_pripause_<n>_1us_count}) and per-queue {@code tx_<q>_bytes} (ionic_stats.c).
     */
    @Test void ionicPauseAndQueueCountersUnderCanonicalNames() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/ionic_port_and_queue_stats.txt")));
        String port = c.ports().get(0);
        var dur = c.reading(port, "rx_prio3_pause_duration").orElseThrow();
        assertEquals(731250, dur.value());
        assertEquals("us", dur.unit());
        assertEquals("congestion", dur.layer().label());
        assertEquals(6120, c.reading(port, "rx_pfc_frames").orElseThrow().value());
        assertEquals(15, c.reading(port, "tx_pfc_frames").orElseThrow().value());
        assertEquals(0, c.reading(port, "rx_global_pause_duration").orElseThrow().value());
        assertEquals(1, c.reading(port, "rx_crc_errors_phy").orElseThrow().value());
        var tx = c.queueReadings(port, "tx_queue_bytes");
        assertEquals(List.of(0, 1), tx.stream().map(r -> r.queue()).toList());
        assertEquals(2 * 9990027655L, c.reading(port, "tx_queue_bytes").orElseThrow().value(), "summed to the port");
        assertFalse(c.reading(port, "frames_rx_pri_3").orElseThrow().catalogued(), "frames of priority 3, not pause frames");
    }

    /**
     * A loop over every interface ({@code for i in ...; do echo "# ethtool -S $i"; ethtool -S $i 2>&1; done})
     * meets bonds and {@code lo}, for which ethtool prints {@code no stats available}: the whole file was
     * refused at that line. That port now has no counters and a warning names it.
     */
    @Test void noStatsAvailableForOneInterfaceOfALoop() {
        String text = "# ethtool -S ens1f0np0\nNIC statistics:\n     rx_prio3_pause: 4\n# ethtool -S bond0\nno stats available\n"
                + "# ethtool -S virbr0\nCannot get stats strings information: Operation not supported\n# ethtool -S ens1f1np1\n"
                + "NIC statistics:\n     rx_prio3_pause: 9\n";
        Capture c = reader.read(Input.ofText("loop.txt", text));
        assertEquals(4, c.reading("netdev ens1f0np0", "rx_prio3_pause").orElseThrow().value());
        assertEquals(9, c.reading("netdev ens1f1np1", "rx_prio3_pause").orElseThrow().value());
        assertTrue(c.readings().stream().noneMatch(x -> x.port().equals("netdev bond0") || x.port().equals("netdev virbr0")));
        assertEquals(List.of("loop.txt:5: netdev bond0: ethtool printed 'no stats available', no counters for that interface",
                "loop.txt:7: netdev virbr0: ethtool printed 'Cannot get stats strings information: Operation not supported', no counters for that interface"),
                c.warnings());
    }

    /** Only ethtool's message right after the command line is taken: the same words after counters still fail. */
    @Test void noStatsAvailableAloneOrAfterCountersIsRefused() {
        var only = org.junit.jupiter.api.Assertions.assertThrows(org.fabriclab.capture.CaptureException.class,
                () -> reader.read(Input.ofText("lo.txt", "$ ethtool -S lo\nno stats available\n")));
        assertTrue(only.getMessage().contains("lo.txt:2"), only.getMessage());
        assertTrue(only.getMessage().contains("ethtool printed 'no stats available' instead of counters"), only.getMessage());
        var after = org.junit.jupiter.api.Assertions.assertThrows(org.fabriclab.capture.CaptureException.class,
                () -> reader.read(Input.ofText("x.txt", "$ ethtool -S eth0\n     rx_bytes: 1\nno stats available\n")));
        assertTrue(after.getMessage().contains("x.txt:3") && after.getMessage().contains("expected 'name: <integer>'"), after.getMessage());
    }
}
