package org.fabriclab.kernel.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.fabriclab.incident.Layout;
import org.fabriclab.kernel.collect.Collector;
import org.fabriclab.kernel.collect.Interval;
import org.fabriclab.kernel.collect.Tools;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code fabriclab collect --out DIR [--every INTERVAL --count N] [-- CMD...]}: on a fabric host,
 * snapshots of every local port's counters around a test command (or as a series), written as an
 * incident folder ({@link Layout}) that {@code show}, {@code classify}, {@code check},
 * {@code reconcile} and the DSL's {@code snapshot(...)} read as they are.
 *
 * <pre>{@code
 * ./fabriclab collect --out incident-42 -- ib_write_bw -D 10 -d mlx5_0 host2
 * ./fabriclab classify --fabric ib --bytes 1e12 --before incident-42/before --after incident-42/after
 * }</pre>
 */
@Command(name = "collect", description = {CollectCommand.SUMMARY,
        "  collect --out DIR -- CMD...                  before/, the command (output kept in test/), after/",
        "  collect --out DIR --every 10s --count N      t0/ ... t{N-1}/, one every interval",
        "  collect --out DIR --every 1s -- CMD...       t0/, t1/, ... while the command runs, and one after it exits",
        "Each snapshot holds, where the tool is present: perfquery -x per InfiniBand port, sysfs counters/ and",
        "hw_counters/ (sysfs.txt, grep -H form), ethtool -S, ethtool -m, mlnx_qos -i and dcb -s pfc show per RDMA netdev,",
        "rdma -j statistic/link show, ibstat, mlxlink -m -c per port, and timestamp.json (wall clock,",
        "CLOCK_MONOTONIC, boot id). Absent tools are noted in manifest.json and skipped; outputs no reader",
        "reads go to unread/. Nothing needs root beyond what each tool needs. The folder is written beside",
        "DIR and renamed into place when complete; an existing non-empty DIR is refused (--force replaces it).",
        "Ctrl-C or a failure leaves nothing behind.",
        "Exit codes: 0 collected (and the test command exited 0), 1 collected but the test command failed,",
        "2 bad input (nothing written)."})
final class CollectCommand implements Callable<Integer> {
    /** The first line of the description, which the usage's list of commands shows ({@link Commands}). */
    static final String SUMMARY = "Collect counters on this host into an incident folder: snapshots before and after a test command, or a series.";
    @Option(names = "--out", required = true, paramLabel = "DIR", description = "the incident folder to write (must not exist, or be empty)") Path out;
    @Option(names = "--force", description = "replace an existing DIR") boolean force;
    @Option(names = "--every", paramLabel = "INTERVAL", description = "take a series: one snapshot every INTERVAL (10s, 500ms, 2m)") String every;
    @Option(names = "--count", paramLabel = "N", description = "snapshots in a series without a test command") Integer count;
    @Option(names = "--sysfs-root", paramLabel = "DIR", defaultValue = "/sys",
            description = "sysfs mount (default ${DEFAULT-VALUE}; a fake tree for tests): DIR/class/infiniband is read") Path sysfsRoot;
    @Option(names = "--tool-timeout", paramLabel = "INTERVAL", defaultValue = "60s",
            description = "longest one tool may run (default ${DEFAULT-VALUE}); a tool past it is stopped and noted") String toolTimeout;
    @Parameters(arity = "0..*", paramLabel = "CMD", description = "the test command (after --), e.g. ib_write_bw -D 10 host2") List<String> command;
    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        var config = new Collector.Config(out, force, sysfsRoot, Tools.onPath(System.getenv("PATH")),
                command == null || command.isEmpty() ? null : List.copyOf(command), every == null ? null : Interval.parse(every),
                count, Interval.parse(toolTimeout), System.out, System.err, err);
        Collector.Result r = new Collector(config).run();
        err.println("collect: wrote " + r.out() + " (" + Layout.MANIFEST + " lists what was collected)");
        err.flush();
        if (r.testExit() != null && r.testExit() != 0) {
            err.println("fabriclab: collect: the test command exited " + r.testExit() + "; the snapshots are kept");
            err.flush();
            return 1;
        }
        return Main.OK;
    }
}
