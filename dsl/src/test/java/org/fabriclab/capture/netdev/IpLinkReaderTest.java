package org.fabriclab.capture.netdev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Reading;
import org.fabriclab.catalogue.Source;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ip -s [-s] link} text. The fixtures are written here after iproute2's {@code ip/ipaddress.c}
 * {@code print_stats64}: {@code ip_s_s_link_new.txt} and {@code ip_s_link_new.txt} in the layout since iproute2 5.10
 * (right-aligned columns sized to the values, {@code missed} in the {@code RX:} row, {@code overrun} and {@code heartbt}
 * in the {@code -s -s} rows), {@code ip_s_link_old.txt} and {@code ip_s_s_link_old.txt} in the layout before it
 * ({@code overrun} in the {@code RX:} row, {@code missed} and {@code heartbeat} in the {@code -s -s} rows); the same
 * numbers in each, so both layouts must read alike.
 */
class IpLinkReaderTest {
    private static final String P = "netdev ens1f0np0";
    private final IpLinkReader reader = new IpLinkReader();
    @TempDir Path tmp;

    private static Capture read(String fixture) {
        return new IpLinkReader().read(Input.of(CaptureCsv.fixture("netdev/" + fixture)));
    }

    private static long v(Capture c, String port, String counter) {
        return c.reading(port, counter).orElseThrow(() -> new AssertionError(port + " " + counter + " not read")).value();
    }

    @Test void newLayoutWithSSReadsEveryInterfaceExactly() {
        Capture c = read("ip_s_s_link_new.txt");
        assertEquals(List.of("netdev lo", P, "netdev ib0"), c.ports());
        assertEquals(918273645501L, v(c, P, "netdev_rx_bytes"));
        assertEquals(1203344556L, v(c, P, "netdev_rx_packets"));
        assertEquals(7L, v(c, P, "netdev_rx_errors"));
        assertEquals(2L, v(c, P, "netdev_rx_dropped"));
        assertEquals(12L, v(c, P, "netdev_rx_missed_errors"));   // 'missed' of the RX: row
        assertEquals(5L, v(c, P, "netdev_rx_over_errors"));      // 'overrun' of the RX errors: row
        assertEquals(44556L, v(c, P, "netdev_multicast"));
        assertEquals(771122334455L, v(c, P, "netdev_tx_bytes"));
        assertEquals(998877665L, v(c, P, "netdev_tx_packets"));
        assertEquals(3L, v(c, P, "netdev_tx_dropped"));
        assertEquals(1L, v(c, P, "netdev_tx_aborted_errors"));
        assertEquals(4L, v(c, P, "netdev_carrier_changes"));
        Reading crc = c.reading(P, "rx_crc_errors_phy").orElseThrow();
        assertEquals(7L, crc.value());
        assertEquals("rx_crc_errors", crc.rawName());
        assertEquals(Source.NETDEV_STATS, crc.source());
        assertEquals(18, crc.line());   // the counts under "RX errors:"
        assertEquals(11L, v(c, "netdev ib0", "netdev_rx_dropped"));
        assertEquals(2L, v(c, "netdev ib0", "netdev_carrier_changes"));
        assertEquals(52428L, v(c, "netdev lo", "netdev_tx_bytes"));
        assertTrue(c.readings().stream().allMatch(Reading::catalogued), "every column is catalogued");
    }

    @Test void theOneLineFormReadsAsTheMultiLineOne() {
        // ip -o prints '\\' where it would start a new line: ip_o_s_s_link_new.txt is ip_s_s_link_new.txt so joined
        Capture lines = read("ip_s_s_link_new.txt");
        Capture one = read("ip_o_s_s_link_new.txt");
        assertEquals(lines.ports(), one.ports());
        assertEquals(lines.readings().size(), one.readings().size());
        for (Reading r : lines.readings()) {
            assertEquals(r.value(), v(one, r.port(), r.counter()), r.port() + " " + r.counter());
        }
        assertEquals(3, one.reading(P, "rx_crc_errors_phy").orElseThrow().line());   // the interface's line
        assertEquals(Optional.of("4200"), one.attr(P, "mtu"));
        assertEquals(Optional.of("UP"), one.attr(P, "operstate"));
        assertEquals(Optional.of("enp59s0f0np0"), one.attr(P, "altname"));
        assertEquals(Optional.of("InfiniBand"), one.attr("netdev ib0", PortAttr.LINK_LAYER));
        assertEquals("ip-link", Readers.standard().choose(Input.of(CaptureCsv.fixture("netdev/ip_o_s_s_link_new.txt"))).format());
    }

    @Test void aOneLineInterfaceCutAfterItsLabelsIsRefused() {
        Path f = BadInput.write(tmp, "o.txt", "2: eth0: <UP> mtu 1500 state UP\\    link/ether 0c:42:a1:00:00:01 brd ff:ff:ff:ff:ff:ff"
                + "\\    RX: bytes  packets  errors  dropped overrun mcast   \\    10 1 0 0 0 0 \\    TX: bytes  packets  errors\n");
        BadInput.expect(reader, f, 1, "has no line of counts after it");
    }

    @Test void headerLinkTypeAndAltnameAreAttributes() {
        Capture c = read("ip_s_s_link_new.txt");
        assertEquals(Optional.of("ens1f0np0"), c.attr(P, PortAttr.NETDEV));
        assertEquals(Optional.of("4200"), c.attr(P, "mtu"));
        assertEquals(Optional.of("UP"), c.attr(P, "operstate"));
        assertEquals(Optional.of("Ethernet"), c.attr(P, PortAttr.LINK_LAYER));
        assertEquals(Optional.of("enp59s0f0np0"), c.attr(P, "altname"));
        assertEquals(Optional.of("InfiniBand"), c.attr("netdev ib0", PortAttr.LINK_LAYER));
        assertEquals(Optional.empty(), c.attr("netdev lo", PortAttr.LINK_LAYER));
    }

    @Test void theOldLayoutReadsAsTheNewOne() {
        // before iproute2 5.10 'overrun' headed the RX: row and 'missed' the RX errors: row: each label keeps its field
        Capture old = read("ip_s_s_link_old.txt"), now = read("ip_s_s_link_new.txt");
        for (Reading r : old.readings()) assertEquals(v(now, P, r.counter()), r.value(), r.counter());
        assertEquals(now.readings().stream().filter(r -> r.port().equals(P)).count(), old.readings().size());
        assertEquals(5L, v(old, P, "netdev_rx_over_errors"));
        assertEquals(12L, v(old, P, "netdev_rx_missed_errors"));
        assertEquals(0L, v(old, P, "netdev_tx_heartbeat_errors"));
    }

    @Test void sAloneHasNoErrorDetailSSHasIt() {
        for (String f : List.of("ip_s_link_old.txt", "ip_s_link_new.txt")) {
            Capture s = read(f);
            assertEquals(12, s.readings().size(), f);
            assertTrue(s.reading(P, "rx_crc_errors_phy").isEmpty(), f + ": -s prints no crc column");
            assertEquals(918273645501L, v(s, P, "netdev_rx_bytes"), f);
        }
        assertEquals(5L, v(read("ip_s_link_old.txt"), P, "netdev_rx_over_errors"));     // old RX: row, 'overrun'
        assertEquals(12L, v(read("ip_s_link_new.txt"), P, "netdev_rx_missed_errors"));  // new RX: row, 'missed'
        Capture ss = read("ip_s_s_link_new.txt");
        assertEquals(22, ss.readings().stream().filter(r -> r.port().equals(P)).count());
    }

    @Test void sniffedAmongAllReaders() {
        for (String f : List.of("ip_s_s_link_new.txt", "ip_s_link_old.txt", "ip_s_s_link_old.txt", "ip_s_link_new.txt")) {
            assertEquals("ip-link", Readers.standard().choose(Input.of(CaptureCsv.fixture("netdev/" + f))).format(), f);
        }
    }

    @Test void ipLinkWithoutStatisticsIsNotClaimed() {
        Path f = BadInput.write(tmp, "l.txt", "2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc mq state UP mode DEFAULT\n"
                + "    link/ether 00:11:22:33:44:55 brd ff:ff:ff:ff:ff:ff\n");
        assertEquals(0, reader.sniff(Input.of(f)));
    }

    @Test void aVfsRowsAreNotThePorts() {
        Path f = BadInput.write(tmp, "vf.txt", "2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc mq state UP\n"
                + "    link/ether 00:11:22:33:44:55 brd ff:ff:ff:ff:ff:ff\n"
                + "    RX:  bytes packets errors dropped  missed   mcast\n        100      10      0       0       0       0\n"
                + "    TX:  bytes packets errors dropped carrier collsns\n        200      20      0       0       0       0\n"
                + "    vf 0     link/ether 00:11:22:33:44:66 brd ff:ff:ff:ff:ff:ff, spoof checking on, link-state auto, trust off\n"
                + "    RX: bytes  packets  mcast   bcast   dropped\n    999        9       0       0       0\n"
                + "    TX: bytes  packets   dropped\n    888        8       0\n");
        Capture c = reader.read(Input.of(f));
        assertEquals(100L, v(c, "netdev eth0", "netdev_rx_bytes"));
        assertEquals(12, c.readings().size());
    }

    @Test void aRowWithAMissingCountIsRefusedWithFileAndLine() {
        Path f = BadInput.write(tmp, "bad.txt", "$ ip -s link\n2: eth0: <UP> mtu 1500 state UP\n"
                + "    RX: bytes  packets  errors  dropped overrun mcast\n    100        10       0       0       0\n");
        BadInput.expect(reader, f, 4, "expected 6 counts under 'RX: bytes packets errors dropped overrun mcast' (line 3), found 5");
    }

    @Test void aNonNumberIsRefused() {
        Path f = BadInput.write(tmp, "bad.txt", "2: eth0: <UP> mtu 1500 state UP\n"
                + "    RX: bytes  packets  errors  dropped overrun mcast\n    100        10       x       0       0       0\n");
        BadInput.expect(reader, f, 3, "expected an integer count for 'errors', found 'x'");
    }

    @Test void aRoundedHumanFigureIsRefused() {
        // ip -s -h link prints 6.04T (print_num with human_readable): not an exact count
        Path f = BadInput.write(tmp, "h.txt", "2: eth0: <UP> mtu 1500 state UP\n"
                + "    RX:  bytes packets errors dropped  missed   mcast\n     6.04T   4.67G      0       0       7   67.7M\n");
        BadInput.expect(reader, f, 3, "a rounded figure (ip -h");
    }

    @Test void aCutFileIsRefusedAtTheLabels() {
        Path f = BadInput.write(tmp, "cut.txt", "2: eth0: <UP> mtu 1500 state UP\n    RX: bytes  packets  errors  dropped overrun mcast\n");
        BadInput.expect(reader, f, 2, "has no line of counts after it");
    }

    @Test void anInterfacePrintedTwiceInOneRunIsRefused() {
        String eth0 = "2: eth0: <UP> mtu 1500 state UP\n    RX: bytes packets errors dropped overrun mcast\n    1 1 0 0 0 0\n";
        String eth1 = eth0.replace("2: eth0", "3: eth1");
        Path f = BadInput.write(tmp, "twice.txt", eth0 + eth1 + eth1);
        BadInput.expect(reader, f, 7, "interface eth1 is printed twice (line 4 and 7) in one run of ip -s link");
    }

    /** ip -s link appended after the test: the second run starts again at the first interface, and each is read. */
    @Test void runsAppendedOneAfterAnotherAreEachRead() {
        String run = "2: eth0: <UP> mtu 1500 state UP\n    RX: bytes packets errors dropped overrun mcast\n    %d 1 0 0 0 0\n"
                + "3: eth1: <UP> mtu 1500 state UP\n    RX: bytes packets errors dropped overrun mcast\n    %d 1 0 0 0 0\n";
        Capture c = reader.read(Input.ofText("runs.txt", run.formatted(10, 20) + run.formatted(110, 220)));
        List<Capture> runs = org.fabriclab.capture.Runs.of(c);
        assertEquals(2, runs.size());
        // the first count of a line is its bytes
        assertEquals(10L, runs.get(0).readings().stream().filter(r -> r.line() == 3).findFirst().orElseThrow().value());
        assertEquals(220L, runs.get(1).readings().stream().filter(r -> r.line() == 12).findFirst().orElseThrow().value());
        assertEquals(List.of(9, 12), runs.get(1).readings().stream().map(Reading::line).distinct().toList());
    }
}
