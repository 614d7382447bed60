package org.fabriclab.kernel.display;

/** HTML escaping for renderers. {@code Html.escape("<a&b>")} is {@code "&lt;a&amp;b&gt;"}. */
public final class Html {
    private Html() {}

    public static String escape(Object o) {
        String s = String.valueOf(o);
        StringBuilder sb = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
