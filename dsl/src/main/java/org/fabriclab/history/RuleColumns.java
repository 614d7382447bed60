package org.fabriclab.history;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

import org.fabriclab.catalogue.Kind;
import org.fabriclab.delta.Rules;
import org.fabriclab.delta.Status;
import org.fabriclab.series.Columns;

/**
 * A {@link RateRule} resolved on one in-memory history: the columns it reads and the value of every
 * interval ({@link #value}). The arithmetic, in doubles, is what {@code engines/sql/SweepSql} writes
 * in SQL, term for term, so every engine bins every interval alike: the denominator
 * {@code D = (double) (delta * scale * factor) / unit} (or the interval's length in ms / unit),
 * each term {@code x = (double) (delta - allowance) / D}, MAX from 0 or SUM from 0 left to right. MAX
 * divides once per interval, the largest numerator by D: the same double as the largest quotient
 * (division by a positive D is monotone), so the bins agree with SQL's {@code GREATEST} of quotients.
 *
 * <pre>{@code
 * RuleColumns c = RuleColumns.of(history, RateRule.symbolErrorsPerHour(), labels);
 * double v = c.value(row);      // NaN: the interval ending at row has no value
 * }</pre>
 */
final class RuleColumns {
    final RateRule.Resolved resolved;
    final long[] time;
    final long gapMs;
    final RateRule.Per.Kind kind;
    final long[][] num;
    final double[][] gauges;
    final long[] caps, allow;
    final boolean sum;
    final long[] den;
    final long denCap, denMul;
    final double unit;
    /** True where the interval ending at the row is labelled with the rule's layer. */
    final BitSet positive;

    private RuleColumns(RateRule.Resolved resolved, long[] time, long gapMs, long[][] num, double[][] gauges, long[] caps, long[] allow,
                        long[] den, long denCap, long denMul, BitSet positive) {
        this.resolved = resolved;
        this.time = time;
        this.gapMs = gapMs;
        this.kind = resolved.rule().per().kind();
        this.num = num;
        this.gauges = gauges;
        this.caps = caps;
        this.allow = allow;
        this.sum = resolved.rule().combine() == RateRule.Combine.SUM;
        this.den = den;
        this.denCap = denCap;
        this.denMul = denMul;
        this.unit = resolved.rule().per().unit();
        this.positive = positive;
    }

    /**
     * @throws IllegalArgumentException when the history lacks a counter the rule reads, or a term is a gauge
     */
    static RuleColumns of(History h, RateRule rule, Labels labels) {
        boolean sample = rule.per().kind() == RateRule.Per.Kind.SAMPLE;
        List<String> available = sample ? h.series().measurements() : h.counters();
        RateRule.Resolved r = rule.resolve(h.name(), available);
        int n = r.counters().size();
        long[][] num = new long[sample ? 0 : n][];
        double[][] gauges = new double[sample ? n : 0][];
        long[] caps = new long[n], allow = new long[n];
        for (int i = 0; i < n; i++) {
            String c = r.counters().get(i);
            allow[i] = rule.terms().get(i).allowance();
            if (sample) { gauges[i] = h.series().measure(c); continue; }
            Columns col = h.column(c).orElseThrow();
            if (col.kind() == Kind.GAUGE) throw new IllegalArgumentException("'" + c + "' is a gauge: no delta is taken; use RateRule.measured");
            num[i] = h.valuesUntrimmed(c);
            caps[i] = Rules.capOf(col.field());
        }
        long[] den = null;
        long denCap = 0, denMul = 1;
        if (r.denominator() != null) {
            Columns dc = h.column(r.denominator()).orElseThrow();
            if (dc.kind() == Kind.GAUGE) throw new IllegalArgumentException("'" + r.denominator() + "' is a gauge: no delta is taken");
            den = h.valuesUntrimmed(r.denominator());
            denCap = Rules.capOf(dc.field());
            denMul = dc.scale() * rule.per().factor();
        }
        return new RuleColumns(r, h.timeUntrimmed(), h.stepMs() + h.stepMs() / 2, num, gauges, caps, allow, den, denCap, denMul,
                labels.labelled(h, rule.layer()));
    }

    /** The counters read, in term order, then the denominator. */
    List<String> read() {
        List<String> out = new ArrayList<>(resolved.counters());
        if (resolved.denominator() != null) out.add(resolved.denominator());
        return out;
    }

    /** The rule's value for the interval ending at row {@code r} (not a port's first row); NaN when it has no value. */
    double value(int r) {
        long dt = time[r] - time[r - 1];
        if (dt > gapMs) return Double.NaN;
        double acc = 0;
        if (kind == RateRule.Per.Kind.SAMPLE) {
            for (double[] g : gauges) {
                double x = g[r];
                if (Double.isNaN(x)) return Double.NaN;
                if (sum) acc += x; else if (x > acc) acc = x;
            }
            return acc;
        }
        double d = 1;
        switch (kind) {
            case COUNTER -> {
                if (Rules.status(den[r - 1], den[r], denCap) != Status.READABLE) return Double.NaN;
                long moved = (den[r] - den[r - 1]) * denMul;
                if (moved <= 0) return Double.NaN;
                d = (double) moved / unit;
            }
            case TIME -> {
                if (dt <= 0) return Double.NaN;
                d = (double) dt / unit;
            }
            default -> { }
        }
        boolean divide = kind != RateRule.Per.Kind.INTERVAL;
        if (divide && !sum) {
            // MAX over terms n_c / d (d > 0): a correctly rounded division is monotone in its numerator, so the
            // largest quotient is the largest numerator divided once, bit for bit; and 0 when no numerator is above 0
            double top = 0;
            for (int c = 0; c < num.length; c++) {
                long[] v = num[c];
                if (Rules.status(v[r - 1], v[r], caps[c]) != Status.READABLE) return Double.NaN;
                double x = (double) (v[r] - v[r - 1] - allow[c]);
                if (x > top) top = x;
            }
            return top > 0 ? top / d : 0;
        }
        for (int c = 0; c < num.length; c++) {
            long[] v = num[c];
            if (Rules.status(v[r - 1], v[r], caps[c]) != Status.READABLE) return Double.NaN;
            double x = divide ? (double) (v[r] - v[r - 1] - allow[c]) / d : (double) (v[r] - v[r - 1] - allow[c]);
            if (sum) acc += x; else if (x > acc) acc = x;
        }
        return acc;
    }
}
