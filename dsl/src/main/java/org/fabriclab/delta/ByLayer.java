package org.fabriclab.delta;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Layer;
import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;

import tech.tablesaw.api.Table;

/**
 * The changed counters of a delta ({@link Changes}) grouped by layer, in rank order (physical first,
 * informative last): the shape in which the classifier reads them, so the layer that decides a verdict
 * is the first group with a live counter. Every unusable counter keeps its status and reason.
 *
 * <pre>{@code
 * ByLayer g = delta(before, after).byLayer();
 * g.layers();                      // [physical, transport-retry, informative]
 * g.get(Layer.PHYSICAL);           // the physical counters that moved or cannot be used
 * }</pre>
 */
public final class ByLayer implements Renderable {
    private final String name;
    private final Map<Layer, List<CounterDelta>> groups;

    ByLayer(String name, Map<Layer, List<CounterDelta>> groups) {
        this.name = name;
        Map<Layer, List<CounterDelta>> m = new LinkedHashMap<>();
        for (Layer l : Layer.values()) if (groups.containsKey(l)) m.put(l, List.copyOf(groups.get(l)));
        this.groups = Collections.unmodifiableMap(m);
    }

    /** Layers with a changed counter, in rank order. */
    public List<Layer> layers() { return new ArrayList<>(groups.keySet()); }

    /** The changed counters of {@code layer} (empty when none). */
    public List<CounterDelta> get(Layer layer) { return groups.getOrDefault(layer, List.of()); }

    public Map<Layer, List<CounterDelta>> asMap() { return groups; }

    /** Every group in one table (rank and layer columns first). */
    @Override public Table table() {
        List<CounterDelta> all = new ArrayList<>();
        groups.values().forEach(all::addAll);
        return Changes.table("changed by layer " + name, all);
    }

    /** {@code "physical (rank 1 of 7)"}. */
    public static String heading(Layer l) {
        return l.label() + (l == Layer.INFORMATIVE ? " (never decides a verdict)" : " (rank " + (l.ordinal() + 1) + " of " + (Layer.values().length - 1) + ")");
    }

    @Override public String toString() {
        StringBuilder sb = new StringBuilder("changed by layer " + name + "\n");
        if (groups.isEmpty()) sb.append("  nothing moved and every counter is usable\n");
        groups.forEach((l, rows) -> {
            sb.append("  ").append(heading(l)).append('\n');
            for (CounterDelta c : rows) sb.append("    ").append(Changes.line(c)).append('\n');
        });
        return sb.toString();
    }

    @Override public String toHtml() {
        StringBuilder sb = new StringBuilder("<div class=\"fabriclab-result\"><h4>").append(Html.esc("what moved, by layer: " + name)).append("</h4>");
        if (groups.isEmpty()) sb.append("<p>nothing moved and every counter is usable</p>");
        groups.forEach((l, rows) -> sb.append("<h5>").append(Html.esc(heading(l))).append("</h5>")
                .append(Html.table(Changes.table(l.label(), rows).removeColumns("rank", "layer"), 200)));
        return sb.append("</div>").toString();
    }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        groups.forEach((l, rows) -> m.put(l.label(), Html.rows(Changes.table(l.label(), rows))));
        return m;
    }
}
