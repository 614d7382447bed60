package org.fabriclab.result;

import java.util.List;
import java.util.Map;

import org.knowm.xchart.internal.chartpart.Chart;

import tech.tablesaw.api.Table;

/**
 * A result the kernel can render without knowing its type: a table, a text summary, HTML, a map
 * for JSON (Jackson writes it as is) and, for plot results, the charts.
 *
 * <pre>{@code
 * Renderable r = check(delta).limits("all=0").grade(ZERO_TOLERANCE);
 * r.table();   r.toHtml();   new ObjectMapper().writeValueAsString(r.toMap());
 * }</pre>
 */
public interface Renderable {
    /** The result as one table (one row per port and check, alert, or port/test). */
    Table table();

    /** An HTML fragment: a heading, the summary lines and the table. */
    String toHtml();

    /** A JSON-ready view: maps, lists, strings, numbers and booleans only. */
    Map<String, Object> toMap();

    /**
     * The charts that belong to this result (none by default), so a renderer can add
     * {@code image/png}; {@code org.fabriclab.plot.Charts.png(charts())} stacks them in one image.
     */
    default List<Chart<?, ?>> charts() { return List.of(); }
}
