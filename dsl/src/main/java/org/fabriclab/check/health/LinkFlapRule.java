package org.fabriclab.check.health;

import org.fabriclab.work.Cancellation;
import java.util.List;

import org.fabriclab.delta.Rules;
import org.fabriclab.delta.Status;
import org.fabriclab.series.Columns;
import org.fabriclab.series.Series;

/**
 * Link flaps: the link went down on <em>both</em> ends at least as many times as the threshold
 * (default 15, separately for {@code switch-switch} and {@code host-switch} links). The count of an
 * end is the rise of its link-down counter (canonical {@code LinkDownedCounter}) since its first
 * sample in the series; the link's count at a sample is the smaller of the two ends (the peer's value
 * taken at its latest sample not after this one). Ports whose peer is unknown or absent from the
 * series are skipped (a note says how many); a link of unknown kind uses the host-switch threshold.
 * Each rise is a delta: where the delta rule finds either end missing, reset or pegged there is no
 * count at that sample.
 */
final class LinkFlapRule {
    static final String RULE = "link-flap";

    private LinkFlapRule() {}

    static void run(Series s, HealthConfig c, List<Alert> out, List<String> notes) {
        long[] down = s.counter(c.linkDownCounter());
        if (down == null) {
            notes.add(RULE + ": skipped, the series lacks " + c.linkDownCounter());
            return;
        }
        long cap = s.column(c.linkDownCounter()).map(Columns::cap).orElse(0L);
        long[] ts = s.timestamps();
        int noPeer = 0, unknownKind = 0;
        Cancellation cancel = Cancellation.ofCurrentThread();
        for (int p = 0; p < s.portCount(); p++) {
            cancel.check();
            int q = s.peer(p) == null ? -1 : s.indexOf(s.peer(p));
            if (q < 0) { noPeer++; continue; }
            String kind = s.linkKind(p);
            boolean ss = "switch-switch".equals(kind);
            if (!ss && !"host-switch".equals(kind)) unknownKind++;
            long thr = ss ? c.linkFlapSwitchSwitch() : c.linkFlapHostSwitch();
            Episode ep = new Episode(Engine.LINK_FLAPS, RULE, true);
            Mode mode = c.modeOf(Engine.LINK_FLAPS, s.port(p));
            long base = firstValue(down, s.start(p), s.end(p)), peerBase = firstValue(down, s.start(q), s.end(q));
            int k = s.start(q) - 1;
            for (int i = s.start(p); i < s.end(p); i++) {
                while (k + 1 < s.end(q) && ts[k + 1] <= ts[i]) k++;
                if (k < s.start(q) || Rules.status(base, down[i], cap) != Status.READABLE
                        || Rules.status(peerBase, down[k], cap) != Status.READABLE) {
                    ep.clear(s.port(p), mode, out);
                    continue;
                }
                long mine = down[i] - base, theirs = down[k] - peerBase;
                long link = Math.min(mine, theirs);
                if (link >= thr) {
                    ep.hit(ts[i], link, thr, () -> mine + " link-down events here, " + theirs + " on " + s.port(q)
                            + " (" + (ss ? "switch-switch" : kind == null ? "kind unknown, host-switch threshold" : kind) + ")");
                } else {
                    ep.clear(s.port(p), mode, out);
                }
            }
            ep.clear(s.port(p), mode, out);
        }
        if (noPeer > 0) notes.add(RULE + ": " + noPeer + " ports skipped, peer unknown or not in the series");
        if (unknownKind > 0) notes.add(RULE + ": " + unknownKind + " ports of unknown link kind graded with the host-switch threshold");
    }

    private static long firstValue(long[] a, int from, int to) {
        for (int i = from; i < to; i++) if (a[i] != Rules.ABSENT) return a[i];
        return Rules.ABSENT;
    }
}
