package org.fabriclab.result;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.FloatColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * Small HTML and map helpers for result types: escaping, the one number format for displayed
 * floating-point values ({@link #num}), a table as {@code <table>}, a table as a list of row maps
 * (exact longs stay longs; missing cells become null; doubles exact, never rounded).
 *
 * <pre>{@code
 * String html = Html.table(result.table(), 200);
 * List<Map<String, Object>> rows = Html.rows(result.table());
 * Html.num(0.9823290654719999);   // "0.982329"
 * Html.num(1.2e-12);              // "1.2e-12"
 * }</pre>
 */
public final class Html {
    /** System property with the significant digits of displayed floating-point values (default 6). */
    public static final String DIGITS_PROPERTY = "fabriclab.display.digits";
    static final int DEFAULT_DIGITS = 6;

    private Html() {}

    /** The significant digits {@link #num(double)} shows: {@value #DIGITS_PROPERTY}, default 6, at least 1. */
    public static int digits() {
        return Math.max(1, Integer.getInteger(DIGITS_PROPERTY, DEFAULT_DIGITS));
    }

    /** {@link #num(double, int)} with {@link #digits()} significant digits. */
    public static String num(double v) {
        return num(v, digits());
    }

    /**
     * A floating-point value as people read it: rounded half-up to {@code digits} significant
     * digits (from the shortest decimal that identifies the double), trailing zeros dropped;
     * digits left of the decimal point are never rounded away, so a value below 10^15 prints
     * without an exponent ({@code 123456789.0} is {@code "123456789"}, {@code 1234567.8} is
     * {@code "1234568"}, a count held in a double prints as the integer). A value at least 10^15,
     * or whose rounded magnitude is below 10^-4, is in scientific notation ({@code "1.2e-12"},
     * {@code "1e+15"}). {@code NaN}, {@code inf}, {@code -inf} as pandas prints them; zero (also
     * {@code -0.0}) is {@code "0"}. For display only: {@code application/json} and
     * {@link #rows} keep the exact value.
     *
     * <pre>{@code
     * Html.num(0.9823290654719999, 6);   // "0.982329"
     * Html.num(1680.5234, 6);            // "1680.52"
     * Html.num(1.23456789e-12, 3);       // "1.23e-12"
     * Html.num(-0.00012345, 6);          // "-0.00012345"
     * }</pre>
     *
     * @param digits significant digits, at least 1
     * @throws IllegalArgumentException when {@code digits < 1}
     */
    public static String num(double v, int digits) {
        if (digits < 1) throw new IllegalArgumentException("significant digits must be at least 1, got " + digits);
        if (Double.isNaN(v)) return "NaN";
        if (Double.isInfinite(v)) return v > 0 ? "inf" : "-inf";
        if (v == 0) return "0";
        BigDecimal exact = BigDecimal.valueOf(v);
        BigDecimal rounded = exact.round(new MathContext(digits, RoundingMode.HALF_UP));
        int exponent = rounded.precision() - rounded.scale() - 1;   // of the leading digit, after rounding
        if (exponent < -4 || exact.precision() - exact.scale() - 1 >= 15) {
            String d = rounded.unscaledValue().abs().toString().replaceFirst("0+$", "");
            String mantissa = d.length() == 1 ? d : d.charAt(0) + "." + d.substring(1);
            return (v < 0 ? "-" : "") + mantissa + "e" + (exponent < 0 ? "-" : "+") + Math.abs(exponent);
        }
        BigDecimal plain = exact.setScale(Math.max(0, digits - 1 - exponent), RoundingMode.HALF_UP);
        return plain.stripTrailingZeros().toPlainString();
    }

    /** A table cell as displayed: floating-point columns through {@link #num(double)}, others as Tablesaw prints them. */
    public static String cell(Column<?> c, int row) {
        if (c.isMissing(row)) return "";
        if (c instanceof DoubleColumn d) return num(d.getDouble(row));
        if (c instanceof FloatColumn f) return num(f.getDouble(row));
        return c.getString(row);
    }

    /** Escapes {@code & < > " '} for HTML text and attributes. */
    public static String esc(String s) {
        if (s == null) return "";
        StringBuilder sb = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    /** The table as HTML, at most {@code maxRows} rows (a note says how many were left out). */
    public static String table(Table t, int maxRows) {
        StringBuilder sb = new StringBuilder("<table class=\"fabriclab\"><thead><tr>");
        for (Column<?> c : t.columns()) sb.append("<th>").append(esc(c.name())).append("</th>");
        sb.append("</tr></thead><tbody>");
        int n = Math.min(maxRows, t.rowCount());
        for (int i = 0; i < n; i++) {
            sb.append("<tr>");
            for (Column<?> c : t.columns()) {
                sb.append("<td>").append(esc(cell(c, i))).append("</td>");
            }
            sb.append("</tr>");
        }
        sb.append("</tbody></table>");
        if (t.rowCount() > n) sb.append("<p>").append(t.rowCount() - n).append(" more rows not shown</p>");
        return sb.toString();
    }

    /** A heading, summary lines as a list, and the table. */
    public static String section(String title, List<String> lines, Table t) {
        StringBuilder sb = new StringBuilder("<div class=\"fabriclab-result\"><h4>").append(esc(title)).append("</h4>");
        if (!lines.isEmpty()) {
            sb.append("<ul>");
            for (String l : lines) sb.append("<li>").append(esc(l)).append("</li>");
            sb.append("</ul>");
        }
        return sb.append(table(t, 500)).append("</div>").toString();
    }

    /** One map per row, column order kept; NaN doubles and missing cells become null. */
    public static List<Map<String, Object>> rows(Table t) {
        List<Map<String, Object>> out = new ArrayList<>(t.rowCount());
        for (int i = 0; i < t.rowCount(); i++) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (Column<?> c : t.columns()) {
                Object v = c.isMissing(i) ? null : c.get(i);
                if (v instanceof Double d && (d.isNaN() || d.isInfinite())) v = null;
                m.put(c.name(), v);
            }
            out.add(m);
        }
        return out;
    }
}
