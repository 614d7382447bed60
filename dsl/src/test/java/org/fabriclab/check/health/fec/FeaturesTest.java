package org.fabriclab.check.health.fec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Role;
import org.fabriclab.delta.Rules;
import org.fabriclab.series.Series;
import org.junit.jupiter.api.Test;

/** The FEC histogram as counters (catalogue, delta rule) and each feature on a histogram whose shape is known. */
class FeaturesTest {
    @Test void theCatalogueHasSixteenBinsWithTheirIndexAndTheUfmAndMlxlinkNames() {
        Catalogue c = Catalogue.standard();
        var bins = c.counterNames(Role.FEC_HIST);
        assertEquals(16, bins.size());
        for (int k = 0; k < 16; k++) {
            assertEquals("fec_hist" + k, bins.get(k).name());
            assertEquals(k, bins.get(k).bin());
        }
        assertEquals(-1, c.counter("SymbolErrorCounter").orElseThrow().bin());
        assertEquals("fec_hist3", c.lookup(org.fabriclab.catalogue.Source.UFM, "hist3").orElseThrow().canonical());
        assertEquals("fec_hist4", c.lookup(org.fabriclab.catalogue.Source.UFM, "hist4_u_count").orElseThrow().canonical());
        assertEquals("fec_hist15", c.lookup(org.fabriclab.catalogue.Source.MLXLINK, "fec_histogram_bin15").orElseThrow().canonical());
        assertEquals("effective_errors", c.lookup(org.fabriclab.catalogue.Source.UFM, "Effective_Errors").orElseThrow().canonical());
    }

    @Test void aBinFamilyNeedsScopeBin() {
        String counters = "counter\tlayer\tkind\tunit\tscale\terror\tdirection\tscope\troles\tnamespace\thelp\n"
                + "x{b}\tinformative\tcounter\tblocks\t1\tno\trx\tport\tfec-hist\tt\thelp\n";
        var e = assertThrows(IllegalArgumentException.class, () -> Catalogue.load(counters, "counter\tsource\tvendor\traw\twidth\toverflow\n",
                "counter\tvendor\tverified_against\n"));
        assertTrue(e.getMessage().contains("counters.tsv:2") && e.getMessage().contains("scope bin"), e.getMessage());
    }

    @Test void anIntervalIsTheDeltaOfEveryBinAndTheDeltaRuleDecides() {
        Series s = FecSeries.of(1, 4, (p, t) -> new double[] {1e-6, 0.1});
        long[] b1 = s.counter("fec_hist1");
        b1[2] = Rules.ABSENT;                 // a missing bin at row 2 makes intervals 2 and 3 unusable
        FecHistogram h = FecHistogram.of(s).orElseThrow();
        long[] d = new long[h.bins()];
        assertTrue(h.interval(1, d));
        assertEquals(Math.round(FecSeries.BLOCKS * 1e-6 * 0.9), d[1]);
        assertFalse(h.interval(2, d));
        assertFalse(h.interval(3, d));
    }

    @Test void binsMustRunFromZeroWithoutAHole() {
        Series s = FecSeries.of(1, 3, (p, t) -> new double[] {1e-6, 0.1});
        Map<String, long[]> c = new LinkedHashMap<>();
        for (String n : s.counters()) if (!n.equals("fec_hist2")) c.put(n, s.counter(n));
        Series holed = Series.of("holed", s.ports(), s.timestamps(), s.rowPorts(), c, Map.of(), 0);
        assertThrows(IllegalArgumentException.class, () -> FecHistogram.of(holed));
        Series none = Series.of("none", s.ports(), s.timestamps(), s.rowPorts(), Map.of("PortRcvPkts", s.counter("fec_hist0")), Map.of(), 0);
        assertTrue(FecHistogram.of(none).isEmpty());
    }

    @Test void featuresOfAStableHistogramAreItsShapeAndItsSlopesAreZero() {
        double a = 1e-5, r = 0.2;
        Series s = FecSeries.of(1, 6 * 48, (p, t) -> new double[] {a, r});
        List<FeaturePoint> pts = Features.defaults().points(s);
        FeaturePoint last = pts.get(pts.size() - 1);
        // errored fraction a; tail (bins 8..15) a * r^7 * (1 - r^8); mean bin 1 / (1 - r)
        assertEquals(Math.log10(a), last.get(Feature.ERRORED_FRACTION), 0.01);
        assertEquals(Math.log10(a * Math.pow(r, 7) * (1 - Math.pow(r, 8))), last.get(Feature.TAIL_FRACTION), 0.05);
        assertEquals(1 / (1 - r), last.get(Feature.MEAN_BIN), 0.01);
        assertEquals(0, last.get(Feature.TAIL_SLOPE), 1e-9);
        assertEquals(0, last.get(Feature.BIN_SHIFT_SLOPE), 1e-9);
        // warm-up: no point before half a trend window (12 hours), then one per hour
        assertEquals(48 - 11, pts.size());
    }

    @Test void aDegradingHistogramHasPositiveSlopesAndUncorrectedErrors() {
        Series s = FecSeries.of(2, 6 * 48, (p, t) -> p == 0 ? new double[] {1e-6, 0.06}
                : new double[] {1e-6 * Math.pow(10, 2.5 * t / 288.0), 0.06 + 0.5 * Math.pow(t / 288.0, 1.5)});
        List<FeaturePoint> pts = Features.defaults().points(s);
        FeaturePoint healthy = pts.stream().filter(x -> x.port() == 0).reduce((x, y) -> y).orElseThrow();
        FeaturePoint bad = pts.stream().filter(x -> x.port() == 1).reduce((x, y) -> y).orElseThrow();
        assertTrue(bad.get(Feature.TAIL_SLOPE) > 0.05, "tail slope " + bad.get(Feature.TAIL_SLOPE));
        assertTrue(bad.get(Feature.BIN_SHIFT_SLOPE) > 0.1, "bin shift " + bad.get(Feature.BIN_SHIFT_SLOPE));
        assertTrue(bad.get(Feature.UNCORRECTED) > 2);
        assertTrue(bad.get(Feature.EFFECTIVE_BER) > healthy.get(Feature.EFFECTIVE_BER) + 3);
        assertEquals(0, healthy.get(Feature.UNCORRECTED), 1e-12);
        assertEquals(-18, healthy.get(Feature.EFFECTIVE_BER), 1e-9);
    }
}
