package org.fabriclab.result;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * A result that is a statement instead of numbers: why a step has nothing to show (no labels to grade
 * against, no model to predict with), in a notebook where the step's result would have been. Its table
 * has one {@code note} row per line, so a renderer that shows tables shows the reason.
 *
 * <pre>{@code
 * Notice n = Notice.of("failure prediction", "no model file: failure prediction is off");
 * n.toString();   // "failure prediction: no model file: failure prediction is off"
 * }</pre>
 */
public final class Notice implements Renderable {
    private final String title;
    private final List<String> lines;
    /** Rows that go with the statement (null: the lines are the table). */
    private final Table rows;

    private Notice(String title, List<String> lines, Table rows) {
        this.title = title;
        this.lines = List.copyOf(lines);
        this.rows = rows;
    }

    /** A titled notice of one or more lines. */
    public static Notice of(String title, String... lines) { return new Notice(title, List.of(lines), null); }

    /** The same notice with {@code rows} as its table (a summary line above the rows it sums up). */
    public Notice withTable(Table rows) { return new Notice(title, lines, rows); }

    public String title() { return title; }

    public List<String> lines() { return lines; }

    @Override public Table table() {
        return rows != null ? rows : Table.create(title, StringColumn.create("note", lines.toArray(new String[0])));
    }

    @Override public String toHtml() {
        if (rows != null) return Html.section(title, lines, rows);
        StringBuilder sb = new StringBuilder("<div class=\"fabriclab-result\"><h4>").append(Html.esc(title)).append("</h4>");
        for (String l : lines) sb.append("<p>").append(Html.esc(l)).append("</p>");
        return sb.append("</div>").toString();
    }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("title", title);
        m.put("notes", lines);
        if (rows != null) m.put("rows", Html.rows(rows));
        return m;
    }

    @Override public String toString() {
        String head = lines.size() == 1 ? title + ": " + lines.get(0) : title + ":\n  " + String.join("\n  ", lines);
        return rows == null ? head : head + "\n" + rows.print();
    }
}
