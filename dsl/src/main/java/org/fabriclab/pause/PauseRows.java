package org.fabriclab.pause;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.CounterDef;
import org.fabriclab.catalogue.Role;
import org.fabriclab.delta.CounterDelta;
import org.fabriclab.delta.Delta;
import org.fabriclab.delta.Rules;
import org.fabriclab.delta.Status;
import org.fabriclab.series.Columns;
import org.fabriclab.series.Series;

/**
 * Turns counter deltas into {@link PauseRow}s: from a {@link Delta} (one window per port: the whole
 * test) or from a {@link Series} (one row per interval). Every counter is judged by the one delta
 * rule ({@link Rules}); durations are converted to microseconds from the catalogue's unit and scale.
 *
 * <pre>{@code
 * List<PauseRow> rows = PauseRows.window(delta, 60.0, startMs, endMs);
 * List<PauseRow> intervals = PauseRows.intervals(series);
 * }</pre>
 */
final class PauseRows {
    private PauseRows() {}

    /** Rows of the whole window of {@code d} for every pause pair a port holds (in either snapshot). */
    static List<PauseRow> window(Delta d, double elapsedS, long startMs, long endMs) {
        Catalogue cat = Catalogue.standard();
        List<PauseRow> out = new ArrayList<>();
        for (String port : d.ports()) {
            Map<String, CounterDelta> m = d.port(port);
            boolean storm = storms(d, port).stream().anyMatch(s -> !s.warning() && s.fired());
            for (PauseCounters pc : PauseCounters.all(cat)) {
                CounterDelta n = m.get(pc.pause());
                CounterDelta t = pc.duration() == null ? null : m.get(pc.duration());
                if (n == null && t == null) continue;
                List<String> problems = new ArrayList<>();
                Long frames = count(n, pc.pause(), problems);
                Long us = t == null ? missing(pc.duration(), problems) : micros(cat, pc.duration(), count(t, pc.duration(), problems), problems);
                CounterDelta x = pc.transition() == null ? null : m.get(pc.transition());
                Long transitions = x != null && x.status() == Status.READABLE ? x.delta() : null;
                out.add(new PauseRow(port, pc.direction(), pc.priority(), startMs, endMs, elapsedS, frames, us, transitions, storm,
                        problems.isEmpty() ? null : String.join("; ", problems)));
            }
        }
        return out;
    }

    /** The storm-event and storm-warning counters of {@code port} in {@code d}. */
    static List<StormCount> storms(Delta d, String port) {
        Catalogue cat = Catalogue.standard();
        List<StormCount> out = new ArrayList<>();
        Map<String, CounterDelta> m = d.port(port);
        for (Role role : List.of(Role.STORM_EVENT, Role.STORM_WARNING)) {
            for (String c : cat.counters(role)) {
                CounterDelta cd = m.get(c);
                if (cd == null) continue;
                boolean ok = cd.status() == Status.READABLE;
                out.add(new StormCount(port, c, role == Role.STORM_WARNING, ok ? cd.delta() : null, ok ? null : cd.status() + ": " + cd.reason()));
            }
        }
        return out;
    }

    /** One row per port, pause pair and interval of {@code s} (intervals between consecutive samples of a port). */
    static List<PauseRow> intervals(Series s) {
        Catalogue cat = Catalogue.standard();
        long[] ts = s.timestamps();
        boolean[] storm = new boolean[s.rows()];
        for (String sc : cat.counters(Role.STORM_EVENT)) {
            long[] c = s.counter(sc);
            if (c == null) continue;
            long cap = cap(s, sc);
            for (int p = 0; p < s.portCount(); p++) {
                for (int i = s.start(p) + 1; i < s.end(p); i++) {
                    if (Rules.status(c[i - 1], c[i], cap) == Status.READABLE && c[i] > c[i - 1]) storm[i] = true;
                }
            }
        }
        List<PauseRow> out = new ArrayList<>();
        for (PauseCounters pc : PauseCounters.all(cat)) {
            long[] n = s.counter(pc.pause());
            long[] t = pc.duration() == null ? null : s.counter(pc.duration());
            if (n == null && t == null) continue;
            long[] x = pc.transition() == null ? null : s.counter(pc.transition());
            long capN = cap(s, pc.pause()), capT = t == null ? 0 : cap(s, pc.duration()), capX = x == null ? 0 : cap(s, pc.transition());
            for (int p = 0; p < s.portCount(); p++) {
                if (!holds(n, s, p) && !holds(t, s, p)) continue;
                for (int i = s.start(p) + 1; i < s.end(p); i++) {
                    List<String> problems = new ArrayList<>();
                    Long frames = count(n, i, capN, pc.pause(), problems);
                    Long us = t == null ? missing(pc.duration(), problems) : micros(cat, pc.duration(), count(t, i, capT, pc.duration(), problems), problems);
                    Long transitions = x == null || Rules.status(x[i - 1], x[i], capX) != Status.READABLE ? null : x[i] - x[i - 1];
                    out.add(new PauseRow(s.port(p), pc.direction(), pc.priority(), ts[i - 1], ts[i], (ts[i] - ts[i - 1]) / 1e3,
                            frames, us, transitions, storm[i], problems.isEmpty() ? null : String.join("; ", problems)));
                }
            }
        }
        return out;
    }

    private static boolean holds(long[] c, Series s, int p) {
        if (c == null) return false;
        for (int i = s.start(p); i < s.end(p); i++) if (c[i] != Rules.ABSENT) return true;
        return false;
    }

    private static long cap(Series s, String counter) { return s.column(counter).map(Columns::cap).orElse(0L); }

    private static Long count(CounterDelta c, String name, List<String> problems) {
        if (c == null) return missing(name, problems);
        if (c.status() == Status.READABLE) return c.delta();
        problems.add(name + " " + c.status() + ": " + c.reason());
        return null;
    }

    private static Long count(long[] c, int i, long cap, String name, List<String> problems) {
        if (c == null) return missing(name, problems);
        Status st = Rules.status(c[i - 1], c[i], cap);
        if (st == Status.READABLE) return c[i] - c[i - 1];
        problems.add(name + " " + st + (st == Status.MISSING ? ": absent in one of the two samples" : st == Status.RESET
                ? ": went from " + c[i - 1] + " to " + c[i] + " (reset or wrap)" : ": at its field's saturation value " + cap));
        return null;
    }

    private static Long missing(String name, List<String> problems) {
        problems.add((name == null ? "the duration counter" : name) + " is not captured");
        return null;
    }

    /** A duration delta in microseconds, from the counter's catalogue unit and scale. */
    static Long micros(Catalogue cat, String counter, Long delta, List<String> problems) {
        if (delta == null) return null;
        CounterDef def = cat.definition(counter).orElse(null);
        if (def == null) { problems.add(counter + " is not in the catalogue (unit unknown)"); return null; }
        long v = delta * def.scale();
        return switch (def.unit()) {
            case "us" -> v;
            case "ms" -> v * 1000;
            case "s" -> v * 1_000_000;
            case "ns" -> v / 1000;
            default -> { problems.add(counter + " counts '" + def.unit() + "', not time"); yield null; }
        };
    }
}
