package org.fabriclab.pause;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.fabriclab.delta.Delta;
import org.fabriclab.delta.Rules;
import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;
import org.fabriclab.series.Series;
import org.knowm.xchart.internal.chartpart.Chart;

import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Pause analysis from what captures hold. Per port, direction and priority over the window between
 * two snapshots: pause frames, time paused, mean pause per frame and the pause duty cycle (time
 * paused / elapsed time), compared with published references ({@link References}); the pause-storm
 * watchdog counters of each port; and, from a series (snapshots over time, or a pause-series CSV),
 * the same per interval with its distribution. Counters are found by catalogue role
 * ({@code pause}, {@code pause-duration}, {@code pause-transition}, {@code storm-event},
 * {@code storm-warning}), never by name. rx pause means the peer throttles us; tx pause means our
 * receive path is behind.
 *
 * <pre>{@code
 * PauseAnalysis p = PauseAnalysis.of(delta(before, after), 60.0);     // elapsed 60 s
 * PauseAnalysis q = PauseAnalysis.of(series(capture("pause-series.csv").measurements("telemetry").get()));
 * p.window();  q.intervals();  p.charts();
 * }</pre>
 */
public final class PauseAnalysis implements Renderable {
    private final List<PauseRow> window;
    private final List<PauseRow> intervals;
    private final List<StormCount> storms;
    private final String elapsedNote;
    private final String seriesName;

    private PauseAnalysis(List<PauseRow> window, List<PauseRow> intervals, List<StormCount> storms, String elapsedNote, String seriesName) {
        this.window = List.copyOf(window);
        this.intervals = List.copyOf(intervals);
        this.storms = List.copyOf(storms);
        this.elapsedNote = elapsedNote;
        this.seriesName = seriesName;
    }

    /** The window between the two snapshots of {@code d}; {@code elapsedS} NaN when unknown (no duty cycle then). */
    public static PauseAnalysis of(Delta d, double elapsedS) {
        return of(d, elapsedS, Double.isNaN(elapsedS) ? "elapsed time unknown (no snapshot timestamps, none given): no duty cycle"
                : "elapsed " + References.seconds(elapsedS) + " (given)");
    }

    /** The same, saying where the elapsed time came from ({@code "from the snapshots' timestamp.json"}). */
    public static PauseAnalysis of(Delta d, double elapsedS, String elapsedNote) {
        if (!Double.isNaN(elapsedS) && !(elapsedS > 0)) throw new IllegalArgumentException("elapsed time must be > 0 s, found " + elapsedS);
        List<StormCount> st = new ArrayList<>();
        for (String p : d.ports()) st.addAll(PauseRows.storms(d, p));
        return new PauseAnalysis(PauseRows.window(d, elapsedS, Rules.ABSENT, Rules.ABSENT), List.of(), st, elapsedNote, null);
    }

    /** Every interval of {@code s}; the window is the sum of each port's usable intervals. */
    public static PauseAnalysis of(Series s) {
        List<PauseRow> iv = PauseRows.intervals(s);
        return new PauseAnalysis(sum(iv), iv, List.of(), "elapsed time from the series' timestamps", s.name());
    }

    /** This window with the intervals of {@code s} added (a series captured beside the two snapshots). */
    public PauseAnalysis withSeries(Series s) {
        return new PauseAnalysis(window, PauseRows.intervals(s), storms, elapsedNote, s.name());
    }

    /**
     * Sums each port and pair over its usable intervals (frames, time paused and length together). When no interval has a
     * usable time paused (a NIC without a pause-duration counter: Intel ice and i40e, mlx4), the frames are summed over the
     * intervals whose frame count is usable, with the window's length over the same intervals, and the time paused stays
     * unknown with the reason: the frames and the frame rate are still shown.
     */
    private static List<PauseRow> sum(List<PauseRow> iv) {
        Map<String, List<PauseRow>> by = new LinkedHashMap<>();
        for (PauseRow r : iv) by.computeIfAbsent(r.port() + "\t" + r.label(), k -> new ArrayList<>()).add(r);
        List<PauseRow> out = new ArrayList<>();
        for (List<PauseRow> l : by.values()) {
            boolean timed = l.stream().anyMatch(PauseRow::usable);
            long frames = 0, us = 0, tr = 0;
            double elapsed = 0;
            int bad = 0;
            boolean storm = false, anyTr = false;
            for (PauseRow r : l) {
                if (timed ? !r.usable() : r.frames() == null) { bad++; continue; }
                frames += r.frames(); elapsed += r.elapsedS(); storm |= r.storm();
                if (timed) us += r.pauseUs();
                if (r.transitions() != null) { tr += r.transitions(); anyTr = true; }
            }
            PauseRow f = l.get(0), last = l.get(l.size() - 1);
            boolean none = bad == l.size();
            String problem = none ? "no usable interval: " + f.problem()
                    : !timed ? (bad > 0 ? bad + " of " + l.size() + " intervals without a frame count; " : "")
                            + l.stream().filter(r -> r.frames() != null).findFirst().orElse(f).problem()
                    : bad > 0 ? bad + " of " + l.size() + " intervals unusable, summed over the others" : null;
            out.add(new PauseRow(f.port(), f.direction(), f.priority(), f.startMs(), last.endMs(), none ? Double.NaN : elapsed,
                    none ? null : frames, none || !timed ? null : us, anyTr ? tr : null, storm, problem));
        }
        return out;
    }

    /** One row per port, direction and priority over the whole window. */
    public List<PauseRow> window() { return window; }

    /** One row per port, direction, priority and interval of the series (empty without one). */
    public List<PauseRow> intervals() { return intervals; }

    /** The pause-storm watchdog counters per port over the window (empty for a series-only analysis). */
    public List<StormCount> storms() { return storms; }

    /** True when the captures hold any pause counter. */
    public boolean hasPauseCounters() { return !window.isEmpty() || !intervals.isEmpty(); }

    /**
     * This analysis, when the captures hold any pause counter (there is something to chart).
     *
     * @throws IllegalArgumentException naming what to capture when they hold none
     */
    public PauseAnalysis requirePauseCounters() {
        if (hasPauseCounters()) return this;
        throw new IllegalArgumentException("no pause counters (catalogue roles pause / pause-duration, e.g. rx_prio3_pause and "
                + "rx_prio3_pause_duration) in " + (seriesName == null ? "the snapshots" : seriesName)
                + ": capture ethtool -S of the RDMA netdev (per-priority pause counters exist only for PFC-enabled priorities)");
    }

    /** True when the intervals of some priority are enough for a histogram and a CDF ({@value PauseCharts#MIN_INTERVALS}). */
    public boolean hasDistribution() { return PauseCharts.hasDistribution(intervals); }

    /** The histogram of the per-interval duty cycle, storm intervals marked. @throws IllegalStateException without {@link #hasDistribution()} */
    public org.knowm.xchart.CategoryChart histogram() {
        if (!hasDistribution()) throw new IllegalStateException("fewer than " + PauseCharts.MIN_INTERVALS + " usable intervals of any priority: no histogram");
        return PauseCharts.histogram(intervals);
    }

    /** The CDF of the per-interval duty cycle, storm intervals marked. @throws IllegalStateException without {@link #hasDistribution()} */
    public org.knowm.xchart.XYChart cdf() {
        if (!hasDistribution()) throw new IllegalStateException("fewer than " + PauseCharts.MIN_INTERVALS + " usable intervals of any priority: no CDF");
        return PauseCharts.cdf(intervals);
    }

    /** The window bars (duty cycle against SONiC's bars, or time paused against the 100 ms watchdog). @throws IllegalArgumentException without pause counters */
    public org.knowm.xchart.CategoryChart windowChart() { return PauseCharts.window(requirePauseCounters().window); }

    /** True when any window row paused. */
    public boolean paused() { return window.stream().anyMatch(PauseRow::paused); }

    /** True when a pause-storm watchdog fired (a storm-event counter rose) in the window or an interval. */
    public boolean stormFired() {
        return storms.stream().anyMatch(s -> !s.warning() && s.fired()) || intervals.stream().anyMatch(PauseRow::storm);
    }

    /** What the analysis found, per port, in sentences (the report's pause section). */
    public List<String> findings() {
        List<String> out = new ArrayList<>();
        if (!hasPauseCounters()) {
            out.add("no pause counters in the captures (InfiniBand has no pause frames; on RoCE capture ethtool -S of the netdev)");
            return out;
        }
        out.add(elapsedNote);
        Set<String> ports = new LinkedHashSet<>();
        for (PauseRow r : window) ports.add(r.port());
        for (String port : ports) {
            List<String> quiet = new ArrayList<>();
            for (PauseRow r : window) {
                if (!r.port().equals(port)) continue;
                if (!r.usable() && r.frames() == null) { out.add(port + " " + r.label() + ": unusable: " + r.problem()); continue; }
                if (!r.paused()) { quiet.add(r.label()); continue; }
                out.add(port + " " + r.label() + ": " + describe(r) + " — " + PauseCounters.meaning(r.direction()));
                String cmp = References.compare(r);
                if (!cmp.isEmpty()) out.add("    " + cmp);
                if (r.problem() != null) out.add("    note: " + r.problem());
                if (r.frames() != null && r.frames() > 0 && r.pauseUs() != null && r.pauseUs() == 0) {
                    out.add("    note: " + r.frames() + " pause frames but no time paused: the duration counter did not move (a NIC or firmware "
                            + "that does not count pause time on this priority); the frame count stands, the time and duty cycle do not");
                }
            }
            if (!quiet.isEmpty()) out.add(port + ": no pause on " + String.join(", ", quiet));
            for (StormCount s : storms) {
                if (!s.port().equals(port)) continue;
                String what = s.warning() ? "storm warning timeout passed" : "pause-storm watchdog fired";
                out.add(port + ": " + (s.delta() == null ? s.counter() + " unusable: " + s.problem()
                        : s.delta() == 0 ? "no " + (s.warning() ? "storm warning" : "pause-storm watchdog event") + " (" + s.counter() + " +0)"
                        : what + " " + s.delta() + " time" + (s.delta() == 1 ? "" : "s") + " (" + s.counter() + ")"));
            }
        }
        if (!intervals.isEmpty()) out.addAll(distributionLines());
        return out;
    }

    static String describe(PauseRow r) {
        StringBuilder sb = new StringBuilder();
        sb.append(r.frames() == null ? "frames unknown" : r.frames() + " pause frames");
        if (r.pauseUs() == null && !Double.isNaN(r.framesPerSecond())) sb.append(String.format(Locale.ROOT, " (%.1f per second)", r.framesPerSecond()));
        if (r.pauseUs() != null) {
            sb.append(", ").append(References.seconds(r.pauseSeconds())).append(" paused");
            if (!Double.isNaN(r.meanUsPerFrame())) sb.append(String.format(Locale.ROOT, " (%.1f µs per frame)", r.meanUsPerFrame()));
        }
        if (r.transitions() != null) sb.append(", ").append(r.transitions()).append(" XOFF→XON transitions");
        return sb.toString();
    }

    private List<String> distributionLines() {
        List<String> out = new ArrayList<>();
        PauseCharts.Measure m = PauseCharts.measure(intervals);
        boolean rate = m == PauseCharts.Measure.FRAME_RATE;
        Map<String, List<PauseRow>> by = new LinkedHashMap<>();
        // a frame rate over the priorities that paused at all (every one when none did), as the charts show them
        for (PauseRow r : rate ? PauseCharts.shownLabels(intervals) : intervals) {
            if (!Double.isNaN(m.of(r))) by.computeIfAbsent(r.label(), k -> new ArrayList<>()).add(r);
        }
        for (var e : by.entrySet()) {
            double[] v = e.getValue().stream().mapToDouble(m::of).sorted().toArray();
            long storm = e.getValue().stream().filter(PauseRow::storm).count();
            double step = e.getValue().stream().mapToDouble(PauseRow::elapsedS).average().orElse(Double.NaN);
            String head = String.format(Locale.ROOT, "series %s, %s: %d port-intervals of about %s; ", seriesName, e.getKey(), v.length,
                    References.seconds(step));
            if (rate) {
                out.add(head + String.format(Locale.ROOT, "pause frames per second %s; watchdog fired in %d (no pause-duration counter "
                        + "captured: no duty cycle)", spread(v, ""), storm));
                continue;
            }
            long over80 = e.getValue().stream().filter(r -> r.dutyCycle() > References.SONIC_OLD_DUTY).count();
            long over99 = e.getValue().stream().filter(r -> r.dutyCycle() > References.SONIC_DUTY).count();
            long over100 = e.getValue().stream().filter(r -> r.dutyCycle() > 1.0).count();
            out.add(head + String.format(Locale.ROOT, "duty cycle %s; %d above 80%%, %d above 99%%; watchdog fired in %d", spread(v, "%"),
                    over80, over99, storm)
                    + (over100 == 0 ? "" : "; " + over100 + " above 100% (more time paused than elapsed: the duration counter or the sample times are wrong)"));
        }
        return out;
    }

    /** {@code "median M, p90 P, max X"} of sorted values (one decimal, {@code unit} after each). */
    private static String spread(double[] sorted, String unit) {
        int n = sorted.length;
        return String.format(Locale.ROOT, "median %.1f%s, p90 %.1f%s, max %.1f%s", sorted[n / 2], unit,
                sorted[Math.min(n - 1, (int) Math.floor(n * 0.9))], unit, sorted[n - 1], unit);
    }

    /** Every line of the section: the findings, then the references cited. */
    public List<String> summaryLines() {
        List<String> out = new ArrayList<>(findings());
        if (hasPauseCounters()) for (String c : References.CITATIONS) out.add("reference: " + c);
        return out;
    }

    /**
     * The window bars, and with a series of more than one interval its timeline and (from
     * {@value PauseCharts#MIN_INTERVALS} intervals of a priority on) histogram and CDF; none without pause
     * counters. Two snapshots (one interval) get the window bars alone: a one-point timeline or a one-dot
     * CDF says nothing the bars do not.
     */
    @Override public List<Chart<?, ?>> charts() {
        List<Chart<?, ?>> out = new ArrayList<>();
        if (!window.isEmpty()) out.add(PauseCharts.window(window));
        if (intervals.size() > window.size()) {
            out.add(PauseCharts.timeline(intervals));
            if (PauseCharts.hasDistribution(intervals)) {
                out.add(PauseCharts.histogram(intervals));
                out.add(PauseCharts.cdf(intervals));
            }
        }
        return out;
    }

    /** The window rows: port, direction, priority, frames, pause_us, mean_us_per_frame, duty_cycle, elapsed_s, transitions, storm, problem. */
    @Override public Table table() { return table("pause per port and priority", window); }

    /** The interval rows, with their start and end times. */
    public Table intervalsTable() { return table("pause per interval", intervals); }

    static Table table(String name, List<PauseRow> rows) {
        StringColumn port = StringColumn.create("port"), dir = StringColumn.create("direction"), prio = StringColumn.create("priority"),
                problem = StringColumn.create("problem");
        LongColumn start = LongColumn.create("start_ms"), end = LongColumn.create("end_ms"), frames = LongColumn.create("frames"),
                us = LongColumn.create("pause_us"), tr = LongColumn.create("transitions");
        DoubleColumn mean = DoubleColumn.create("mean_us_per_frame"), duty = DoubleColumn.create("duty_cycle"), el = DoubleColumn.create("elapsed_s");
        BooleanColumn storm = BooleanColumn.create("storm");
        for (PauseRow r : rows) {
            port.append(r.port()); dir.append(r.direction().toString()); prio.append(r.priority());
            if (r.startMs() == Rules.ABSENT) start.appendMissing(); else start.append(r.startMs());
            if (r.endMs() == Rules.ABSENT) end.appendMissing(); else end.append(r.endMs());
            if (r.frames() == null) frames.appendMissing(); else frames.append(r.frames());
            if (r.pauseUs() == null) us.appendMissing(); else us.append(r.pauseUs());
            if (r.transitions() == null) tr.appendMissing(); else tr.append(r.transitions());
            mean.append(r.meanUsPerFrame()); duty.append(r.dutyCycle()); el.append(r.elapsedS());
            storm.append(r.storm()); problem.append(r.problem() == null ? "" : r.problem());
        }
        return Table.create(name, port, dir, prio, start, end, el, frames, us, mean, duty, tr, storm, problem);
    }

    @Override public String toString() { return "pause analysis\n  " + String.join("\n  ", summaryLines()) + "\n"; }

    @Override public String toHtml() { return Html.section("pause analysis", summaryLines(), table()); }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("findings", findings());
        m.put("references", References.CITATIONS);
        m.put("storm_fired", stormFired());
        m.put("window", Html.rows(table()));
        List<Map<String, Object>> st = new ArrayList<>();
        for (StormCount s : storms) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("port", s.port()); x.put("counter", s.counter()); x.put("warning", s.warning()); x.put("delta", s.delta()); x.put("problem", s.problem());
            st.add(x);
        }
        m.put("storms", st);
        if (!intervals.isEmpty()) m.put("intervals", intervals.size());
        return m;
    }
}
