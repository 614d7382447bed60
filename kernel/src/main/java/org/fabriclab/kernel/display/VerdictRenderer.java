package org.fabriclab.kernel.display;

import java.util.List;
import java.util.Map;

import org.fabriclab.verdict.Verdict;

/**
 * A DSL {@link Verdict} as an HTML card (colour by outcome: clean, layer finding, no verdict),
 * its one-line summary as {@code text/plain}, and JSON (the runbook's verdict/detail/live first).
 */
public final class VerdictRenderer implements Renderer<Verdict> {
    @Override public Class<Verdict> type() { return Verdict.class; }

    @Override public List<String> mimeTypes() { return List.of(Mime.HTML, Mime.TEXT, Mime.JSON); }

    @Override public Object render(Verdict v, String mime) {
        return switch (mime) {
            case Mime.HTML -> card(v);
            case Mime.JSON -> json(v);
            default -> v.summary();
        };
    }

    static Map<String, Object> json(Verdict v) { return v.toMap(); }

    static String card(Verdict v) {
        String colour = v.isClean() ? "#2e7d32" : v.isNoVerdict() ? "#757575" : "#c62828";
        StringBuilder sb = new StringBuilder();
        sb.append("<div class=\"fabriclab-verdict\" style=\"border-left:6px solid ").append(colour)
          .append(";padding:4px 10px;margin:4px 0;font-family:sans-serif\">")
          .append("<b>").append(Html.escape(v.port() == null ? "-" : v.port())).append("</b> &mdash; ")
          .append("<span style=\"color:").append(colour).append(";font-weight:bold\">").append(Html.escape(v.verdict())).append("</span>")
          .append(" <small>(profile ").append(Html.escape(v.profile())).append(")</small>");
        if (!v.detail().isEmpty()) sb.append("<div>detail: ").append(Html.escape(String.join(", ", v.detail()))).append("</div>");
        if (!v.live().isEmpty()) sb.append("<div>live: ").append(Html.escape(String.join(", ", v.live()))).append("</div>");
        if (!v.reasons().isEmpty() || !v.perGb().isEmpty()) {
            sb.append("<ul>");
            v.reasons().forEach((k, r) -> sb.append("<li>").append(Html.escape(k)).append(": ").append(Html.escape(r)).append("</li>"));
            v.perGb().forEach((k, r) -> sb.append("<li>").append(Html.escape(k)).append(": ").append(org.fabriclab.result.Html.num(r)).append(" per GB</li>"));
            sb.append("</ul>");
        }
        return sb.append("</div>").toString();
    }
}
