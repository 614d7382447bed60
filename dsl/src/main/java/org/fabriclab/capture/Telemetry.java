package org.fabriclab.capture;

import java.util.List;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.table.Relation;
import tech.tablesaw.columns.Column;

/**
 * The telemetry table: a time series of counters and link measurements, one row per port and
 * sample. It is the contract between the readers that produce series (UFM telemetry, a series of
 * snapshots, the dataset generator) and everything that consumes them (link-health rule engines,
 * BER trend plots, history sweeps).
 * <ul>
 * <li>{@value #TIMESTAMP}: {@code LongColumn}, epoch milliseconds UTC;</li>
 * <li>{@value #PORT}: {@code StringColumn}, the port identity (as in snapshots);</li>
 * <li>optional {@value #PEER}: {@code StringColumn}, the port at the other end of the link;</li>
 * <li>optional {@value #LINK_KIND}: {@code StringColumn}, {@code host-switch} or {@code switch-switch};</li>
 * <li>counters: one {@code LongColumn} per canonical counter name, cumulative raw values as read
 * (missing where absent; never 0 for absent);</li>
 * <li>measurements: {@code DoubleColumn}s {@value #RAW_BER}, {@value #EFFECTIVE_BER},
 * {@value #SYMBOL_BER}, {@value #TEMPERATURE_C}, {@value #VOLTAGE_MV} where known.</li>
 * </ul>
 * Rows are ordered by port, then timestamp.
 *
 * <pre>{@code
 * Table t = capture("ufm.csv").measurements(Telemetry.NAME).orElseThrow();
 * Telemetry.validate(t, "ufm.csv");
 * }</pre>
 */
public final class Telemetry {
    /** The measurement-table name readers use for a series. */
    public static final String NAME = "telemetry";
    public static final String TIMESTAMP = "timestamp";
    public static final String PORT = "port";
    public static final String PEER = "peer";
    public static final String LINK_KIND = "link_kind";
    public static final String RAW_BER = "raw_ber";
    public static final String EFFECTIVE_BER = "effective_ber";
    public static final String SYMBOL_BER = "symbol_ber";
    public static final String TEMPERATURE_C = "temperature_c";
    public static final String VOLTAGE_MV = "voltage_mv";

    /** Measurement (double) columns; every other numeric column is a counter. */
    public static final List<String> MEASUREMENTS = List.of(RAW_BER, EFFECTIVE_BER, SYMBOL_BER, TEMPERATURE_C, VOLTAGE_MV);

    private Telemetry() {}

    /** Checks the table against the contract; throws a {@link CaptureException} naming {@code name}. */
    public static void validate(Table t, String name) { validate((Relation) t, name); }

    /**
     * 1 when a {@code timestamp,port,...} header starts with the index column pandas' {@code to_csv} writes before
     * {@code timestamp} (an empty name, or {@code Unnamed: 0} as {@code read_csv} renames it), else 0: the columns a
     * reader of a history or series CSV skips in every row.
     */
    public static int indexColumns(List<String> header) {
        if (header.size() < 2 || !header.get(1).equals(TIMESTAMP)) return 0;
        String h = header.get(0);
        return h.isEmpty() || h.equals("Unnamed: 0") ? 1 : 0;
    }

    /**
     * Checks a table or a reader's {@link Measurement} against the contract.
     *
     * @throws CaptureException naming {@code name} when a column the contract requires is missing or of another type
     */
    public static void validate(Relation t, String name) {
        if (!t.containsColumn(TIMESTAMP) || !(t.column(TIMESTAMP) instanceof LongColumn)) {
            throw new CaptureException(name, 0, "telemetry table needs a LONG column '" + TIMESTAMP + "' (epoch ms)");
        }
        if (!t.containsColumn(PORT) || !(t.column(PORT) instanceof StringColumn)) {
            throw new CaptureException(name, 0, "telemetry table needs a STRING column '" + PORT + "'");
        }
        for (Column<?> c : t.columns()) {
            if (MEASUREMENTS.contains(c.name()) && !(c instanceof DoubleColumn)) {
                throw new CaptureException(name, 0, "telemetry column '" + c.name() + "' must be DOUBLE");
            }
        }
    }
}
