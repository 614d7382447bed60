package org.fabriclab.kernel.display;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.fabriclab.verdict.Verdict;
import org.fabriclab.verdict.Verdicts;

/** {@link Verdicts}: one card per port (HTML), one line per port (text), a JSON array. */
public final class VerdictsRenderer implements Renderer<Verdicts> {
    @Override public Class<Verdicts> type() { return Verdicts.class; }

    @Override public List<String> mimeTypes() { return List.of(Mime.HTML, Mime.TEXT, Mime.JSON); }

    @Override public Object render(Verdicts vs, String mime) {
        switch (mime) {
            case Mime.HTML -> {
                StringBuilder sb = new StringBuilder("<div class=\"fabriclab-verdicts\">");
                sb.append("<div><b>").append(vs.size()).append(" ports</b>, exit code ").append(vs.exitCode()).append("</div>");
                for (Verdict v : vs) sb.append(VerdictRenderer.card(v));
                return sb.append("</div>").toString();
            }
            case Mime.JSON -> {
                List<Map<String, Object>> l = new ArrayList<>();
                for (Verdict v : vs) l.add(VerdictRenderer.json(v));
                return l;
            }
            default -> { return vs.toString().stripTrailing(); }
        }
    }
}
