package org.fabriclab.capture.sonic;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Measurement;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Source;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;

/**
 * The tables of sonic-utilities' {@code portstat} ({@code show interfaces counters} and its {@code -a}, {@code -e},
 * {@code -R}, {@code -T}, {@code fec-stats} and {@code fec-histogram} forms): a header starting {@code IFACE}, one row per
 * port. Column by column: {@code STATE} is the port's state ({@code U} up, {@code D} oper down, {@code X} admin down) as
 * the {@code state} attribute ({@code up}, {@code down}, {@code disabled}); the rates portstat computes from its
 * RATES table ({@code RX_BPS}, {@code RX_PPS}, {@code RX_UTIL} and their {@code TX_} twins) form the {@code port_rates}
 * table in bytes and packets per second and percent, never counters; the FEC error ratios ({@code FEC_PRE_BER},
 * {@code FEC_POST_BER}, {@code FEC_PRE_BER_MAX}, {@code FLR(O)}, {@code FLR(P) (Accuracy)}, {@code FEC_MAX_T}) form the
 * {@code fec} table; every other column is a count, the counter of source {@link Source#SONIC} named by its label, whose
 * meaning the catalogue gives (a label it does not know is read as an uncatalogued counter).
 */
final class PortstatTables {
    static final String IFACE = "IFACE", STATE = "STATE";
    /** The rates table: per port bytes and packets per second and utilisation, as portstat printed them. */
    static final String RATES = "port_rates";
    /** The FEC ratios table: pre- and post-FEC BER, frame loss ratio observed and predicted, the largest corrected symbols per codeword. */
    static final String FEC = "fec";
    /** Older portstat (2018-2019 releases) printed the transmit packet rate's header as {@code Tx_PPS}; it is the same column. */
    private static final Map<String, String> RATE_COLUMNS = columns("RX_BPS", "rx_bps", "RX_PPS", "rx_pps", "RX_UTIL", "rx_util_pct",
            "TX_BPS", "tx_bps", "TX_PPS", "tx_pps", "Tx_PPS", "tx_pps", "TX_UTIL", "tx_util_pct");
    private static final String FLR_P = "FLR(P) (Accuracy)";
    /** The fec table's pre- and post-FEC BER columns, which also form the {@code ber} table ({@link SonicBer}). */
    private static final String PRE_FEC_BER = "pre_fec_ber", POST_FEC_BER = "post_fec_ber";
    private static final Map<String, String> FEC_COLUMNS = columns("FEC_PRE_BER", PRE_FEC_BER, "FEC_POST_BER", POST_FEC_BER,
            "FEC_PRE_BER_MAX", "pre_fec_ber_max", "FLR(O)", "flr_observed", FLR_P, "flr_predicted", "FEC_MAX_T", "fec_max_t");
    private static final String ACCURACY = "flr_predicted_accuracy_pct";
    /** The rates table's columns (two headers name tx_pps). */
    private static final String[] RATE_NAMES = RATE_COLUMNS.values().stream().distinct().toArray(String[]::new);
    /** The fec table's columns: the ratios', the predicted frame loss ratio's accuracy after it. */
    private static final String[] FEC_NAMES = FEC_COLUMNS.values().stream()
            .flatMap(v -> v.equals("flr_predicted") ? java.util.stream.Stream.of(v, ACCURACY) : java.util.stream.Stream.of(v))
            .toArray(String[]::new);
    private static final Pattern BPS = Pattern.compile("(\\d+(?:\\.\\d+)?) (B|KB|MB)/s");
    private static final Pattern PPS = Pattern.compile("(\\d+(?:\\.\\d+)?)/s");
    private static final Pattern PCT = Pattern.compile("(\\d+(?:\\.\\d+)?)%");
    private static final Pattern REAL = Pattern.compile("-?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?");
    private static final Pattern PREDICTED = Pattern.compile("(" + REAL.pattern() + ")(?: \\((\\d+(?:\\.\\d+)?)%\\))?");

    private PortstatTables() {}

    private static Map<String, String> columns(String... pairs) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) m.put(pairs[i], pairs[i + 1]);
        return m;
    }

    /** Whether {@code labels} (a header's) hold a FEC column: a {@code fec-stats} table. */
    static boolean isFec(String[] labels) {
        for (String l : labels) if (l.startsWith("FEC_")) return true;
        return false;
    }

    /** Reads every {@code IFACE} table of {@code in}; {@code expected} names the layout in messages. */
    static Capture read(Input in, String expected) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.SONIC, file);
        Sink sink = new Sink(b, file);
        SonicTable.read(in, b, new SonicTable.Rows() {
            @Override public boolean accepts(SonicTable.Columns c) { return c.size() > 1 && c.labels[0].equals(IFACE); }

            @Override public void row(SonicTable.Columns c, String[] cells, int n, String cleared) {
                String port = SonicTable.start(b, cells[0], file, n, cleared);
                for (int i = 1; i < cells.length; i++) sink.cell(port, c.labels[i], cells[i], n);
                sink.endRow(port, n);
            }
        }, expected);
        sink.finish();
        return b.build();
    }

    /**
     * One port's cells at a time, each by its column label as portstat prints it (in a table or in {@code portstat -j}'s
     * object): the state, a rate, a FEC ratio or a count; {@link #endRow} ends a port, {@link #finish} adds the tables.
     */
    static final class Sink {
        private final Capture.Builder b;
        private final String file;
        private final Ratios rates = new Ratios(RATE_NAMES), fec = new Ratios(FEC_NAMES);
        private final SonicBer ber = new SonicBer();
        private Map<String, Double> r = new LinkedHashMap<>(), f = new LinkedHashMap<>();

        Sink(Capture.Builder b, String file) {
            this.b = b;
            this.file = file;
        }

        /** The cell {@code cell} of column {@code label} on {@code port}, at line {@code n}. */
        void cell(String port, String label, String cell, int n) {
            if (label.equals(STATE)) state(b, port, cell, n);
            else if (RATE_COLUMNS.containsKey(label)) r.put(RATE_COLUMNS.get(label), rate(label, cell, file, n));
            else if (label.equals(FLR_P)) predicted(f, cell, file, n);
            else if (FEC_COLUMNS.containsKey(label)) f.put(FEC_COLUMNS.get(label), real(label, cell, file, n));
            else SonicTable.counter(b, port, label, cell, label, file, n);
        }

        /** Ends {@code port}'s row (at line {@code n}): its rates and FEC ratios become rows of their tables. */
        void endRow(String port, int n) {
            if (!r.isEmpty()) rates.add(port, file, n, r);
            if (!f.isEmpty()) fec.add(port, file, n, f);
            if (f.containsKey(PRE_FEC_BER) || f.containsKey(POST_FEC_BER)) {
                ber.add(port, file, n, f.getOrDefault(PRE_FEC_BER, Double.NaN), f.getOrDefault(POST_FEC_BER, Double.NaN));
            }
            r = new LinkedHashMap<>();
            f = new LinkedHashMap<>();
        }

        /** Adds the {@code port_rates}, {@code fec} and {@code ber} ({@link SonicBer}) tables when rows went into them. */
        void finish() {
            if (rates.rows() > 0) b.measurements(RATES, rates.measurement(RATES));
            if (fec.rows() > 0) b.measurements(FEC, fec.measurement(FEC));
            if (ber.rows() > 0) b.measurements(SonicBer.BER, ber.measurement());
        }
    }

    private static void state(Capture.Builder b, String port, String cell, int line) {
        switch (cell) {
            case "U" -> b.attr(port, PortAttr.STATE, "up", line);
            case "D" -> b.attr(port, PortAttr.STATE, "down", line);
            case "X" -> b.attr(port, PortAttr.STATE, "disabled", line);
            case SonicTable.NA -> { }
            default -> b.attr(port, PortAttr.STATE, cell, line);
        }
    }

    /** A rate cell in its base unit: bytes per second ({@code KB} and {@code MB} are 1000 and 1000000), packets per second, percent; NaN for N/A. */
    private static double rate(String label, String cell, String file, int line) {
        if (cell.equals(SonicTable.NA)) return Double.NaN;
        Matcher m;
        if (label.endsWith("_BPS") && (m = BPS.matcher(cell)).matches()) {
            double scale = switch (m.group(2)) { case "KB" -> 1e3; case "MB" -> 1e6; default -> 1; };
            return Double.parseDouble(m.group(1)) * scale;
        }
        if (label.endsWith("_PPS") && (m = PPS.matcher(cell)).matches()) return Double.parseDouble(m.group(1));
        if (label.endsWith("_UTIL") && (m = PCT.matcher(cell)).matches()) return Double.parseDouble(m.group(1));
        String want = label.endsWith("_BPS") ? "a byte rate such as 1350.00 KB/s" : label.endsWith("_PPS") ? "a packet rate such as 9000.00/s"
                : "a utilisation such as 64.00%";
        throw new CaptureException(file, line, "expected " + want + " for '" + label + "' (or N/A), found '" + Values.abbreviate(cell) + "'");
    }

    private static double real(String label, String cell, String file, int line) {
        if (cell.equals(SonicTable.NA)) return Double.NaN;
        if (!REAL.matcher(cell).matches()) {
            throw new CaptureException(file, line, "expected a number such as 4.21e-10 for '" + label + "' (or N/A), found '"
                    + Values.abbreviate(cell) + "'");
        }
        return Double.parseDouble(cell);
    }

    /** {@code 7.81e-10 (89%)}: the predicted frame loss ratio and the fit's R-squared as percent ({@code 0} alone has none). */
    private static void predicted(Map<String, Double> f, String cell, String file, int line) {
        if (cell.equals(SonicTable.NA)) { f.put("flr_predicted", Double.NaN); f.put(ACCURACY, Double.NaN); return; }
        Matcher m = PREDICTED.matcher(cell);
        if (!m.matches()) {
            throw new CaptureException(file, line, "expected a predicted frame loss ratio such as '7.81e-10 (89%)' for '" + FLR_P
                    + "' (or 0, or N/A), found '" + Values.abbreviate(cell) + "'");
        }
        f.put("flr_predicted", Double.parseDouble(m.group(1)));
        f.put(ACCURACY, m.group(2) == null ? Double.NaN : Double.parseDouble(m.group(2)));
    }

    /** Rows of a ratio table: port, file, line, then one double per name (NaN where the row's table had no such column). */
    private static final class Ratios {
        final StringColumn port = StringColumn.create("port"), file = StringColumn.create("file");
        final IntColumn line = IntColumn.create("line");
        final DoubleColumn[] values;

        Ratios(String[] names) {
            values = new DoubleColumn[names.length];
            for (int i = 0; i < names.length; i++) values[i] = DoubleColumn.create(names[i]);
        }

        void add(String p, String f, int n, Map<String, Double> row) {
            port.append(p);
            file.append(f);
            line.append(n);
            for (DoubleColumn c : values) c.append(row.getOrDefault(c.name(), Double.NaN));
        }

        int rows() { return port.size(); }

        Measurement measurement(String name) {
            java.util.List<tech.tablesaw.columns.Column<?>> cols = new java.util.ArrayList<>(java.util.List.of(port, file, line));
            cols.addAll(java.util.List.of(values));
            return Measurement.of(name, cols);
        }
    }
}
