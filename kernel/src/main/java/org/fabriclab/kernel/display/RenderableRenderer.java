package org.fabriclab.kernel.display;

import java.util.Base64;
import java.util.List;

import org.fabriclab.plot.Charts;
import org.fabriclab.result.Renderable;

/**
 * Every DSL result implementing {@link Renderable} (check results, health reports,
 * reconciliations, plot results): its own HTML ({@code toHtml()}), text ({@code toString()}),
 * JSON ({@code toMap()}) and, when it carries charts, one PNG of them stacked. A renderer for a
 * concrete result class (registered later) wins over this one, as the registry walks the
 * class hierarchy nearest first.
 */
public final class RenderableRenderer implements Renderer<Renderable> {
    @Override public Class<Renderable> type() { return Renderable.class; }

    @Override public List<String> mimeTypes() { return List.of(Mime.HTML, Mime.PNG, Mime.JSON, Mime.TEXT); }

    @Override public Object render(Renderable r, String mime) {
        return switch (mime) {
            case Mime.HTML -> r.toHtml();
            case Mime.JSON -> r.toMap();
            case Mime.PNG -> r.charts().isEmpty() ? null : Base64.getEncoder().encodeToString(Charts.png(r.charts()));
            default -> r.toString();
        };
    }
}
