package org.fabriclab.kernel.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.fabriclab.result.Html;

import com.fasterxml.jackson.databind.ObjectMapper;

import tech.tablesaw.api.ColumnType;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;
import tech.tablesaw.columns.numbers.NumberColumnFormatter;
import tech.tablesaw.io.csv.CsvWriteOptions;
import tech.tablesaw.table.Relation;

/**
 * Prints a Tablesaw table as text, CSV (Tablesaw's writer) or JSON lines (Jackson); longs stay exact.
 * In text, a double below 1e-3 or from 1e15 up prints in scientific notation ({@code 7.00e-10}), so a
 * bit error rate is never a row of zeros, and any other double to the display's significant digits
 * ({@link Html#num(double)}: {@code 1.65691} mW, not {@code 1.6569141239736633}); CSV and JSON keep the full value.
 */
final class TableOutput {
    enum Format { TEXT, CSV, JSON }

    /** Built on first use (an ObjectMapper costs a short command tens of milliseconds). */
    static final class Json { static final ObjectMapper MAPPER = new ObjectMapper(); }

    private TableOutput() {}

    static void print(Table t, Format f, PrintWriter out) throws Exception {
        switch (f) {
            case TEXT -> out.println(text(t));
            case CSV -> {
                StringWriter sw = new StringWriter();
                t.write().csv(CsvWriteOptions.builder(sw).build());
                out.print(sw);
            }
            case JSON -> {
                for (Row r : t) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    for (Column<?> c : t.columns()) {
                        int i = r.getRowNumber();
                        m.put(c.name(), c.isMissing(i) ? null : c.get(i));
                    }
                    out.println(Json.MAPPER.writeValueAsString(m));
                }
            }
        }
        out.flush();
    }

    /**
     * The table as text (Tablesaw's printer), doubles formatted by {@link #number(double)}; a
     * {@link org.fabriclab.capture.Measurement} prints without building a {@code Table}.
     */
    static String text(Relation t) {
        for (Column<?> c : t.columns()) {
            if (c instanceof DoubleColumn d) {
                Scientific f = new Scientific();
                f.setColumnType(ColumnType.DOUBLE);
                d.setPrintFormatter(f);
            }
        }
        return t.printAll();
    }

    /**
     * {@code 7.00e-10} below 1e-3 (and from 1e15 up), else rounded to the display's significant digits
     * ({@link Html#num(double)}, {@code -Dfabriclab.display.digits}, default 6); NaN prints empty.
     */
    static String number(double v) {
        if (Double.isNaN(v)) return "";
        double a = Math.abs(v);
        if (a != 0 && !Double.isInfinite(v) && (a < 1e-3 || a >= 1e15)) return String.format(Locale.ROOT, "%.2e", v);
        return Html.num(v);
    }

    /** The text formatter of double columns. */
    static final class Scientific extends NumberColumnFormatter {
        @Override public String format(double value) { return number(value); }
    }
}
