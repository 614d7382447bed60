package org.fabriclab.series;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fabriclab.capture.Reading;
import org.fabriclab.delta.Rules;
import org.fabriclab.snapshot.Snapshot;

/**
 * Snapshots taken one after another as a {@link Series}: one row per port and snapshot, one counter
 * column per counter read anywhere ({@link Rules#ABSENT} where a snapshot lacks it), described by the
 * field its readings came from; when ports read one counter from fields of different widths, the
 * column takes the one that saturates lowest, so the delta rule never reads a pegged value as a count.
 *
 * <pre>{@code
 * Series s = FromSnapshots.of(List.of(t0, t1), new long[] {0, 60_000});
 * }</pre>
 */
final class FromSnapshots {
    private FromSnapshots() {}

    static Series of(List<Snapshot> snaps, long[] timesMs) {
        if (snaps.size() != timesMs.length) throw new IllegalArgumentException(snaps.size() + " snapshots but " + timesMs.length + " times");
        for (int i = 1; i < timesMs.length; i++) {
            if (timesMs[i] <= timesMs[i - 1]) throw new IllegalArgumentException("snapshot times must increase; #" + i + " is not after #" + (i - 1));
        }
        Set<String> portSet = new LinkedHashSet<>();
        Map<String, Columns> columns = new LinkedHashMap<>();
        for (Snapshot s : snaps) {
            for (String p : s.ports()) {
                portSet.add(p);
                for (Reading r : s.readings(p).values()) columns.merge(r.counter(), Columns.of(r), Columns::stricter);
            }
        }
        List<String> ports = new ArrayList<>(portSet);
        int m = snaps.size(), n = ports.size() * m;
        int[] start = new int[ports.size() + 1];
        long[] ts = new long[n];
        Map<String, long[]> counters = new LinkedHashMap<>();
        for (String c : columns.keySet()) { long[] a = new long[n]; Arrays.fill(a, Rules.ABSENT); counters.put(c, a); }
        for (int p = 0; p < ports.size(); p++) {
            start[p] = p * m;
            for (int j = 0; j < m; j++) {
                int row = p * m + j;
                ts[row] = timesMs[j];
                for (Reading r : snaps.get(j).readings(ports.get(p)).values()) counters.get(r.counter())[row] = r.value();
            }
        }
        start[ports.size()] = n;
        String name = snaps.isEmpty() ? "snapshots" : snaps.get(0).name() + " .. " + snaps.get(m - 1).name();
        Series s = Series.of(name, ports, start, ts, counters, columns, Map.of(), null, null);
        // link pairs from the snapshots' topology captures (ibnetdiscover -p, ibdiagnet2.lst, ...), when they hold one
        for (Snapshot snap : snaps) if (!snap.topology().isEmpty()) s = s.withTopology(snap.topology());
        return s;
    }
}
