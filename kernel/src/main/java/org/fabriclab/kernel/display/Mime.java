package org.fabriclab.kernel.display;

import java.util.List;

/** The MIME types the kernel produces, and the default set a cell result is rendered into. */
public final class Mime {
    public static final String TEXT = "text/plain";
    public static final String HTML = "text/html";
    public static final String PNG = "image/png";
    public static final String SVG = "image/svg+xml";
    public static final String JSON = "application/json";

    /** Rendered for every result; {@link #SVG} only on request ({@code display(chart, "image/svg+xml")}). */
    public static final List<String> DEFAULT = List.of(TEXT, HTML, PNG, JSON);

    private Mime() {}
}
