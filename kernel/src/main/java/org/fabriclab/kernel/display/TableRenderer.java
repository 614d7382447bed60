package org.fabriclab.kernel.display;

import java.util.List;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.FloatColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * Tablesaw tables as {@code text/html} and {@code text/plain}, at most {@link #maxRows()} rows
 * (default 50) with an "N more rows" footer, each cell cut to the display width when one is set
 * ({@link DisplayLimits}: {@code %display rows=100 width=40}, or the {@code -D} properties).
 * Long counters print exactly (Tablesaw's own cell strings, never through double); double and
 * float columns print rounded to significant digits, small values such as a BER in scientific
 * notation ({@link org.fabriclab.result.Html#num(double)}: {@code 0.982329}, {@code 1.2e-12}).
 */
public final class TableRenderer implements Renderer<Table> {
    @Override public Class<Table> type() { return Table.class; }

    @Override public List<String> mimeTypes() { return List.of(Mime.HTML, Mime.TEXT); }

    static int maxRows() { return DisplayLimits.maxRows(); }

    @Override public Object render(Table t, String mime) {
        int shown = Math.min(t.rowCount(), maxRows());
        int more = t.rowCount() - shown;
        if (mime.equals(Mime.TEXT)) {
            String s = displayed(t, shown).printAll();
            return more > 0 ? s + "\n... " + more + " more rows (" + t.rowCount() + " total)" : s;
        }
        StringBuilder sb = new StringBuilder(256 + shown * t.columnCount() * 16);
        sb.append("<table class=\"fabriclab-table\" border=\"1\">\n<caption>").append(Html.escape(t.name()))
          .append(" (").append(t.rowCount()).append(" rows \u00d7 ").append(t.columnCount()).append(" columns)</caption>\n<thead><tr>");
        for (Column<?> c : t.columns()) sb.append("<th>").append(Html.escape(c.name())).append("</th>");
        sb.append("</tr></thead>\n<tbody>\n");
        for (int r = 0; r < shown; r++) {
            sb.append("<tr>");
            for (Column<?> c : t.columns()) {
                sb.append("<td>").append(Html.escape(DisplayLimits.cut(org.fabriclab.result.Html.cell(c, r)))).append("</td>");
            }
            sb.append("</tr>\n");
        }
        sb.append("</tbody>\n");
        if (more > 0) {
            sb.append("<tfoot><tr><td colspan=\"").append(t.columnCount()).append("\">")
              .append(more).append(" more rows</td></tr></tfoot>\n");
        }
        return sb.append("</table>").toString();
    }

    /**
     * The first {@code shown} rows, floating-point columns replaced by their displayed strings (and
     * every column by its cut strings when a display width is set).
     */
    static Table displayed(Table t, int shown) {
        Table head = shown == t.rowCount() ? t : t.first(shown);
        Table view = Table.create(t.name());
        boolean cut = DisplayLimits.maxWidth() > 0;
        for (Column<?> c : head.columns()) {
            if (cut || c instanceof DoubleColumn || c instanceof FloatColumn) {
                StringColumn s = StringColumn.create(c.name());
                for (int r = 0; r < shown; r++) s.append(DisplayLimits.cut(org.fabriclab.result.Html.cell(c, r)));
                view.addColumns(s);
            } else {
                view.addColumns(c);
            }
        }
        return view;
    }
}
