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
 * {@code ip -j -p -s -s link}. The fixture is written here after iproute2's {@code print_stats64} JSON branch
 * ({@code stats64} with {@code rx} and {@code tx}, the {@code -s -s} members, {@code tx.carrier_changes}) and the
 * link members {@code print_linkinfo} prints before it; its rx bytes is a value above 2^53, which a double would round.
 */
class IpLinkJsonReaderTest {
    private static final String P = "netdev ens1f0np0";
    private final IpLinkJsonReader reader = new IpLinkJsonReader();
    @TempDir Path tmp;

    @Test void readsEveryMemberExactly() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("netdev/ip_j_p_s_s_link.json")));
        assertEquals(List.of(P, "netdev ib0"), c.ports());
        assertEquals(18446744073709551L, c.reading(P, "netdev_rx_bytes").orElseThrow().value());
        assertEquals(5L, c.reading(P, "netdev_rx_over_errors").orElseThrow().value());
        assertEquals(12L, c.reading(P, "netdev_rx_missed_errors").orElseThrow().value());
        assertEquals(4L, c.reading(P, "netdev_carrier_changes").orElseThrow().value());
        Reading crc = c.reading(P, "rx_crc_errors_phy").orElseThrow();
        assertEquals(7L, crc.value());
        assertEquals(Source.NETDEV_STATS, crc.source());
        assertEquals("rx_crc_errors", crc.rawName());
        assertEquals(23, crc.line());
        assertEquals(22, c.readings().stream().filter(r -> r.port().equals(P)).count());
        // ib0 printed with -s only: no error detail
        assertTrue(c.reading("netdev ib0", "rx_crc_errors_phy").isEmpty());
        assertEquals(11L, c.reading("netdev ib0", "netdev_rx_dropped").orElseThrow().value());
        assertEquals(Optional.of("UP"), c.attr(P, "operstate"));
        assertEquals(Optional.of("4200"), c.attr(P, "mtu"));
        assertEquals(Optional.of("Ethernet"), c.attr(P, PortAttr.LINK_LAYER));
        assertEquals(Optional.of("InfiniBand"), c.attr("netdev ib0", PortAttr.LINK_LAYER));
    }

    @Test void sniffedAmongAllReadersNotAsRdmaJson() {
        assertEquals("ip-link-json", Readers.standard().choose(Input.of(CaptureCsv.fixture("netdev/ip_j_p_s_s_link.json"))).format());
        Path compact = BadInput.write(tmp, "j.json", "$ ip -j -s link show dev eth0\n[{\"ifindex\":2,\"ifname\":\"eth0\",\"mtu\":1500,"
                + "\"operstate\":\"UP\",\"link_type\":\"ether\",\"stats64\":{\"rx\":{\"bytes\":10,\"packets\":1,\"errors\":0,\"dropped\":0,"
                + "\"over_errors\":0,\"multicast\":0},\"tx\":{\"bytes\":20,\"packets\":2,\"errors\":0,\"dropped\":0,\"carrier_errors\":0,"
                + "\"collisions\":0}}}]\n");
        assertEquals("ip-link-json", Readers.standard().choose(Input.of(compact)).format());
        Capture c = Readers.standard().read(Input.of(compact));
        assertEquals(20L, c.reading("netdev eth0", "netdev_tx_bytes").orElseThrow().value());
        assertEquals(2, c.readings().get(0).line());
    }

    /** ip -j -s link appended after the test: the second array is read too (it was dropped unread). */
    @Test void arraysAppendedOneAfterAnotherAreEachRead() {
        String run = "[{\"ifname\":\"eth0\",\"link_type\":\"ether\",\"stats64\":{\"rx\":{\"bytes\":%d,\"packets\":1}}}]\n";
        Capture c = reader.read(Input.ofText("runs.json", run.formatted(10) + run.formatted(90)));
        List<Capture> runs = org.fabriclab.capture.Runs.of(c);
        assertEquals(2, runs.size());
        assertEquals(90L, runs.get(1).reading("netdev eth0", "netdev_rx_bytes").orElseThrow().value());
        assertEquals(2, runs.get(1).reading("netdev eth0", "netdev_rx_bytes").orElseThrow().line());
    }

    @Test void aNonIntegerCountIsRefusedAtItsLine() {
        Path f = BadInput.write(tmp, "bad.json", "[ {\n  \"ifname\": \"eth0\",\n  \"link_type\": \"ether\",\n  \"stats64\": {\n"
                + "    \"rx\": {\n      \"bytes\": \"many\"\n    }\n  }\n} ]\n");
        BadInput.expect(reader, f, 6, "expected an integer count for \"rx.bytes\", found 'many'");
    }

    @Test void withoutStatisticsItIsRefused() {
        Path f = BadInput.write(tmp, "nostats.json", "[{\"ifname\":\"eth0\",\"link_type\":\"ether\",\"mtu\":1500}]\n");
        assertEquals(0, reader.sniff(Input.of(f)));
        BadInput.expect(reader, f, 0, "no \"stats64\" found");
    }
}
