package org.fabriclab.plot;

import org.fabriclab.delta.Delta;
import org.fabriclab.history.ClassSweep;
import org.fabriclab.history.SweepResult;
import org.fabriclab.pause.PauseAnalysis;
import org.fabriclab.reconcile.Reconcile;
import org.fabriclab.reconcile.Reconciliation;
import org.fabriclab.series.Series;
import org.knowm.xchart.XYChart;

import tech.tablesaw.api.Table;

/**
 * The {@code plot} namespace of the DSL ({@code Fabric.plot}): one method per chart kind. The pause
 * charts are those of the one pause analysis ({@link PauseAnalysis}, the same as {@code Fabric.pause}).
 *
 * <pre>{@code
 * plot.pauseDurations(delta(before, after), 60.0).charts();
 * plot.berTrend(series).threshold(1e-12).chart();
 * plot.reconcile(reconciliation);
 * plot.sweep(sweepResult).chosen(choice.threshold()).budget(50);
 * }</pre>
 */
public final class Plots {
    public static final Plots INSTANCE = new Plots();

    private Plots() {}

    /** The pause analysis of the window of {@code d} (elapsed time unknown: time paused, no duty cycle); its charts via {@code charts()}. */
    public PauseAnalysis pauseDurations(Delta d) { return PauseAnalysis.of(d, Double.NaN); }

    /** The same with the seconds between the two snapshots (duty cycle = time paused / elapsed). */
    public PauseAnalysis pauseDurations(Delta d, double elapsedSeconds) { return PauseAnalysis.of(d, elapsedSeconds); }

    /** Pause per interval of a series, with its distribution from {@value org.fabriclab.pause.PauseCharts#MIN_INTERVALS} intervals on. */
    public PauseAnalysis pauseDurations(Series s) { return PauseAnalysis.of(s); }

    /** The same from a telemetry table (a pause-series CSV's {@code telemetry}, UFM telemetry). */
    public PauseAnalysis pauseDurations(Table telemetry) { return PauseAnalysis.of(Series.of(telemetry, telemetry.name())); }

    public BerTrend berTrend(Series s) { return BerTrend.of(s); }

    public BerTrend berTrend(Table telemetry) { return BerTrend.of(Series.of(telemetry, telemetry.name())); }

    /** Precision/recall and alerts-per-day charts of a threshold sweep. */
    public SweepPlot sweep(SweepResult r) { return SweepPlot.of(r); }

    /** The same, one curve per port class. */
    public SweepPlot sweep(ClassSweep s) { return SweepPlot.of(s); }

    public XYChart reconcile(Reconciliation r) { return ReconcileChart.of(r).chart(); }

    public XYChart reconcile(Reconcile r) { return ReconcileChart.of(r.result()).chart(); }
}
