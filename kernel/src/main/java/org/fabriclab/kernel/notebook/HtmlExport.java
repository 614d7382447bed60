package org.fabriclab.kernel.notebook;

import java.util.Iterator;
import java.util.Map;

import org.fabriclab.kernel.display.Html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A self-contained HTML page of an executed notebook: inputs as code blocks, outputs in the
 * richest form stored (HTML, SVG, PNG as a data URI, JSON, text), errors in red. Markdown cells
 * are shown as preformatted text (no Markdown renderer on the class path).
 */
public final class HtmlExport {
    private HtmlExport() {}

    public static String html(Notebook nb, String title) {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>").append(Html.escape(title)).append("</title>\n<style>")
          .append("body{font-family:sans-serif;max-width:1100px;margin:auto}pre{background:#f6f8fa;padding:6px;overflow-x:auto}")
          .append(".in{border-left:3px solid #1b3a5c}.err{color:#b00020;background:#fff0f0}.n{color:#888;font-size:small}")
          .append("table{border-collapse:collapse}td,th{padding:2px 6px}</style></head><body>\n<h1>").append(Html.escape(title)).append("</h1>\n");
        for (ObjectNode cell : nb.cells()) {
            String type = cell.path("cell_type").asText();
            String src = Notebook.source(cell);
            if (!type.equals("code")) {
                sb.append("<div class=\"md\"><pre>").append(Html.escape(src)).append("</pre></div>\n");
                continue;
            }
            JsonNode n = cell.path("execution_count");
            sb.append("<div class=\"n\">In [").append(n.isNull() ? " " : n.asText()).append("]</div>\n<pre class=\"in\">")
              .append(Html.escape(src)).append("</pre>\n");
            for (JsonNode o : cell.path("outputs")) sb.append(output(o)).append('\n');
        }
        return sb.append("</body></html>\n").toString();
    }

    private static String output(JsonNode o) {
        switch (o.path("output_type").asText()) {
            case "stream" -> {
                return "<pre" + (o.path("name").asText().equals("stderr") ? " class=\"err\"" : "") + ">" + Html.escape(text(o.path("text"))) + "</pre>";
            }
            case "error" -> {
                StringBuilder tb = new StringBuilder();
                for (JsonNode l : o.path("traceback")) tb.append(l.asText()).append('\n');
                return "<pre class=\"err\">" + Html.escape(tb) + "</pre>";
            }
            default -> {
                JsonNode d = o.path("data");
                if (d.has("text/html")) return "<div>" + text(d.get("text/html")) + "</div>";
                if (d.has("image/svg+xml")) return "<div>" + text(d.get("image/svg+xml")) + "</div>";
                if (d.has("image/png")) return "<img src=\"data:image/png;base64," + text(d.get("image/png")).replace("\n", "") + "\">";
                if (d.has("application/json")) return "<pre>" + Html.escape(d.get("application/json").toPrettyString()) + "</pre>";
                Iterator<Map.Entry<String, JsonNode>> it = d.fields();
                while (it.hasNext()) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (e.getKey().startsWith("text/")) return "<pre>" + Html.escape(text(e.getValue())) + "</pre>";
                }
                return "";
            }
        }
    }

    /** A string, or nbformat's list of lines. */
    static String text(JsonNode n) {
        if (n.isTextual()) return n.asText();
        StringBuilder sb = new StringBuilder();
        for (JsonNode l : n) sb.append(l.asText());
        return sb.toString();
    }
}
