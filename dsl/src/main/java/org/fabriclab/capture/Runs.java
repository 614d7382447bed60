package org.fabriclab.capture;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One file holding a tool's output two or more times, as a quick collection appends it
 * ({@code perfquery -x > c.txt}, the test, {@code perfquery -x >> c.txt}; or both runs pasted into one ticket),
 * cut into its runs. The runs are counted by the counter read most often: the first counter (source, port, raw name,
 * queue; classic {@code perfquery} and {@code perfquery -x} are two sources) read that many times starts a run at each of its readings, and everything read from there up to the
 * next start is that run's. So a run may hold several tools' output ({@code perfquery} beside
 * {@code perfquery -x}, each repeated) and several ports ({@code ethtool -S eth0; ethtool -S eth1}, repeated).
 * Readings and absent counters before the first start belong to the first run; a port attribute (rate, link
 * layer) belongs to the run whose lines hold it and is lent to a run that holds none for that port and key (it
 * describes the port, not a moment). The measurement tables and the warnings stay with the last run and the
 * first run.
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
        Map<String, Integer> count = new HashMap<>();
        for (Reading r : rs) count.merge(key(r), 1, Integer::sum);
        int most = 1;
        String first = null;
        for (Reading r : rs) {
            int n = count.get(key(r));
            if (n > most) {
                most = n;
                first = key(r);
            }
        }
        if (first == null) return List.of(c);
        List<Integer> starts = new ArrayList<>();
        for (int i = 0; i < rs.size(); i++) if (key(rs.get(i)).equals(first)) starts.add(i);
        starts.set(0, 0);
        int runs = starts.size();
        // a run's lines start at its first reading's (a reader without line numbers: none are cut by line)
        int[] fromLine = new int[runs];
        for (int k = 0; k < runs; k++) fromLine[k] = rs.get(starts.get(k)).line();
        List<List<Reading>> readings = new ArrayList<>();
        List<List<Absent>> absents = new ArrayList<>();
        List<List<PortAttr>> attrs = new ArrayList<>();
        for (int k = 0; k < runs; k++) {
            readings.add(new ArrayList<>(rs.subList(starts.get(k), k + 1 < runs ? starts.get(k + 1) : rs.size())));
            absents.add(new ArrayList<>());
            attrs.add(new ArrayList<>());
        }
        for (Absent a : c.absents()) absents.get(runOf(a.line(), fromLine)).add(a);
        for (PortAttr a : c.attrs()) attrs.get(runOf(a.line(), fromLine)).add(a);
        // an attribute describes the port: a run that holds none for its port and key borrows the nearest earlier run's, else a later one's
        Map<String, PortAttr> seen = new LinkedHashMap<>();
        for (List<PortAttr> run : attrs) for (PortAttr a : run) seen.putIfAbsent(a.port() + '\0' + a.key(), a);
        for (List<PortAttr> run : attrs) {
            Map<String, PortAttr> have = new HashMap<>();
            for (PortAttr a : run) have.put(a.port() + '\0' + a.key(), a);
            for (Map.Entry<String, PortAttr> e : seen.entrySet()) {
                if (!have.containsKey(e.getKey())) run.add(e.getValue());
            }
            for (PortAttr a : run) seen.put(a.port() + '\0' + a.key(), a);
        }
        List<Capture> out = new ArrayList<>();
        for (int k = 0; k < runs; k++) out.add(c.part(readings.get(k), absents.get(k), attrs.get(k), k == runs - 1, k == 0));
        return out;
    }

    /** The run whose lines hold {@code line}: the last one starting at or before it (the first for a line before all, or none). */
    private static int runOf(int line, int[] fromLine) {
        int k = 0;
        while (k + 1 < fromLine.length && fromLine[k + 1] > 0 && line >= fromLine[k + 1]) k++;
        return k;
    }

    private static String key(Reading r) {
        return r.source().key() + '\0' + r.port() + '\0' + r.rawName() + '\0' + r.queue();
    }
}
