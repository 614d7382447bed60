package org.fabriclab.kernel.display;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.fabriclab.verdict.Classifier;
import org.fabriclab.verdict.Profiles;
import org.fabriclab.verdict.Verdict;
import org.fabriclab.verdict.Verdicts;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;

import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.Table;

class RenderersTest {
    interface Shape {}
    static class Square implements Shape {}
    static class Tile extends Square {}

    /** Records which MIME types it was asked for. */
    static final class Recording<T> implements Renderer<T> {
        final Class<T> type;
        final String tag;
        final List<String> asked = new ArrayList<>();

        Recording(Class<T> type, String tag) { this.type = type; this.tag = tag; }

        @Override public Class<T> type() { return type; }

        @Override public List<String> mimeTypes() { return List.of(Mime.HTML, Mime.SVG, Mime.TEXT); }

        @Override public Object render(T v, String mime) {
            asked.add(mime);
            return tag + ":" + mime;
        }
    }

    @Test void walksTheHierarchyAndRendersOnlyWhatIsAsked() {
        Recording<Shape> shape = new Recording<>(Shape.class, "shape");
        Recording<Square> square = new Recording<>(Square.class, "square");
        Renderers r = new Renderers().register(shape).register(square);
        Map<String, Object> b = r.bundle(new Tile(), List.of(Mime.TEXT, Mime.HTML));
        assertEquals("square:text/html", b.get(Mime.HTML), "the nearest class wins over an interface further up");
        assertEquals(List.of(Mime.HTML, Mime.TEXT), square.asked, "SVG was not requested, so not rendered");
        assertTrue(shape.asked.isEmpty());
        Map<String, Object> onlyInterface = new Renderers().register(shape).bundle(new Tile(), List.of(Mime.HTML));
        assertEquals("shape:text/html", onlyInterface.get(Mime.HTML));
        assertTrue(onlyInterface.containsKey(Mime.TEXT), "text/plain always present");
    }

    @Test void aFailedRepresentationIsSaidInTheCellText() {
        Renderer<Square> broken = new Renderer<>() {
            @Override public Class<Square> type() { return Square.class; }
            @Override public List<String> mimeTypes() { return List.of(Mime.PNG); }
            @Override public Object render(Square v, String mime) { throw new IllegalArgumentException("log axis on a bar chart"); }
        };
        Map<String, Object> b = new Renderers().register(broken).bundle(new Square(), List.of(Mime.PNG, Mime.TEXT));
        assertTrue(!b.containsKey(Mime.PNG));
        assertTrue(((String) b.get(Mime.TEXT)).contains("not rendered as image/png (IllegalArgumentException: log axis on a bar chart)"),
                String.valueOf(b.get(Mime.TEXT)));
    }

    @Test void serviceLoaderFindsTheBuiltInRenderers() {
        Table t = Table.create("big", LongColumn.create("v", new long[120]));
        t.longColumn("v").set(0, Long.MAX_VALUE);
        Map<String, Object> b = Renderers.standard().bundle(t, Mime.DEFAULT);
        String html = (String) b.get(Mime.HTML);
        assertTrue(html.contains("<td>" + Long.MAX_VALUE + "</td>"), "longs exact");
        assertTrue(html.contains("70 more rows"), html.substring(html.length() - 200));
        assertEquals(50, html.split("<tr><td>", -1).length - 1, "50 data rows (the footer row has a colspan)");
        assertTrue(((String) b.get(Mime.TEXT)).endsWith("... 70 more rows (120 total)"));
        assertFalse(b.containsKey(Mime.PNG));
    }

    @Test void chartsAsPngAndSvgOnRequest() {
        XYChart c = new XYChartBuilder().width(200).height(120).title("rx").build();
        c.addSeries("a", new double[] {1, 2}, new double[] {2, 1});
        Map<String, Object> b = Renderers.standard().bundle(c, Mime.DEFAULT);
        assertTrue(((String) b.get(Mime.PNG)).startsWith("iVBORw0KGgo"), "base64 PNG signature");
        assertFalse(b.containsKey(Mime.SVG));
        List<String> withSvg = new ArrayList<>(Mime.DEFAULT);
        withSvg.add(Mime.SVG);
        assertTrue(((String) Renderers.standard().bundle(c, withSvg).get(Mime.SVG)).contains("<svg"));
    }

    /** Verdicts are DSL results: they render through Renderable, no kernel renderer of their own. */
    @Test void verdictsAsCardJsonAndText() {
        Verdict v = Classifier.classify(Profiles.IB, Map.of(), Map.of(), 1e12, 1000);
        Map<String, Object> b = Renderers.standard().bundle(v, Mime.DEFAULT);
        assertTrue(((String) b.get(Mime.HTML)).contains("fabriclab-verdict"));
        assertEquals(v.summary(), b.get(Mime.TEXT));
        @SuppressWarnings("unchecked") Map<String, Object> json = (Map<String, Object>) b.get(Mime.JSON);
        assertEquals(List.of("verdict", "detail", "live"), new ArrayList<>(json.keySet()).subList(0, 3));
        Map<String, Object> all = Renderers.standard().bundle(new Verdicts(List.of(v, v)), Mime.DEFAULT);
        assertEquals(2, ((List<?>) ((Map<?, ?>) all.get(Mime.JSON)).get("verdicts")).size());
        assertTrue(((String) all.get(Mime.HTML)).contains("2 ports"));
    }

    @Test void dslResultsRenderThroughTheirRenderableInterface() {
        org.fabriclab.check.CheckResult r = new org.fabriclab.check.CheckResult(org.fabriclab.check.Policy.ZERO_TOLERANCE, 1e-12, List.of(), List.of());
        Map<String, Object> b = Renderers.standard().bundle(r, Mime.DEFAULT);
        assertEquals(r.toHtml(), b.get(Mime.HTML));
        assertEquals(r.toMap(), b.get(Mime.JSON));
        assertEquals(r.toString(), b.get(Mime.TEXT));
        assertFalse(b.containsKey(Mime.PNG), "no charts, no image");
        XYChart c = new XYChartBuilder().width(100).height(80).build();
        c.addSeries("a", new double[] {1, 2}, new double[] {2, 1});
        org.fabriclab.result.Renderable withChart = new org.fabriclab.result.Renderable() {
            @Override public Table table() { return Table.create("x"); }
            @Override public String toHtml() { return "<p>x</p>"; }
            @Override public Map<String, Object> toMap() { return Map.of("x", 1); }
            @Override public List<org.knowm.xchart.internal.chartpart.Chart<?, ?>> charts() { return List.of(c); }
        };
        assertTrue(((String) Renderers.standard().bundle(withChart, Mime.DEFAULT).get(Mime.PNG)).startsWith("iVBORw0KGgo"));
    }

    @Test void plainTextFallbacks() {
        assertEquals("[1, 2]", Renderers.standard().bundle(new int[] {1, 2}, Mime.DEFAULT).get(Mime.TEXT));
        assertEquals("\"a\\\"b\"", Renderers.standard().bundle("a\"b", Mime.DEFAULT).get(Mime.TEXT));
        assertEquals("&lt;td&gt;&amp;", Html.escape("<td>&"));
    }
}
