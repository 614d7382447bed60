package org.fabriclab.kernel.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.fabriclab.generate.Datasets;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code fabriclab datasets [--out DIR] [--seed N]}: regenerates the bundled datasets, deterministically. */
@Command(name = "datasets", mixinStandardHelpOptions = true, description = DatasetsCommand.SUMMARY)
final class DatasetsCommand implements Callable<Integer> {
    /** The first line of the description, which the usage's list of commands shows ({@link Commands}). */
    static final String SUMMARY = "Generate the scenario datasets (IB and RoCE incidents, perftest reconciliation, " + "a degrading optic, the history set for threshold tuning), each with a scenario.json holding the right answer. " + "Written into a temporary folder, then moved into place.";
    @Option(names = "--out", paramLabel = "DIR", description = "output folder (default: datasets/ of the fabriclab checkout)")
    Path out;
    @Option(names = "--seed", paramLabel = "N", description = "random seed (default: ${DEFAULT-VALUE})") long seed = Datasets.DEFAULT_SEED;
    @Option(names = "--history-ports", paramLabel = "N", description = "ports in the history set (default: ${DEFAULT-VALUE})")
    int historyPorts = Datasets.HISTORY_PORTS;
    @Option(names = "--history-days", paramLabel = "N", description = "days in the history set (default: ${DEFAULT-VALUE})")
    int historyDays = Datasets.HISTORY_DAYS;
    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override public Integer call() {
        if (historyPorts < 1 || historyDays < 1) throw new IllegalArgumentException("--history-ports and --history-days must be >= 1");
        if (out == null) {
            String home = System.getProperty("fabriclab.home");
            out = home == null ? Path.of("datasets") : Path.of(home, "datasets");
        }
        long t0 = System.nanoTime();
        List<String> names = Datasets.writeAll(out, seed, historyPorts, historyDays);
        var o = spec.commandLine().getOut();
        o.printf("wrote %d datasets into %s (seed %d) in %.1f s%n", names.size(), out, seed, (System.nanoTime() - t0) / 1e9);
        for (String n : names) o.println("  " + n);
        o.flush();
        return Main.OK;
    }
}
