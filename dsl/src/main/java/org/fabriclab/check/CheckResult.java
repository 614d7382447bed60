package org.fabriclab.check;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The rows of one check run and the policy that graded them. The exit code follows
 * {@code classify}: 0 every row passed, 3 some row failed, 4 some row without a verdict (or nothing
 * was checked) and none failed.
 *
 * <pre>{@code
 * CheckResult r = Check.of(delta).limits("all=0").grade(Policy.ZERO_TOLERANCE);
 * System.out.println(r);      // policy line, counts, every failing row
 * r.table();                  // port, check, name, basis, count, value, limit, margin, result, reason
 * }</pre>
 */
public final class CheckResult implements Renderable {
    private final Policy policy;
    private final double berThreshold;
    private final List<CheckRow> rows;
    private final List<String> notes;

    public CheckResult(Policy policy, double berThreshold, List<CheckRow> rows, List<String> notes) {
        this.policy = policy;
        this.berThreshold = berThreshold;
        this.rows = List.copyOf(rows);
        this.notes = List.copyOf(notes);
    }

    public Policy policy() { return policy; }
    public double berThreshold() { return berThreshold; }
    public List<CheckRow> rows() { return rows; }
    public List<String> notes() { return notes; }

    public Map<Outcome, Integer> counts() {
        Map<Outcome, Integer> m = new EnumMap<>(Outcome.class);
        for (Outcome o : Outcome.values()) m.put(o, 0);
        for (CheckRow r : rows) m.merge(r.outcome(), 1, Integer::sum);
        return m;
    }

    /** 0 pass, 3 a failure, 4 no verdict (or nothing checked). */
    public int exitCode() {
        Map<Outcome, Integer> c = counts();
        if (c.get(Outcome.FAIL) > 0) return 3;
        if (c.get(Outcome.NO_VERDICT) > 0 || c.get(Outcome.PASS) == 0) return 4;
        return 0;
    }

    /** The line naming the policy that produced this result. */
    public String policyLine() {
        return "policy " + policy.label() + (policy == Policy.BER ? " (threshold " + BerChecks.fmt(berThreshold) + ")" : "")
                + ": " + policy.meaning();
    }

    public List<String> summaryLines() {
        Map<Outcome, Integer> c = counts();
        List<String> out = new ArrayList<>();
        out.add(policyLine());
        out.add(rows.size() + " rows: " + c.get(Outcome.PASS) + " pass, " + c.get(Outcome.FAIL) + " fail, "
                + c.get(Outcome.NO_VERDICT) + " no verdict, " + c.get(Outcome.INFO) + " info");
        out.addAll(notes);
        return out;
    }

    @Override public Table table() {
        StringColumn port = StringColumn.create("port"), check = StringColumn.create("check"), name = StringColumn.create("name"),
                basis = StringColumn.create("basis"), result = StringColumn.create("result"), reason = StringColumn.create("reason");
        LongColumn count = LongColumn.create("count");
        DoubleColumn value = DoubleColumn.create("value"), limit = DoubleColumn.create("limit"), margin = DoubleColumn.create("margin");
        for (CheckRow r : rows) {
            port.append(r.port()); check.append(r.check()); name.append(r.name()); basis.append(r.basis());
            if (r.count() == null) count.appendMissing(); else count.append(r.count());
            value.append(r.value()); limit.append(r.limit()); margin.append(r.margin());
            result.append(r.outcome().toString()); reason.append(r.reason());
        }
        return Table.create("check (" + policy.label() + ")", port, check, name, basis, count, value, limit, margin, result, reason);
    }

    @Override public String toString() {
        StringBuilder sb = new StringBuilder();
        for (String l : summaryLines()) sb.append(l).append('\n');
        for (CheckRow r : rows) {
            if (r.outcome() == Outcome.FAIL || r.outcome() == Outcome.NO_VERDICT) {
                sb.append("  ").append(r.outcome()).append(' ').append(r.port()).append(' ').append(r.name())
                        .append(" = ").append(shown(r))
                        .append(" (limit ").append(r.check().equals(CheckRow.BER) ? ber(r.limit()) : BerChecks.fmt(r.limit()))
                        .append("): ").append(r.reason()).append('\n');
            }
        }
        return sb.toString();
    }

    /**
     * The value a summary line shows: a BER as a BER in scientific notation, with the error count
     * behind it when the source gave one ({@code 7.00e-10 (4585109 errors)}); a counter as its exact count.
     */
    static String shown(CheckRow r) {
        if (r.check().equals(CheckRow.BER)) {
            String v = Double.isNaN(r.value()) ? "unknown" : ber(r.value());
            return r.count() != null ? v + " (" + r.count() + " errors)" : v;
        }
        return r.count() != null ? r.count().toString() : BerChecks.fmt(r.value());
    }

    /** A bit error rate in scientific notation, {@code 7.00e-10}; {@code 0} for zero. */
    static String ber(double v) {
        if (Double.isNaN(v)) return "none";
        return v == 0 ? "0" : String.format(java.util.Locale.ROOT, "%.2e", v);
    }

    @Override public String toHtml() { return Html.section("check: " + policy.label(), summaryLines(), table()); }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("policy", policy.label());
        m.put("policy_meaning", policy.meaning());
        m.put("ber_threshold", berThreshold);
        Map<String, Object> c = new LinkedHashMap<>();
        counts().forEach((k, v) -> c.put(k.toString(), v));
        m.put("counts", c);
        m.put("exit_code", exitCode());
        m.put("notes", notes);
        m.put("rows", Html.rows(table()));
        return m;
    }
}
