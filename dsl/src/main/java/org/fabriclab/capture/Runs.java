package org.fabriclab.capture;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One file holding a tool's output two or more times, as a quick collection appends it
 * ({@code perfquery -x > c.txt}, the test, {@code perfquery -x >> c.txt}; or both runs pasted into one ticket),
 * cut into its runs.
 * <ul>
 * <li>Runs are counted per port, by the counter read most often: the port's first counter (source, raw name, queue;
 * classic {@code perfquery} and {@code perfquery -x} are two sources) read that many times starts the port's next run
 * at each of its readings. So a run may hold several tools' output and several ports ({@code ethtool -S eth0;
 * ethtool -S eth1}, repeated), and a loop that samples one port after the other ({@code for d in eth0 eth1; do
 * ethtool -S $d; sleep 10; ethtool -S $d; done}) gives each port's first sample to the first run, its second to the
 * second. A port read once goes with the reading before it.</li>
 * <li>Absent counters, port attributes and warnings that name their line go to the run of the next reading after
 * them, of their own port where it has readings ({@code ibstat} before {@code perfquery} in a session is the next
 * run's); after the last reading, to the last run; a warning that names no line goes to the first run.</li>
 * <li>A port attribute (rate, link layer) is lent to a run that holds none for that port and key: it describes the
 * port, not a moment. The measurement tables stay with the last run.</li>
 * </ul>
 *
 * <pre>{@code
 * List<Capture> runs = Runs.of(Readers.standard().read(Path.of("both.txt")));   // [before, after]
 * }</pre>
 */
public final class Runs {
    private Runs() {}

    /** {@code c}'s runs in file order: {@code c} alone when every counter is read once. */
    public static List<Capture> of(Capture c) {
        List<Reading> rs = c.readings();
        int n = rs.size();
        // per port, the first of its most-read counters starts a run at each of its readings
        Map<String, Integer> count = new HashMap<>();
        for (Reading r : rs) count.merge(key(r), 1, Integer::sum);
        Map<String, String> starter = new HashMap<>();
        Map<String, Integer> most = new HashMap<>();
        for (Reading r : rs) {
            int k = count.get(key(r));
            if (k > most.getOrDefault(r.port(), 1)) {
                most.put(r.port(), k);
                starter.put(r.port(), key(r));
            }
        }
        if (starter.isEmpty()) return List.of(c);
        int runs = 0;
        for (int k : most.values()) runs = Math.max(runs, k);
        // each reading's run: its port's count of run starts so far; a port read once goes with the reading before it
        int[] run = new int[n];
        Map<String, Integer> at = new HashMap<>();
        int previous = 0;
        for (int i = 0; i < n; i++) {
            Reading r = rs.get(i);
            String first = starter.get(r.port());
            if (first == null) {
                run[i] = previous;
                continue;
            }
            int k = at.getOrDefault(r.port(), -1);
            if (key(r).equals(first)) at.put(r.port(), ++k);
            run[i] = previous = Math.max(k, 0);
        }
        List<List<Reading>> readings = new ArrayList<>();
        List<List<Absent>> absents = new ArrayList<>();
        List<List<PortAttr>> attrs = new ArrayList<>();
        for (int k = 0; k < runs; k++) {
            readings.add(new ArrayList<>());
            absents.add(new ArrayList<>());
            attrs.add(new ArrayList<>());
        }
        for (int i = 0; i < n; i++) readings.get(run[i]).add(rs.get(i));
        // what has a line (an absent counter, an attribute, a warning naming its line) is the run of the next reading at or
        // after it, of its own port where that port has readings: what lies between two runs (ibstat before perfquery in a
        // session) is the next run's; after the last reading, the last run's; no line (a reader without line numbers), the first's
        Lines all = new Lines();
        Map<String, Lines> byPort = new HashMap<>();
        for (int i = 0; i < n; i++) {
            Reading r = rs.get(i);
            all.add(r.line(), run[i]);
            if (starter.containsKey(r.port())) byPort.computeIfAbsent(r.port(), p -> new Lines()).add(r.line(), run[i]);
        }
        for (Absent a : c.absents()) absents.get(byPort.getOrDefault(a.port(), all).runAt(a.line())).add(a);
        for (PortAttr a : c.attrs()) attrs.get(byPort.getOrDefault(a.port(), all).runAt(a.line())).add(a);
        // an attribute describes the port: a run that holds none for its port and key borrows the nearest earlier run's, else a later one's
        Map<String, PortAttr> seen = new LinkedHashMap<>();
        for (List<PortAttr> list : attrs) for (PortAttr a : list) seen.putIfAbsent(a.port() + '\0' + a.key(), a);
        for (List<PortAttr> list : attrs) {
            Map<String, PortAttr> have = new HashMap<>();
            for (PortAttr a : list) have.put(a.port() + '\0' + a.key(), a);
            for (Map.Entry<String, PortAttr> e : seen.entrySet()) {
                if (!have.containsKey(e.getKey())) list.add(e.getValue());
            }
            for (PortAttr a : list) seen.put(a.port() + '\0' + a.key(), a);
        }
        List<List<String>> warnings = new ArrayList<>();
        for (int k = 0; k < runs; k++) warnings.add(new ArrayList<>());
        for (String w : c.warnings()) warnings.get(all.runAt(lineOf(w, c.file()))).add(w);
        List<Capture> out = new ArrayList<>();
        for (int k = 0; k < runs; k++) out.add(c.part(readings.get(k), absents.get(k), attrs.get(k), k == runs - 1, k == 0, warnings.get(k)));
        return out;
    }

    /** Readings' lines and runs, asked for the run of the first reading at or after a line. */
    private static final class Lines {
        private int[] lines = new int[16], runs = new int[16];
        private int size, last = -1;
        private boolean sorted = true;

        void add(int line, int run) {
            if (size == lines.length) {
                lines = java.util.Arrays.copyOf(lines, size * 2);
                runs = java.util.Arrays.copyOf(runs, size * 2);
            }
            if (line < last) sorted = false;
            last = line;
            lines[size] = line;
            runs[size++] = run;
        }

        /** The run of the first reading (by line) at or after {@code line}; the last reading's after them all; 0 for no line. */
        int runAt(int line) {
            if (line <= 0 || size == 0) return 0;
            if (!sorted) sort();
            if (lines[size - 1] <= 0) return 0;   // readings without line numbers: nothing is cut by line
            int lo = 0, hi = size;   // first index with lines[i] >= line
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (lines[mid] < line) lo = mid + 1; else hi = mid;
            }
            return lo < size ? runs[lo] : runs[size - 1];
        }

        private void sort() {
            Integer[] order = new Integer[size];
            for (int i = 0; i < size; i++) order[i] = i;
            java.util.Arrays.sort(order, (a, b) -> Integer.compare(lines[a], lines[b]));   // stable: file order within a line
            int[] l = new int[size], r = new int[size];
            for (int i = 0; i < size; i++) { l[i] = lines[order[i]]; r[i] = runs[order[i]]; }
            lines = l;
            runs = r;
            sorted = true;
        }
    }

    /** The line a warning names after its file ({@code FILE:12: ...}), else 0. */
    private static int lineOf(String warning, String file) {
        if (!warning.startsWith(file + ":")) return 0;
        int at = file.length() + 1, end = at;
        while (end < warning.length() && Character.isDigit(warning.charAt(end))) end++;
        return end > at && end < warning.length() && warning.charAt(end) == ':' && end - at < 10 ? Integer.parseInt(warning.substring(at, end)) : 0;
    }

    private static String key(Reading r) {
        return r.source().key() + '\0' + r.port() + '\0' + r.rawName() + '\0' + r.queue();
    }
}
