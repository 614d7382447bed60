package org.fabriclab.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.fabriclab.verdict.Classifier;
import org.junit.jupiter.api.Test;

/** The lane ({@code {l}}, 0..11) and service-level ({@code {sl}}, 0..15) families and scopes. */
class CatalogueLanesTest {
    private final Catalogue cat = Catalogue.standard();
    static final String COUNTERS_HEADER = "counter\tlayer\tkind\tunit\tscale\terror\tdirection\tscope\troles\tnamespace\thelp\n";
    static final String BINDINGS_HEADER = "counter\tsource\tvendor\traw\twidth\toverflow\n";
    static final String PROVENANCE_HEADER = "counter\tvendor\tverified_against\n";

    @Test void laneFamilyExpandsToTwelveLanes() {
        List<String> names = new ArrayList<>();
        for (CounterName c : cat.counterNames(Role.LANE_RAW_ERRORS)) names.add(c.name() + "=" + c.lane());
        assertEquals(List.of("phy_raw_errors_lane0=0", "phy_raw_errors_lane1=1", "phy_raw_errors_lane2=2", "phy_raw_errors_lane3=3",
                "phy_raw_errors_lane4=4", "phy_raw_errors_lane5=5", "phy_raw_errors_lane6=6", "phy_raw_errors_lane7=7",
                "phy_raw_errors_lane8=8", "phy_raw_errors_lane9=9", "phy_raw_errors_lane10=10", "phy_raw_errors_lane11=11"), names);
        assertEquals(11, cat.counter("ErrorDetectionCounterLane11").orElseThrow().lane());
        assertTrue(cat.counter("ErrorDetectionCounterLane12").isEmpty(), "PortExtendedSpeedsCounters has lanes 0..11");
        // PPCNT has 8 lanes: its names are bound lane by lane, 0..7, and lanes 8..11 of its family no vendor names
        assertEquals(java.util.Set.of("mellanox", ""), cat.vendorsNaming("phy_raw_errors_lane7"));
        assertEquals(java.util.Set.of(), cat.vendorsNaming("phy_raw_errors_lane8"));
        CounterName l2 = cat.counter("phy_raw_errors_lane2").orElseThrow();
        assertEquals(Scope.LANE, l2.def().scope());
        assertEquals("lane2", l2.priority());
        assertEquals(-1, l2.sl());
        assertEquals(-1, l2.bin());
        assertEquals(-1, l2.priorityIndex());
        assertEquals("bits", l2.def().unit());
        assertEquals(Direction.RX, l2.direction());
    }

    @Test void laneBindings() {
        Binding e = cat.lookup(Source.ETHTOOL, "rx_err_lane_3_phy").orElseThrow();
        assertEquals("phy_raw_errors_lane3", e.canonical());
        assertEquals("mellanox", e.vendor());
        assertEquals("64-bit wrapping", e.field().describe());
        Binding u = cat.lookup(Source.UFM, "phy_raw_errors_lane0").orElseThrow();
        assertEquals("phy_raw_errors_lane0", u.canonical());
        assertEquals("width not verified", u.field().describe());
        assertTrue(cat.lookup(Source.ETHTOOL, "rx_err_lane_8_phy").isEmpty(), "PPCNT lanes 0..7");
        assertTrue(cat.lookup(Source.UFM, "phy_raw_errors_lane8").isEmpty(), "PPCNT lanes 0..7");
        assertEquals("phy_raw_errors_lane7", cat.lookup(Source.UFM, "phy_raw_errors_lane7").orElseThrow().canonical());
    }

    @Test void serviceLevelFamiliesExpandToSixteenSls() {
        CounterName x15 = cat.counter("PortXmitDataSL15").orElseThrow();
        assertEquals(15, x15.sl());
        assertEquals(-1, x15.lane());
        assertEquals(Scope.SL, x15.def().scope());
        assertEquals(4L, x15.def().scale());
        assertEquals("words", x15.def().unit());
        assertEquals(Direction.TX, x15.direction());
        assertEquals(0, cat.counter("PortRcvDataSL0").orElseThrow().sl());
        assertTrue(cat.counter("PortXmitDataSL16").isEmpty());
        Binding b = cat.lookup(Source.PERFQUERY, "RcvDataSL9").orElseThrow();
        assertEquals("PortRcvDataSL9", b.canonical());
        assertEquals(java.util.OptionalLong.of(0xffffffffL), b.field().cap());
        long sls = cat.canonicalNames().stream().filter(n -> n.startsWith("PortXmitDataSL") || n.startsWith("PortRcvDataSL")).count();
        assertEquals(32, sls);
    }

    /** Lanes and SLs never stand beside their port counters in a port-wide question or a verdict. */
    @Test void noDoubleCounting() {
        assertEquals(List.of("PortXmitData"), cat.portCounters(Role.BYTES, Direction.TX).subList(0, 1));
        assertTrue(cat.portCounters(Role.BYTES, Direction.TX).stream().noneMatch(n -> n.startsWith("PortXmitDataSL")));
        assertTrue(cat.counters(Role.FEC_CORRECTED_BITS).stream().noneMatch(n -> n.contains("lane")));
        assertTrue(cat.counters(Role.SYMBOL).stream().noneMatch(n -> n.contains("lane")));
        for (Role r : new Role[] {Role.FEC_CORRECTED, Role.FEC_UNCORRECTED}) {
            assertTrue(cat.counters(r).stream().noneMatch(n -> n.contains("Lane")), r + " " + cat.counters(r));
        }
        assertEquals(Layer.INFORMATIVE, cat.layerOf("phy_raw_errors_lane1"));
        assertEquals(false, cat.isError("phy_raw_errors_lane1"));
        Layer[] layers = {cat.layerOf("phy_raw_errors_lane1"), cat.layerOf("PortXmitDataSL3")};
        byte[] state = new byte[2];
        int code = Classifier.decide(layers, new boolean[] {true, true}, new boolean[] {true, true}, new boolean[2],
                new boolean[] {true, true}, new double[] {5000, 1e9}, 10, Classifier.DEFAULT_CONG_PER_GB, state);
        assertEquals(99, code, "moved lane errors and SL data alone leave a port clean");
    }

    @Test void scopeMustMatchThePlaceholder() {
        String laneAsPort = COUNTERS_HEADER + "x_lane{l}\tinformative\tcounter\tbits\t1\tno\trx\tport\t-\tib-phy\th\n";
        var e = assertThrows(IllegalArgumentException.class, () -> Catalogue.load(laneAsPort, BINDINGS_HEADER, PROVENANCE_HEADER));
        assertTrue(e.getMessage().contains("a lane family ({l}) has scope lane"), e.getMessage());
        String slAsLane = COUNTERS_HEADER + "X{sl}\tinformative\tcounter\twords\t4\tno\ttx\tlane\t-\tib-pma\th\n";
        var s = assertThrows(IllegalArgumentException.class, () -> Catalogue.load(slAsLane, BINDINGS_HEADER, PROVENANCE_HEADER));
        assertTrue(s.getMessage().contains("counters.tsv:2:"), s.getMessage());
        String ok = COUNTERS_HEADER + "X{sl}\tinformative\tcounter\twords\t4\tno\ttx\tsl\t-\tib-pma\th\n";
        var wrongRaw = assertThrows(IllegalArgumentException.class, () -> Catalogue.load(ok,
                BINDINGS_HEADER + "X{sl}\tperfquery\t-\tX_lane{l}\t32\tsaturating\n", PROVENANCE_HEADER));
        assertTrue(wrongRaw.getMessage().contains("expands to lane0, which family 'X{sl}' lacks"), wrongRaw.getMessage());
        Catalogue c = Catalogue.load(ok, BINDINGS_HEADER + "X{sl}\tperfquery\t-\tY{sl}\t32\tsaturating\n", PROVENANCE_HEADER);
        assertEquals("X7", c.lookup(Source.PERFQUERY, "Y7").orElseThrow().canonical());
        assertEquals(7, c.counter("X7").orElseThrow().sl());
        assertEquals(Scope.SL, Scope.of("sl"));
        assertEquals(Scope.LANE, Scope.of("Lane"));
    }
}
