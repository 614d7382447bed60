package org.fabriclab.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabriclab.engines.duckdb.DuckDbParquet;
import org.fabriclab.generate.HistorySet;
import org.fabriclab.history.History;
import org.fabriclab.history.Labels;

/**
 * Writes a fleet history too large for one heap as Parquet slices: {@code ports} ports x
 * {@code days} days from the project's generator, {@code slice} ports at a time (each slice its own
 * seed, ports renamed {@code s<k>/<name>} so they stay distinct), the four counters the congestion
 * sweep reads, and one {@code labels.csv}. Not a unit test: {@code bench/history-scale.sh} runs it.
 *
 * <pre>
 * java -cp ... org.fabriclab.bench.ScaleData OUT_DIR 10000 90 1000
 * </pre>
 */
public final class ScaleData {
    private ScaleData() {}

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        int ports = Integer.parseInt(args[1]), days = Integer.parseInt(args[2]), slice = Integer.parseInt(args[3]);
        Files.createDirectories(out);
        List<String> counters = List.of("tx_bytes_phy", "rx_prio3_pause", "rp_cnp_handled", "np_cnp_sent");
        StringBuilder labels = new StringBuilder("port,layer,start_ms,end_ms\n");
        long rows = 0, t0 = System.nanoTime();
        for (int k = 0; k * slice < ports; k++) {
            int n = Math.min(slice, ports - k * slice);
            HistorySet.Design d = HistorySet.generate(n, days, 42 + k, counters, false);
            History g = d.history();
            List<String> names = new ArrayList<>();
            for (String p : g.ports()) names.add("s" + k + "/" + p);
            Map<String, long[]> cols = new LinkedHashMap<>();
            for (String c : g.counters()) cols.put(c, g.values(c));
            History h = History.of("slice " + k, names, g.time(), g.port(), cols, HistorySet.SOURCES, g.stepMs());
            new DuckDbParquet().write(h, out.resolve(String.format(Locale.ROOT, "slice-%03d.parquet", k)));
            for (Labels.Incident i : d.incidents()) {
                labels.append("s").append(k).append('/').append(i.port()).append(',').append(i.layer().label()).append(',')
                        .append(i.startMs()).append(',').append(i.endMs()).append('\n');
            }
            rows += h.rows();
            System.out.printf(Locale.ROOT, "slice %d: %d ports, %,d rows (total %,d) %.0f s%n", k, n, h.rows(), rows, (System.nanoTime() - t0) / 1e9);
        }
        Files.writeString(out.resolve("labels.csv"), labels);
    }
}
