package org.fabriclab.kernel.display;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.fabriclab.result.Renderable;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;

import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

class RenderableRendererTest {
    /** A result with a table, optional charts and its own text. */
    static final class Result implements Renderable {
        final List<Chart<?, ?>> charts;

        Result(List<Chart<?, ?>> charts) { this.charts = charts; }

        @Override public Table table() {
            return Table.create("r", StringColumn.create("port", new String[] {"mlx5_0/1"}),
                    LongColumn.create("delta", new long[] {9_007_199_254_740_993L}));
        }

        @Override public String toHtml() { return "<h4>result</h4>" + table().name(); }

        @Override public Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("port", "mlx5_0/1");
            m.put("delta", 9_007_199_254_740_993L);
            return m;
        }

        @Override public List<Chart<?, ?>> charts() { return charts; }

        @Override public String toString() { return "1 port: mlx5_0/1\n"; }
    }

    static XYChart chart() {
        XYChart c = new XYChartBuilder().width(200).height(120).title("t").build();
        c.addSeries("s", new double[] {0, 1, 2}, new double[] {1, 3, 2});
        return c;
    }

    @Test void registeredThroughTheServiceFile() {
        Map<String, Object> b = Renderers.standard().bundle(new Result(List.of()), Mime.DEFAULT);
        assertEquals("<h4>result</h4>r", b.get(Mime.HTML));
        assertEquals("1 port: mlx5_0/1\n", b.get(Mime.TEXT), "toString as it is");
        assertFalse(b.containsKey(Mime.PNG), "no charts, no image");
    }

    @Test void jsonIsTheMapAndKeepsExactLongs() throws Exception {
        Object json = new RenderableRenderer().render(new Result(List.of()), Mime.JSON);
        String s = new ObjectMapper().writeValueAsString(json);
        assertEquals("{\"port\":\"mlx5_0/1\",\"delta\":9007199254740993}", s);
    }

    @Test void chartsBecomeOnePng() throws Exception {
        Map<String, Object> b = Renderers.standard().bundle(new Result(List.of(chart(), chart())), Mime.DEFAULT);
        byte[] png = Base64.getDecoder().decode((String) b.get(Mime.PNG));
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(png, 4));
        // two 120-pixel charts stacked: the image is taller than one chart
        int height = ((png[20] & 0xff) << 24) | ((png[21] & 0xff) << 16) | ((png[22] & 0xff) << 8) | (png[23] & 0xff);
        assertEquals(240, height);
        assertTrue(b.containsKey(Mime.JSON));
        String html = (String) b.get(Mime.HTML);
        assertTrue(html.startsWith("<h4>result</h4>r") && html.contains("<img alt=\"charts\" src=\"data:image/png;base64," + b.get(Mime.PNG) + "\">"),
                "Jupyter shows HTML over PNG: the charts are in the HTML too");
    }
}
