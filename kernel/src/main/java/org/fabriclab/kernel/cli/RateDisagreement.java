package org.fabriclab.kernel.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

import org.fabriclab.check.BerChecks;
import org.fabriclab.delta.Delta;
import org.fabriclab.reconcile.PortReconciliation;
import org.fabriclab.reconcile.Reconciliation;

/**
 * A link rate given on the command line ({@code --rate-gbps}) that differs from the rate captured
 * with the counters (sysfs {@code rate}, ibstat {@code Rate}). The given rate is used, as asked, but
 * never silently: each port where the two differ gets a warning, and for a reconciliation the case at
 * both rates (a 200 Gb/s link reconciled at 100 Gb/s turns case A into C).
 *
 * <pre>{@code
 * for (String w : RateDisagreement.reconcile(atGiven, atCaptured, 100)) err.println("fabriclab: warning: " + w);
 * }</pre>
 */
final class RateDisagreement {
    /** Rates closer than this (relative) agree: 0.1% covers 2.5 vs 2.5000 and rounding in ibstat. */
    static final double TOLERANCE = 1e-3;

    private RateDisagreement() {}

    static boolean differ(double given, double captured) {
        return !Double.isNaN(captured) && Math.abs(given - captured) > TOLERANCE * Math.max(given, captured);
    }

    /** Warnings for the ports of {@code d} whose captured rate differs from {@code given} Gb/s. */
    static List<String> ports(Delta d, double given) {
        List<String> out = new ArrayList<>();
        for (String port : d.ports()) {
            OptionalDouble r = BerChecks.rate(d, port);
            if (r.isPresent() && differ(given, r.getAsDouble())) {
                out.add(String.format(Locale.ROOT, "%s: --rate-gbps %s disagrees with the captured link rate %s Gb/s; "
                        + "the given rate is used", port, fmt(given), fmt(r.getAsDouble())));
            }
        }
        return out;
    }

    /** One row per run whose captured rate differs from the given one: the case at each. */
    static List<Map<String, Object>> rows(Reconciliation atGiven, Reconciliation atCaptured, double given) {
        List<Map<String, Object>> out = new ArrayList<>();
        int n = Math.min(atGiven.rows().size(), atCaptured.rows().size());
        for (int i = 0; i < n; i++) {
            PortReconciliation g = atGiven.rows().get(i), c = atCaptured.rows().get(i);
            if (!differ(given, c.linkRateGbps())) continue;
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("port", g.port());
            m.put("role", g.role());
            m.put("test", g.test());
            m.put("given_rate_gbps", given);
            m.put("captured_rate_gbps", c.linkRateGbps());
            m.put("case_at_given_rate", g.verdict().label());
            m.put("case_at_captured_rate", c.verdict().label());
            out.add(m);
        }
        return out;
    }

    /** The warnings of {@link #rows}, one line each. */
    static List<String> reconcile(Reconciliation atGiven, Reconciliation atCaptured, double given) {
        List<String> out = new ArrayList<>();
        for (Map<String, Object> m : rows(atGiven, atCaptured, given)) {
            out.add(String.format(Locale.ROOT, "%s (%s %s): --rate-gbps %s disagrees with the captured link rate %s Gb/s: "
                            + "case %s at the given rate, case %s at the captured rate", m.get("port"), m.get("role"), m.get("test"),
                    fmt(given), fmt((Double) m.get("captured_rate_gbps")), m.get("case_at_given_rate"), m.get("case_at_captured_rate")));
        }
        return out;
    }

    private static String fmt(double v) { return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v); }
}
