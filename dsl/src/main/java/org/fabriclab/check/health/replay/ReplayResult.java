package org.fabriclab.check.health.replay;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Date;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import org.fabriclab.check.health.Alert;
import org.fabriclab.check.health.Engine;
import org.fabriclab.check.health.fec.Failures;
import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;
import org.fabriclab.series.Series;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.markers.SeriesMarkers;

import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * What a {@link Replay} found: the timeline of events (isolations, de-isolations, links declared
 * unrecoverable, every action not taken with its checkpoint, the operator's own isolations), the
 * alerts behind them, and each link's state over time. Tables: {@link #table()} (events),
 * {@link #perDay()}, {@link #perSwitchPair()}, {@link #caught(Failures)} (which labelled failures an
 * isolation preceded); charts: {@link #chart(String)} (a port's link state over time, alerts marked).
 *
 * <pre>{@code
 * ReplayResult r = replay.run();
 * r.events(EventKind.ISOLATION).size();   r.perDay();   r.chart("guid 0x.../3");
 * }</pre>
 */
public final class ReplayResult implements Renderable {
    private final RuleSet ruleSet;
    private final ReplayConfig config;
    private final Series series;
    private final FabricView view;
    private final List<Alert> alerts;
    private final List<ReplayEvent> events;
    private final List<List<long[]>> timeline;
    private final List<String> notes;
    private final long first, last;

    ReplayResult(RuleSet ruleSet, ReplayConfig config, Series series, FabricView view, List<Alert> alerts, List<ReplayEvent> events,
                 List<List<long[]>> timeline, List<String> notes, long[] times) {
        this.ruleSet = ruleSet;
        this.config = config;
        this.series = series;
        this.view = view;
        this.alerts = List.copyOf(alerts);
        this.events = List.copyOf(events);
        this.timeline = timeline;
        this.notes = List.copyOf(notes);
        this.first = times.length == 0 ? 0 : times[0];
        this.last = times.length == 0 ? 0 : times[times.length - 1];
    }

    public RuleSet ruleSet() { return ruleSet; }
    FabricView view() { return view; }
    public ReplayConfig config() { return config; }
    public List<ReplayEvent> events() { return events; }
    public List<Alert> alerts() { return alerts; }
    public List<String> notes() { return notes; }

    public List<ReplayEvent> events(EventKind k) { return events.stream().filter(e -> e.kind() == k).toList(); }

    /** Events per kind. */
    public Map<EventKind, Integer> counts() {
        Map<EventKind, Integer> m = new EnumMap<>(EventKind.class);
        for (ReplayEvent e : events) m.merge(e.kind(), 1, Integer::sum);
        return m;
    }

    /** The state of {@code port}'s link at {@code t} (HEALTHY before the first iteration). */
    public PortState stateAt(String port, long t) {
        int l = view.link(port);
        if (l < 0) throw new IllegalArgumentException("port " + port + " is not in the replay");
        PortState s = PortState.HEALTHY;
        for (long[] e : timeline.get(l)) { if (e[0] <= t) s = PortState.values()[(int) e[1]]; else break; }
        return s;
    }

    /** One state change of a link: from {@code time} (epoch ms) on, {@code state}. */
    public record StateChange(long time, PortState state) {}

    /** The state changes of {@code port}'s link in order, starting with HEALTHY at the first iteration (several may share a time). */
    public List<StateChange> stateChanges(String port) {
        int l = view.link(port);
        if (l < 0) throw new IllegalArgumentException("port " + port + " is not in the replay");
        List<StateChange> out = new ArrayList<>();
        for (long[] e : timeline.get(l)) out.add(new StateChange(e[0], PortState.values()[(int) e[1]]));
        return out;
    }

    @Override public Table table() {
        StringColumn time = StringColumn.create("time"), kind = StringColumn.create("event"), action = StringColumn.create("action"),
                port = StringColumn.create("port"), peer = StringColumn.create("peer"), pair = StringColumn.create("switch pair"),
                cp = StringColumn.create("checkpoint"), why = StringColumn.create("alerts"), detail = StringColumn.create("detail");
        LongColumn ms = LongColumn.create("time_ms");
        for (ReplayEvent e : events) {
            time.append(Instant.ofEpochMilli(e.time()).toString()); ms.append(e.time()); kind.append(e.kind().label());
            action.append(e.kind().external() ? "outside the plugin" : e.kind().actionTaken() ? "taken" : "not taken");
            port.append(e.port()); peer.append(e.peer()); pair.append(e.switchPair());
            cp.append(e.kind().checkpoint() == null ? "" : e.kind().checkpoint()); why.append(String.join(", ", e.reasons())); detail.append(e.detail());
        }
        return Table.create(ruleSet.label() + " replay: events", time, kind, action, port, peer, pair, cp, why, detail, ms);
    }

    /**
     * The actions not taken, by the checkpoint that held them back and the event: how many times, and the
     * ports (sorted, comma-separated). Each is reported once per link and reason while the link keeps alerting.
     */
    public Table heldBack() {
        // the checkpoint and the event's label are both the kind's: one group per kind, ordered by them
        Map<EventKind, List<ReplayEvent>> by = new TreeMap<>(Comparator.comparing((EventKind k) -> String.valueOf(k.checkpoint()))
                .thenComparing(EventKind::label));
        for (ReplayEvent e : events) if (!e.kind().actionTaken()) by.computeIfAbsent(e.kind(), k -> new ArrayList<>()).add(e);
        StringColumn cp = StringColumn.create("checkpoint"), ev = StringColumn.create("event"), ports = StringColumn.create("ports");
        IntColumn times = IntColumn.create("times");
        by.forEach((k, l) -> {
            cp.append(String.valueOf(k.checkpoint()));
            ev.append(k.label());
            times.append(l.size());
            ports.append(String.join(", ", new TreeSet<>(l.stream().map(ReplayEvent::port).toList())));
        });
        return Table.create(ruleSet.label() + " replay: actions not taken, by checkpoint", cp, ev, times, ports);
    }

    /** Events per UTC day and kind (one column per kind that occurs). */
    public Table perDay() {
        Map<String, Map<EventKind, Integer>> m = new TreeMap<>();
        for (ReplayEvent e : events) {
            String day = Instant.ofEpochMilli(e.time()).atZone(ZoneOffset.UTC).toLocalDate().toString();
            m.computeIfAbsent(day, k -> new EnumMap<>(EventKind.class)).merge(e.kind(), 1, Integer::sum);
        }
        return grouped(ruleSet.label() + " replay: events per day", "day", m);
    }

    /** Events per switch pair (trunk links) or {@code <switch> <-> hosts} (access links) and kind. */
    public Table perSwitchPair() {
        Map<String, Map<EventKind, Integer>> m = new TreeMap<>();
        for (ReplayEvent e : events) m.computeIfAbsent(e.switchPair().isEmpty() ? "(no link)" : e.switchPair(), k -> new EnumMap<>(EventKind.class))
                .merge(e.kind(), 1, Integer::sum);
        return grouped(ruleSet.label() + " replay: events per switch pair", "switch pair", m);
    }

    private Table grouped(String title, String key, Map<String, Map<EventKind, Integer>> m) {
        LinkedHashSet<EventKind> kinds = new LinkedHashSet<>();
        for (EventKind k : EventKind.values()) for (var v : m.values()) if (v.containsKey(k)) kinds.add(k);
        StringColumn keys = StringColumn.create(key);
        Table t = Table.create(title, keys);
        Map<EventKind, IntColumn> cols = new EnumMap<>(EventKind.class);
        for (EventKind k : kinds) { IntColumn c = IntColumn.create(k.label()); cols.put(k, c); t.addColumns(c); }
        m.forEach((d, v) -> {
            keys.append(d);
            for (EventKind k : kinds) cols.get(k).append(v.getOrDefault(k, 0));
        });
        return t;
    }

    /**
     * For each labelled failure of a port in this replay: was its link isolated by the plugin when it
     * failed (traffic already away from it: data loss averted), and since when. Columns: port, failure,
     * state at failure, isolated since, lead hours (failure minus isolation), caught (yes/no).
     */
    public Table caught(Failures failures) {
        StringColumn port = StringColumn.create("port"), when = StringColumn.create("failure"), st = StringColumn.create("state at failure"),
                since = StringColumn.create("isolated since"), caught = StringColumn.create("caught");
        tech.tablesaw.api.DoubleColumn lead = tech.tablesaw.api.DoubleColumn.create("lead h");
        for (String p : failures.ports()) {
            if (view.link(p) < 0) continue;
            long f = failures.first(p);
            PortState s = stateAt(p, f);
            long iso = -1;
            for (ReplayEvent e : events) if (e.kind() == EventKind.ISOLATION && e.time() <= f && view.link(e.port()) == view.link(p)) iso = e.time();
            boolean ok = s.byPlugin() && iso >= 0;
            port.append(p); when.append(Instant.ofEpochMilli(f).toString()); st.append(s.label());
            since.append(ok ? Instant.ofEpochMilli(iso).toString() : ""); lead.append(ok ? Math.round((f - iso) / 36_000.0) / 100.0 : Double.NaN);
            caught.append(ok ? "yes" : "no");
        }
        return Table.create(ruleSet.label() + " replay: labelled failures", port, when, st, since, lead, caught);
    }

    /** Number of labelled failures whose link the plugin had isolated when they failed. */
    public int caughtCount(Failures failures) { return caughtIn(caught(failures)); }

    /** The failures a {@link #caught} table marks caught. */
    static int caughtIn(Table t) {
        int n = 0;
        for (String s : t.stringColumn("caught")) if (s.equals("yes")) n++;
        return n;
    }

    /**
     * {@code port}'s link state over time (0 healthy, 1 isolated, 2 recovered, 3 unrecoverable, 4 isolated
     * outside the plugin) as a step line, with the alerts of both ends marked per engine at their start
     * (on the line -0.5) and the events marked on the state line.
     */
    public XYChart chart(String port) {
        int l = view.link(port);
        if (l < 0) throw new IllegalArgumentException("port " + port + " is not in the replay");
        XYChart c = new XYChartBuilder().width(820).height(300).title(ruleSet.label() + " replay: " + port
                + (view.b.get(l).isEmpty() ? "" : " <-> " + view.peer(port))).xAxisTitle("time (UTC)")
                .yAxisTitle("0 healthy 1 isolated 2 recovered 3 unrecoverable 4 external").build();
        List<Date> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        int prev = PortState.HEALTHY.ordinal();
        x.add(new Date(first)); y.add((double) prev);
        for (long[] e : timeline.get(l)) {
            x.add(new Date(e[0])); y.add((double) prev);
            x.add(new Date(e[0])); y.add((double) e[1]);
            prev = (int) e[1];
        }
        x.add(new Date(last)); y.add((double) prev);
        XYSeries st = c.addSeries("state", x, y);
        st.setMarker(SeriesMarkers.NONE);
        Map<Engine, List<Date>> byEngine = new EnumMap<>(Engine.class);
        for (Alert a : alerts) if (view.link(a.port()) == l) byEngine.computeIfAbsent(a.engine(), k -> new ArrayList<>()).add(new Date(a.time()));
        byEngine.forEach((e, d) -> {
            List<Double> ys = new ArrayList<>();
            for (int i = 0; i < d.size(); i++) ys.add(-0.5);
            XYSeries s = c.addSeries("alert: " + e.label(), d, ys);
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(SeriesMarkers.TRIANGLE_UP);
        });
        List<Date> ev = new ArrayList<>();
        List<Double> evy = new ArrayList<>();
        for (ReplayEvent e : events) {
            if (view.link(e.port()) != l || e.kind().actionTaken()) continue;
            ev.add(new Date(e.time()));
            evy.add(stateAtLink(l, e.time()) + 0.25);
        }
        if (!ev.isEmpty()) {
            XYSeries s = c.addSeries("action not taken", ev, evy);
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(SeriesMarkers.CROSS);
        }
        c.getStyler().setYAxisMin(-1.0);
        c.getStyler().setYAxisMax(4.5);
        c.getStyler().setDatePattern("MM-dd HH:mm");
        c.getStyler().setYAxisDecimalPattern("0");
        return c;
    }

    private double stateAtLink(int l, long t) {
        int s = 0;
        for (long[] e : timeline.get(l)) { if (e[0] <= t) s = (int) e[1]; else break; }
        return s;
    }

    /** Charts of the ports the plugin acted on (isolations), at most six. */
    @Override public List<Chart<?, ?>> charts() {
        List<Chart<?, ?>> out = new ArrayList<>();
        LinkedHashSet<String> ports = new LinkedHashSet<>();
        for (ReplayEvent e : events) if (e.kind() == EventKind.ISOLATION) ports.add(e.port());
        for (String p : ports) { if (out.size() == 6) break; out.add(chart(p)); }
        return out;
    }

    public List<String> summaryLines() {
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "%s replay over %d ports, %d links, %s to %s: %d alerts, %d events", ruleSet.label(), series.portCount(),
                view.links(), Instant.ofEpochMilli(first), Instant.ofEpochMilli(last), alerts.size(), events.size()));
        counts().forEach((k, n) -> out.add(k.label() + ": " + n));
        out.addAll(notes);
        return out;
    }

    @Override public String toHtml() { return Html.section(ruleSet.label() + " replay", summaryLines(), table()); }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rule_set", ruleSet.label());
        m.put("summary", summaryLines());
        Map<String, Object> c = new LinkedHashMap<>();
        counts().forEach((k, n) -> c.put(k.name().toLowerCase(Locale.ROOT), n));
        m.put("counts", c);
        m.put("events", Html.rows(table()));
        return m;
    }

    @Override public String toString() {
        StringBuilder b = new StringBuilder();
        for (String l : summaryLines()) b.append(l).append('\n');
        int shown = 0;
        for (ReplayEvent e : events) {
            if (shown++ == 60) { b.append("  ... ").append(events.size() - 60).append(" more\n"); break; }
            b.append("  ").append(Instant.ofEpochMilli(e.time())).append(' ').append(e.message()).append('\n');
        }
        return b.toString();
    }
}
