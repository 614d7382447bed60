package org.fabriclab.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * A SONiC switch's port counters (source {@code sonic}): pfcstat's per-priority PFC as the pause counters every NIC's
 * name is bound to, in the port's own directions, and every portstat count column bound, the rates never.
 */
class SonicCatalogueTest {
    private final Catalogue cat = Catalogue.standard();

    @Test void pfcPerPriorityMirrorsTheNicsPauseCounters() {
        for (int n = 0; n < 8; n++) {
            Binding rx = cat.lookup(Source.SONIC, "Rx PFC" + n).orElseThrow();
            Binding eth = cat.lookup(Source.ETHTOOL, "rx_prio" + n + "_pause").orElseThrow();
            assertEquals(eth.canonical(), rx.canonical());
            assertEquals(n, cat.counter(rx.canonical()).orElseThrow().priorityIndex());
            assertEquals("tx_prio" + n + "_pause", cat.lookup(Source.SONIC, "Tx PFC" + n).orElseThrow().canonical());
        }
        Binding rx3 = cat.lookup(Source.SONIC, "Rx PFC3").orElseThrow();
        assertTrue(rx3.def().has(Role.PAUSE));
        assertEquals(Direction.RX, rx3.def().direction());
        assertEquals(Layer.CONGESTION, rx3.layer());
        assertEquals("rx_prio3_pause_duration", cat.lookup(Source.SONIC, "PFC3 Total RX Pause Time US").orElseThrow().canonical());
        assertTrue(cat.lookup(Source.SONIC, "Rx PFC8").isEmpty());
    }

    @Test void everyPortstatCountIsBoundAndNoRateIs() {
        for (String raw : List.of("RX_OK", "RX_ERR", "RX_DRP", "RX_OVR", "TX_OK", "TX_ERR", "TX_DRP", "TX_OVR", "TRIM", "TRIM_TX", "TRIM_DRP",
                "TRIM_PKTS", "TRIM_TX_PKTS", "TRIM_DRP_PKTS", "FEC_CORR", "FEC_UNCORR", "FEC_SYMBOL_ERR", "BIN0", "BIN15")) {
            assertTrue(cat.lookup(Source.SONIC, raw).isPresent(), raw + " not bound");
        }
        for (String rate : List.of("RX_BPS", "RX_PPS", "RX_UTIL", "TX_BPS", "FEC_PRE_BER", "FEC_POST_BER", "FLR(O)")) {
            assertTrue(cat.lookup(Source.SONIC, rate).isEmpty(), rate + " is a rate, not a counter");
        }
        assertEquals(Layer.PHYSICAL, cat.lookup(Source.SONIC, "FEC_UNCORR").orElseThrow().layer());
        assertTrue(cat.lookup(Source.SONIC, "RX_DRP").orElseThrow().def().has(Role.DISCARD));
        assertEquals(Direction.TX, cat.lookup(Source.SONIC, "TX_DRP").orElseThrow().def().direction());
    }

    /**
     * A SONiC name is the switch's own (vendor {@code sonic}), not one every NIC shares: bound with vendor {@code -},
     * {@code Rx PFC3} made {@code rx_prio3_pause} a name every vendor prints, and a be2net or EFA port "incomplete" for it.
     */
    @Test void sonicNamesAreTheSwitchsOwn() {
        for (Binding b : cat.bindings()) if (b.source() == Source.SONIC) assertEquals(List.of("sonic"), b.vendors(), b.canonical());
    }

    @Test void eachSonicBindingCitesSonicUtilities() {
        for (Binding b : cat.bindings()) {
            if (b.source() != Source.SONIC) continue;
            String p = b.def().pattern();
            assertTrue(cat.provenance().stream().anyMatch(x -> x.counter().equals(p) && x.vendor().equals("sonic") && x.verifiedAgainst().contains("sonic-utilities")), p);
        }
    }

    /**
     * pfcwd's storm count is a pause storm as mlx5's watchdog event is (layer and role), counted per queue, and in the
     * switch's direction: the pause came in from the peer.
     */
    @Test void pfcwdStormsArePerQueuePauseStormEvents() {
        Binding b = cat.lookup(Source.SONIC, "queue 3 STORM DETECTED").orElseThrow();
        assertEquals("sonic_pfcwd_storm_detected", b.canonical());
        assertEquals(3, b.queue());
        CounterDef nic = cat.lookup(Source.ETHTOOL, "tx_pause_storm_error_events").orElseThrow().def();
        assertEquals(nic.layer(), b.layer());
        assertTrue(b.def().has(Role.STORM_EVENT));
        assertEquals(Scope.QUEUE, b.def().scope());
        assertEquals(Direction.RX, b.def().direction());
        assertTrue(cat.lookup(Source.SONIC, "queue 3 STORM RESTORED").orElseThrow().def().has(Role.STORM_RECOVERY));
        for (String raw : List.of("TX OK", "TX DROP", "RX OK", "RX DROP")) assertTrue(cat.lookup(Source.SONIC, "queue 0 " + raw).isPresent(), raw);
        assertTrue(cat.lookup(Source.SONIC, "queue 0 TX LAST DROP").isEmpty(), "the last storm's counts are no counter");
    }

    /**
     * queuestat's columns are per-queue counters (the queue from {@code UC7}, {@code MC10}); a unicast queue's drops read as
     * priority n's are broken losslessness, the layer and role of a NIC's per-priority buffer discard; only the drops are.
     */
    @Test void queueCountersCarryTheQueueAndAPrioritysDropsAreLosslessBroken() {
        Binding b = cat.lookup(Source.SONIC, "MC10 Drop/pkts").orElseThrow();
        assertEquals("sonic_queue_drop_packets", b.canonical());
        assertEquals(10, b.queue());
        assertEquals(Scope.QUEUE, b.def().scope());
        assertEquals(Layer.INFORMATIVE, b.layer(), "a queue's drops alone: the queue may be lossy");
        for (String col : List.of("Counter/pkts", "Counter/bytes", "Drop/pkts", "Drop/bytes", "Trim/pkts", "TrimSent/pkts", "TrimDrop/pkts")) {
            for (String type : List.of("UC", "MC", "ALL")) assertTrue(cat.lookup(Source.SONIC, type + "7 " + col).isPresent(), type + " " + col);
        }
        Binding p = cat.lookup(Source.SONIC, "priority 3 Drop/pkts").orElseThrow();
        assertEquals("sonic_tx_prio3_queue_drop", p.canonical());
        assertEquals(3, cat.counter(p.canonical()).orElseThrow().priorityIndex());
        CounterDef nic = cat.lookup(Source.ETHTOOL, "rx_prio3_buf_discard").orElseThrow().def();
        assertEquals(nic.layer(), p.layer());
        assertTrue(p.def().has(Role.DISCARD));
        assertEquals(Direction.TX, p.def().direction(), "the switch's egress queue");
        assertTrue(cat.lookup(Source.SONIC, "priority 3 Counter/pkts").isEmpty(), "only the drops are read as a priority's");
    }
}
