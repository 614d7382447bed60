package org.fabriclab.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/**
 * The kernel's netdev statistics ({@code struct rtnl_link_stats64}, source {@code netdev_stats}): every field bound,
 * only {@code rx_crc_errors} to a counter other readers also give ({@code rx_crc_errors_phy}), and no role on the rest,
 * so no byte count, rule or profile picks them (their bytes leave out RDMA traffic).
 */
class NetdevStatsCatalogueTest {
    /** The struct's fields (include/uapi/linux/if_link.h), IFLA_CARRIER_CHANGES, and /proc/net/dev's three sums. */
    static final List<String> RAW = List.of("rx_packets", "tx_packets", "rx_bytes", "tx_bytes", "rx_errors", "tx_errors",
            "rx_dropped", "tx_dropped", "multicast", "collisions", "rx_length_errors", "rx_over_errors", "rx_crc_errors",
            "rx_frame_errors", "rx_fifo_errors", "rx_missed_errors", "tx_aborted_errors", "tx_carrier_errors", "tx_fifo_errors",
            "tx_heartbeat_errors", "tx_window_errors", "rx_compressed", "tx_compressed", "rx_nohandler", "rx_otherhost_dropped",
            "carrier_changes", "procnet_rx_drop", "procnet_rx_frame", "procnet_tx_carrier");
    private final Catalogue cat = Catalogue.standard();

    @Test void everyFieldIsBoundAndOnlyCrcMeetsAnotherReadersCounter() {
        for (String raw : RAW) {
            Binding b = cat.lookup(Source.NETDEV_STATS, raw).orElseThrow(() -> new AssertionError(raw + " not bound"));
            if (raw.equals("rx_crc_errors")) {
                assertEquals("rx_crc_errors_phy", b.canonical());
                assertTrue(b.def().has(Role.CRC_ERROR));
                assertEquals(Layer.PHYSICAL, b.layer());
                continue;
            }
            assertTrue(b.canonical().startsWith("netdev_"), raw + " -> " + b.canonical());
            assertTrue(b.def().roles().isEmpty(), raw + " has roles " + b.def().roles());
            assertEquals(Layer.INFORMATIVE, b.layer(), raw);
            assertEquals("netdev-stats", b.def().namespace(), raw);
        }
        assertEquals(64, cat.lookup(Source.NETDEV_STATS, "rx_bytes").orElseThrow().field().width());
        assertEquals(32, cat.lookup(Source.NETDEV_STATS, "carrier_changes").orElseThrow().field().width());
    }

    @Test void theKernelsBytesAreNoDataCounter() {
        Set<String> netdev = RAW.stream().map(r -> cat.lookup(Source.NETDEV_STATS, r).orElseThrow().canonical()).collect(Collectors.toSet());
        for (Direction d : List.of(Direction.RX, Direction.TX)) {
            for (Role r : List.of(Role.BYTES, Role.PACKETS)) {
                List<String> picked = cat.portCounters(r, d);
                assertFalse(picked.stream().anyMatch(netdev::contains), r + " " + d + ": " + picked);
            }
        }
        assertTrue(cat.definition("netdev_rx_bytes").orElseThrow().help().contains("RoCE"));
    }

    @Test void eachNewCounterCitesTheKernelStruct() {
        for (String raw : RAW) {
            String c = cat.lookup(Source.NETDEV_STATS, raw).orElseThrow().canonical();
            assertTrue(cat.provenance().stream().anyMatch(p -> p.counter().equals(c) && p.verifiedAgainst().contains("if_link.h")), c);
        }
    }
}
