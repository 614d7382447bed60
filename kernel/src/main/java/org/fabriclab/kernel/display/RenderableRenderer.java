package org.fabriclab.kernel.display;

import java.util.Base64;
import java.util.List;

import org.fabriclab.plot.Charts;
import org.fabriclab.result.Renderable;

/**
 * Every DSL result that implements {@link Renderable} (checks, reconciliation, link-health
 * reports, plots): {@code text/html} from {@link Renderable#toHtml()}, {@code image/png} of its
 * {@link Renderable#charts()} stacked in one image ({@link Charts#png}; no PNG when it has no
 * charts), {@code application/json} from {@link Renderable#toMap()} and {@code text/plain} from
 * {@code toString()}. Front ends show the richest type only (Jupyter ranks HTML above PNG), so the
 * charts are also embedded in the HTML as a {@code data:} image, after the result's own HTML.
 *
 * <pre>{@code
 * Renderers.standard().bundle(check(d).limits("all=0").grade(ZERO_TOLERANCE), Mime.DEFAULT);
 * // text/html, application/json, text/plain (and image/png for plot results)
 * }</pre>
 */
public final class RenderableRenderer implements Renderer<Renderable> {
    @Override public Class<Renderable> type() { return Renderable.class; }

    @Override public List<String> mimeTypes() { return List.of(Mime.HTML, Mime.PNG, Mime.JSON, Mime.TEXT); }

    @Override public Object render(Renderable r, String mime) {
        return switch (mime) {
            case Mime.HTML -> {
                String png = png(r);
                yield png == null ? r.toHtml()
                        : r.toHtml() + "<div><img alt=\"charts\" src=\"data:image/png;base64," + png + "\"></div>";
            }
            case Mime.PNG -> png(r);
            case Mime.JSON -> r.toMap();
            default -> r.toString();
        };
    }

    private static String png(Renderable r) {
        var charts = r.charts();
        return charts.isEmpty() ? null : Base64.getEncoder().encodeToString(Charts.png(charts));
    }
}
