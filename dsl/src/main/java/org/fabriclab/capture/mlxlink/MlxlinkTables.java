package org.fabriclab.capture.mlxlink;

import java.util.List;
import java.util.Map;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Values;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Turns the sections of mlxlink outputs into the {@code ber}, {@code ber_lanes}, {@code module} and
 * {@code operational} tables and the error-count readings (see {@link MlxlinkReader}).
 */
final class MlxlinkTables {
    /** The sections of one port; {@code lines} maps "section\0key" to its line. */
    record PortOutput(String port, int line, Map<String, Map<String, String>> sections, Map<String, Integer> lines) {
        String get(String section, String... keys) {
            Map<String, String> m = sections.get(section);
            if (m == null) return null;
            for (String k : keys) if (m.containsKey(k)) return m.get(k);
            return null;
        }

        int lineOf(String section, String... keys) {
            for (String k : keys) {
                Integer l = lines.get(section + "\u0000" + k);
                if (l != null) return l;
            }
            return line;
        }
    }

    private final String file;

    MlxlinkTables(String file) { this.file = file; }

    void emit(Capture.Builder b, List<PortOutput> ports) {
        StringColumn bPort = StringColumn.create("port"), bFile = StringColumn.create("file");
        DoubleColumn bTime = DoubleColumn.create("time_since_clear_min"), bRaw = DoubleColumn.create("raw_ber");
        DoubleColumn bEff = DoubleColumn.create("effective_ber"), bSym = DoubleColumn.create("symbol_ber");
        LongColumn bRawErr = LongColumn.create("raw_errors"), bEffErr = LongColumn.create("effective_errors");
        LongColumn bSymErr = LongColumn.create("symbol_errors");
        StringColumn lPort = StringColumn.create("port");
        IntColumn lLane = IntColumn.create("lane");
        LongColumn lErr = LongColumn.create("raw_errors");
        StringColumn mPort = StringColumn.create("port"), mVendor = StringColumn.create("vendor"), mPart = StringColumn.create("part_number");
        DoubleColumn mTemp = DoubleColumn.create("temperature_c"), mVolt = DoubleColumn.create("voltage_mv");
        StringColumn oPort = StringColumn.create("port"), oState = StringColumn.create("state"), oPhys = StringColumn.create("physical_state");
        StringColumn oSpeed = StringColumn.create("speed"), oWidth = StringColumn.create("width"), oFec = StringColumn.create("fec");
        StringColumn oLoop = StringColumn.create("loopback");

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
                bRaw.append(ber(p, c, "Raw Physical BER"));
                bEff.append(ber(p, c, "Effective Physical BER"));
                bSym.append(ber(p, c, "Symbol BER"));
                String lanes = p.get(c, "Raw Physical Errors Per Lane");
                if (lanes == null || isNa(lanes)) {
                    bRawErr.appendMissing();
                    if (lanes != null) {
                        b.absent(port, "raw_physical_errors", p.lineOf(c, "Raw Physical Errors Per Lane"), "N/A in mlxlink output");
                    }
                } else {
                    int line = p.lineOf(c, "Raw Physical Errors Per Lane");
                    String[] parts = lanes.split("[,\\s]+");
                    long sum = 0;
                    for (int k = 0; k < parts.length; k++) {
                        long v = Values.parseCounter(parts[k], file, line);
                        lPort.append(port); lLane.append(k); lErr.append(v);
                        sum = Math.addExact(sum, v);
                    }
                    bRawErr.append(sum);
                    b.counter(port, "raw_physical_errors", sum, line);
                }
                count(b, p, c, bEffErr, "effective_physical_errors", "Effective Physical Errors");
                count(b, p, c, bSymErr, "symbol_errors", "Symbol Errors");
                count(b, p, c, null, "link_down_counter", "Link Down Counter");
                count(b, p, c, null, "link_error_recovery_counter", "Link Error Recovery Counter");
            }
            String m = MlxlinkReader.MODULE_INFO;
            if (p.sections().containsKey(m)) {
                mPort.append(port);
                mTemp.append(dbl(p, m, "Temperature [C]", "Module Temperature [C]", "Temperature"));
                mVolt.append(dbl(p, m, "Voltage [mV]", "Module Voltage [mV]", "Voltage"));
                mVendor.append(orEmpty(p.get(m, "Vendor Name", "Vendor")));
                mPart.append(orEmpty(p.get(m, "Vendor Part Number", "Part Number")));
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
                String state = p.get(o, "State");
                if (state != null) b.attr(port, PortAttr.STATE, state, p.lineOf(o, "State"));
            }
        }
        if (!bPort.isEmpty()) {
            b.measurements(MlxlinkReader.BER, Table.create(MlxlinkReader.BER, bPort, bFile, bTime, bRaw, bEff, bSym, bRawErr, bEffErr, bSymErr));
        }
        if (!lPort.isEmpty()) b.measurements(MlxlinkReader.LANES, Table.create(MlxlinkReader.LANES, lPort, lLane, lErr));
        if (!mPort.isEmpty()) b.measurements(MlxlinkReader.MODULE, Table.create(MlxlinkReader.MODULE, mPort, mTemp, mVolt, mVendor, mPart));
        if (!oPort.isEmpty()) {
            b.measurements(MlxlinkReader.OPERATIONAL, Table.create(MlxlinkReader.OPERATIONAL, oPort, oState, oPhys, oSpeed, oWidth, oFec, oLoop));
        }
    }

    private void count(Capture.Builder b, PortOutput p, String section, LongColumn col, String reading, String key) {
        String v = p.get(section, key);
        int line = p.lineOf(section, key);
        if (v == null || isNa(v)) {
            if (col != null) col.appendMissing();
            if (v != null) b.absent(p.port(), reading, line, "N/A in mlxlink output");
            return;
        }
        long n = Values.parseCounter(v, file, line);
        if (col != null) col.append(n);
        b.counter(p.port(), reading, n, line);
    }

    /** mlxlink BER: {@code 15E-255} (coefficient E minus magnitude), or a plain decimal. */
    private double ber(PortOutput p, String section, String key) {
        String v = p.get(section, key);
        if (v == null || isNa(v)) return Double.NaN;
        String t = v.trim();
        if (!t.matches("\\d+(\\.\\d+)?([eE][-+]?\\d+)?")) {
            throw new CaptureException(file, p.lineOf(section, key), "'" + key + "': expected a BER such as 15E-255 or 1E-12, found '"
                    + t + "'");
        }
        return Double.parseDouble(t);
    }

    private double dbl(PortOutput p, String section, String... keys) {
        String v = p.get(section, keys);
        if (v == null || isNa(v)) return Double.NaN;
        double d = MlxlinkReader.leadingNumber(v);
        if (Double.isNaN(d)) {
            throw new CaptureException(file, p.lineOf(section, keys), "'" + keys[0] + "': expected a number, found '" + v + "'");
        }
        return d;
    }

    private static boolean isNa(String v) {
        String t = v.trim();
        return t.isEmpty() || t.equalsIgnoreCase("N/A") || t.equalsIgnoreCase("NA");
    }

    private static String orEmpty(String s) { return s == null ? "" : s; }
}
