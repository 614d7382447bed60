package org.fabriclab.check.health;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The alerts of one run of the rule engines, with the settings used. The alert table names engine,
 * rule, port, time (first violating sample, ISO-8601 UTC, and epoch ms), until, value (worst of the
 * episode), threshold and mode.
 *
 * <pre>{@code
 * HealthReport r = HealthRules.defaults().run(series);
 * r.alerts(Engine.LINK_FLAPS);  r.table();  System.out.println(r);
 * }</pre>
 */
public final class HealthReport implements Renderable {
    private final HealthConfig config;
    private final List<Alert> alerts;
    private final List<String> notes;
    private final int ports;
    private final int rows;

    HealthReport(HealthConfig config, List<Alert> alerts, List<String> notes, int ports, int rows) {
        this.config = config;
        this.alerts = List.copyOf(alerts);
        this.notes = List.copyOf(notes);
        this.ports = ports;
        this.rows = rows;
    }

    public HealthConfig config() { return config; }
    public List<Alert> alerts() { return alerts; }
    public List<String> notes() { return notes; }
    public int rows() { return rows; }

    public List<Alert> alerts(Engine e) { return alerts.stream().filter(a -> a.engine() == e).toList(); }

    public List<Alert> alerts(String rule) { return alerts.stream().filter(a -> a.rule().equals(rule)).toList(); }

    @Override public Table table() {
        StringColumn engine = StringColumn.create("engine"), rule = StringColumn.create("rule"), port = StringColumn.create("port"),
                time = StringColumn.create("time"), mode = StringColumn.create("mode"), detail = StringColumn.create("detail");
        LongColumn t = LongColumn.create("time_ms"), until = LongColumn.create("until_ms");
        DoubleColumn value = DoubleColumn.create("value"), thr = DoubleColumn.create("threshold");
        for (Alert a : alerts) {
            engine.append(a.engine().label()); rule.append(a.rule()); port.append(a.port());
            time.append(Instant.ofEpochMilli(a.time()).toString()); t.append(a.time()); until.append(a.until());
            value.append(a.value()); thr.append(a.threshold()); mode.append(a.mode().toString()); detail.append(a.detail());
        }
        return Table.create("link-health alerts", engine, rule, port, time, value, thr, mode, t, until, detail);
    }

    public List<String> summaryLines() {
        List<String> out = new ArrayList<>();
        out.add(alerts.size() + " alerts over " + ports + " ports, " + rows + " samples");
        Map<String, int[]> by = new TreeMap<>();
        for (Alert a : alerts) by.computeIfAbsent(a.engine().label() + "/" + a.rule(), k -> new int[2])[a.mode() == Mode.ACTIVE ? 1 : 0]++;
        by.forEach((k, v) -> out.add(k + ": " + v[0] + " shadow, " + v[1] + " active"));
        config.modes().forEach((e, m) -> { if (e.isIblr()) out.add(e.label() + " runs " + m.mode() + (m.exceptions().isEmpty() ? "" : ", "
                + m.exceptions().size() + " ports " + m.mode().opposite())); });
        out.addAll(notes);
        return out;
    }

    @Override public String toString() {
        StringBuilder sb = new StringBuilder();
        for (String l : summaryLines()) sb.append(l).append('\n');
        int shown = 0;
        for (Alert a : alerts) {
            if (shown++ == 50) { sb.append("  ... ").append(alerts.size() - 50).append(" more\n"); break; }
            sb.append("  ").append(Instant.ofEpochMilli(a.time())).append(' ').append(a.engine().label()).append('/').append(a.rule())
                    .append(' ').append(a.port()).append(" value ").append(a.value()).append(" threshold ").append(a.threshold())
                    .append(" (").append(a.mode()).append("): ").append(a.detail()).append('\n');
        }
        return sb.toString();
    }

    @Override public String toHtml() { return Html.section("link-health rules", summaryLines(), table()); }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ports", ports);
        m.put("samples", rows);
        m.put("summary", summaryLines());
        m.put("alerts", Html.rows(table()));
        return m;
    }
}
