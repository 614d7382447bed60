package org.fabriclab.kernel.notebook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

class HtmlExportTest {
    static Notebook notebook(String cellsJson) throws Exception {
        return new Notebook((ObjectNode) new ObjectMapper().readTree(
                "{\"nbformat\": 4, \"nbformat_minor\": 5, \"metadata\": {}, \"cells\": " + cellsJson.replace('\'', '"') + "}"));
    }

    @Test void markdownIsRenderedNotShownAsText() throws Exception {
        String html = HtmlExport.html(notebook("[{'cell_type': 'markdown', 'metadata': {}, 'source': ["
                + "'## Delta per port\\n', '**Question.** `delta(b, a)` and *why*\\n', '\\n', "
                + "'| counter | delta |\\n', '|---|---:|\\n', '| SymbolErrorCounter | 12 |\\n']}]"), "t.ipynb");
        assertTrue(html.contains("<h2>Delta per port</h2>"), html);
        assertTrue(html.contains("<strong>Question.</strong> <code>delta(b, a)</code> and <em>why</em>"), html);
        assertTrue(html.contains("<th>counter</th>") && html.contains("<td align=\"right\">12</td>"), "GFM table: " + html);
        assertFalse(html.contains("**Question"), html);
        assertFalse(html.contains("|---|"), html);
        assertTrue(html.contains("<title>t</title>"), "the file name without .ipynb: " + html);
    }

    @Test void attachmentsBecomeDataUris() throws Exception {
        String html = HtmlExport.html(notebook("[{'cell_type': 'markdown', 'metadata': {}, 'source': '![plot](attachment:p.png)',"
                + " 'attachments': {'p.png': {'image/png': 'iVBORw0KGgo='}}}]"), "t");
        assertTrue(html.contains("src=\"data:image/png;base64,iVBORw0KGgo=\""), html);
    }

    @Test void codeCellsHavePromptsAndOutputsFollowNbconvertsPriority() throws Exception {
        String html = HtmlExport.html(notebook("[{'cell_type': 'code', 'execution_count': 3, 'metadata': {}, 'source': 'x', 'outputs': ["
                + "{'output_type': 'stream', 'name': 'stdout', 'text': ['a <b>\\n']},"
                + "{'output_type': 'execute_result', 'execution_count': 3, 'metadata': {}, 'data': {"
                + "  'text/plain': 'plain', 'application/json': {'v': 0.9823290654719999}, 'text/html': '<table><tr><td>1</td></tr></table>'}},"
                + "{'output_type': 'display_data', 'metadata': {}, 'data': {'text/plain': 'p', 'application/json': {'v': 1}}},"
                + "{'output_type': 'display_data', 'metadata': {}, 'data': {'text/markdown': '**m**', 'image/png': 'AAAA'}},"
                + "{'output_type': 'error', 'ename': 'E', 'evalue': 'v', 'traceback': ['\\u001b[0;31mE: v\\u001b[0m']}]}]"), "t");
        assertTrue(html.contains("In [3]:"), html);
        assertTrue(html.contains("Out[3]:"), html);
        assertTrue(html.contains("<pre class=\"stdout\">a &lt;b&gt;\n</pre>"), html);
        assertTrue(html.contains("<div class=\"scroll html\"><table><tr><td>1</td></tr></table></div>"), "HTML first, in a scrolling box: " + html);
        assertTrue(html.contains("<pre>p</pre>"), "text/plain before JSON, as nbconvert: " + html);
        assertTrue(html.contains("<strong>m</strong>"), "markdown before PNG: " + html);
        assertTrue(html.contains("<pre class=\"error\">E: v\n</pre>"), "ANSI colours dropped: " + html);
        assertFalse(html.contains("0.9823290654719999"), html);
    }

    @Test void textWrapsAndWideOutputsScrollInTheirBox() {
        assertTrue(HtmlExport.CSS.contains("pre{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}"));
        assertTrue(HtmlExport.CSS.contains(".scroll{max-width:100%;overflow-x:auto}"));
        assertTrue(HtmlExport.CSS.contains(".body{flex:1 1 auto;min-width:0}"), "a flex child may shrink below its content");
    }

    @Test void rawCells() throws Exception {
        String html = HtmlExport.html(notebook("[{'cell_type': 'raw', 'metadata': {'format': 'text/html'}, 'source': '<b>raw</b>'},"
                + "{'cell_type': 'raw', 'metadata': {}, 'source': '<i>x</i>'}]"), "t");
        assertTrue(html.contains("<b>raw</b>"), html);
        assertTrue(html.contains("<pre>&lt;i&gt;x&lt;/i&gt;</pre>"), html);
        assertEquals(-1, html.indexOf("<i>x</i>"));
    }
}
