package org.fabriclab.kernel.notebook;

import java.util.List;

import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Image;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A markdown cell as HTML, with commonmark-java: CommonMark plus GitHub's pipe tables (Jupyter's
 * own renderers, JupyterLab's and nbconvert's, draw those as tables). Raw HTML in the markdown is
 * kept, as Jupyter keeps it. An image {@code ![x](attachment:name.png)} is replaced by the cell's
 * attachment as a {@code data:} URI, as nbconvert does, so the page stays one file.
 *
 * <pre>{@code
 * Markdown.html("## Delta\n**Question.** `delta(b, a)`", null);
 * // "<h2>Delta</h2>\n<p><strong>Question.</strong> <code>delta(b, a)</code></p>\n"
 * }</pre>
 */
final class Markdown {
    private static final List<Extension> EXTENSIONS = List.of(TablesExtension.create());
    /** Both are immutable and thread-safe once built (commonmark-java's contract). */
    private static final Parser PARSER = Parser.builder().extensions(EXTENSIONS).build();
    private static final HtmlRenderer RENDERER = HtmlRenderer.builder().extensions(EXTENSIONS).build();

    private Markdown() {}

    /**
     * The markdown as HTML.
     *
     * @param attachments the cell's {@code attachments} (name -> MIME type -> base64), or null
     */
    static String html(String markdown, JsonNode attachments) {
        Node doc = PARSER.parse(markdown);
        if (attachments != null && attachments.isObject() && attachments.size() > 0) {
            doc.accept(new AbstractVisitor() {
                @Override public void visit(Image image) {
                    String dest = image.getDestination();
                    if (dest.startsWith("attachment:")) {
                        JsonNode bundle = attachments.path(dest.substring("attachment:".length()));
                        var it = bundle.fields();
                        if (it.hasNext()) {
                            var e = it.next();
                            image.setDestination("data:" + e.getKey() + ";base64," + HtmlExport.text(e.getValue()).replace("\n", ""));
                        }
                    }
                    visitChildren(image);
                }
            });
        }
        return RENDERER.render(doc);
    }
}
