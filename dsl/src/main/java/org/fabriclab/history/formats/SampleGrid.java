package org.fabriclab.history.formats;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.catalogue.Binding;
import org.fabriclab.catalogue.Source;
import org.fabriclab.delta.Rules;
import org.fabriclab.history.History;
import org.fabriclab.history.Steps;

/**
 * Collects counter samples (port, time, catalogued binding, value) from any order and builds the
 * {@link History}: rows grouped by port (first seen first), in time order; one row per distinct
 * sample time of a port; {@link Rules#ABSENT} where a counter has no sample at a row's time.
 * <ul>
 * <li>When one port reports a counter under two raw names (node_exporter's {@code port_data_*} from
 * {@code counters/} and {@code legacy_data_*} from {@code counters_ext/}), the port keeps one copy for all its
 * rows (never a mix, which would fake resets): the one with the wider field, as the snapshot readers prefer
 * it; between copies of the same width, the one with the larger value over the port's rows (a copy that stays
 * at 0 while its twin counts is not counting: node_exporter's mlx4 fixture, {@code unicast_packets_transmitted}
 * 0 beside {@code legacy_unicast_packets_transmitted} 61239), then the first raw name in name order, so the
 * choice does not depend on the order the samples came in.</li>
 * <li>A counter's column is read from the source whose field saturates lowest among the ports (the
 * stricter cap: a pegged value is never read as a count), as a series of snapshots does.</li>
 * <li>The same raw name twice for one port and time must carry one value; two values are a
 * {@link CaptureException} at the second one's line.</li>
 * </ul>
 *
 * <pre>{@code
 * SampleGrid g = new SampleGrid("scrapes");
 * g.put("mlx5_0/1", 1_700_000_000_000L, binding, 3733440, "a.prom", 12);
 * History h = g.build();
 * }</pre>
 */
final class SampleGrid {
    /** One value and where it was read. */
    private record Cell(long value, String file, int line) {}

    private final String name;
    /** port -> time -> raw name -> cell */
    private final Map<String, TreeMap<Long, Map<String, Cell>>> ports = new LinkedHashMap<>();
    /** raw name -> its binding */
    private final Map<String, Binding> bindings = new HashMap<>();

    SampleGrid(String name) { this.name = name; }

    /** Adds one sample of {@code b}'s counter, already in the counter's own unit. */
    void put(String port, long timeMs, Binding b, long value, String file, int line) {
        String raw = b.source().key() + "\t" + b.field().rawName();
        bindings.putIfAbsent(raw, b);
        Map<String, Cell> row = ports.computeIfAbsent(port, k -> new TreeMap<>()).computeIfAbsent(timeMs, k -> new HashMap<>());
        Cell prev = row.putIfAbsent(raw, new Cell(value, file, line));
        if (prev != null && prev.value != value) {
            throw new CaptureException(file, line, b.field().rawName() + " of port '" + port + "' at " + timeMs + " ms is " + value
                    + " here and " + prev.value + " at " + prev.file + ":" + prev.line + "; one sample has one value");
        }
    }

    /** A row for {@code port} at {@code timeMs} even when no counter was read there (values absent). */
    void touch(String port, long timeMs) {
        ports.computeIfAbsent(port, k -> new TreeMap<>()).computeIfAbsent(timeMs, k -> new HashMap<>());
    }

    boolean isEmpty() { return ports.isEmpty(); }

    /** The ports seen, first seen first. */
    List<String> ports() { return new ArrayList<>(ports.keySet()); }

    /** The history, with the step the sample intervals give (their exact mode, as the CSV loader). */
    History build() {
        // per port and counter: the raw name with the widest field (first seen on a tie)
        Map<String, Map<String, String>> chosen = new LinkedHashMap<>();      // port -> counter -> raw
        Map<String, Binding> stricter = new LinkedHashMap<>();                 // counter -> binding of its column
        for (var pe : ports.entrySet()) {
            Map<String, Long> max = new HashMap<>();                          // raw -> its largest value at this port
            for (Map<String, Cell> row : pe.getValue().values()) row.forEach((raw, cell) -> max.merge(raw, cell.value, Math::max));
            Map<String, String> c = new LinkedHashMap<>();
            for (String raw : max.keySet().stream().sorted().toList()) {
                Binding b = bindings.get(raw);
                String prev = c.get(b.canonical());
                if (prev == null || preferred(b, max.get(raw), bindings.get(prev), max.get(prev))) c.put(b.canonical(), raw);
            }
            chosen.put(pe.getKey(), c);
            for (String raw : c.values()) {
                Binding b = bindings.get(raw);
                Binding s = stricter.get(b.canonical());
                if (s == null || stricterThan(b, s)) stricter.put(b.canonical(), b);
            }
        }
        int rows = 0;
        for (TreeMap<Long, Map<String, Cell>> t : ports.values()) rows += t.size();
        List<String> portNames = new ArrayList<>(ports.keySet());
        long[] time = new long[rows];
        int[] port = new int[rows];
        Map<String, long[]> counters = new LinkedHashMap<>();
        for (String c : stricter.keySet().stream().sorted().toList()) {
            long[] v = new long[rows];
            java.util.Arrays.fill(v, Rules.ABSENT);
            counters.put(c, v);
        }
        int r = 0;
        for (int p = 0; p < portNames.size(); p++) {
            Map<String, String> c = chosen.get(portNames.get(p));
            for (var te : ports.get(portNames.get(p)).entrySet()) {
                time[r] = te.getKey();
                port[r] = p;
                for (var ce : c.entrySet()) {
                    Cell cell = te.getValue().get(ce.getValue());
                    if (cell != null) counters.get(ce.getKey())[r] = cell.value;
                }
                r++;
            }
        }
        Map<String, Source> sources = new LinkedHashMap<>();
        stricter.forEach((c, b) -> sources.put(c, b.source()));
        return History.of(name, portNames, time, port, counters, sources, Steps.of(time, port));
    }

    private static int width(Binding b) { return b.field().width() <= 0 ? 0 : b.field().width(); }

    /** True when copy {@code a} (largest value {@code maxA}) beats {@code b}: a wider field, else on the same width a larger value. */
    private static boolean preferred(Binding a, long maxA, Binding b, long maxB) {
        if (width(a) != width(b)) return width(a) > width(b);
        return maxA > maxB;
    }

    /** True when {@code a}'s field saturates lower than {@code b}'s (a cap beats no cap). */
    private static boolean stricterThan(Binding a, Binding b) {
        long ca = Rules.capOf(a.field()), cb = Rules.capOf(b.field());
        if (ca == 0) return false;
        return cb == 0 || ca < cb;
    }
}
