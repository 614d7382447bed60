package org.fabriclab.kernel.display;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabriclab.verdict.Verdict;
import org.junit.jupiter.api.Test;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

class TableRendererTest {
    static Table links() {
        return Table.create("links",
                StringColumn.create("port", "mlx5_0/1", "mlx5_1/1", "mlx5_2/1"),
                LongColumn.create("symbol_errors", 9_007_199_254_740_993L, 0L, 12L),
                DoubleColumn.create("fraction", 0.9823290654719999, 0.5, Double.NaN),
                DoubleColumn.create("ber", 1.2e-12, 3.456789e-15, 0.0));
    }

    @Test void htmlRoundsDoublesAndKeepsLongsExact() {
        String html = (String) Renderers.standard().bundle(links(), List.of(Mime.HTML)).get(Mime.HTML);
        assertTrue(html.contains("<td>0.982329</td>"), html);
        assertTrue(html.contains("<td>1.2e-12</td>"), html);
        assertTrue(html.contains("<td>3.45679e-15</td>"), html);
        assertTrue(html.contains("<td>9007199254740993</td>"), html);
        assertFalse(html.contains("0.9823290654719999"), html);
    }

    @Test void textRoundsDoublesAndKeepsLongsExact() {
        String text = (String) Renderers.standard().bundle(links(), List.of(Mime.TEXT)).get(Mime.TEXT);
        assertTrue(text.contains("0.982329"), text);
        assertTrue(text.contains("1.2e-12"), text);
        assertTrue(text.contains("9007199254740993"), text);
        assertFalse(text.contains("0.9823290654719999"), text);
        assertFalse(text.contains("1.2E-12"), "not Java's own notation: " + text);
    }

    @Test void textKeepsTheRowLimit() {
        double[] v = new double[120];
        for (int i = 0; i < v.length; i++) v[i] = i / 3.0;
        String text = (String) Renderers.standard().bundle(Table.create("big", DoubleColumn.create("v", v)), List.of(Mime.TEXT)).get(Mime.TEXT);
        assertTrue(text.contains("0.333333"), text);
        assertFalse(text.contains("39.6667"), "the last row is not shown: " + text);
        assertTrue(text.endsWith("... 70 more rows (120 total)"), text);
    }

    @Test void verdictRatesPerGbUseTheSharedFormatter() {
        Verdict v = new Verdict("mlx5_0/1", "roce", "congestion", List.of("rx_prio3_pause"), List.of(), Map.of(),
                Map.of("rx_prio3_pause", 1680.523456789, "np_cnp_sent", 3.2e-5), 1e10, 1000);
        String html = (String) Renderers.standard().bundle(v, List.of(Mime.HTML)).get(Mime.HTML);
        assertTrue(html.contains("rx_prio3_pause: 1680.52 per GB"), html);
        assertTrue(html.contains("np_cnp_sent: 3.2e-5 per GB"), "not rounded to 0.0: " + html);
        @SuppressWarnings("unchecked") Map<String, Object> json = (Map<String, Object>) Renderers.standard().bundle(v, List.of(Mime.JSON)).get(Mime.JSON);
        assertEquals(1680.523456789, ((Map<?, ?>) json.get("per_gb")).get("rx_prio3_pause"), "JSON stays exact");
    }
}
