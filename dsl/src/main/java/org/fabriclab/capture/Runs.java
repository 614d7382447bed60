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
 * <li>The runs are counted by the counter read most often: the first counter (source, port, raw name, queue;
 * classic {@code perfquery} and {@code perfquery -x} are two sources) read that many times starts a run at each of
 * its readings, and the readings from there up to the next start are that run's. So a run may hold several tools'
 * output and several ports ({@code ethtool -S eth0; ethtool -S eth1}, repeated).</li>
 * <li>A run's lines start after the previous run's last reading: absent counters, port attributes and warnings that
 * name their line go to the run whose lines hold them ({@code ibstat} before {@code perfquery} in a session is the
 * next run's); a warning that names no line goes to the first run.</li>
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
        // a run's lines start after the previous run's last reading: what lies between (ibstat before perfquery in a
        // session, its warnings) is the next run's (a reader without line numbers: none are cut by line)
        int[] fromLine = new int[runs];
        for (int k = 1; k < runs; k++) {
            int last = 0;
            for (int i = starts.get(k - 1); i < starts.get(k); i++) last = Math.max(last, rs.get(i).line());
            fromLine[k] = last == 0 ? 0 : last + 1;
        }
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
        // a warning that names its line ("FILE:N: ...") is the run's whose lines hold it; any other, the first run's
        List<List<String>> warnings = new ArrayList<>();
        for (int k = 0; k < runs; k++) warnings.add(new ArrayList<>());
        for (String w : c.warnings()) warnings.get(runOf(lineOf(w, c.file()), fromLine)).add(w);
        List<Capture> out = new ArrayList<>();
        for (int k = 0; k < runs; k++) out.add(c.part(readings.get(k), absents.get(k), attrs.get(k), k == runs - 1, k == 0, warnings.get(k)));
        return out;
    }

    /** The run whose lines hold {@code line}: the last one starting at or before it (the first for a line before all, or none). */
    private static int runOf(int line, int[] fromLine) {
        int k = 0;
        while (k + 1 < fromLine.length && fromLine[k + 1] > 0 && line >= fromLine[k + 1]) k++;
        return k;
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
