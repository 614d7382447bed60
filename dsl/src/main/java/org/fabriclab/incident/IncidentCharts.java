package org.fabriclab.incident;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Layer;
import org.fabriclab.delta.Changes;
import org.fabriclab.delta.CounterDelta;
import org.fabriclab.delta.Delta;
import org.fabriclab.delta.Status;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * The incident's own charts. {@link #layers} always has data, so a clean port gets a chart too: per
 * layer in rank order, how many counters were read and stayed quiet, moved, or could not be used.
 * {@link #moved} draws, when something moved, each moved counter's delta on a log scale in layer rank
 * order with the deciding counters apart: the size is not what decides.
 *
 * <pre>{@code
 * CategoryChart c = IncidentCharts.layers(delta);
 * }</pre>
 */
final class IncidentCharts {
    static final String QUIET = "read, did not move", MOVED = "moved", UNUSABLE = "cannot be used", DECIDES = "decides the verdict",
            OUTRANKED = "moved, outranked";
    /** The most bars the moved-counter chart draws (the worst ports' counters first). */
    static final int MAX_BARS = 40;

    private IncidentCharts() {}

    /** Counters per layer and state, every port together (informative counters left out: they never decide). */
    static CategoryChart layers(Delta d) {
        Map<Layer, int[]> n = new EnumMap<>(Layer.class);
        for (Layer l : Layer.values()) if (l != Layer.INFORMATIVE) n.put(l, new int[3]);
        for (String p : d.ports()) {
            for (CounterDelta c : d.port(p).values()) {
                int[] x = n.get(c.layer());
                if (x == null || c.status() == Status.GAUGE) continue;
                x[Changes.unusable(c) ? 2 : Changes.moved(c) ? 1 : 0]++;
            }
        }
        List<String> cats = new ArrayList<>();
        List<Integer> q = new ArrayList<>(), m = new ArrayList<>(), u = new ArrayList<>();
        n.forEach((l, x) -> { cats.add((l.ordinal() + 1) + " " + l.label()); q.add(x[0]); m.add(x[1]); u.add(x[2]); });
        CategoryChart c = new CategoryChartBuilder().width(900).height(380)
                .title("Counters per layer, in the order the classifier reads them (" + d.ports().size() + (d.ports().size() == 1 ? " port)" : " ports)"))
                .xAxisTitle("layer (rank)").yAxisTitle("counters").build();
        c.getStyler().setStacked(true);
        c.getStyler().setXAxisLabelRotation(20);
        c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        c.getStyler().setYAxisMin(0.0);
        c.addSeries(QUIET, cats, q).setFillColor(new java.awt.Color(0x9e, 0x9e, 0x9e));
        c.addSeries(MOVED, cats, m).setFillColor(new java.awt.Color(0xc6, 0x28, 0x28));
        c.addSeries(UNUSABLE, cats, u).setFillColor(new java.awt.Color(0xff, 0xa0, 0x00));
        return c;
    }

    /** The moved non-informative counters' deltas (log scale), deciding ones apart; null when nothing moved. */
    static CategoryChart moved(Delta d, List<PortReport> ports) {
        List<String> cats = new ArrayList<>();
        List<Double> decides = new ArrayList<>(), outranked = new ArrayList<>();
        boolean many = ports.size() > 1;
        // the changed counters grouped by port once: asking d.changed() per port sorted every port's rows again for each
        Map<String, List<CounterDelta>> byPort = new HashMap<>();
        for (CounterDelta c : d.changed()) {
            if (Changes.moved(c) && c.layer() != Layer.INFORMATIVE) byPort.computeIfAbsent(c.port(), k -> new ArrayList<>()).add(c);
        }
        for (PortReport p : ports) {
            if (cats.size() >= MAX_BARS) break;
            for (CounterDelta c : byPort.getOrDefault(p.port(), List.of())) {
                double v = Math.abs((double) c.delta());
                boolean dec = p.deciding().contains(c.counter());
                cats.add((many ? p.port() + " " : "") + c.counter() + " (" + (c.layer().ordinal() + 1) + " " + c.layer().label() + ")");
                decides.add(dec ? v : null);
                outranked.add(dec ? null : v);
            }
        }
        if (cats.isEmpty()) return null;
        if (cats.size() > MAX_BARS) {
            cats = cats.subList(0, MAX_BARS); decides = decides.subList(0, MAX_BARS); outranked = outranked.subList(0, MAX_BARS);
        }
        CategoryChart c = new CategoryChartBuilder().width(900).height(460)
                .title("What moved, in layer rank order: the rank decides, not the size")
                .xAxisTitle("counter (layer rank and name)").yAxisTitle("delta (log scale)").build();
        c.getStyler().setYAxisLogarithmic(true);
        c.getStyler().setYAxisMin(0.5);   // XChart's bars start at 0 unless told: log needs a positive floor (a delta of 1 still shows)
        c.getStyler().setOverlapped(true);
        c.getStyler().setXAxisLabelRotation(cats.size() > 1 ? 20 : 0);
        c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        c.addSeries(DECIDES, cats, decides).setFillColor(new java.awt.Color(0xc6, 0x28, 0x28));
        c.addSeries(OUTRANKED, cats, outranked).setFillColor(new java.awt.Color(0x9e, 0x9e, 0x9e));
        return c;
    }
}
