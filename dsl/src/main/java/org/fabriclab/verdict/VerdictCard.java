package org.fabriclab.verdict;

import org.fabriclab.result.Html;

/**
 * The HTML card of a {@link Verdict}: port, verdict in its colour, profile, detail and live counters,
 * the reason for every counter that could not be used and the per-GB rate of each congestion counter
 * that moved.
 *
 * <pre>{@code
 * String html = VerdictCard.html(verdict);
 * }</pre>
 */
final class VerdictCard {
    private VerdictCard() {}

    static String html(Verdict v) {
        String colour = v.colour();
        StringBuilder sb = new StringBuilder();
        sb.append("<div class=\"fabriclab-verdict\" style=\"border-left:6px solid ").append(colour)
          .append(";padding:4px 10px;margin:4px 0;font-family:sans-serif\">")
          .append("<b>").append(Html.esc(v.port() == null ? "-" : v.port())).append("</b> &mdash; ")
          .append("<span style=\"color:").append(colour).append(";font-weight:bold\">").append(Html.esc(v.verdict())).append("</span>")
          .append(" <small>(profile ").append(Html.esc(v.profile())).append(")</small>");
        if (!v.detail().isEmpty()) sb.append("<div>detail: ").append(Html.esc(String.join(", ", v.detail()))).append("</div>");
        if (!v.live().isEmpty()) sb.append("<div>live: ").append(Html.esc(String.join(", ", v.live()))).append("</div>");
        if (!v.reasons().isEmpty() || !v.perGb().isEmpty()) {
            sb.append("<ul>");
            for (String r : v.reasonLines()) sb.append("<li>").append(Html.esc(r)).append("</li>");
            v.perGb().forEach((k, r) -> sb.append("<li>").append(Html.esc(k)).append(": ").append(Html.num(r)).append(" per GB</li>"));
            sb.append("</ul>");
        }
        return sb.append("</div>").toString();
    }
}
