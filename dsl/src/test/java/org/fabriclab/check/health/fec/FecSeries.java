package org.fabriclab.check.health.fec;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Source;
import org.fabriclab.series.Series;

/** Small FEC-histogram series for the tests: per port a function of the hour giving the expected errored fraction and tail ratio. */
final class FecSeries {
    static final long STEP = 600_000L, T0 = 1_767_225_600_000L, BLOCKS = 44_000_000_000L;

    interface Shape { double[] at(int port, int step); }   // {a, r}: errored fraction, geometric tail ratio

    /** {@code ports} ports, {@code steps} samples of 10 minutes; counts are the expected values (no noise). */
    static Series of(int ports, int steps, Shape shape) {
        int n = ports * steps;
        long[][] h = new long[16][n];
        long[] unc = new long[n], time = new long[n];
        int[] port = new int[n];
        for (int p = 0; p < ports; p++) {
            long[] c = new long[16];
            long u = 0;
            for (int s = 0; s < steps; s++) {
                double[] ar = shape.at(p, s);
                long errored = 0;
                for (int k = 1; k < 16; k++) {
                    long v = Math.round(BLOCKS * ar[0] * (1 - ar[1]) * Math.pow(ar[1], k - 1));
                    c[k] += v;
                    errored += v;
                }
                long un = Math.round(BLOCKS * ar[0] * Math.pow(ar[1], 15));
                c[0] += BLOCKS - errored - un;
                u += un * 40;
                int r = p * steps + s;
                for (int k = 0; k < 16; k++) h[k][r] = c[k];
                unc[r] = u;
                time[r] = T0 + s * STEP;
                port[r] = p;
            }
        }
        Map<String, long[]> counters = new LinkedHashMap<>();
        Map<String, Source> sources = new LinkedHashMap<>();
        for (int k = 0; k < 16; k++) { counters.put("fec_hist" + k, h[k]); sources.put("fec_hist" + k, Source.UFM); }
        counters.put("effective_errors", unc);
        sources.put("effective_errors", Source.UFM);
        List<String> names = new java.util.ArrayList<>();
        for (int p = 0; p < ports; p++) names.add("port" + p);
        return Series.of("fec test", names, time, port, counters, sources, STEP);
    }

    private FecSeries() {}
}
