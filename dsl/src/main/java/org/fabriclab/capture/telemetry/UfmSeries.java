package org.fabriclab.capture.telemetry;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Measurement;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.capture.WideCopies;
import org.fabriclab.catalogue.Binding;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Source;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.columns.Column;

/**
 * Collects UFM telemetry samples (CSV or fluentd JSON) and turns them into the {@link Telemetry}
 * table plus counter readings of the latest sample of each port (so a UFM file also works as a
 * snapshot).
 * <ul>
 * <li>Timestamps: UFM writes epoch microseconds (the telemetry endpoint and the fluentd plugin);
 * values are converted by magnitude: at least 10^14 is microseconds, at least 10^11 milliseconds,
 * otherwise seconds.</li>
 * <li>Counters: integer columns; a catalogued name becomes its canonical column (when a file has a
 * narrow and a 64-bit copy, such as {@code Infiniband_SymbolErrors_u_Errors} and
 * {@code SymbolErrorCounterExtended}, the table keeps the 64-bit one); uncatalogued integer columns
 * keep their raw name.</li>
 * <li>Measurements: BER and module columns ({@code Effective_BER}, {@code Total_Raw_BER},
 * {@code Symbol_BER}, {@code Module_Temperature}, {@code Module_Voltage}, any case) become the
 * {@code DoubleColumn}s of the contract; other fractional values (rates, percentages) are skipped
 * and named in a warning.</li>
 * </ul>
 *
 * <pre>{@code
 * UfmSeries s = new UfmSeries("ufm.csv");
 * s.sample(12, 1709652347161873L, "0x0c42...", "0x0c42...", 1, Map.of("PortXmitDataExtended", 10L), Map.of());
 * s.emit(builder);
 * }</pre>
 */
final class UfmSeries {
    private static final Map<String, String> MEASUREMENT_NAMES = Map.ofEntries(
            Map.entry("effective_ber", Telemetry.EFFECTIVE_BER), Map.entry("total_raw_ber", Telemetry.RAW_BER),
            Map.entry("raw_ber", Telemetry.RAW_BER), Map.entry("symbol_ber", Telemetry.SYMBOL_BER),
            Map.entry("module_temperature", Telemetry.TEMPERATURE_C), Map.entry("temperature", Telemetry.TEMPERATURE_C),
            Map.entry("module_voltage", Telemetry.VOLTAGE_MV));

    private final String file;
    private final Catalogue catalogue = Catalogue.standard();
    private final List<Sample> samples = new ArrayList<>();
    private final Set<String> skipped = new TreeSet<>();
    private final Set<String> attributes = new TreeSet<>();
    private final Set<String> negative = new TreeSet<>();

    record Sample(int line, long timestampMs, String port, String nodeGuid, String portGuid, long portNum,
                  Map<String, Long> counters, Map<String, Integer> lines, Map<String, Double> measurements,
                  Map<String, String> absent) {
        int lineOf(String raw) { return lines.getOrDefault(raw, line); }
    }

    UfmSeries(String file) { this.file = file; }

    /**
     * The telemetry measurement column a raw name maps to, or null. UFM telemetry also names a metric
     * by its group ({@code CableInfo.Temperature}, as the PDR plugin requests it): the part after the
     * last dot is looked up when the whole name is not known.
     */
    static String measurementColumn(String raw) {
        String key = raw.toLowerCase(Locale.ROOT);
        String m = MEASUREMENT_NAMES.get(key);
        int dot = key.lastIndexOf('.');
        return m != null || dot < 0 ? m : MEASUREMENT_NAMES.get(key.substring(dot + 1));
    }

    /** UFM names float-valued metrics (rates, percentages) with an {@code _f_} infix: not counters. */
    static boolean isFloatMetric(String raw) { return raw.contains("_f_"); }

    /** UFM names unsigned-integer metrics with a {@code _u_} infix ({@code hist0_u_count}): counters, whatever the catalogue says. */
    static boolean isIntegerMetric(String raw) { return raw.contains("_u_") && !raw.contains("_f_"); }

    /** Converts a UFM timestamp to epoch milliseconds (see the class comment). */
    static long toEpochMs(long ts) {
        if (ts >= 100_000_000_000_000L) return ts / 1000;
        if (ts >= 100_000_000_000L) return ts;
        return ts * 1000;
    }

    static String guid(String text, String file, int line) {
        String t = text == null ? "" : text.trim();
        String hex = t.startsWith("0x") || t.startsWith("0X") ? t.substring(2) : t;
        if (hex.isEmpty() || hex.length() > 16 || !hex.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
            throw new CaptureException(file, line, "expected a GUID (0x and up to 16 hex digits), found '" + t + "'");
        }
        return "0x" + "0".repeat(16 - hex.length()) + hex.toLowerCase(Locale.ROOT);
    }

    void skip(String column) { skipped.add(column); }

    /**
     * A column the catalogue does not know with a negative whole number in it (a level such as a lane's optical power in dBm,
     * {@code rx_power_lane_0 = -40} on a dark lane): no counter, which is never negative; skipped and named in a warning.
     */
    void negative(String column) { negative.add(column); }

    /** A column of text (a description, a label, a part number, a hex GUID): an attribute of the port, not a counter. */
    void attribute(String column) { attributes.add(column); }

    void sample(int line, long timestamp, String nodeGuid, String portGuid, long portNum, Map<String, Long> counters,
                Map<String, Double> measurements) {
        sample(line, timestamp, nodeGuid, portGuid, portNum, counters, Map.of(), measurements, Map.of());
    }

    /**
     * One sample; {@code lines} gives a counter's own line where it differs from the sample's (JSON),
     * {@code absent} the counters the sample names without a valid value, with the reason.
     */
    void sample(int line, long timestamp, String nodeGuid, String portGuid, long portNum, Map<String, Long> counters,
                Map<String, Integer> lines, Map<String, Double> measurements, Map<String, String> absent) {
        String ng = nodeGuid == null || nodeGuid.isBlank() ? null : guid(nodeGuid, file, line);
        String pg = portGuid == null || portGuid.isBlank() ? null : guid(portGuid, file, line);
        // an all-zero GUID identifies nothing
        if (PortAttr.isZeroGuid(ng)) ng = null;
        if (PortAttr.isZeroGuid(pg)) pg = null;
        if (ng == null && pg == null) {
            throw new CaptureException(file, line, "sample names neither a port GUID nor a node GUID (all-zero GUIDs identify nothing)");
        }
        String port = "guid " + (pg != null ? pg : ng) + "/" + portNum;
        samples.add(new Sample(line, toEpochMs(timestamp), port, ng, pg, portNum, new LinkedHashMap<>(counters), lines,
                measurements, new LinkedHashMap<>(absent)));
    }

    int size() { return samples.size(); }

    /** Adds the telemetry table, the latest readings and attributes per port, and warnings. */
    void emit(Capture.Builder b) {
        if (samples.isEmpty()) throw new CaptureException(file, 0, "no telemetry samples found");
        // a column skipped anywhere (a fraction in some sample) is not a counter in any sample
        if (!skipped.isEmpty() || !attributes.isEmpty() || !negative.isEmpty()) {
            for (Sample s : samples) {
                s.counters.keySet().removeAll(skipped); s.absent.keySet().removeAll(skipped);
                s.counters.keySet().removeAll(attributes); s.absent.keySet().removeAll(attributes);
                s.counters.keySet().removeAll(negative); s.absent.keySet().removeAll(negative);
            }
        }
        // which raw column feeds each counter column of the table: the widest copy present
        Map<String, String> columnOfRaw = new LinkedHashMap<>();
        Map<String, Integer> widthOfColumn = new HashMap<>();
        Map<String, String> rawOfColumn = new HashMap<>();
        Set<String> measurementCols = new LinkedHashSet<>();
        for (Sample s : samples) {
            for (String raw : s.counters.keySet()) {
                if (columnOfRaw.containsKey(raw)) continue;
                var bd = catalogue.lookup(Source.UFM, raw);
                String col = bd.map(Binding::canonical).orElse(raw);
                int w = bd.map(x -> Math.max(0, x.field().width())).orElse(64);
                columnOfRaw.put(raw, col);
                if (!widthOfColumn.containsKey(col) || w > widthOfColumn.get(col)) { widthOfColumn.put(col, w); rawOfColumn.put(col, raw); }
            }
            measurementCols.addAll(s.measurements.keySet());
        }
        List<Sample> sorted = new ArrayList<>(samples);
        sorted.sort(Comparator.comparing(Sample::port).thenComparingLong(Sample::timestampMs));
        LongColumn ts = LongColumn.create(Telemetry.TIMESTAMP);
        StringColumn port = StringColumn.create(Telemetry.PORT);
        Map<String, LongColumn> counters = new LinkedHashMap<>();
        // table column names are unique ignoring case (Tablesaw): an uncatalogued raw column that differs from another
        // column only in case (Symbol_Errors beside the catalogue's symbol_errors) is renamed in the table, catalogued first
        Set<String> used = new HashSet<>();
        used.add(Telemetry.TIMESTAMP.toLowerCase(Locale.ROOT));
        used.add(Telemetry.PORT.toLowerCase(Locale.ROOT));
        for (String m : Telemetry.MEASUREMENTS) if (measurementCols.contains(m)) used.add(m.toLowerCase(Locale.ROOT));
        List<String> renamed = new ArrayList<>();
        List<String> order = rawOfColumn.keySet().stream()
                .sorted(Comparator.comparing((String c) -> catalogue.lookup(Source.UFM, rawOfColumn.get(c)).isEmpty()).thenComparing(c -> c))
                .toList();
        Map<String, String> nameOf = new HashMap<>();
        for (String col : order) {
            String name = col;
            for (int k = 2; used.contains(name.toLowerCase(Locale.ROOT)); k++) name = col + "_" + k;
            used.add(name.toLowerCase(Locale.ROOT));
            if (!name.equals(col)) renamed.add(col + " as " + name);
            nameOf.put(col, name);
        }
        for (String col : rawOfColumn.keySet().stream().sorted().toList()) counters.put(col, LongColumn.create(nameOf.get(col)));
        if (!renamed.isEmpty()) {
            b.warn("telemetry table columns that differ only in letter case from another were renamed: " + String.join(", ", renamed));
        }
        Map<String, DoubleColumn> doubles = new LinkedHashMap<>();
        for (String m : Telemetry.MEASUREMENTS) if (measurementCols.contains(m)) doubles.put(m, DoubleColumn.create(m));
        for (Sample s : sorted) {
            ts.append(s.timestampMs);
            port.append(s.port);
            for (Map.Entry<String, LongColumn> e : counters.entrySet()) {
                Long v = s.counters.get(rawOfColumn.get(e.getKey()));
                if (v == null) e.getValue().appendMissing(); else e.getValue().append(v);
            }
            for (Map.Entry<String, DoubleColumn> e : doubles.entrySet()) {
                Double v = s.measurements.get(e.getKey());
                if (v == null) e.getValue().appendMissing(); else e.getValue().append(v);
            }
        }
        List<Column<?>> cols = new ArrayList<>(List.of(ts, port));
        cols.addAll(counters.values());
        cols.addAll(doubles.values());
        Measurement t = Measurement.of(Telemetry.NAME, cols);
        Telemetry.validate(t, file);
        b.measurements(Telemetry.NAME, t);

        // latest sample per port becomes the snapshot view (first sample wins a timestamp tie)
        Map<String, Sample> latest = new LinkedHashMap<>();
        for (Sample s : samples) {
            Sample prev = latest.get(s.port);
            if (prev == null || s.timestampMs > prev.timestampMs) latest.put(s.port, s);
        }
        WideCopies copies = new WideCopies(Source.UFM);
        int dropped = 0;
        for (Sample s : latest.values()) {
            if (s.nodeGuid != null) b.attr(s.port, PortAttr.NODE_GUID, s.nodeGuid, s.line);
            if (s.portGuid != null) b.attr(s.port, PortAttr.GUID, s.portGuid, s.line);
            b.attr(s.port, PortAttr.PORT_NUM, Long.toString(s.portNum), s.line);
            b.attr(s.port, "timestamp_ms", Long.toString(s.timestampMs), s.line);
            s.counters.forEach((raw, v) -> copies.add(raw, v, s.lineOf(raw)));
            dropped += copies.emit(b, s.port);
            s.absent.forEach((raw, why) -> b.absent(Source.UFM, s.port, raw, s.lineOf(raw), why));
        }
        copies.warnInconsistent(b);
        if (dropped > 0) {
            b.warn(dropped + " narrow counter copies differ from their 64-bit copy in the latest samples; kept the 64-bit copy");
        }
        if (!skipped.isEmpty()) {
            b.warn("skipped non-integer columns that are not BER/temperature/voltage: " + String.join(", ", skipped));
        }
        if (!attributes.isEmpty()) {
            b.warn("skipped text columns (attributes, not counters): " + String.join(", ", attributes));
        }
        if (!negative.isEmpty()) {
            b.warn("skipped columns with negative values (levels, not counters): " + String.join(", ", negative));
        }
    }
}
