package org.fabriclab.kernel.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
@Command(name = "reconcile", mixinStandardHelpOptions = true, description = {ReconcileCommand.SUMMARY,
        "Exit codes: 0 every row has a case, 4 some row without a verdict, 2 bad input."})
final class ReconcileCommand implements Callable<Integer> {
    /** The first line of the description, which the usage's list of commands shows ({@link Commands}). */
    static final String SUMMARY = "perftest bandwidth vs port counters vs link rate, per port: case A (line rate), B1/B2 (far below, by xmit_wait), C (above).";
    @Option(names = "--perftest", required = true, arity = "1..*", description = "perftest output file(s) (client and/or server)") List<Path> perftest;
    @Option(names = "--before", required = true, arity = "1..*", description = "counter captures before the test") List<Path> before;
    @Option(names = "--after", required = true, arity = "1..*", description = "counter captures after the test") List<Path> after;
    @Option(names = "--duration", description = "test duration in seconds (else perftest's own, when printed)") Double duration;
    @Option(names = "--rate-gbps", description = "link rate in Gb/s (else sysfs rate / ibstat Rate captured with the counters;"
            + " a given rate that differs from the captured one is used, with a warning and the case at both)") Double rateGbps;
    @Option(names = "--json", description = "the reconciliation as one JSON object (with rate_disagreements when --rate-gbps is given)") boolean json;

    @Option(names = {"-v", "--verbose"}, description = "print every join note (default: one summary line)") boolean verbose;
    @Spec picocli.CommandLine.Model.CommandSpec spec;

    /** A reconciliation at the rate asked for, and the rows where the captured rate gives another answer. */
    record Built(Reconciliation result, List<Map<String, Object>> rateRows, List<String> rateWarnings) {}

    @Override public Integer call() throws Exception {
        Built b = build(perftest, before, after, duration, rateGbps, spec.commandLine().getErr(), verbose);
        Reconciliation r = b.result();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>(r.toMap());
            if (rateGbps != null) m.put("rate_disagreements", b.rateRows());
            out.println(new ObjectMapper().writeValueAsString(m));
        } else {
            out.print(r);
            for (String w : b.rateWarnings()) out.println("warning: " + w);
            out.println(TableOutput.text(r.table()));
        }
        out.flush();
        return r.exitCode();
    }

    /**
     * Reads the captures and reconciles (join notes on {@code err}); with a given rate, also at the
     * captured rate, so a disagreement is reported with both cases instead of silently changing the case.
     */
    static Built build(List<Path> perftest, List<Path> before, List<Path> after, Double duration, Double rateGbps,
                       PrintWriter err, boolean verbose) {
        Readers readers = Readers.standard();
        Capture[] caps = perftest.stream().map(readers::read).toArray(Capture[]::new);
        Snapshot b = Snapshot.of(before), a = Snapshot.of(after);
        JoinNotes.print(err, verbose, JoinNotes.beforeAfter(b, a));
        Reconcile rec = Reconcile.of(caps).counters(b, a);
        if (duration != null) rec = rec.duration(duration);
        if (rateGbps == null) return new Built(rec.result(), List.of(), List.of());
        Reconciliation captured = rec.result();
        Reconciliation given = rec.rateGbps(rateGbps).result();
        return new Built(given, RateDisagreement.rows(given, captured, rateGbps), RateDisagreement.reconcile(given, captured, rateGbps));
    }

}
