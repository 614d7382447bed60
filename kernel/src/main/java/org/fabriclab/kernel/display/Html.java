package org.fabriclab.kernel.display;

/**
 * HTML escaping for renderers: the DSL's {@link org.fabriclab.result.Html#esc}, taking any value.
 * {@code Html.escape("<a&b>")} is {@code "&lt;a&amp;b&gt;"}.
 */
public final class Html {
    private Html() {}

    public static String escape(Object o) {
        return org.fabriclab.result.Html.esc(String.valueOf(o));
    }
}
