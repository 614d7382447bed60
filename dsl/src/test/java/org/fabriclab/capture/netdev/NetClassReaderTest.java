package org.fabriclab.capture.netdev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fabriclab.capture.Absent;
import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code grep -H . /sys/class/net/*}{@code /statistics/*}. The fixture is written here after Linux
 * {@code net/core/net-sysfs.c} (one {@code statistics/} file per {@code rtnl_link_stats64} field, {@code speed} in
 * Mb/s, -1 for a link that is down) and grep's {@code FILE:LINE} and {@code grep: FILE: message} output.
 */
class NetClassReaderTest {
    private static final String P = "netdev ens1f0np0";
    private final NetClassReader reader = new NetClassReader();
    @TempDir Path tmp;

    @Test void grepHReadsStatisticsAndAttributes() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("netdev/sys_class_net_grep.txt")));
        assertEquals(List.of(P, "netdev ens1f1np1"), c.ports());
        assertEquals(918273645501L, c.reading(P, "netdev_rx_bytes").orElseThrow().value());
        assertEquals(7L, c.reading(P, "rx_crc_errors_phy").orElseThrow().value());
        assertEquals(10, c.reading(P, "rx_crc_errors_phy").orElseThrow().line());
        assertEquals(12L, c.reading(P, "netdev_rx_missed_errors").orElseThrow().value());
        assertEquals(4L, c.reading(P, "netdev_carrier_changes").orElseThrow().value());
        assertEquals(25, c.readings().stream().filter(r -> r.port().equals(P)).count());
        assertEquals(Optional.of("100"), c.attr(P, PortAttr.RATE_GBPS));
        assertEquals(Optional.of("up"), c.attr(P, "operstate"));
        assertEquals(Optional.of("4200"), c.attr(P, "mtu"));
        assertEquals(Optional.empty(), c.attr("netdev ens1f1np1", PortAttr.RATE_GBPS), "speed -1: the link is down");
        assertEquals(Optional.of("down"), c.attr("netdev ens1f1np1", "operstate"));
        Absent tx = c.absents().get(0);
        assertEquals("netdev_tx_bytes", tx.counter());
        assertTrue(tx.reason().contains("No such device"), tx.reason());
    }

    @Test void grepRRunInTheClassFolderOrInOneInterface() {
        Path f = BadInput.write(tmp, "r.txt", "eth2/statistics/rx_crc_errors:3\neth2/statistics/rx_bytes:99\n");
        Capture c = Readers.standard().read(Input.of(f));
        assertEquals(3L, c.reading("netdev eth2", "rx_crc_errors_phy").orElseThrow().value());
        Path g = BadInput.write(tmp, "s.txt", "statistics/rx_crc_errors:3\nstatistics/rx_bytes:99\n");
        assertEquals("sysfs-net", Readers.standard().choose(Input.of(g)).format());
        assertEquals(99L, reader.read(Input.of(g)).reading("netdev ?", "netdev_rx_bytes").orElseThrow().value());
    }

    @Test void sniffedAmongAllReadersNotAsInfinibandSysfs() {
        assertEquals("sysfs-net", Readers.standard().choose(Input.of(CaptureCsv.fixture("netdev/sys_class_net_grep.txt"))).format());
    }

    @Test void aCopiedTreeTheClassFolderOrOneInterface() throws java.io.IOException {
        // the layout net/core/net-sysfs.c gives: <if>/statistics/<field>, <if>/speed; a tar of /sys pads each file with NULs
        Path net = tmp.resolve("net");
        java.nio.file.Files.createDirectories(net.resolve("eth0/statistics"));
        java.nio.file.Files.createDirectories(net.resolve("eth1/statistics"));
        java.nio.file.Files.writeString(net.resolve("eth0/statistics/rx_crc_errors"), "42\n");
        java.nio.file.Files.writeString(net.resolve("eth0/statistics/rx_bytes"), "918273645501\n" + "\0".repeat(100));
        java.nio.file.Files.writeString(net.resolve("eth0/speed"), "25000\n");
        java.nio.file.Files.writeString(net.resolve("eth1/statistics/tx_bytes"), "7\n");
        assertEquals("sysfs-net", Readers.standard().choose(Input.of(net)).format());
        Capture c = Readers.standard().read(Input.of(net));
        assertEquals(List.of("netdev eth0", "netdev eth1"), c.ports());
        assertEquals(42L, c.reading("netdev eth0", "rx_crc_errors_phy").orElseThrow().value());
        assertEquals(918273645501L, c.reading("netdev eth0", "netdev_rx_bytes").orElseThrow().value());
        assertEquals(Optional.of("25"), c.attr("netdev eth0", PortAttr.RATE_GBPS));
        assertTrue(c.reading("netdev eth0", "rx_crc_errors_phy").orElseThrow().file().endsWith("rx_crc_errors"));
        Capture one = Readers.standard().read(Input.of(net.resolve("eth1")));
        assertEquals(7L, one.reading("netdev eth1", "netdev_tx_bytes").orElseThrow().value());
        java.nio.file.Files.writeString(net.resolve("eth1/statistics/rx_bytes"), "lots\n");
        // the error names the counter's own file and its line, not the folder
        org.fabriclab.capture.CaptureException e = org.junit.jupiter.api.Assertions.assertThrows(org.fabriclab.capture.CaptureException.class,
                () -> reader.read(Input.of(net.resolve("eth1"))));
        assertTrue(e.getMessage().startsWith(net.resolve("eth1/statistics/rx_bytes") + ":1: expected an integer count for 'rx_bytes'"),
                e.getMessage());
    }

    @Test void aNonNumberIsRefused() {
        Path f = BadInput.write(tmp, "bad.txt", "/sys/class/net/eth0/statistics/rx_bytes:12\n/sys/class/net/eth0/statistics/rx_errors:-\n");
        BadInput.expect(reader, f, 2, "expected an integer count for 'rx_errors', found '-'");
    }
}
