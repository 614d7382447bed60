package org.fabriclab.kernel.display;

import java.util.List;

/**
 * Renders values of one type into MIME representations. Registered through
 * {@code META-INF/services/org.fabriclab.kernel.display.Renderer} ({@link java.util.ServiceLoader}):
 * a jar on the kernel's class path adds renderers for its own types without touching the kernel.
 * {@link Renderers} walks a value's class hierarchy (class, interfaces, superclasses) and asks
 * each renderer only for the MIME types requested and not yet produced.
 *
 * <pre>{@code
 * public final class PortRenderer implements Renderer<Port> {
 *     public Class<Port> type() { return Port.class; }
 *     public List<String> mimeTypes() { return List.of(Mime.TEXT); }
 *     public Object render(Port p, String mime) { return p.name(); }
 * }
 * }</pre>
 *
 * @param <T> the type rendered
 */
public interface Renderer<T> {
    /** The type (class or interface) this renderer handles, subclasses included. */
    Class<T> type();

    /** The MIME types it can produce, preferred first. */
    List<String> mimeTypes();

    /**
     * One representation: a {@code String} for text and SVG, a base64 {@code String} for
     * {@code image/png}, a JSON-serialisable value (Map, List, Jackson node) for JSON types.
     */
    Object render(T value, String mime) throws Exception;
}
