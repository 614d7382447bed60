package org.fabriclab.kernel.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Readers;
import org.fabriclab.reconcile.Reconcile;
import org.fabriclab.reconcile.Reconciliation;
import org.fabriclab.snapshot.Snapshot;

import com.fasterxml.jackson.databind.ObjectMapper;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fabriclab reconcile --perftest FILE --before PATH... --after PATH... [--duration S]
 * [--rate-gbps R] [--json]}: perftest BW vs counter-derived BW vs link rate per port, with the case.
 */
@Command(name = "reconcile", mixinStandardHelpOptions = true, description = {
        "perftest bandwidth vs port counters vs link rate, per port: case A (line rate), B1/B2 (far below, by xmit_wait), C (above).",
        "Exit codes: 0 every row has a case, 4 some row without a verdict, 2 bad input."})
final class ReconcileCommand implements Callable<Integer> {
    @Option(names = "--perftest", required = true, arity = "1..*", description = "perftest output file(s) (client and/or server)") List<Path> perftest;
    @Option(names = "--before", required = true, arity = "1..*", description = "counter captures before the test") List<Path> before;
    @Option(names = "--after", required = true, arity = "1..*", description = "counter captures after the test") List<Path> after;
    @Option(names = "--duration", description = "test duration in seconds (else perftest's own, when printed)") Double duration;
    @Option(names = "--rate-gbps", description = "link rate in Gb/s (else sysfs rate / ibstat Rate captured with the counters)") Double rateGbps;
    @Option(names = "--json", description = "the reconciliation as one JSON object") boolean json;
    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override public Integer call() throws Exception {
        Reconciliation r = build(perftest, before, after, duration, rateGbps);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(new ObjectMapper().writeValueAsString(r.toMap()));
        } else {
            out.print(r);
            out.println(r.table().printAll());
        }
        out.flush();
        return r.exitCode();
    }

    static Reconciliation build(List<Path> perftest, List<Path> before, List<Path> after, Double duration, Double rateGbps) {
        Readers readers = Readers.standard();
        Capture[] caps = perftest.stream().map(readers::read).toArray(Capture[]::new);
        Reconcile rec = Reconcile.of(caps).counters(Snapshot.of(before), Snapshot.of(after));
        if (duration != null) rec = rec.duration(duration);
        if (rateGbps != null) rec = rec.rateGbps(rateGbps);
        return rec.result();
    }

}
