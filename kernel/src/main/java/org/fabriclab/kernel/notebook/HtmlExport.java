package org.fabriclab.kernel.notebook;

import java.util.regex.Pattern;

import org.fabriclab.kernel.display.Html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A self-contained HTML page of an executed notebook, laid out as nbconvert's HTML export is: an
 * {@code In [n]:} / {@code Out[n]:} prompt column beside each input and result, markdown cells
 * rendered ({@link Markdown}: CommonMark with GitHub tables, cell attachments inlined), and each
 * output in the first of nbconvert's display priorities it holds: {@code text/html},
 * {@code text/markdown}, {@code image/svg+xml}, {@code image/png}, {@code image/jpeg},
 * {@code text/plain} ({@code application/json} only when nothing else is there). Errors and
 * stderr on a red background. No line is cut off: text wraps ({@code pre-wrap}), and HTML
 * outputs (a wide table) and images sit in a box that scrolls sideways inside the page, so the
 * page itself never grows wider than the window. Raw cells of format {@code text/html} are copied
 * as they are, other raw cells shown as text. Numbers are shown as the outputs hold them (the
 * renderers round floating-point values for display; see {@link org.fabriclab.result.Html#num}).
 *
 * <pre>{@code
 * Notebook nb = Notebook.read(Path.of("out.ipynb"));
 * Files.writeString(Path.of("out.html"), HtmlExport.html(nb, "out.ipynb"));
 * }</pre>
 */
public final class HtmlExport {
    /** ANSI colour escapes (a kernel's coloured traceback); nbconvert turns them into spans, we drop them. */
    private static final Pattern ANSI = Pattern.compile("\u001b\\[[0-9;]*[A-Za-z]");

    static final String CSS = String.join("",
            ":root{--prompt:9ch}",
            "*{box-sizing:border-box}",
            "body{margin:0;font:14px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;color:#212121;background:#fff}",
            "main{max-width:1200px;margin:0 auto;padding:16px}",
            ".cell{margin:0 0 10px}",
            ".row{display:flex;align-items:flex-start}",
            ".prompt{flex:0 0 var(--prompt);padding:6px 8px 0 0;text-align:right;font:12px/1.4 'DejaVu Sans Mono',monospace;color:#307fc1;white-space:nowrap}",
            ".prompt.out{color:#bf5b3d}",
            ".body{flex:1 1 auto;min-width:0}",
            "pre,code{font-family:'DejaVu Sans Mono',SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}",
            "pre{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}",
            "pre.source{background:#f5f5f5;border:1px solid #e0e0e0;border-radius:2px;padding:6px 8px}",
            ".output{padding:4px 0}",
            ".output pre{padding:2px 0}",
            ".stderr,.error{background:#fdd;padding:4px 6px!important}",
            ".error{color:#b00020}",
            ".scroll{max-width:100%;overflow-x:auto}",
            ".scroll img,.scroll svg{max-width:100%;height:auto}",
            ".output table{border-collapse:collapse;border:none;font-size:12px;margin:0 0 4px}",
            ".output caption{text-align:left;font-weight:600;padding:2px 0}",
            ".output th,.output td{border:none;padding:3px 8px;text-align:right;vertical-align:top;white-space:nowrap}",
            ".output thead th{border-bottom:1px solid #333;font-weight:600}",
            ".output tbody tr:nth-child(odd){background:#f5f5f5}",
            ".output tbody tr:hover{background:#e1f5fe}",
            ".output tfoot td{text-align:left;color:#666}",
            ".md{padding:0 2px;overflow-wrap:anywhere}",
            ".md h1,.md h2,.md h3,.md h4{line-height:1.25;margin:18px 0 8px}",
            ".md h1{font-size:1.9em}.md h2{font-size:1.45em}.md h3{font-size:1.2em}",
            ".md p,.md ul,.md ol,.md blockquote{margin:0 0 8px}",
            ".md code{background:#f2f2f2;padding:1px 4px;border-radius:3px}",
            ".md pre{background:#f5f5f5;padding:6px 8px}",
            ".md pre code{background:none;padding:0}",
            ".md blockquote{border-left:4px solid #ddd;padding-left:10px;color:#555}",
            ".md table{display:block;max-width:100%;overflow-x:auto;border-collapse:collapse;margin:0 0 8px}",
            ".md th,.md td{border:1px solid #ccc;padding:3px 8px}",
            ".md th{background:#f5f5f5}",
            ".md img{max-width:100%}",
            "@media (max-width:600px){.row{display:block}.prompt{text-align:left;padding:2px 0}}");

    private HtmlExport() {}

    /** The page; {@code title} is the notebook's file name (a trailing {@code .ipynb} is dropped). */
    public static String html(Notebook nb, String title) {
        String name = title.endsWith(".ipynb") ? title.substring(0, title.length() - ".ipynb".length()) : title;
        StringBuilder sb = new StringBuilder(64 * 1024);
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
          .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
          .append("<meta name=\"generator\" content=\"fabriclab\"><title>").append(Html.escape(name)).append("</title>\n")
          .append("<style>").append(CSS).append("</style></head>\n<body><main class=\"notebook\">\n");
        for (ObjectNode cell : nb.cells()) {
            switch (cell.path("cell_type").asText()) {
                case "code" -> code(sb, cell);
                case "markdown" -> sb.append("<div class=\"cell markdown row\"><div class=\"prompt\"></div><div class=\"body md\">")
                        .append(Markdown.html(Notebook.source(cell), cell.path("attachments"))).append("</div></div>\n");
                default -> raw(sb, cell);
            }
        }
        return sb.append("</main></body></html>\n").toString();
    }

    private static void code(StringBuilder sb, ObjectNode cell) {
        JsonNode n = cell.path("execution_count");
        String count = n.isNumber() ? n.asText() : " ";
        sb.append("<div class=\"cell code\">\n<div class=\"row input\"><div class=\"prompt\">In [").append(count)
          .append("]:</div><div class=\"body\"><pre class=\"source\"><code>").append(Html.escape(Notebook.source(cell)))
          .append("</code></pre></div></div>\n");
        for (JsonNode o : cell.path("outputs")) {
            boolean result = o.path("output_type").asText().equals("execute_result");
            sb.append("<div class=\"row output\"><div class=\"prompt out\">");
            if (result) sb.append("Out[").append(o.path("execution_count").isNumber() ? o.path("execution_count").asText() : count).append("]:");
            sb.append("</div><div class=\"body\">").append(output(o)).append("</div></div>\n");
        }
        sb.append("</div>\n");
    }

    private static void raw(StringBuilder sb, ObjectNode cell) {
        String format = cell.path("metadata").path("format").asText(cell.path("metadata").path("raw_mimetype").asText(""));
        String src = Notebook.source(cell);
        sb.append("<div class=\"cell raw row\"><div class=\"prompt\"></div><div class=\"body\">")
          .append(format.equalsIgnoreCase("text/html") ? src : "<pre>" + Html.escape(src) + "</pre>").append("</div></div>\n");
    }

    static String output(JsonNode o) {
        switch (o.path("output_type").asText()) {
            case "stream" -> {
                String stream = o.path("name").asText().equals("stderr") ? "stderr" : "stdout";
                return "<pre class=\"" + stream + "\">" + Html.escape(plain(text(o.path("text")))) + "</pre>";
            }
            case "error" -> {
                StringBuilder tb = new StringBuilder();
                for (JsonNode l : o.path("traceback")) tb.append(l.asText()).append('\n');
                if (tb.length() == 0) tb.append(o.path("ename").asText()).append(": ").append(o.path("evalue").asText());
                return "<pre class=\"error\">" + Html.escape(plain(tb.toString())) + "</pre>";
            }
            default -> {
                JsonNode d = o.path("data");
                if (d.has("text/html")) return "<div class=\"scroll html\">" + text(d.get("text/html")) + "</div>";
                if (d.has("text/markdown")) return "<div class=\"scroll md\">" + Markdown.html(text(d.get("text/markdown")), null) + "</div>";
                if (d.has("image/svg+xml")) return "<div class=\"scroll svg\">" + text(d.get("image/svg+xml")) + "</div>";
                for (String image : new String[] {"image/png", "image/jpeg"}) {
                    if (d.has(image)) {
                        return "<div class=\"scroll image\"><img alt=\"output\" src=\"data:" + image + ";base64,"
                                + text(d.get(image)).replace("\n", "") + "\"></div>";
                    }
                }
                if (d.has("text/plain")) return "<pre>" + Html.escape(plain(text(d.get("text/plain")))) + "</pre>";
                if (d.has("application/json")) return "<pre>" + Html.escape(d.get("application/json").toPrettyString()) + "</pre>";
                return "";
            }
        }
    }

    /** Text without ANSI colour escapes. */
    static String plain(String s) {
        return s.indexOf('\u001b') < 0 ? s : ANSI.matcher(s).replaceAll("");
    }

    /** A string, or nbformat's list of lines. */
    static String text(JsonNode n) {
        if (n.isTextual()) return n.asText();
        StringBuilder sb = new StringBuilder();
        for (JsonNode l : n) sb.append(l.asText());
        return sb.toString();
    }
}
