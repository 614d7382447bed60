package org.fabriclab.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * Small HTML and map helpers for result types: escaping, a table as {@code <table>}, a table as a
 * list of row maps (exact longs stay longs; missing cells become null).
 *
 * <pre>{@code
 * String html = Html.table(result.table(), 200);
 * List<Map<String, Object>> rows = Html.rows(result.table());
 * }</pre>
 */
public final class Html {
    private Html() {}

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
            for (Column<?> c : t.columns()) sb.append("<td>").append(c.isMissing(i) ? "" : esc(c.getString(i))).append("</td>");
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
