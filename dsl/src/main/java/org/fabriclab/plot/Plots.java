package org.fabriclab.plot;

import org.fabriclab.history.ClassSweep;
import org.fabriclab.history.SweepResult;
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
 * plot.sweep(sweepResult).chosen(choice.threshold()).budget(50);
 * }</pre>
 */
public final class Plots {
    public static final Plots INSTANCE = new Plots();

    private Plots() {}

    public PausePlot pauseDurations(Series s) { return PausePlot.of(s); }

    public PausePlot pauseDurations(Table telemetry) { return PausePlot.of(Series.of(telemetry, telemetry.name())); }

    public BerTrend berTrend(Series s) { return BerTrend.of(s); }

    public BerTrend berTrend(Table telemetry) { return BerTrend.of(Series.of(telemetry, telemetry.name())); }

    /** Precision/recall and alerts-per-day charts of a threshold sweep. */
    public SweepPlot sweep(SweepResult r) { return SweepPlot.of(r); }

    /** The same, one curve per port class. */
    public SweepPlot sweep(ClassSweep s) { return SweepPlot.of(s); }

    public XYChart reconcile(Reconciliation r) { return ReconcileChart.of(r).chart(); }

    public XYChart reconcile(Reconcile r) { return ReconcileChart.of(r.result()).chart(); }
}
