package org.fabriclab.check;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.HostPort;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Optics;
import org.fabriclab.snapshot.Snapshot;

/**
 * Transceiver diagnostics graded against the module's own thresholds (the {@link Optics} tables and the
 * {@code module} table, from {@code ethtool -m} or mlxlink's Module Info), one row per lane and quantity
 * (rx power, tx power, tx bias current) and per module (temperature, voltage):
 * <ul>
 * <li>{@link Outcome#FAIL}: outside the module's alarm thresholds; no light received on a lane that
 *     transmits (at or below {@value #NO_LIGHT_MW} mW: ethtool's {@code 0.0000 mW / -inf dBm} or the
 *     {@code -40 dBm} floor); a lane the module reports in loss of signal, loss of lock or tx fault; a
 *     latched alarm flag;</li>
 * <li>{@link Outcome#INFO}: outside the warning thresholds only, or a latched warning flag (the reason
 *     starts with {@code warning:}); a lane that neither transmits nor receives (no bias current, no
 *     light: unused by this link, as lanes 5-8 of a 4-lane link in an 8-lane module); no thresholds
 *     given by the module;</li>
 * <li>{@link Outcome#PASS}: inside the warning thresholds.</li>
 * </ul>
 * Powers are shown in dBm (value, limit and margin), currents in mA, temperature in degrees C,
 * voltage in mV. The margin is the distance to the nearest threshold on the side the value is on
 * ({@code value - low} or {@code high - value}; negative when beyond it). Latched flags record an
 * excursion since the module was last read, so a flag with a value inside the thresholds is still
 * reported. The policy does not change these grades: the module's thresholds are its vendor's.
 *
 * Ports are named as the snapshot joined them: a module's {@code netdev X} is the RDMA port whose netdev
 * is X, and a dump naming no interface ({@code netdev ?}) is the only RDMA port when there is one.
 *
 * <pre>{@code
 * List<CheckRow> rows = OpticsChecks.of(snapshot);   // empty when no capture holds ethtool -m data
 * }</pre>
 */
public final class OpticsChecks {
    /** At or below this received power (mW) a lane receives no light. */
    public static final double NO_LIGHT_MW = 0.0001;
    

    private OpticsChecks() {}

    /** Rows for every capture of {@code s} holding module diagnostics, ports named as the snapshot joined them. */
    public static List<CheckRow> of(Snapshot s) {
        Map<String, String> byNetdev = new HashMap<>();
        // a module table's netdev port is looked for on its own host (HostPort: node01:netdev eth0 is node01's eth0)
        for (String p : s.ports()) s.attr(p, PortAttr.NETDEV).ifPresent(nd -> byNetdev.putIfAbsent(HostPort.within(p, "netdev " + nd), p));
        // a dump that names no interface goes with the only RDMA port (of its host), as the snapshot pairs an unnamed ethtool -S
        Map<String, List<String>> rdma = new HashMap<>();
        for (String p : s.ports()) {
            if (HostPort.local(p).matches("[^ /]+/\\d+")) rdma.computeIfAbsent(HostPort.within(p, "netdev ?"), k -> new ArrayList<>()).add(p);
        }
        rdma.forEach((unnamed, ports) -> { if (ports.size() == 1) byNetdev.putIfAbsent(unnamed, ports.get(0)); });
        List<CheckRow> rows = new ArrayList<>();
        for (Capture c : s.captures()) rows.addAll(of(c, p -> byNetdev.getOrDefault(p, p)));
        return rows;
    }

    /** Rows for one capture; {@code portName} maps the capture's port to the name shown. */
    public static List<CheckRow> of(Capture c, UnaryOperator<String> portName) {
        if (c.measurements(Optics.OPTICS).isEmpty() && c.measurements(Optics.THRESHOLDS).isEmpty()) return List.of();
        Map<String, Map<String, double[]>> limits = new HashMap<>();   // port -> quantity -> {lo alarm, lo warn, hi warn, hi alarm}
        Map<String, Map<String, String>> moduleFlags = new HashMap<>();
        c.measurements(Optics.THRESHOLDS).ifPresent(t -> {
            for (int i = 0; i < t.rowCount(); i++) {
                String port = t.stringColumn("port").get(i), q = t.stringColumn("quantity").get(i);
                double[] l = new double[4];
                String[] cols = {"low_alarm", "low_warning", "high_warning", "high_alarm"};
                for (int k = 0; k < 4; k++) l[k] = t.doubleColumn(cols[k]).getDouble(i);
                limits.computeIfAbsent(port, k -> new HashMap<>()).put(q, l);
                moduleFlags.computeIfAbsent(port, k -> new HashMap<>()).put(q, t.stringColumn("flags").get(i));
            }
        });
        List<CheckRow> rows = new ArrayList<>();
        String file = c.file();
        String basis = c.source().key().equals("ethtool") ? "ethtool -m" : c.source().key();
        c.measurements(Optics.MODULE).ifPresent(m -> {
            for (int i = 0; i < m.rowCount(); i++) {
                String port = m.stringColumn("port").get(i);
                Map<String, double[]> l = limits.getOrDefault(port, Map.of());
                Map<String, String> f = moduleFlags.getOrDefault(port, Map.of());
                for (String q : List.of(Optics.TEMPERATURE, Optics.VOLTAGE)) {
                    double v = m.doubleColumn(q).getDouble(i);
                    if (Double.isNaN(v)) continue;
                    rows.add(grade(basis, portName.apply(port), q, v, l.get(q), f.getOrDefault(q, ""), file, ""));
                }
            }
        });
        c.measurements(Optics.OPTICS).ifPresent(o -> {
            for (int i = 0; i < o.rowCount(); i++) {
                String port = o.stringColumn("port").get(i);
                int lane = o.intColumn("lane").getInt(i);
                String shown = portName.apply(port);
                Map<String, double[]> l = limits.getOrDefault(port, Map.of());
                double bias = o.doubleColumn(Optics.TX_BIAS).getDouble(i);
                double tx = o.doubleColumn(Optics.TX_POWER).getDouble(i);
                double rx = o.doubleColumn(Optics.RX_POWER).getDouble(i);
                String flags = o.stringColumn("flags").get(i);
                String at = " lane " + lane;
                if (bias == 0 && (tx == 0 || Double.isNaN(tx)) && !(rx > NO_LIGHT_MW)) {
                    rows.add(new CheckRow(shown, CheckRow.OPTICS, "lane" + at, basis, null, Double.NaN, Double.NaN, Double.NaN, Outcome.INFO,
                            "lane unused: no bias current and no light (" + file + ")"));
                    continue;
                }
                for (String status : Optics.STATUS) {
                    if (has(flags, status)) {
                        rows.add(new CheckRow(shown, CheckRow.OPTICS, status.replace(' ', '_') + at, basis, null, Double.NaN, Double.NaN, Double.NaN,
                                Outcome.FAIL, "the module reports " + status + " on this lane (" + file + ")"));
                    }
                }
                if (!Double.isNaN(rx) && rx <= NO_LIGHT_MW) {
                    rows.add(new CheckRow(shown, CheckRow.OPTICS, "rx_power_dbm" + at, basis, null, dbm(rx), dbm(NO_LIGHT_MW), round(dbm(rx) - dbm(NO_LIGHT_MW), 2),
                            Outcome.FAIL, "no light received while the lane transmits: fibre, connector or the far end's laser (" + file + ")"));
                } else if (!Double.isNaN(rx)) {
                    rows.add(grade(basis, shown, Optics.RX_POWER, rx, l.get(Optics.RX_POWER), flags, file, at));
                }
                if (!Double.isNaN(tx)) rows.add(grade(basis, shown, Optics.TX_POWER, tx, l.get(Optics.TX_POWER), flags, file, at));
                if (!Double.isNaN(bias)) rows.add(grade(basis, shown, Optics.TX_BIAS, bias, l.get(Optics.TX_BIAS), flags, file, at));
            }
        });
        return rows;
    }

    /** One quantity against {@code l} ({lo alarm, lo warn, hi warn, hi alarm}, NaN where not given) and the flags that are on. */
    private static CheckRow grade(String basis, String port, String quantity, double raw, double[] l, String flags, String file, String lane) {
        boolean power = Optics.Quantity.of(quantity).power();
        String name = (power ? quantity.replace("_mw", "_dbm") : quantity) + lane;
        double v = power ? dbm(raw) : raw;
        String what = Optics.Quantity.of(quantity).words;
        String unit = " " + Optics.Quantity.of(quantity).unit;
        String where = " (" + file + ")";
        String alarmFlag = latched(flags, quantity, "alarm"), warnFlag = latched(flags, quantity, "warning");
        if (l == null || (Double.isNaN(l[0]) && Double.isNaN(l[1]) && Double.isNaN(l[2]) && Double.isNaN(l[3]))) {
            if (alarmFlag != null) return new CheckRow(port, CheckRow.OPTICS, name, basis, null, v, Double.NaN, Double.NaN, Outcome.FAIL,
                    "the module latched a " + alarmFlag + where);
            return new CheckRow(port, CheckRow.OPTICS, name, basis, null, v, Double.NaN, Double.NaN, Outcome.INFO,
                    (warnFlag != null ? "warning: the module latched a " + warnFlag + "; " : "") + "the module gives no thresholds for its " + what + where);
        }
        double[] t = new double[4];
        for (int k = 0; k < 4; k++) t[k] = power ? dbm(l[k]) : l[k];
        // the side the value is on: below the middle of the warning band (or the alarm band) is the low side
        double lowW = first(t[1], t[0]), highW = first(t[2], t[3]);
        boolean low = !Double.isNaN(lowW) && (Double.isNaN(highW) ? true : v < (lowW + highW) / 2);
        if (low && !Double.isNaN(t[0]) && v < t[0]) return row(basis, port, name, v, t[0], v - t[0], Outcome.FAIL, what + " " + fmt(v) + unit + " below the module's low-alarm threshold " + fmt(t[0]) + unit + where);
        if (!low && !Double.isNaN(t[3]) && v > t[3]) return row(basis, port, name, v, t[3], t[3] - v, Outcome.FAIL, what + " " + fmt(v) + unit + " above the module's high-alarm threshold " + fmt(t[3]) + unit + where);
        if (alarmFlag != null) {
            double lim = low ? lowW : highW;
            return row(basis, port, name, v, lim, low ? v - lim : lim - v, Outcome.FAIL, "the module latched a " + alarmFlag + " (now " + fmt(v) + unit + ")" + where);
        }
        if (low && !Double.isNaN(t[1]) && v < t[1]) return row(basis, port, name, v, t[1], v - t[1], Outcome.INFO, "warning: " + what + " " + fmt(v) + unit + " below the module's low-warning threshold " + fmt(t[1]) + unit + where);
        if (!low && !Double.isNaN(t[2]) && v > t[2]) return row(basis, port, name, v, t[2], t[2] - v, Outcome.INFO, "warning: " + what + " " + fmt(v) + unit + " above the module's high-warning threshold " + fmt(t[2]) + unit + where);
        double lim = low ? lowW : highW;
        double margin = low ? v - lim : lim - v;
        if (warnFlag != null) return row(basis, port, name, v, lim, margin, Outcome.INFO, "warning: the module latched a " + warnFlag + " (now " + fmt(v) + unit + ")" + where);
        String band = Double.isNaN(t[1]) && Double.isNaN(t[2]) ? "alarm" : "warning";
        return row(basis, port, name, v, lim, margin, Outcome.PASS, what + " " + fmt(v) + unit + " inside the module's " + band + " thresholds ["
                + fmt(lowW) + ", " + fmt(highW) + "]" + unit + where);
    }

    /** A row with value, limit and margin rounded to 4 decimals (dBm already to ethtool's 2). */
    private static CheckRow row(String basis, String port, String name, double v, double limit, double margin, Outcome o, String reason) {
        return new CheckRow(port, CheckRow.OPTICS, name, basis, null, round(v, 4), round(limit, 4), round(margin, 4), o, reason);
    }

    private static double round(double v, int decimals) {
        if (Double.isNaN(v) || Double.isInfinite(v)) return v;
        double f = Math.pow(10, decimals);
        return Math.round(v * f) / f;
    }

    /** The flag of {@code quantity} at {@code level} ("alarm"/"warning") that is on in {@code flags}, or null. */
    private static String latched(String flags, String quantity, String level) {
        if (flags == null || flags.isEmpty()) return null;
        String w = Optics.Quantity.of(quantity).flagWords;
        for (String f : flags.split("; ")) if (f.startsWith(w + " ") && f.endsWith(" " + level)) return f;
        return null;
    }

    private static boolean has(String flags, String f) {
        if (flags == null || flags.isEmpty()) return false;
        for (String x : flags.split("; ")) if (x.equals(f)) return true;
        return false;
    }

    private static double first(double a, double b) { return Double.isNaN(a) ? b : a; }

    /** dBm of {@code mw} milliwatts to 2 decimals, as ethtool prints it ({@code -inf} for 0 mW). */
    static double dbm(double mw) { return mw > 0 ? round(10 * Math.log10(mw), 2) : mw == 0 ? Double.NEGATIVE_INFINITY : Double.NaN; }

    private static String fmt(double v) {
        if (Double.isInfinite(v)) return v < 0 ? "-inf" : "inf";
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
