package org.fabriclab.history.formats;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Layer;
import org.fabriclab.catalogue.Source;
import org.fabriclab.delta.Rules;
import org.fabriclab.history.History;
import org.fabriclab.history.Labels;
import org.fabriclab.history.Progress;
import org.fabriclab.history.RateRule;
import org.fabriclab.history.SweepResult;

/**
 * The fixtures of the history-format tests (dsl/src/test/resources/org/fabriclab/history/formats) and what
 * they hold. Every format holds one dataset: two ports ({@code mlx5_0/1} = GUID ...abcd01, {@code mlx5_1/1}
 * = ...abcd02), six samples 300 s apart from 2025-12-01T00:00Z, PortXmitData in 4-octet words and
 * SymbolErrorCounter:
 * <pre>
 * mlx5_0/1 words 1.00e9 1.25e9 1.50e9 1.75e9 2.00e9 2.25e9   symbol 0 2 2 10 65535 3   (65535: the 16-bit sysfs field pegged; 3: reset)
 * mlx5_1/1 words 0      0      0.50e9 0.75e9 1.00e9 1.25e9   symbol 0 0 0 1  -     1   (- no sample; UFM files: 1)
 * </pre>
 */
final class Res {
    static final long T0 = 1_764_547_200_000L, STEP = 300_000L;
    static final long[] WORDS_A = {1_000_000_000L, 1_250_000_000L, 1_500_000_000L, 1_750_000_000L, 2_000_000_000L, 2_250_000_000L};
    static final long[] WORDS_B = {0, 0, 500_000_000L, 750_000_000L, 1_000_000_000L, 1_250_000_000L};
    static final long[] SYM_A = {0, 2, 2, 10, 65535, 3};
    static final long[] SYM_B = {0, 0, 0, 1, Rules.ABSENT, 1};

    private Res() {}

    static Path path(String name) {
        try {
            return Path.of(Res.class.getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The project CSV of the dataset, its counters read from the sysfs fields (as node_exporter and collect read them). */
    static History csvAsSysfs() {
        return History.load(path("history.csv"), Map.of("SymbolErrorCounter", Source.SYSFS, "PortXmitData", Source.SYSFS), Progress.NONE);
    }

    /** The sweep every equality test runs: symbol errors per GB moved, a label on mlx5_0/1 over intervals 2-4. */
    static SweepResult sweep(History h, String labelledPort) {
        RateRule rule = RateRule.perGb("symbol errors", Layer.PHYSICAL, RateRule.Combine.SUM, "SymbolErrorCounter");
        Labels labels = Labels.of(List.of(new Labels.Incident(labelledPort, Layer.PHYSICAL, T0 + STEP, T0 + 4 * STEP, "fixture")));
        return h.sweep(rule, new double[] {0.5, 1.5, 5, 20}, labels);
    }

    /** The sweep's score table as text rows, for comparing two formats. */
    static List<String> rows(SweepResult r) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < r.table().rowCount(); i++) out.add(r.table().row(i).toString());
        out.add("intervals " + r.intervals() + " measured " + r.measured() + " positives " + r.positives() + " unmeasured "
                + r.positivesUnmeasured() + " days " + r.days());
        return out;
    }

    /** The values of one port's counter, in time order. */
    static long[] values(History h, String port, String counter) {
        int p = h.ports().indexOf(port);
        if (p < 0) throw new AssertionError("no port " + port + " in " + h.ports());
        long[] v = h.values(counter);
        return java.util.Arrays.copyOfRange(v, h.firstRow(p), h.firstRow(p + 1));
    }

    static long[] times(History h, String port) {
        int p = h.ports().indexOf(port);
        return java.util.Arrays.copyOfRange(h.time(), h.firstRow(p), h.firstRow(p + 1));
    }

    static long[] everyStep(int n) {
        long[] t = new long[n];
        for (int i = 0; i < n; i++) t[i] = T0 + i * STEP;
        return t;
    }
}
