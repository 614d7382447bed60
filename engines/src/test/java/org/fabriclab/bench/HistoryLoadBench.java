package org.fabriclab.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

import org.fabriclab.engines.duckdb.DuckDbParquet;
import org.fabriclab.history.Choose;
import org.fabriclab.history.History;
import org.fabriclab.history.HistoryFile;
import org.fabriclab.history.Labels;
import org.fabriclab.history.PrimitiveSweepEngine;
import org.fabriclab.history.Progress;
import org.fabriclab.history.RateRule;
import org.fabriclab.history.SweepEngines;
import org.fabriclab.history.SweepResult;
import org.fabriclab.history.Thresholds;

import tech.tablesaw.api.Table;

/**
 * One engine of the history benchmark, in its own JVM so that its peak RSS is its own
 * ({@code bench/history-load.sh} runs every engine side by side and compares their tables):
 * <ul>
 * <li>{@code ours FILE LABELS OUT}: {@code History.load} (CSV, CSV.gz or Parquet) + {@link PrimitiveSweepEngine};</li>
 * <li>{@code ours-rule FILE LABELS OUT}: the same loading only what the rule reads ({@code History.load(file, rule)}:
 * from Parquet the timestamps, ports and the rule's counters);</li>
 * <li>{@code duckdb FILE LABELS OUT}: the DuckDB engine over the file where it lies (load and sweep are one query);</li>
 * <li>{@code spark FILE LABELS OUT [MASTER]}: the Spark engine ({@code local[2]} by default);</li>
 * <li>{@code parquet CSV PARQUET}: converts a CSV history to Parquet with our writer.</li>
 * </ul>
 * Prints {@code load=S sweep=S total=S} (and, for {@code ours}, {@code columns_mb=}: the primitive
 * columns' own size, time + port + counters, 8 + 4 + 8 bytes a row each, and {@code rss_load_mb=}, the
 * peak RSS once loaded, before the sweep), {@code jvm_base_mb=} (the RSS when main starts) and
 * {@code duckdb_library=} (the file DuckDB's native library is mapped from) and writes the 50-row score table to OUT (the same format as
 * {@code bench/history_pandas.py}).
 */
public final class HistoryLoadBench {
    private HistoryLoadBench() {}

    public static void main(String[] args) throws IOException {
        try {
            run(args);
        } catch (RuntimeException | IOException | Error e) {
            e.printStackTrace();
            System.exit(1);         // Spark's non-daemon threads would keep the JVM alive
        }
        System.exit(0);
    }

    private static void run(String[] args) throws IOException {
        String engine = args[0];
        Path file = Path.of(args[1]);
        if (engine.equals("parquet")) {
            long t0 = System.nanoTime();
            History h = History.load(file);
            new DuckDbParquet().write(h, Path.of(args[2]));
            System.out.printf(Locale.ROOT, "wrote %s: %,d rows in %.1f s%n", args[2], h.rows(), (System.nanoTime() - t0) / 1e9);
            return;
        }
        tablesawAsTheKernelStarts();
        long base = status("VmRSS");                         // the JVM before any history work
        double[] th = Thresholds.log(100, 100_000, 50);
        Labels labels = Labels.load(Path.of(args[2]));      // the same small file for every engine: not timed
        long t0 = System.nanoTime();
        double load = Double.NaN;
        SweepResult r;
        long columnBytes = -1;
        switch (engine) {
            case "ours", "ours-rule" -> {
                History h = engine.equals("ours") ? History.load(file) : History.load(file, RateRule.congestion());
                load = (System.nanoTime() - t0) / 1e9;
                columnBytes = h.rows() * (8L + 4L + 8L * h.counters().size());
                System.out.printf(Locale.ROOT, "rss_load_mb=%d%n", status("VmHWM") >> 10);
                r = new PrimitiveSweepEngine().sweep(h, RateRule.congestion(), th, labels, Progress.NONE);
            }
            case "duckdb" -> r = SweepEngines.named("duckdb", options()).sweep(HistoryFile.of(file), RateRule.congestion(), th, labels,
                    Progress.NONE);
            case "spark" -> {
                Map<String, String> o = new java.util.HashMap<>(options());
                o.putIfAbsent("master", args.length > 4 ? args[4] : "local[2]");
                r = SweepEngines.named("spark", o).sweep(HistoryFile.of(file), RateRule.congestion(), th, labels, Progress.NONE);
            }
            default -> throw new IllegalArgumentException("engine: ours, ours-rule, duckdb, spark or parquet");
        }
        double total = (System.nanoTime() - t0) / 1e9;
        System.out.printf(Locale.ROOT, "load=%s sweep=%s total=%.3f%n", Double.isNaN(load) ? "-" : String.format(Locale.ROOT, "%.3f", load),
                Double.isNaN(load) ? "-" : String.format(Locale.ROOT, "%.3f", total - load), total);
        if (columnBytes >= 0) System.out.printf(Locale.ROOT, "columns_mb=%.0f%n", columnBytes / 1048576.0);
        System.out.printf(Locale.ROOT, "jvm_base_mb=%d%n", base >> 10);
        System.out.println("duckdb_library=" + duckdbLibrary());
        System.out.println(r);
        System.out.println(r.choose(Choose.maxRecallWithin(50)).explanation());
        Files.writeString(Path.of(args[3]), table(r.table()));
    }

    /**
     * Tablesaw's {@code Table} initialised as the kernel does before its first cell (kernel
     * {@code cli.TablesawStart.init}: its class-path scan for readers pointed at the tablesaw-core jar),
     * so a sweep here does not pay a start-up cost the kernel has already paid, and no other engine has.
     */
    private static void tablesawAsTheKernelStarts() {
        String cp = System.getProperty("java.class.path", "");
        String core = null;
        for (String e : cp.split(java.io.File.pathSeparator)) {
            String n = Path.of(e).getFileName() == null ? "" : Path.of(e).getFileName().toString();
            if (n.startsWith("tablesaw-core") && n.endsWith(".jar")) core = e;
        }
        if (core != null) System.setProperty("java.class.path", core);
        try {
            tech.tablesaw.api.Table.create("start");
        } finally {
            System.setProperty("java.class.path", cp);
        }
    }

    /** A {@code /proc/self/status} figure in kB (-1 where there is none). */
    static long status(String key) {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (l.startsWith(key + ":")) return Long.parseLong(l.replaceAll("[^0-9]", ""));
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return -1;
    }

    /** Where DuckDB's native library is mapped from (a temporary copy, or in place), "-" when not loaded. */
    static String duckdbLibrary() {
        try {
            return Files.readAllLines(Path.of("/proc/self/maps")).stream().filter(l -> l.contains("libduckdb_java"))
                    .map(l -> l.substring(l.indexOf('/'))).findFirst().orElse("-");
        } catch (IOException | RuntimeException e) {
            return "-";
        }
    }

    /** Engine options from system properties {@code -Dfabriclab.engine.NAME=VALUE} (memory_limit, temp_directory, spark.*). */
    static Map<String, String> options() {
        Map<String, String> o = new java.util.HashMap<>();
        for (String k : System.getProperties().stringPropertyNames()) {
            if (k.startsWith("fabriclab.engine.")) o.put(k.substring("fabriclab.engine.".length()), System.getProperty(k));
        }
        return o;
    }

    /** threshold, alerts, tp, fp, fn, precision, recall: one line per threshold, numbers as %.12e. */
    static String table(Table t) {
        StringBuilder b = new StringBuilder("threshold,alerts,tp,fp,fn,precision,recall\n");
        for (int i = 0; i < t.rowCount(); i++) {
            b.append(String.format(Locale.ROOT, "%.12e,%d,%d,%d,%d,%.12e,%.12e%n", t.doubleColumn("threshold").getDouble(i),
                    t.longColumn("alerts").getLong(i), t.longColumn("tp").getLong(i), t.longColumn("fp").getLong(i),
                    t.longColumn("fn").getLong(i), t.doubleColumn("precision").getDouble(i), t.doubleColumn("recall").getDouble(i)));
        }
        return b.toString();
    }
}
