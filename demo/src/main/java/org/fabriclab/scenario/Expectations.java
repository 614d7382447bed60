package org.fabriclab.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;
import org.fabriclab.verdict.Verdict;
import org.fabriclab.verdict.Verdicts;

import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Computed answers set against the stated ones, one row each (scenario, subject, what, expected,
 * actual, ok). A notebook ends with {@link #assertOk()}, so a wrong answer is an error output.
 *
 * <pre>{@code
 * Expectations e = new Expectations();
 * e.verdicts(s, "ib", delta(s.before(), s.after()).moved(s.bytesMoved()).classify(IB));
 * e.equal(s, "mlx5_0/1", "case", s.get("expected_case").asText(), r.result().rows().get(0).verdict());
 * e.assertOk();   // AssertionError listing every mismatch
 * }</pre>
 */
public final class Expectations implements Renderable {
    /** One comparison. */
    public record Row(String scenario, String subject, String what, String expected, String actual, boolean ok) {}

    private final List<Row> rows = new ArrayList<>();

    /**
     * Every port the scenario states a verdict for under {@code profile}: the verdict word and its
     * detail counters must both match. A stated port with no computed verdict is a mismatch.
     */
    public Expectations verdicts(Scenario s, String profile, Verdicts computed) {
        for (var e : s.expected(profile).entrySet()) {
            Verdict v = computed.port(e.getKey()).orElse(null);
            String exp = e.getValue().verdict() + " " + e.getValue().detail();
            String act = v == null ? "(no verdict for this port)" : v.verdict() + " " + v.detail();
            rows.add(new Row(s.name(), profile + " " + e.getKey(), "verdict", exp, act, exp.equals(act)));
        }
        return this;
    }

    /** A stated value against a computed one ({@link Objects#equals}, numbers compared as doubles). */
    public Expectations equal(Scenario s, String subject, String what, Object expected, Object actual) {
        boolean ok = expected instanceof Number a && actual instanceof Number b
                ? Double.compare(a.doubleValue(), b.doubleValue()) == 0 : Objects.equals(expected, actual);
        rows.add(new Row(s.name(), subject, what, str(expected), str(actual), ok));
        return this;
    }

    /** A stated number against a computed one, within {@code tolerance}. */
    public Expectations near(Scenario s, String subject, String what, double expected, double actual, double tolerance) {
        rows.add(new Row(s.name(), subject, what, str(expected), str(actual), Math.abs(expected - actual) <= tolerance));
        return this;
    }

    /** A statement that must hold (for answers stated in words, such as "healthy ports cross no limit"). */
    public Expectations holds(Scenario s, String subject, String what, boolean holds, String actual) {
        rows.add(new Row(s.name(), subject, what, "yes", actual, holds));
        return this;
    }

    private static String str(Object o) {
        if (o instanceof Double d) return d == Math.rint(d) && Math.abs(d) < 1e15 ? String.valueOf(d.longValue()) : String.format(Locale.ROOT, "%.6g", d);
        return String.valueOf(o);
    }

    public List<Row> rows() { return List.copyOf(rows); }

    public List<Row> mismatches() { return rows.stream().filter(r -> !r.ok()).toList(); }

    public boolean ok() { return mismatches().isEmpty(); }

    /** Throws an {@link AssertionError} naming every mismatch; returns this when all agree. */
    public Expectations assertOk() {
        List<Row> bad = mismatches();
        if (bad.isEmpty()) return this;
        StringBuilder sb = new StringBuilder(bad.size() + " of " + rows.size() + " answers differ from the scenario's stated answer:");
        for (Row r : bad) sb.append("\n  ").append(r.scenario()).append(' ').append(r.subject()).append(' ').append(r.what())
                .append(": expected ").append(r.expected()).append(", got ").append(r.actual());
        throw new AssertionError(sb.toString());
    }

    @Override public Table table() {
        StringColumn sc = StringColumn.create("scenario"), su = StringColumn.create("subject"), wh = StringColumn.create("what"),
                ex = StringColumn.create("expected"), ac = StringColumn.create("actual");
        BooleanColumn ok = BooleanColumn.create("ok");
        for (Row r : rows) {
            sc.append(r.scenario()); su.append(r.subject()); wh.append(r.what()); ex.append(r.expected()); ac.append(r.actual()); ok.append(r.ok());
        }
        return Table.create("answers vs scenario.json", sc, su, wh, ex, ac, ok);
    }

    public List<String> summaryLines() {
        long bad = mismatches().size();
        if (rows.isEmpty()) return List.of("no stated answers to compare (no scenario.json)");
        return List.of(bad == 0 ? "all " + rows.size() + " answers match the scenarios' stated answers"
                : bad + " of " + rows.size() + " answers DIFFER from the scenarios' stated answers");
    }

    @Override public String toHtml() { return Html.section("answers vs scenario.json", summaryLines(), table()); }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ok", ok());
        m.put("rows", Html.rows(table()));
        return m;
    }

    @Override public String toString() {
        StringBuilder sb = new StringBuilder(String.join("\n", summaryLines())).append('\n');
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "  %-4s %-34s %-26s %-14s expected %s, got %s%n", r.ok() ? "ok" : "FAIL",
                    r.scenario(), r.subject(), r.what(), r.expected(), r.actual()));
        }
        return sb.toString();
    }
}
