package org.fabriclab.engines;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Layer;
import org.fabriclab.delta.Rules;
import org.fabriclab.history.History;
import org.fabriclab.history.Labels;

/** Small histories with every kind of interval, and the bundled history's folder, for the engine tests. */
public final class Histories {
    private Histories() {}

    public static final Path BUNDLED = Path.of("..", "datasets", "history");
    public static final long T0 = 1_700_000_000_000L, STEP = 300_000L, X = Rules.ABSENT, GB = 1_000_000_000L;

    /** Every kind of interval: readable, missing sample, reset, a gap, no traffic; a second port. */
    public static History handmade() {
        long[] time = new long[14];
        for (int i = 0; i < 10; i++) time[i] = T0 + (i < 7 ? i : i + 2) * STEP;
        for (int i = 10; i < 14; i++) time[i] = T0 + (i - 10) * STEP;
        long[] bytes = {1000 * GB, 1010 * GB, 1020 * GB, X, 1040 * GB, 5 * GB, 15 * GB, 25 * GB, 25 * GB, 45 * GB, GB, 3 * GB, 3 * GB, 9 * GB};
        long[] pause = {100, 20_100, 25_100, X, 25_100, 0, 0, 0, 0, 2_000, 7, 4_007, 4_007, 4_008};
        long[] rp = {0, 0, 0, X, 0, 0, 30_000, 30_000, 30_000, 30_000, 0, 0, 0, 0};
        long[] np = {0, 0, 0, X, 0, 0, 0, 0, 0, 4_000, 0, 0, X, 0};
        Map<String, long[]> c = new LinkedHashMap<>();
        c.put("tx_bytes_phy", bytes);
        c.put("rx_prio3_pause", pause);
        c.put("rp_cnp_handled", rp);
        c.put("np_cnp_sent", np);
        int[] port = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1};
        return History.of("handmade", List.of("a", "b"), time, port, c, Map.of(), 0);
    }

    /** Bytes in 32-bit classic PMA data words (x4, saturating at 2^32-1): pegged intervals and the scale. */
    public static History pegged() {
        long[] time = {T0, T0 + STEP, T0 + 2 * STEP, T0 + 3 * STEP, T0 + 4 * STEP};
        Map<String, long[]> c = new LinkedHashMap<>();
        c.put("PortXmitData", new long[] {4_000_000_000L, 4_100_000_000L, 4_294_967_295L, 4_294_967_295L, 5});
        c.put("rx_prio3_pause", new long[] {0, 4_000_000, 8_000_000, 9_000_000, 9_000_100});
        c.put("rp_cnp_handled", new long[] {0, 0, 0, 0, 0});
        c.put("np_cnp_sent", new long[] {0, 0, 0, 0, 0});
        return History.of("pegged", List.of("a"), time, new int[5], c, Map.of("PortXmitData", org.fabriclab.catalogue.Source.PERFQUERY), 0);
    }

    /**
     * Rules beyond congestion: ports h (host-switch) and s (switch-switch), bytes, received packets and
     * discards, symbol errors (a reset on s), a 3-step gap on h, and UFM's effective_ber measurement
     * (one NaN sample).
     */
    public static History roles() {
        long[] ts = new long[12];
        for (int i = 0; i < 12; i++) ts[i] = T0 + ((i % 6) + (i >= 4 && i < 6 ? 2 : 0)) * STEP;
        Map<String, long[]> c = new LinkedHashMap<>();
        c.put("tx_bytes_phy", new long[] {0, GB, 2 * GB, 3 * GB, 4 * GB, 5 * GB, 0, 2 * GB, 4 * GB, 6 * GB, 8 * GB, 10 * GB});
        c.put("rx_packets_phy", new long[] {0, 1_000_000, 2_000_000, 3_000_000, 4_000_000, 5_000_000,
                0, 2_000_000, 4_000_000, 6_000_000, 8_000_000, 10_000_000});
        c.put("rx_discards_phy", new long[] {0, 0, 10, 10, 1010, 1010, 0, 0, 0, 500, 500, 500});
        c.put("SymbolErrorCounter", new long[] {0, 0, 12, 12, 13, 13, 5, 6, 6, 26, 86, 0});
        Map<String, double[]> m = new LinkedHashMap<>();
        m.put("effective_ber", new double[] {1e-15, 2e-12, Double.NaN, 1e-13, 1e-11, 1e-14, 1e-15, 1e-15, 1e-15, 5e-12, 1e-10, 1e-15});
        return History.of(org.fabriclab.series.Series.of(new String[] {"h", "s"}, new int[] {0, 6, 12}, ts, c, m, null,
                new String[] {"host-switch", "switch-switch"}));
    }

    /** Rules beyond congestion that {@link #roles()} holds the counters of: roles per hour, packet, bit, GB; counts with allowances. */
    public static List<org.fabriclab.history.RateRule> beyondCongestion() {
        return List.of(
                org.fabriclab.history.RateRule.symbolErrorsPerHour(),
                org.fabriclab.history.RateRule.dropRate(),
                org.fabriclab.history.RateRule.ber(),
                org.fabriclab.history.RateRule.of(org.fabriclab.catalogue.Role.DISCARD, org.fabriclab.catalogue.Role.SYMBOL).perGb()
                        .withCombine(org.fabriclab.history.RateRule.Combine.SUM).layer(Layer.LOSSLESS_BROKEN),
                org.fabriclab.history.RateRule.errorThresholds(new java.util.TreeMap<>(Map.of("SymbolErrorCounter", 5L, "rx_discards_phy", 100L))),
                org.fabriclab.history.RateRule.errorCount("SymbolErrorCounter"));
    }

    /** A grid that suits the rule: counts per interval from 0, else log-spaced from 1e-12 to 1e4. */
    public static double[] grid(org.fabriclab.history.RateRule rule) {
        if (rule.per().kind() == org.fabriclab.history.RateRule.Per.Kind.INTERVAL) return new double[] {0, 1, 5, 10, 50, 100, 500};
        return org.fabriclab.history.Thresholds.log(1e-12, 1e4, 40);
    }

    /** Labels of three layers on {@link #roles()}. */
    public static Labels roleLabels() {
        return Labels.of(List.of(
                new Labels.Incident("h", Layer.PHYSICAL, T0 + 2 * STEP, T0 + 2 * STEP, "h symbol burst"),
                new Labels.Incident("s", Layer.PHYSICAL, T0 + 4 * STEP, T0 + 5 * STEP, "s symbol burst, then a reset"),
                new Labels.Incident("h", Layer.LOSSLESS_BROKEN, T0 + 3 * STEP, T0 + 6 * STEP, "h drops"),
                new Labels.Incident("s", Layer.LOSSLESS_BROKEN, T0 + 3 * STEP, T0 + 3 * STEP, "s drops")));
    }

    public static Labels labels() {
        return Labels.of(List.of(
                new Labels.Incident("a", Layer.CONGESTION, T0 + STEP, T0 + STEP, "one interval"),
                new Labels.Incident("a", Layer.CONGESTION, T0 + STEP, T0 + 2 * STEP, "overlapping: counted once"),
                new Labels.Incident("a", Layer.CONGESTION, T0 + 5 * STEP, T0 + 6 * STEP, "reset then CNP"),
                new Labels.Incident("b", Layer.CONGESTION, T0, T0 + 9 * STEP, "pegged"),
                new Labels.Incident("a", Layer.PHYSICAL, T0, T0 + 20 * STEP, "another layer: ignored"),
                new Labels.Incident("zz", Layer.CONGESTION, T0, T0 + 20 * STEP, "a port the history lacks")));
    }


    /**
     * {@code h} written as pandas' {@code to_parquet} and pyarrow would write it ({@code __index_level_0__} first,
     * the time as a Parquet TIMESTAMP, counters as float64 where their values fit its 53 bits and as uint64 above,
     * rows in collection order: time, then port) to {@code out}, from the project's own file {@code own} of it.
     */
    public static void pandasShaped(History h, Path own, Path out) throws java.sql.SQLException {
        StringBuilder cols = new StringBuilder();
        for (String c : h.counters()) {
            long max = 0;
            for (long v : h.values(c)) max = Math.max(max, v);
            String q = org.fabriclab.engines.sql.SweepSql.DUCKDB.apply(c);
            cols.append(", CAST(").append(q).append(max < (1L << 53) ? " AS DOUBLE) AS " : " AS UBIGINT) AS ").append(q);
        }
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:duckdb:")) {
            c.createStatement().execute("COPY (SELECT row_number() OVER () - 1 AS __index_level_0__, make_timestamp(\"timestamp\" * 1000) AS \"timestamp\", port"
                    + cols + " FROM read_parquet('" + own + "') ORDER BY \"timestamp\", port) TO '" + out + "' (FORMAT parquet)");
        }
    }
}
