package org.fabriclab.capture.ibdiagnet;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.Measurement;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Source;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;

/**
 * Reads {@code ibdiagnet2.net_dump_ext} (ibdiagnet 2.x with {@code --get_phy_info}): {@code #} header
 * comments, a column line ({@code Ty : # : #IB : GUID : LID : Sta : PhysSta : LWA : LSA : Conn LID (#) :
 * FEC mode : RTR : Raw BER : Effective BER : Symbol BER : Symbol Err : Effective Err : Node Desc}) and one
 * row per port of every node, {@code CA} or {@code SW}, cells separated by {@code :} with blanks around it.
 * Columns are found by name; the layout was read off a real IBDIAGNET 2.10 file of the same fabric as the
 * public sequoia captures (gary-minghuili/infiniband-exporter data/ibdiagnet2/ibdiagnet2.net_dump_ext), whose
 * BER cells are all empty (a port without PHY data leaves them so).
 * <ul>
 * <li>The port is {@code guid <GUID>/<#IB>}, as the other ibdiagnet readers name it; attributes
 * {@code guid}, {@code port_num}, {@code lid} (the decimal before {@code (0x..)}), {@code state} (Sta),
 * {@code node_desc}, and, where given, {@code node_type} (Ty), {@code label} (#), {@code phys_state},
 * {@code link_width} (LWA), {@code link_speed} (LSA), {@code fec_mode}, {@code rtr}.</li>
 * <li>{@code Raw BER}, {@code Effective BER} and {@code Symbol BER} form the {@code ber} table the BER check
 * grades (as mlxlink's): port, file, raw_ber, effective_ber, symbol_ber (NaN where empty or {@code N/A}),
 * symbol_errors and effective_errors, one row per port that has any of them.</li>
 * <li>{@code Symbol Err} and {@code Effective Err} are also counter readings ({@link Source#IBDIAGNET_PHY}),
 * so two dumps around a test give their deltas; an empty cell is no reading.</li>
 * </ul>
 *
 * <pre>{@code
 * Capture c = new IbdiagnetNetDumpExtReader().read(Input.of(Path.of("ibdiagnet2.net_dump_ext")));
 * c.measurements("ber").get();
 * }</pre>
 */
public final class IbdiagnetNetDumpExtReader implements CaptureReader {
    public static final String BER = "ber";
    private static final Pattern CELL = Pattern.compile("\\s+:(?=\\s|$)");
    private static final Pattern BER_VALUE = Pattern.compile("\\d{1,18}(?:\\.\\d{1,18})?(?:[eE][-+]?\\d{1,4})?");
    private static final Pattern TYPE = Pattern.compile("^[A-Z]{2}\\s+:");
    private static final String RAW = "raw ber", EFF = "effective ber", SYM = "symbol ber", SYM_ERR = "symbol err", EFF_ERR = "effective err";

    @Override public String format() { return "ibdiagnet-net-dump-ext"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        for (String l : in.head(40)) if (isColumnLine(l.strip())) return 95;
        return 0;
    }

    private static boolean isColumnLine(String t) {
        return t.startsWith("Ty ") && t.contains(" #IB ") && t.contains(" GUID ") && (t.contains("Raw BER") || t.contains("Effective BER"));
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.IBDIAGNET_PHY, file);
        LineCursor c = new LineCursor(in.text());
        Map<String, Integer> col = null;
        StringColumn bPort = StringColumn.create("port"), bFile = StringColumn.create("file"), bBelow = StringColumn.create("below_measurable");
        DoubleColumn bTime = DoubleColumn.create("time_since_clear_min"), bRaw = DoubleColumn.create(Telemetry.RAW_BER);
        DoubleColumn bEff = DoubleColumn.create(Telemetry.EFFECTIVE_BER), bSym = DoubleColumn.create(Telemetry.SYMBOL_BER);
        LongColumn bRawErr = LongColumn.create("raw_errors"), bEffErr = LongColumn.create("effective_errors");
        LongColumn bSymErr = LongColumn.create("symbol_errors");
        int noise = 0, rows = 0;
        while (c.next()) {
            String raw = c.line();
            String t = raw.strip();
            int n = c.number();
            if (t.isEmpty() || t.startsWith("#")) { noise++; continue; }
            if (isColumnLine(t)) {
                col = new HashMap<>();
                String[] names = CELL.split(t + " ");
                for (int k = 0; k < names.length; k++) col.put(names[k].strip().toLowerCase(Locale.ROOT), k);
                for (String need : List.of("ty", "#ib", "guid")) {
                    if (!col.containsKey(need)) throw new CaptureException(file, n, "net_dump_ext column line without '" + need + "'");
                }
                noise++;
                continue;
            }
            if (col == null) {
                throw new CaptureException(file, n, "a row before the column line 'Ty : # : #IB : GUID : ...' of ibdiagnet2.net_dump_ext; found '"
                        + Values.abbreviate(t) + "'");
            }
            if (!TYPE.matcher(t).lookingAt()) {
                throw new CaptureException(file, n, "expected a port row starting with its node type (CA : ..., SW : ...), found '"
                        + Values.abbreviate(t) + "'");
            }
            String[] cells = CELL.split(t + " ", col.size());
            if (cells.length < col.size() - 1) {
                throw new CaptureException(file, n, "expected " + col.size() + " ':'-separated cells as in the column line, found " + cells.length);
            }
            String guid = Guids.identity(cell(cells, col, "guid"), file, n);
            long ib = Values.parseCounter(cell(cells, col, "#ib"), file, n);
            String port = "guid " + guid + "/" + ib;
            b.attr(port, PortAttr.GUID, guid, n);
            b.attr(port, PortAttr.PORT_NUM, Long.toString(ib), n);
            String lid = cell(cells, col, "lid");
            int sp = lid.indexOf(' ');
            String lidNum = sp < 0 ? lid : lid.substring(0, sp);
            if (!lidNum.isEmpty() && !lidNum.equals("N/A")) b.attr(port, PortAttr.LID, Long.toString(Values.parseCounter(lidNum, file, n)), n);
            attr(b, port, PortAttr.STATE, cell(cells, col, "sta"), n);
            attr(b, port, "node_type", cell(cells, col, "ty"), n);
            attr(b, port, "label", cell(cells, col, "#"), n);
            attr(b, port, "phys_state", cell(cells, col, "physsta"), n);
            attr(b, port, "link_width", cell(cells, col, "lwa"), n);
            attr(b, port, "link_speed", cell(cells, col, "lsa"), n);
            attr(b, port, "fec_mode", cell(cells, col, "fec mode"), n);
            attr(b, port, "rtr", cell(cells, col, "rtr"), n);
            String desc = cell(cells, col, "node desc");
            if (desc.length() >= 2 && desc.startsWith("\"") && desc.endsWith("\"")) desc = desc.substring(1, desc.length() - 1);
            attr(b, port, PortAttr.NODE_DESC, desc, n);
            double rawBer = ber(cells, col, RAW, file, n), effBer = ber(cells, col, EFF, file, n), symBer = ber(cells, col, SYM, file, n);
            Long symErr = count(b, port, cells, col, SYM_ERR, "Symbol Err", file, n);
            Long effErr = count(b, port, cells, col, EFF_ERR, "Effective Err", file, n);
            if (!Double.isNaN(rawBer) || !Double.isNaN(effBer) || !Double.isNaN(symBer) || symErr != null || effErr != null) {
                bPort.append(port);
                bFile.append(file);
                bTime.appendMissing();
                bRaw.append(rawBer);
                bEff.append(effBer);
                bSym.append(symBer);
                bRawErr.appendMissing();
                if (effErr == null) bEffErr.appendMissing(); else bEffErr.append(effErr);
                if (symErr == null) bSymErr.appendMissing(); else bSymErr.append(symErr);
                bBelow.append("");
            }
            rows++;
        }
        if (col == null) throw new CaptureException(file, 0, "no column line 'Ty : # : #IB : GUID : ...'; expected ibdiagnet2.net_dump_ext content");
        if (rows == 0) b.warn(file + ": the column line has no port rows under it");
        if (!bPort.isEmpty()) {
            b.measurements(BER, Measurement.of(BER, bPort, bFile, bTime, bRaw, bEff, bSym, bRawErr, bEffErr, bSymErr, bBelow));
        }
        b.noise(noise);
        return b.build();
    }

    private static void attr(Capture.Builder b, String port, String key, String value, int line) {
        if (!value.isEmpty() && !value.equals("N/A")) b.attr(port, key, value, line);
    }

    /** A BER cell: NaN when empty or {@code N/A}; else a number ({@code 1.5e-254}, {@code 0e+00}). */
    private static double ber(String[] cells, Map<String, Integer> col, String name, String file, int line) {
        String v = cell(cells, col, name);
        if (v.isEmpty() || v.equalsIgnoreCase("N/A") || v.equalsIgnoreCase("NA")) return Double.NaN;
        if (!BER_VALUE.matcher(v).matches()) {
            throw new CaptureException(file, line, "'" + name + "' is '" + Values.abbreviate(v) + "'; expected a BER such as 1.5e-12, empty or N/A");
        }
        return Double.parseDouble(v);
    }

    /** An error-count cell as a reading and its value; null when empty or {@code N/A}. */
    private static Long count(Capture.Builder b, String port, String[] cells, Map<String, Integer> col, String name, String raw, String file, int line) {
        String v = cell(cells, col, name);
        if (v.isEmpty() || v.equalsIgnoreCase("N/A") || v.equalsIgnoreCase("NA")) return null;
        long x = Values.parseCounter(v, file, line);
        b.counter(port, raw, x, line);
        return x;
    }

    private static String cell(String[] cells, Map<String, Integer> col, String name) {
        Integer k = col.get(name);
        return k == null || k >= cells.length ? "" : cells[k].strip();
    }
}
