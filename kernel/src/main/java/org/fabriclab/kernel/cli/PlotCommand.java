package org.fabriclab.kernel.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.check.health.Engine;
import org.fabriclab.check.health.HealthRules;
import org.fabriclab.pause.PauseAnalysis;
import org.fabriclab.plot.BerTrend;
import org.fabriclab.plot.Charts;
import org.fabriclab.plot.ReconcileChart;
import org.fabriclab.series.Series;
import org.fabriclab.snapshot.Snapshot;
import org.knowm.xchart.internal.chartpart.Chart;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fabriclab plot pause|ber|reconcile ... --out FILE.png|.svg}: writes a chart atomically. */
@Command(name = "plot", mixinStandardHelpOptions = true, description = PlotCommand.SUMMARY,
        subcommands = {PlotCommand.Pause.class, PlotCommand.Ber.class, PlotCommand.Reconcile.class, CommandLine.HelpCommand.class})
final class PlotCommand implements Runnable {
    /** The first line of the description, which the usage's list of commands shows ({@link Commands}). */
    static final String SUMMARY = "Write a chart as PNG or SVG: pause (pause duty cycle and its distribution), ber (BER trend), reconcile.";
    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override public void run() { spec.commandLine().usage(spec.commandLine().getOut()); }

    /** A telemetry capture or a counter series CSV (one PATH, read by the capture readers), or snapshots in time order (several PATHs, {@code --interval} apart). */
    static Series series(List<Path> paths, double intervalS) {
        Readers readers = Readers.standard();
        if (paths.size() == 1 && !java.nio.file.Files.isDirectory(paths.get(0))) {
            Path f = paths.get(0);
            Capture c = readers.read(f);   // a telemetry capture or a pause-series CSV (capture/pauseseries)
            if (c.measurements(Telemetry.NAME).isPresent()) return Series.of(c.measurements(Telemetry.NAME).get(), c.file());
        }
        if (paths.size() < 2) {
            throw new IllegalArgumentException(paths.get(0) + ": expected a telemetry capture, or two or more snapshots (files or folders) in time order");
        }
        List<Snapshot> snaps = new ArrayList<>();
        long[] t = new long[paths.size()];
        for (int i = 0; i < paths.size(); i++) {
            snaps.add(Snapshot.of(paths.get(i)));
            t[i] = Math.round(i * intervalS * 1000);
        }
        return Series.ofSnapshots(snaps, t);
    }

    static void written(picocli.CommandLine.Model.CommandSpec spec, Path out) {
        spec.commandLine().getOut().println("fabriclab: wrote " + out);
        spec.commandLine().getOut().flush();
    }

    @Command(name = "pause", mixinStandardHelpOptions = true, description = "The pause analysis' charts: duty cycle per port and priority against "
            + "SONiC's 80%%/99%% bars (time paused against the NIC watchdog's 100 ms when the time is unknown), and with more than one interval "
            + "the duty cycle over time and, from 3 intervals on, its histogram and CDF (PNG holds them all; SVG one: --cdf, --histogram or --window).")
    static final class Pause implements Callable<Integer> {
        @Parameters(arity = "1..*", paramLabel = "PATH", description = "a telemetry capture, a counter series CSV (timestamp,port,<counter>..., e.g. datasets/*/pause-series.csv), or ethtool -S snapshots in time order") List<Path> paths;
        @Option(names = "--interval", defaultValue = "1", description = "seconds between snapshots (default ${DEFAULT-VALUE})") double interval;
        @Option(names = "--cdf", description = "only the CDF (the window bars when there are fewer than 3 intervals)") boolean cdf;
        @Option(names = "--histogram", description = "only the histogram (the window bars when there are fewer than 3 intervals)") boolean histogram;
        @Option(names = "--window", description = "only the window bars") boolean window;
        @Option(names = "--out", required = true, description = "FILE.png or FILE.svg") Path out;
        @Spec picocli.CommandLine.Model.CommandSpec spec;

        @Override public Integer call() {
            PauseAnalysis p = PauseAnalysis.of(series(paths, interval)).requirePauseCounters();
            boolean one = cdf ^ histogram || window;
            if (one && !window && !p.hasDistribution()) {
                spec.commandLine().getOut().println("note: fewer than 3 intervals of any priority: no " + (cdf ? "CDF" : "histogram") + "; drawing the window bars");
            }
            List<Chart<?, ?>> charts = !one ? p.charts() : window || !p.hasDistribution() ? List.of(p.windowChart())
                    : cdf ? List.of(p.cdf()) : List.of(p.histogram());
            Charts.write(charts, out);
            spec.commandLine().getOut().print(p);
            written(spec, out);
            return Main.OK;
        }
    }

    @Command(name = "ber", mixinStandardHelpOptions = true, description = "BER trend per port over time: log y, threshold line, alerts (samples above it and link-health alerts) marked.")
    static final class Ber implements Callable<Integer> {
        @Parameters(arity = "1..*", paramLabel = "PATH", description = "a telemetry capture with raw/effective/symbol BER") List<Path> paths;
        @Option(names = "--kind", defaultValue = "symbol_ber", description = "raw_ber, effective_ber or symbol_ber (default ${DEFAULT-VALUE})") String kind;
        @Option(names = "--threshold", defaultValue = "1e-12", description = "threshold line (default ${DEFAULT-VALUE})") double threshold;
        @Option(names = "--interval", defaultValue = "300", description = "seconds between snapshots when PATHs are snapshots") double interval;
        @Option(names = "--out", required = true, description = "FILE.png or FILE.svg") Path out;
        @Spec picocli.CommandLine.Model.CommandSpec spec;

        @Override public Integer call() {
            Series s = series(paths, interval);
            var alerts = HealthRules.defaults().run(s).alerts(Engine.FAILURE_DETECTION);
            Charts.write(List.of(BerTrend.of(s).kind(kind).threshold(threshold).alerts(alerts).chart()), out);
            written(spec, out);
            return Main.OK;
        }
    }

    @Command(name = "reconcile", mixinStandardHelpOptions = true, description = "perftest BW, counter BW and link rate per port/test, coloured by case.")
    static final class Reconcile implements Callable<Integer> {
        @Option(names = "--perftest", required = true, arity = "1..*") List<Path> perftest;
        @Option(names = "--before", required = true, arity = "1..*") List<Path> before;
        @Option(names = "--after", required = true, arity = "1..*") List<Path> after;
        @Option(names = "--duration") Double duration;
        @Option(names = "--rate-gbps") Double rateGbps;
        @Option(names = "--out", required = true, description = "FILE.png or FILE.svg") Path out;
        @Option(names = {"-v", "--verbose"}, description = "print every join note (default: one summary line)") boolean verbose;
        @Spec picocli.CommandLine.Model.CommandSpec spec;

        @Override public Integer call() {
            var b = ReconcileCommand.build(perftest, before, after, duration, rateGbps, spec.commandLine().getErr(), verbose);
            var r = b.result();
            Charts.write(List.of(ReconcileChart.of(r).chart()), out);
            spec.commandLine().getOut().print(r);
            for (String w : b.rateWarnings()) spec.commandLine().getOut().println("warning: " + w);
            written(spec, out);
            return r.exitCode();
        }
    }
}
