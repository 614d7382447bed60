package org.fabriclab.plot;

import org.fabriclab.reconcile.Reconcile;
import org.fabriclab.reconcile.Reconciliation;
import org.fabriclab.series.Series;
import org.knowm.xchart.XYChart;

import tech.tablesaw.api.Table;

/**
 * The {@code plot} namespace of the DSL ({@code Fabric.plot}): one method per chart kind.
 *
 * <pre>{@code
 * plot.pauseDurations(series).histogram();
 * plot.berTrend(series).threshold(1e-12).chart();
 * plot.reconcile(reconciliation);
 * }</pre>
 */
public final class Plots {
    public static final Plots INSTANCE = new Plots();

    private Plots() {}

    public PausePlot pauseDurations(Series s) { return PausePlot.of(s); }

    public PausePlot pauseDurations(Table telemetry) { return PausePlot.of(Series.of(telemetry, telemetry.name())); }

    public BerTrend berTrend(Series s) { return BerTrend.of(s); }

    public BerTrend berTrend(Table telemetry) { return BerTrend.of(Series.of(telemetry, telemetry.name())); }

    public XYChart reconcile(Reconciliation r) { return ReconcileChart.of(r).chart(); }

    public XYChart reconcile(Reconcile r) { return ReconcileChart.of(r.result()).chart(); }
}
