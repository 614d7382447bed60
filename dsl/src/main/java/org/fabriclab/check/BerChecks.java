package org.fabriclab.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Direction;
import org.fabriclab.catalogue.Role;
import org.fabriclab.catalogue.Source;
import org.fabriclab.delta.CounterDelta;
import org.fabriclab.delta.Delta;
import org.fabriclab.delta.Status;
import org.fabriclab.snapshot.Snapshot;

import tech.tablesaw.api.ColumnType;
import tech.tablesaw.api.Table;

/**
 * Bit-error-rate rows: from an mlxlink/mstlink {@code ber} table, from the last sample of each port
 * in a UFM telemetry series, and derived from counters as
 * {@code symbol errors / (link rate bits/s x elapsed s)}.
 * <p>Grading: effective and symbol BER fail above the threshold under {@link Policy#BER} and above
 * zero under {@link Policy#ZERO_TOLERANCE}; a counter-derived BER is reported as {@link Outcome#INFO}
 * under zero tolerance, where the counter's own limit grades the same errors. Raw (pre-FEC) BER is reported as {@link Outcome#INFO}
 * unless a raw threshold is given: pre-FEC errors are what FEC exists to correct, so grading them
 * against the post-FEC threshold would fail every healthy HDR/NDR link.
 *
 * <pre>{@code
 * BerChecks b = new BerChecks(Policy.BER, 1e-12, Double.NaN);
 * List<CheckRow> rows = b.fromMlxlink(berTable, "mlxlink.txt");
 * }</pre>
 */
public final class BerChecks {
    /** Counters whose delta is a count of symbol errors, for counter-derived symbol BER: the catalogue's port counters with role {@code symbol}. */
    public static final List<String> SYMBOL_COUNTERS = Catalogue.standard().portCounters(Role.SYMBOL, Direction.RX);

    /** BER values at or below this are the "no errors" bound tools print for a zero count. */
    public static final double ZERO_BER_FLOOR = 1e-200;

    private final Policy policy;
    private final double threshold;
    private final double rawThreshold;

    public BerChecks(Policy policy, double threshold, double rawThreshold) {
        if (!(threshold > 0) || threshold >= 1) throw new IllegalArgumentException("BER threshold must be in (0, 1), found " + threshold);
        this.policy = policy;
        this.threshold = threshold;
        this.rawThreshold = rawThreshold;
    }

    /** Rows from an mlxlink/mstlink {@code ber} table (port, raw_ber, effective_ber, symbol_ber and error counts). */
    public List<CheckRow> fromMlxlink(Table ber, String name) {
        return fromBerTable(ber, name, Source.MLXLINK.key());
    }

    /**
     * Rows from a {@code ber} table (port, raw_ber, effective_ber, symbol_ber and error counts) read by
     * the tool {@code basis} names (the capture's source: {@code mlxlink}, {@code ibdiagnet_phy} for
     * ibdiagnet's {@code net_dump_ext}), which each row gives as its basis.
     */
    public List<CheckRow> fromBerTable(Table ber, String name, String basis) {
        require(ber, name, "port", ColumnType.STRING);
        List<CheckRow> rows = new ArrayList<>();
        for (int i = 0; i < ber.rowCount(); i++) {
            String port = ber.stringColumn("port").get(i);
            for (String kind : List.of(Telemetry.RAW_BER, Telemetry.EFFECTIVE_BER, Telemetry.SYMBOL_BER)) {
                OptionalDouble v = dbl(ber, kind, i);
                if (v.isEmpty()) continue;
                String errCol = kind.replace("_ber", "_errors");
                String errs = ber.containsColumn(errCol) && !ber.column(errCol).isMissing(i) ? ", " + ber.column(errCol).getString(i) + " errors" : "";
                String since = ber.containsColumn("time_since_clear_min") && !ber.column("time_since_clear_min").isMissing(i)
                        ? " over " + ber.column("time_since_clear_min").getString(i) + " min since clear" : "";
                Long count = ber.containsColumn(errCol) && !ber.column(errCol).isMissing(i) && ber.column(errCol).get(i) instanceof Number n
                        ? n.longValue() : null;
                rows.add(grade(port, kind, basis, v.getAsDouble(), count, name + errs + since));
            }
        }
        return rows;
    }

    /** Rows from the latest finite BER sample of each port in a telemetry series. */
    public List<CheckRow> fromTelemetry(Table series, String name) {
        Telemetry.validate(series, name);
        Map<String, Map<String, double[]>> last = new LinkedHashMap<>(); // port -> kind -> {value, ts}
        long[] ts = series.longColumn(Telemetry.TIMESTAMP).asLongArray();
        String[] ports = series.stringColumn(Telemetry.PORT).asObjectArray();
        for (String kind : List.of(Telemetry.RAW_BER, Telemetry.EFFECTIVE_BER, Telemetry.SYMBOL_BER)) {
            if (!series.containsColumn(kind)) continue;
            double[] v = series.doubleColumn(kind).asDoubleArray();
            for (int i = 0; i < v.length; i++) {
                if (Double.isNaN(v[i])) continue;
                double[] cur = last.computeIfAbsent(ports[i], k -> new LinkedHashMap<>()).get(kind);
                if (cur == null || ts[i] >= cur[1]) last.get(ports[i]).put(kind, new double[] {v[i], ts[i]});
            }
        }
        List<CheckRow> rows = new ArrayList<>();
        last.forEach((port, m) -> m.forEach((kind, vt) -> rows.add(grade(port, kind, "telemetry", vt[0], null,
                name + " at " + java.time.Instant.ofEpochMilli((long) vt[1])))));
        return rows;
    }

    /**
     * Symbol BER per port from the delta of its symbol-error counter over {@code elapsedSeconds} at the
     * port's link rate ({@code rateGbps}, else the {@code rate_gbps} attribute of either snapshot).
     */
    public List<CheckRow> fromCounters(Delta d, double elapsedSeconds, OptionalDouble rateGbps) {
        if (!(elapsedSeconds > 0)) throw new IllegalArgumentException("elapsed seconds must be > 0 for a counter-derived BER, found " + elapsedSeconds);
        List<CheckRow> rows = new ArrayList<>();
        for (String port : d.ports()) {
            for (String c : SYMBOL_COUNTERS) {
                CounterDelta cd = d.port(port).get(c);
                if (cd == null) continue;
                String name = "symbol_ber(" + c + ")";
                if (cd.status() != Status.READABLE) {
                    rows.add(new CheckRow(port, CheckRow.BER, name, "counters", cd.delta(), Double.NaN, limit(Telemetry.SYMBOL_BER),
                            Double.NaN, Outcome.NO_VERDICT, cd.status() + ": " + cd.reason()));
                    continue;
                }
                OptionalDouble rate = rateGbps.isPresent() ? rateGbps : rate(d, port);
                if (rate.isEmpty()) {
                    rows.add(new CheckRow(port, CheckRow.BER, name, "counters", cd.delta(), Double.NaN, limit(Telemetry.SYMBOL_BER),
                            Double.NaN, policy == Policy.BER ? Outcome.NO_VERDICT : Outcome.INFO,
                            "link rate unknown: capture sysfs rate, ibstat or (a RoCE port) ethtool NETDEV, or give the rate in Gb/s"));
                    continue;
                }
                double bits = rate.getAsDouble() * 1e9 * elapsedSeconds;
                double ber = cd.delta() / bits;
                String disagree = rateGbps.isPresent() ? "" : rateDisagreement(d, port);
                CheckRow r = grade(port, Telemetry.SYMBOL_BER, "counters", ber, cd.delta(), cd.delta() + " errors / (" + fmt(rate.getAsDouble())
                        + " Gb/s x " + fmt(elapsedSeconds) + " s = " + fmt(bits) + " bits)" + (disagree.isEmpty() ? "" : "; " + disagree + ", and the BER scales with it"));
                if (policy == Policy.ZERO_TOLERANCE) {
                    // the counter's own limit grades it under zero tolerance; grading the same errors twice would override an explicit -P
                    rows.add(new CheckRow(r.port(), r.check(), name, r.basis(), cd.delta(), r.value(), Double.NaN, Double.NaN, Outcome.INFO,
                            "graded by the " + c + " limit under zero tolerance; " + r.reason().substring(r.reason().indexOf("; ") + 2)));
                } else {
                    rows.add(new CheckRow(r.port(), r.check(), name, r.basis(), cd.delta(), r.value(), r.limit(), r.margin(), r.outcome(), r.reason()));
                }
            }
        }
        return rows;
    }

    /** The port's captured link rate: the later snapshot's, else the earlier one's. */
    public static OptionalDouble rate(Delta d, String port) {
        OptionalDouble r = rate(d.after(), port);
        return r.isPresent() ? r : rate(d.before(), port);
    }

    /**
     * Empty, or the files of the snapshot the rate was taken from that give the port another rate (sysfs
     * {@code 400 Gb/sec (4X NDR)} beside an ibstat {@code Rate: 200}): which one was used and what the
     * others say, since the BER and the reconciliation's case scale with it.
     */
    public static String rateDisagreement(Delta d, String port) {
        Snapshot s = rate(d.after(), port).isPresent() ? d.after() : d.before();
        List<PortAttr> all = s.attrSources(port, PortAttr.RATE_GBPS);
        if (all.size() < 2) return "";
        OptionalDouble kept = rate(all.get(0).value());
        List<String> other = new ArrayList<>();
        for (PortAttr a : all.subList(1, all.size())) {
            OptionalDouble r = rate(a.value());
            if (r.isPresent() && kept.isPresent() && r.getAsDouble() != kept.getAsDouble()) other.add(a.file() + ":" + a.line() + " says " + fmt(r.getAsDouble()) + " Gb/s");
        }
        return other.isEmpty() ? "" : "the rate is " + all.get(0).file() + ":" + all.get(0).line() + "'s, but " + String.join(", ", other)
                + ": the captures disagree on the link rate";
    }

    /** The link rate attribute of a port in Gb/s ({@code "100"}, {@code "100 Gb/sec (4X EDR)"}). */
    public static OptionalDouble rate(Snapshot s, String port) {
        Optional<String> a = s.attr(port, PortAttr.RATE_GBPS);
        return a.isEmpty() ? OptionalDouble.empty() : rate(a.get());
    }

    /** A rate attribute's value in Gb/s, empty when it does not start with a number. */
    private static OptionalDouble rate(String value) {
        String t = value.trim();
        int end = 0;
        while (end < t.length() && (Character.isDigit(t.charAt(end)) || t.charAt(end) == '.')) end++;
        if (end == 0) return OptionalDouble.empty();
        try { return OptionalDouble.of(Double.parseDouble(t.substring(0, end))); } catch (NumberFormatException e) {
            return OptionalDouble.empty();
        }
    }

    private double limit(String kind) {
        if (kind.equals(Telemetry.RAW_BER)) return rawThreshold;
        return policy == Policy.ZERO_TOLERANCE ? 0 : threshold;
    }

    /**
     * Grades one BER value. Under zero tolerance a post-FEC BER fails when errors were counted: the
     * error count when the source gives one, else a BER above {@value #ZERO_BER_FLOOR} (mlxlink prints
     * {@code 15E-255} and UFM {@code 1.5e-254} for a zero count: a bound, not an error).
     */
    CheckRow grade(String port, String kind, String basis, double v, Long errors, String why) {
        double lim = limit(kind);
        if (Double.isNaN(lim)) {
            return new CheckRow(port, CheckRow.BER, kind, basis, errors, v, Double.NaN, Double.NaN, Outcome.INFO,
                    "pre-FEC, corrected by FEC: reported, not graded (give a raw threshold to grade it); " + why);
        }
        if (Double.isNaN(v) || v < 0) {
            return new CheckRow(port, CheckRow.BER, kind, basis, errors, v, lim, Double.NaN, Outcome.NO_VERDICT, "no usable BER value; " + why);
        }
        boolean zeroTolerance = policy == Policy.ZERO_TOLERANCE && !kind.equals(Telemetry.RAW_BER);
        Outcome o;
        if (zeroTolerance) o = (errors != null ? errors > 0 : v > ZERO_BER_FLOOR) ? Outcome.FAIL : Outcome.PASS;
        else o = v > lim ? Outcome.FAIL : Outcome.PASS;
        String rule = zeroTolerance ? "zero tolerance: any bit error fails" : "threshold " + fmt(lim);
        return new CheckRow(port, CheckRow.BER, kind, basis, errors, v, lim, lim - v, o, rule + "; " + why);
    }

    private static OptionalDouble dbl(Table t, String col, int i) {
        if (!t.containsColumn(col) || t.column(col).isMissing(i)) return OptionalDouble.empty();
        Object o = t.column(col).get(i);
        if (!(o instanceof Number n) || Double.isNaN(n.doubleValue())) return OptionalDouble.empty();
        return OptionalDouble.of(n.doubleValue());
    }

    private static void require(Table t, String name, String col, ColumnType type) {
        if (!t.containsColumn(col) || !t.column(col).type().name().equals(type.name())) {
            throw new org.fabriclab.capture.CaptureException(name, 0, "ber table needs a " + type.name() + " column '" + col + "'");
        }
    }

    static String fmt(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString((long) v);
        return String.format(java.util.Locale.ROOT, "%.3g", v);
    }
}
