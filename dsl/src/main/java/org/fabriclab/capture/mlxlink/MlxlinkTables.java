package org.fabriclab.capture.mlxlink;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Measurement;
import org.fabriclab.capture.Optics;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Values;
import org.fabriclab.capture.Words;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;

/**
 * Turns the sections of mlxlink outputs into the {@code ber}, {@code ber_lanes}, {@code module},
 * {@code operational}, {@code fec_histogram} and (with {@link MlxlinkPcie}) {@code pcie} tables and the error-count readings (see
 * {@link MlxlinkReader}). Shared by the text and the JSON reader, so both read a value the same way:
 * <ul>
 * <li>a lane list ({@code 279,,285,304} in text, a {@code values} array in JSON) keeps each lane's
 * index; an empty or {@code N/A} lane is missing in {@code ber_lanes} and makes the port's summed
 * {@code raw_physical_errors} absent (a sum over the other lanes would be too small);</li>
 * <li>a BER whose exponent is {@code -255} ({@code 15E-255}) is mlxlink's placeholder for "no errors
 * counted": the BER is 0 and the table's {@code below_measurable} column names it;</li>
 * <li>a number is read whole ({@code 45C}, {@code 61 [-10..80]}, {@code 3287.8}); {@code 12abc},
 * {@code 1e3} or {@code 0xFF} where a number belongs is an error naming the line, never a prefix.</li>
 * </ul>
 */
final class MlxlinkTables {
    /** One printed value: its text, its list items (a JSON {@code values} array, else null) and lines. */
    record Value(String text, List<String> items, int line, List<Integer> itemLines) {
        static Value scalar(String text, int line) { return new Value(text, null, line, null); }
    }

    /** The sections of one port. */
    record PortOutput(String port, int line, Map<String, Map<String, Value>> sections) {
        Value value(String section, String... keys) {
            Map<String, Value> m = sections.get(section);
            if (m == null) return null;
            for (String k : keys) if (m.containsKey(k)) return m.get(k);
            return null;
        }

        String get(String section, String... keys) {
            Value v = value(section, keys);
            return v == null ? null : v.text();
        }
    }

    static final String FEC_HISTOGRAM = "Histogram of FEC Errors";
    /** The section mlxlink prints its collected exceptions under. */
    static final String ERRORS = "Errors";
    /** The port attribute holding Troubleshooting Info's Recommendation ({@code No issue was observed}, {@code Bad signal integrity}). */
    static final String RECOMMENDATION = "mlxlink_recommendation";
    /** A number, an optional unit, optional {@code [low..high]} thresholds: {@code 61 [-10..80]}, {@code 45C}. */
    private static final Pattern NUMBER_UNIT = Pattern.compile(
            "(-?\\d{1,18}(?:\\.\\d{1,18})?)\\s*(C|mV|V|W|mW|mA|dBm|dB|nm|m|%|Min|min)?(?:\\s*\\[[-+0-9.eE]*\\.\\.[-+0-9.eE]*\\])?");
    private static final Pattern BER = Pattern.compile("(\\d{1,18})(?:\\.(\\d{1,18}))?[eE]([-+]?\\d{1,4})|\\d{1,18}(?:\\.\\d{1,18})?");
    private static final Pattern BIN = Pattern.compile("Bin (\\d{1,4})");

    private final String file;

    MlxlinkTables(String file) { this.file = file; }

    void emit(Capture.Builder b, List<PortOutput> ports) {
        StringColumn bPort = StringColumn.create("port"), bFile = StringColumn.create("file");
        DoubleColumn bTime = DoubleColumn.create("time_since_clear_min"), bRaw = DoubleColumn.create("raw_ber");
        DoubleColumn bEff = DoubleColumn.create("effective_ber"), bSym = DoubleColumn.create("symbol_ber");
        LongColumn bRawErr = LongColumn.create("raw_errors"), bEffErr = LongColumn.create("effective_errors");
        LongColumn bSymErr = LongColumn.create("symbol_errors");
        StringColumn bBelow = StringColumn.create("below_measurable");
        StringColumn lPort = StringColumn.create("port");
        IntColumn lLane = IntColumn.create("lane");
        LongColumn lErr = LongColumn.create("raw_errors");
        DoubleColumn lBer = DoubleColumn.create("raw_ber");
        Optics.ModuleTable modules = new Optics.ModuleTable();
        StringColumn oPort = StringColumn.create("port"), oState = StringColumn.create("state"), oPhys = StringColumn.create("physical_state");
        StringColumn oSpeed = StringColumn.create("speed"), oWidth = StringColumn.create("width"), oFec = StringColumn.create("fec");
        StringColumn oLoop = StringColumn.create("loopback");
        StringColumn hPort = StringColumn.create("port"), hRange = StringColumn.create("range");
        IntColumn hBin = IntColumn.create("bin");
        LongColumn hCount = LongColumn.create("occurrences");

        Optics optics = new Optics();
        MlxlinkPcie pcie = new MlxlinkPcie(file);
        for (PortOutput p : ports) {
            String port = p.port();
            int slash = port.lastIndexOf('/');
            if (!port.contains(" ") && slash > 0) {
                b.attr(port, PortAttr.DEVICE, port.substring(0, slash), p.line());
                b.attr(port, PortAttr.PORT_NUM, port.substring(slash + 1), p.line());
            }
            String c = MlxlinkReader.COUNTERS_INFO;
            if (p.sections().containsKey(c)) {
                bPort.append(port);
                bFile.append(file);
                bTime.append(dbl(p, c, "Time Since Last Clear [Min]"));
                List<String> below = new ArrayList<>();
                bRaw.append(ber(p, c, "raw", below, "Raw Physical BER"));
                bEff.append(ber(p, c, "effective", below, "Effective Physical BER"));
                bSym.append(ber(p, c, "symbol", below, "Symbol BER"));
                bBelow.append(String.join(",", below));
                lanes(b, p, c, bRawErr, lPort, lLane, lErr, lBer);
                count(b, p, c, bEffErr, "effective_physical_errors", "Effective Physical Errors");
                count(b, p, c, bSymErr, "symbol_errors", "Symbol Errors");
                count(b, p, c, null, "link_down_counter", "Link Down Counter");
                count(b, p, c, null, "link_error_recovery_counter", "Link Error Recovery Counter");
            }
            String m = MlxlinkReader.MODULE_INFO;
            if (p.sections().containsKey(m)) {
                modules.add(port, monitored(p, m, "Temperature [C]", "Module Temperature [C]", "Temperature"),
                        monitored(p, m, "Voltage [mV]", "Module Voltage [mV]", "Voltage"), orEmpty(p.get(m, "Vendor Name", "Vendor")),
                        orEmpty(p.get(m, "Vendor Part Number", "Part Number")));
                optics(optics, p, m);
            }
            String o = MlxlinkReader.OPERATIONAL_INFO;
            if (p.sections().containsKey(o)) {
                oPort.append(port);
                oState.append(orEmpty(p.get(o, "State")));
                oPhys.append(orEmpty(p.get(o, "Physical state", "Physical State")));
                oSpeed.append(orEmpty(p.get(o, "Speed")));
                oWidth.append(orEmpty(p.get(o, "Width")));
                oFec.append(orEmpty(p.get(o, "FEC")));
                oLoop.append(orEmpty(p.get(o, "Loopback Mode", "Loopback")));
                Value state = p.value(o, "State");
                if (state != null && !isNa(state.text())) b.attr(port, PortAttr.STATE, state.text().strip(), state.line());
            }
            if (p.sections().containsKey(FEC_HISTOGRAM)) histogram(b, p, hPort, hBin, hRange, hCount);
            if (MlxlinkPcie.has(p)) pcie.add(b, p);
            Value rec = p.value(MlxlinkReader.TROUBLESHOOTING_INFO, "Recommendation");
            if (rec != null && !isNa(rec.text())) b.attr(port, RECOMMENDATION, rec.text().strip(), rec.line());
            reportedErrors(b, p);
        }
        if (!bPort.isEmpty()) {
            b.measurements(MlxlinkReader.BER, Measurement.of(MlxlinkReader.BER, bPort, bFile, bTime, bRaw, bEff, bSym, bRawErr, bEffErr,
                    bSymErr, bBelow));
        }
        if (!lPort.isEmpty()) b.measurements(MlxlinkReader.LANES, Measurement.of(MlxlinkReader.LANES, lPort, lLane, lErr, lBer));
        modules.addTo(b);
        if (!oPort.isEmpty()) {
            b.measurements(MlxlinkReader.OPERATIONAL, Measurement.of(MlxlinkReader.OPERATIONAL, oPort, oState, oPhys, oSpeed, oWidth, oFec, oLoop));
        }
        optics.addTo(b);
        pcie.addTo(b);
        if (!hPort.isEmpty()) b.measurements(MlxlinkReader.FEC_HISTOGRAM, Measurement.of(MlxlinkReader.FEC_HISTOGRAM, hPort, hBin, hRange, hCount));
    }

    /**
     * mlxlink's {@value #ERRORS} section (the exceptions a run collected, e.g. {@code Showing Eye via SLRG raised the
     * following exception: ...}) as a warning: the values it could not show are missing, not zero.
     */
    private void reportedErrors(Capture.Builder b, PortOutput p) {
        Map<String, Value> errors = p.sections().get(ERRORS);
        if (errors == null || errors.isEmpty()) return;
        Map.Entry<String, Value> first = errors.entrySet().iterator().next();
        String text = first.getValue().text().isBlank() ? first.getKey() : first.getKey() + ": " + first.getValue().text().strip();
        b.warn(file + ":" + first.getValue().line() + ": mlxlink reported " + errors.size() + " error(s) for " + p.port() + ", first: "
                + Values.abbreviate(text));
    }

    /**
     * The raw name a lane's raw errors are read under: {@code raw_physical_errors_lane<k>}, {@code k} the position in
     * mlxlink's {@code Raw Physical Errors Per Lane} list from 0 (mlxlink prints PPCNT's {@code phy_raw_errors_lane<k>}
     * in lane order); the catalogue binds it to its lane counter, as it binds the sum's {@code raw_physical_errors}.
     */
    static final String LANE_RAW_ERRORS = "raw_physical_errors_lane";

    /**
     * The per-lane raw errors (and BER when printed), index kept, each also a reading {@value #LANE_RAW_ERRORS}{@code <k>}
     * (an empty or N/A lane is absent); the port's sum, absent when a lane is.
     */
    private void lanes(Capture.Builder b, PortOutput p, String c, LongColumn bRawErr, StringColumn lPort, IntColumn lLane,
                       LongColumn lErr, DoubleColumn lBer) {
        Value lanes = p.value(c, "Raw Physical Errors Per Lane");
        Value bers = p.value(c, "Raw Physical BER Per Lane");
        if (lanes == null) { bRawErr.appendMissing(); return; }
        List<String> items = items(lanes);
        List<String> berItems = bers == null ? List.of() : items(bers);
        if (items.size() == 1 && isNa(items.get(0))) {
            bRawErr.appendMissing();
            b.absent(p.port(), "raw_physical_errors", lanes.line(), "N/A in mlxlink output");
            return;
        }
        long sum = 0;
        String missing = null;
        boolean overflow = false;
        for (int k = 0; k < items.size(); k++) {
            String item = items.get(k);
            int line = lanes.itemLines() == null ? lanes.line() : lanes.itemLines().get(k);
            lPort.append(p.port());
            lLane.append(k);
            if (isNa(item)) {
                lErr.appendMissing();
                if (missing == null) missing = "lane " + k + " is '" + item.strip() + "'";
                b.absent(p.port(), LANE_RAW_ERRORS + k, line, "lane " + k + " is '" + item.strip() + "' in mlxlink output");
            } else {
                long v = Values.parseCounter(item, file, line);
                lErr.append(v);
                b.counter(p.port(), LANE_RAW_ERRORS + k, v, line);
                if (!overflow) {
                    try {
                        sum = Math.addExact(sum, v);
                    } catch (ArithmeticException e) {
                        overflow = true;
                    }
                }
            }
            String ber = k < berItems.size() ? berItems.get(k) : null;
            lBer.append(ber == null || isNa(ber) ? Double.NaN : berValue(ber, "Raw Physical BER Per Lane", bers.line(), null, null));
        }
        if (overflow) {
            throw new CaptureException(file, lanes.line(), "'Raw Physical Errors Per Lane': the lanes sum above 2^63-1, which is not a "
                    + "counter value fabriclab represents exactly");
        }
        if (missing != null) {
            bRawErr.appendMissing();
            b.absent(p.port(), "raw_physical_errors", lanes.line(), "not summed over lanes: " + missing + " in mlxlink output");
        } else {
            bRawErr.append(sum);
            b.counter(p.port(), "raw_physical_errors", sum, lanes.line());
        }
    }

    /** List items: the JSON array, or the text split at commas (empty items kept), or at blanks. */
    private static List<String> items(Value v) {
        if (v.items() != null) return v.items();
        String t = v.text().strip();
        String[] parts = t.indexOf(',') >= 0 ? t.split(",", -1) : Words.split(t);
        List<String> out = new ArrayList<>(parts.length);
        for (String s : parts) out.add(s.strip());
        return out;
    }

    private void histogram(Capture.Builder b, PortOutput p, StringColumn hPort, IntColumn hBin, StringColumn hRange, LongColumn hCount) {
        Map<Integer, Value> bins = new TreeMap<>();
        for (Map.Entry<String, Value> e : p.sections().get(FEC_HISTOGRAM).entrySet()) {
            Matcher m = BIN.matcher(e.getKey().strip());
            if (m.matches()) bins.put(Integer.parseInt(m.group(1)), e.getValue());
        }
        for (Map.Entry<Integer, Value> e : bins.entrySet()) {
            Value v = e.getValue();
            List<String> items = items(v);
            if (items.size() != 2) {
                throw new CaptureException(file, v.line(), "FEC histogram 'Bin " + e.getKey() + "': expected a range and a count "
                        + "('[0]', '22858119037881'), found '" + Values.abbreviate(v.text()) + "'");
            }
            int line = v.itemLines() == null ? v.line() : v.itemLines().get(1);
            hPort.append(p.port());
            hBin.append(e.getKey());
            hRange.append(items.get(0));
            // each bin is also a counter reading (fec_histogram_bin<N>), so a series of mlxlink snapshots carries the histogram
            if (isNa(items.get(1))) {
                hCount.appendMissing();
                b.absent(p.port(), "fec_histogram_bin" + e.getKey(), line, "N/A in mlxlink output");
            } else {
                long n = Values.parseCounter(items.get(1), file, line);
                hCount.append(n);
                b.counter(p.port(), "fec_histogram_bin" + e.getKey(), n, line);
            }
        }
    }

    private void count(Capture.Builder b, PortOutput p, String section, LongColumn col, String reading, String key) {
        Value v = p.value(section, key);
        if (v == null || isNa(v.text())) {
            if (col != null) col.appendMissing();
            if (v != null) b.absent(p.port(), reading, v.line(), "N/A in mlxlink output");
            return;
        }
        long n = Values.parseCounter(v.text(), file, v.line());
        if (col != null) col.append(n);
        b.counter(p.port(), reading, n, v.line());
    }

    /** mlxlink BER: {@code 5E-10} (coefficient E exponent) or a plain decimal; {@code 15E-255} is 0 (no errors). */
    private double ber(PortOutput p, String section, String name, List<String> below, String key) {
        Value v = p.value(section, key);
        if (v == null || isNa(v.text())) return Double.NaN;
        return berValue(v.text(), key, v.line(), name, below);
    }

    private double berValue(String text, String key, int line, String name, List<String> below) {
        String t = text.strip();
        Matcher m = BER.matcher(t);
        if (!m.matches()) {
            throw new CaptureException(file, line, "'" + key + "': expected a BER such as 15E-255 or 1E-12, found '"
                    + Values.abbreviate(t) + "'");
        }
        if (m.group(3) != null && Integer.parseInt(m.group(3)) == -255) {
            if (below != null) below.add(name);
            return 0.0;
        }
        double d = Double.parseDouble(t);
        if (!Double.isFinite(d) || d < 0 || d > 1) {
            throw new CaptureException(file, line, "'" + key + "': a BER is between 0 and 1, found '" + Values.abbreviate(t) + "'");
        }
        return d;
    }

    /**
     * A module monitor's value, NaN when mlxlink prints {@code 0 [0..0]}: what it prints for a module that does not
     * have that monitor (a passive copper cable that claims diagnostics), not a reading of 0.
     */
    private double monitored(PortOutput p, String section, String... keys) {
        return unmonitored(p.value(section, keys)) ? Double.NaN : dbl(p, section, keys);
    }

    /** Whether every value before the thresholds is 0 and the thresholds are {@code [0..0]} (see {@link #monitored}). */
    static boolean unmonitored(Value v) {
        if (v == null) return false;
        String text = v.items() != null ? String.join(",", v.items()) : v.text();
        if (text == null) return false;
        Matcher r = RANGE.matcher(text.strip());
        if (!r.find() || Double.parseDouble(r.group(1)) != 0 || Double.parseDouble(r.group(2)) != 0) return false;
        for (String it : text.substring(0, r.start()).split(",")) {
            if (!it.strip().matches("0(?:\\.0+)?")) return false;
        }
        return true;
    }

    private double dbl(PortOutput p, String section, String... keys) {
        Value v = p.value(section, keys);
        if (v == null || isNa(v.text())) return Double.NaN;
        Matcher m = NUMBER_UNIT.matcher(v.text().strip());
        if (!m.matches()) {
            throw new CaptureException(file, v.line(), "'" + keys[0] + "': expected a number (optionally a unit and [low..high] "
                    + "thresholds, as in '61 [-10..80]'), found '" + Values.abbreviate(v.text().strip()) + "'");
        }
        return Double.parseDouble(m.group(1));
    }

    /** Per-lane status lines of Module Info ({@code 0}/{@code 1} per lane) and the lane flag each sets. */
    private static final String[][] LANE_STATUS = {
            {"Rx LOS [per lane]", "rx loss of signal"}, {"Rx CDR LOL [per lane]", "rx loss of lock"}, {"Tx LOS [per lane]", "tx loss of signal"},
            {"Tx CDR LOL [per lane]", "tx loss of lock"}, {"Tx Fault [per lane]", "tx fault"}, {"Tx Adaptive EQ Fault [per lane]", "tx adaptive eq fault"}};
    private static final Pattern RANGE = Pattern.compile("\\[\\s*(-?\\d{1,9}(?:\\.\\d{1,9})?)\\s*\\.\\.\\s*(-?\\d{1,9}(?:\\.\\d{1,9})?)\\s*\\]\\s*$");

    /**
     * Module Info's per-lane rx/tx power (dBm), bias current (mA) and lane status into the {@link Optics} tables, with
     * the {@code [low..high]} mlxlink prints after a value as the module's alarm thresholds (the PDDR module-info
     * thresholds; mlxlink prints no warning pair). Lanes are numbered from 1. Nothing when the module has no diagnostics.
     */
    private void optics(Optics optics, PortOutput p, String m) {
        Value rx = p.value(m, "Rx Power Current [dBm]"), tx = p.value(m, "Tx Power Current [dBm]"), bias = p.value(m, "Bias Current [mA]");
        // '0,0,0,0 [0..0]': the module has no such monitor (a passive copper cable), not 0 dBm (1 mW) and 0 mA
        if (unmonitored(rx)) rx = null;
        if (unmonitored(tx)) tx = null;
        if (unmonitored(bias)) bias = null;
        double[] rxDbm = laneValues(rx, "Rx Power Current [dBm]"), txDbm = laneValues(tx, "Tx Power Current [dBm]"), biasMa = laneValues(bias, "Bias Current [mA]");
        int n = Math.max(rxDbm.length, Math.max(txDbm.length, biasMa.length));
        if (n == 0) return;
        String type = p.get(m, "Rx Power Type");
        String kind = type != null && type.toUpperCase(java.util.Locale.ROOT).contains("OMA") ? "OMA" : "average";
        List<List<String>> flags = new ArrayList<>();
        for (int k = 0; k < n; k++) flags.add(new ArrayList<>());
        for (String[] st : LANE_STATUS) {
            Value v = p.value(m, st[0]);
            if (v == null) continue;
            List<String> items = items(v);
            for (int k = 0; k < items.size() && k < n; k++) {
                String it = items.get(k).strip();
                if (it.equals("1")) flags.get(k).add(st[1]);
                else if (!it.equals("0") && !isNa(it)) {
                    throw new CaptureException(file, v.line(), "'" + st[0] + "': expected 0 or 1 per lane, found '" + Values.abbreviate(it) + "'");
                }
            }
        }
        for (int k = 0; k < n; k++) {
            double r = at(rxDbm, k), t = at(txDbm, k);
            optics.lane(p.port(), k + 1, at(biasMa, k), Double.isNaN(t) ? t : Optics.milliwatts(t), t, Double.isNaN(r) ? r : Optics.milliwatts(r), r, kind, flags.get(k));
        }
        threshold(optics, p.port(), Optics.RX_POWER, rx, true);
        threshold(optics, p.port(), Optics.TX_POWER, tx, true);
        threshold(optics, p.port(), Optics.TX_BIAS, bias, false);
        Value temp = p.value(m, "Temperature [C]", "Module Temperature [C]", "Temperature");
        Value volt = p.value(m, "Voltage [mV]", "Module Voltage [mV]", "Voltage");
        if (!unmonitored(temp)) threshold(optics, p.port(), Optics.TEMPERATURE, temp, false);
        if (!unmonitored(volt)) threshold(optics, p.port(), Optics.VOLTAGE, volt, false);
    }

    private static double at(double[] v, int k) { return k < v.length ? v[k] : Double.NaN; }

    /** The comma-separated lane values before an optional {@code [low..high]}; N/A lanes NaN; none when the line is absent or N/A. */
    private double[] laneValues(Value v, String key) {
        if (v == null) return new double[0];
        String text = v.items() != null ? String.join(",", v.items()) : v.text();
        int bracket = text.indexOf('[');
        if (bracket >= 0) text = text.substring(0, bracket);
        if (isNa(text)) return new double[0];
        String[] parts = text.split(",", -1);
        double[] out = new double[parts.length];
        for (int k = 0; k < parts.length; k++) {
            String it = parts[k].strip();
            if (isNa(it)) { out[k] = Double.NaN; continue; }
            Matcher mm = NUMBER_UNIT.matcher(it);
            if (!mm.matches()) {
                throw new CaptureException(file, v.line(), "'" + key + "': expected a number per lane (as in '-1.2,-1.3 [-10.4..5.4]'), found '"
                        + Values.abbreviate(it) + "' for lane " + (k + 1));
            }
            out[k] = Double.parseDouble(mm.group(1));
        }
        return out;
    }

    /** The {@code [low..high]} after {@code v} as alarm thresholds of {@code quantity} (dBm converted to mW where {@code dbm}). */
    private static void threshold(Optics optics, String port, String quantity, Value v, boolean dbm) {
        if (v == null || v.text() == null) return;
        Matcher r = RANGE.matcher(v.text().strip());
        if (!r.find()) return;
        double lo = Double.parseDouble(r.group(1)), hi = Double.parseDouble(r.group(2));
        if (dbm) { lo = Optics.milliwatts(lo); hi = Optics.milliwatts(hi); }
        optics.threshold(port, quantity, lo, Double.NaN, Double.NaN, hi, List.of());
    }

    static boolean isNa(String v) {
        String t = v.strip();
        return t.isEmpty() || t.equalsIgnoreCase("N/A") || t.equalsIgnoreCase("NA");
    }

    private static String orEmpty(String s) { return s == null ? "" : s.strip(); }
}
