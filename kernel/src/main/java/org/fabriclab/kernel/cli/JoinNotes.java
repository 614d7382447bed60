package org.fabriclab.kernel.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.snapshot.Snapshot;

/**
 * How the snapshots' ports were joined, on stderr. By default one summary line: how many notes of
 * which kind (a narrow counter copy pegged and the wide copy used, a port identity joined, an
 * unnamed {@code ethtool -S} dump paired with the only RDMA port) and {@code --verbose} to see them;
 * with {@code verbose} every note. Unjoined ports are always listed, one line each: they change what
 * a verdict covers. The readers' warnings about the captures ({@link Snapshot#warnings()}) are
 * always printed too, one line each, labelled with their snapshot.
 *
 * <pre>{@code
 * JoinNotes.print(err, verbose, JoinNotes.beforeAfter(before, after));
 * // fabriclab: join notes: 10 (before 5, after 5): 8 narrow copies pegged, 64-bit copy used; 2 port identities joined (--verbose lists them)
 * }</pre>
 */
final class JoinNotes {
    private JoinNotes() {}

    /** {@code before} and {@code after}, labelled, in that order. */
    static <T> Map<String, T> beforeAfter(T before, T after) {
        Map<String, T> m = new LinkedHashMap<>();
        m.put("before", before);
        m.put("after", after);
        return m;
    }

    /** Prints the notes of the snapshots, labelled ("before", "after", "t0", ...), in order. */
    static void print(PrintWriter err, boolean verbose, Map<String, Snapshot> snapshots) {
        Map<String, List<String>> warnings = new LinkedHashMap<>();
        for (Map.Entry<String, Snapshot> e : snapshots.entrySet()) warnings.put(e.getKey(), e.getValue().warnings());
        print(err, verbose, snapshots, warnings);
    }

    /** {@link #print(PrintWriter, boolean, Map)} with the warnings given per label (an incident's leave out the date file it used). */
    static void print(PrintWriter err, boolean verbose, Map<String, Snapshot> snapshots, Map<String, List<String>> warnings) {
        List<String> all = new ArrayList<>();
        Map<String, Integer> perSnapshot = new LinkedHashMap<>();
        for (Map.Entry<String, Snapshot> e : snapshots.entrySet()) {
            List<String> notes = e.getValue().notes();
            perSnapshot.put(e.getKey(), notes.size());
            for (String n : notes) all.add(e.getKey() + ": " + n);
        }
        if (verbose) {
            for (String n : all) err.println("fabriclab: " + n);
        } else if (!all.isEmpty()) {
            err.println("fabriclab: " + summary(perSnapshot, snapshots));
        }
        warnings.forEach((label, ws) -> ws.forEach(w -> err.println("fabriclab: " + label + ": warning: " + w)));
        for (Map.Entry<String, Snapshot> e : snapshots.entrySet()) {
            for (String u : e.getValue().unjoined()) {
                err.println("fabriclab: " + e.getKey() + ": port " + u + " could not be joined to a device port");
            }
        }
        err.flush();
    }

    /** The one-line summary: counts per snapshot and per kind of note. */
    static String summary(Map<String, Integer> perSnapshot, Map<String, Snapshot> snapshots) {
        Map<String, Integer> kinds = new LinkedHashMap<>();
        int total = 0;
        for (Snapshot s : snapshots.values()) {
            for (String n : s.notes()) {
                kinds.merge(kind(n), 1, Integer::sum);
                total++;
            }
        }
        List<String> per = new ArrayList<>();
        perSnapshot.forEach((k, v) -> { if (v > 0) per.add(k + " " + v); });
        List<String> what = new ArrayList<>();
        kinds.forEach((k, v) -> what.add(v + " " + k));
        return "join notes: " + total + " (" + String.join(", ", per) + "): " + String.join("; ", what) + " (--verbose lists them)";
    }

    /** The kind of a note, by the wording of the snapshot's join rules. */
    static String kind(String note) {
        if (note.contains(" copy pegged at ")) return "narrow counter copies pegged, the wider copy used";
        if (note.startsWith("ethtool dump without an interface name")) return "unnamed ethtool -S dumps paired with the only RDMA port";
        if (note.contains(" joined as ")) return "port identities joined (LID, GUID or netdev to the device port)";
        return "other notes";
    }
}
