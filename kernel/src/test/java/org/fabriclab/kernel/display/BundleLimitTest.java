package org.fabriclab.kernel.display;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.result.Renderable;
import org.junit.jupiter.api.Test;

import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * A result as large as an incident over a fabric's thousands of ports: its JSON (every check row) and its text are larger
 * than the display output limit and are left out or cut with a note; its HTML, which the front end shows, is kept whole.
 */
class BundleLimitTest {
    /** {@code rows} check-like rows in JSON, as many lines of text, and a short HTML summary. */
    record Large(int rows) implements Renderable {
        @Override public Table table() { return Table.create("large", StringColumn.create("port")); }

        @Override public String toHtml() { return "<h4>" + rows + " rows</h4>"; }

        @Override public Map<String, Object> toMap() {
            List<Map<String, Object>> out = new ArrayList<>();
            for (int i = 0; i < rows; i++) {
                Map<String, Object> r = new LinkedHashMap<>();
                r.put("port", "guid 0xb0cf0e0300d3" + String.format("%04x", i) + "/1");
                r.put("name", "SymbolErrorCounter");
                r.put("result", "pass");
                out.add(r);
            }
            return Map.of("rows", out);
        }

        @Override public String toString() { return ("pass guid 0xb0cf0e0300d30000/1 SymbolErrorCounter = 0\n").repeat(rows); }
    }

    @Test void aResultLargerThanTheOutputLimitKeepsItsHtmlAndNotesWhatWasLeftOut() {
        // the default display output limit, 1,000,000 bytes: 1.6 MB of JSON rows and 1.08 MB of text
        Map<String, Object> b = Renderers.standard().bundle(new Large(20_000), Mime.DEFAULT);
        assertEquals("<h4>20000 rows</h4>", b.get(Mime.HTML));
        assertEquals(Map.of("omitted", "application/json of more than 1000000 bytes, above the display output limit "
                + "(%display output=N, 0 for none); the value's toMap() holds it in code"), b.get(Mime.JSON));
        String text = (String) b.get(Mime.TEXT);
        assertTrue(text.endsWith("\n[fabriclab: text/plain cut at 1000000 of 1080000 bytes by the display output limit (%display output=N, 0 for none)]"),
                text.substring(text.length() - 200));
        assertEquals(1_000_000, text.indexOf("\n[fabriclab: text/plain cut"), "the first 1,000,000 bytes kept");
        // a lower limit the same way
        Map<String, Object> whole = new LinkedHashMap<>();
        whole.put(Mime.JSON, new Large(3).toMap());
        assertTrue(BundleLimit.apply(whole, 100).get(Mime.JSON).toString().startsWith("{omitted=application/json of more than 100 bytes"));
    }

    @Test void aSmallResultAndNoLimitLeaveTheBundleAsItIs() {
        Map<String, Object> small = Renderers.standard().bundle(new Large(3), Mime.DEFAULT);
        assertEquals(3, ((List<?>) ((Map<?, ?>) small.get(Mime.JSON)).get("rows")).size());
        Map<String, Object> whole = new LinkedHashMap<>();
        whole.put(Mime.JSON, new Large(20_000).toMap());
        whole.put(Mime.TEXT, new Large(20_000).toString());
        assertSame(whole, BundleLimit.apply(whole, 0), "output=0: no limit");
    }

    @Test void theJsonSizeIsCountedOnlyUpToTheLimit() {
        assertEquals(13, BundleLimit.jsonSize(Map.of("a", "bcdef"), 100));
        long n = BundleLimit.jsonSize(Map.of("a", "x".repeat(1_000_000)), 100);
        assertTrue(n > 100 && n < 100_000, "the writing stops once past the limit, at the first buffer it flushes: " + n);
    }
}
