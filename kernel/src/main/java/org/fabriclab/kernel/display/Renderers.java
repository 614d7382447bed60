package org.fabriclab.kernel.display;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The type-to-MIME registry. {@link #bundle} walks the value's class hierarchy breadth-first
 * (the class, its interfaces, its superclass, ...) and asks the first renderer that offers each
 * requested MIME type, so a renderer for an interface serves every implementation and a renderer
 * for a subclass wins over one for its parent. Each MIME type is rendered only when requested.
 * {@code text/plain} is always present ({@code String.valueOf} when nothing else offers it). JSON and plain text larger
 * than the display output limit are left out with a note ({@link BundleLimit}).
 *
 * <pre>{@code
 * Map<String, Object> data = Renderers.standard().bundle(table, Mime.DEFAULT);
 * data.get("text/html");   // "<table>...</table>"
 * }</pre>
 */
public final class Renderers {
    private static volatile Renderers standard;

    private final List<Renderer<?>> renderers = new CopyOnWriteArrayList<>();
    private final Map<Class<?>, List<Renderer<?>>> byType = new ConcurrentHashMap<>();

    /** Renderers found by {@link ServiceLoader} on the kernel's class path. */
    public static Renderers standard() {
        Renderers r = standard;
        if (r == null) {
            synchronized (Renderers.class) {
                if (standard == null) {
                    Renderers n = new Renderers();
                    for (Renderer<?> x : ServiceLoader.load(Renderer.class, Renderers.class.getClassLoader())) n.register(x);
                    standard = n;
                }
                r = standard;
            }
        }
        return r;
    }

    /** Adds a renderer; later registrations win over earlier ones for the same type. */
    public Renderers register(Renderer<?> r) {
        renderers.add(0, r);
        byType.clear();
        return this;
    }

    /** MIME type -> data for the requested types this value can be shown as (text/plain always). */
    public Map<String, Object> bundle(Object value, Collection<String> wanted) {
        Map<String, Object> out = new LinkedHashMap<>();
        List<String> failed = new ArrayList<>();
        if (value != null) {
            for (Class<?> c : hierarchy(value.getClass())) {
                for (Renderer<?> r : renderersFor(c)) {
                    for (String mime : r.mimeTypes()) {
                        if (!wanted.contains(mime) || out.containsKey(mime)) continue;
                        Object data = render(r, value, mime, failed);
                        if (data != null) out.put(mime, data);
                    }
                }
            }
        }
        out.putIfAbsent(Mime.TEXT, plain(value));
        // a representation that failed is said in the cell's text, not only in the kernel log
        if (!failed.isEmpty() && out.get(Mime.TEXT) instanceof String text) {
            out.put(Mime.TEXT, text + "\n[fabriclab: not rendered as " + String.join("; ", failed) + "]");
        }
        return BundleLimit.apply(out, DisplayLimits.maxOutput());
    }

    @SuppressWarnings("unchecked")
    private static <T> Object render(Renderer<T> r, Object value, String mime, List<String> failed) {
        try {
            return r.render((T) value, mime);
        } catch (Exception | LinkageError e) {
            failed.add(mime + " (" + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
            // a broken renderer costs one representation, never the cell; the kernel log says why
            java.util.logging.Logger.getLogger(Renderers.class.getName()).log(java.util.logging.Level.WARNING,
                    r.getClass().getName() + " failed to render " + mime, e);
            return null;
        }
    }

    private List<Renderer<?>> renderersFor(Class<?> c) {
        return byType.computeIfAbsent(c, k -> {
            List<Renderer<?>> l = new ArrayList<>();
            for (Renderer<?> r : renderers) if (r.type().equals(k)) l.add(r);
            return l;
        });
    }

    /** Breadth-first: the class, then its interfaces and superclass, level by level; Object last. */
    static List<Class<?>> hierarchy(Class<?> start) {
        Set<Class<?>> seen = new LinkedHashSet<>();
        Deque<Class<?>> queue = new ArrayDeque<>();
        queue.add(start);
        while (!queue.isEmpty()) {
            Class<?> c = queue.poll();
            if (c == Object.class || !seen.add(c)) continue;
            queue.addAll(Arrays.asList(c.getInterfaces()));
            if (c.getSuperclass() != null) queue.add(c.getSuperclass());
        }
        seen.add(Object.class);
        return new ArrayList<>(seen);
    }

    /** The text a value shows when no renderer offers text/plain. */
    public static String plain(Object v) {
        if (v == null) return "null";
        if (v.getClass().isArray()) {
            String s = Arrays.deepToString(new Object[] {v});
            return s.substring(1, s.length() - 1);
        }
        if (v instanceof String s) return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + '"';
        return String.valueOf(v);
    }
}
