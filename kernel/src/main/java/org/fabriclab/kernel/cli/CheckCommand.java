package org.fabriclab.kernel.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.check.Check;
import org.fabriclab.check.CheckResult;
import org.fabriclab.check.Policy;
import org.fabriclab.delta.Delta;
import org.fabriclab.snapshot.Snapshot;

import com.fasterxml.jackson.databind.ObjectMapper;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code fabriclab check PATH... [--before PATH... --after PATH...] [--policy zero-tolerance|ber]
 * [--ber-threshold X] [--limit NAME=N]... [--json]}: ibdiagnet-style limits and BER checks for CI
 * gates, one row per port and check. Without {@code --before/--after} the limits apply to the values
 * of PATH... (one sample); with them, to the delta, and PATH... only add BER sources (mlxlink,
 * UFM telemetry).
 */
@Command(name = "check", mixinStandardHelpOptions = true, description = {CheckCommand.SUMMARY,
        "Exit codes: 0 pass, 3 a failure, 4 no verdict (pegged, reset, missing, nothing checked), 2 bad input."})
final class CheckCommand implements Callable<Integer> {
    /** The first line of the description, which the usage's list of commands shows ({@link Commands}). */
    static final String SUMMARY = "ibdiagnet-style checks: counter limits (-P NAME=N, all=N) on one sample or on a delta, and BER checks.";
    @Parameters(arity = "0..*", paramLabel = "PATH", description = "captures of one sample, or BER sources (mlxlink, UFM telemetry)") List<Path> paths;
    @Option(names = "--before", arity = "1..*", description = "captures of the first sample") List<Path> before;
    @Option(names = "--after", arity = "1..*", description = "captures of the second sample") List<Path> after;
    @Option(names = "--policy", defaultValue = "zero-tolerance", description = "zero-tolerance (fleet gate, default) or ber (hardware replacement)") String policy;
    @Option(names = "--ber-threshold", description = "BER threshold of the ber policy (default 1e-12)") Double berThreshold;
    @Option(names = {"-P", "--limit"}, paramLabel = "NAME=N", description = "a limit NAME=N or all=N (repeatable, ibdiagnet's -P form: -P all=0 -P SymbolErrorCounter=100); a value above N fails") List<String> limits = new ArrayList<>();
    @Option(names = "--pm-pause-time", description = "seconds between the two samples, for counter-derived BER (default: the snapshots' own "
            + "times, from timestamp.json as collect writes it, a date output or a sosreport's; else " + IBDIAGNET_PAUSE + " as ibdiagnet; "
            + "0 = one sample)") Double pmPauseTime;
    @Option(names = "--rate-gbps", description = "link rate in Gb/s for counter-derived BER (else each port's captured rate; a given rate that differs is used, with a warning)") Double rateGbps;
    @Option(names = {"-v", "--verbose"}, description = "print every join note (default: one summary line)") boolean verbose;
    @Option(names = "--json", description = "one JSON object per row") boolean json;
    @Spec picocli.CommandLine.Model.CommandSpec spec;

    /** ibdiagnet's pm_pause_time: its own two samples are that many seconds apart. */
    static final int IBDIAGNET_PAUSE = 1;

    /** Built on first use (an ObjectMapper costs a short command tens of milliseconds). */
    private static final class Json { static final ObjectMapper MAPPER = new ObjectMapper(); }

    @Override public Integer call() throws Exception {
        if ((before == null) != (after == null)) throw new IllegalArgumentException("check: give both --before and --after, or neither");
        if (before == null && (paths == null || paths.isEmpty())) throw new IllegalArgumentException("check needs PATH... (one sample) or --before PATH... --after PATH...");
        if (pmPauseTime != null && pmPauseTime == 0 && before != null) {
            throw new IllegalArgumentException("--pm-pause-time 0 means one sample (as ibdiagnet): give PATH... without --before/--after");
        }
        if (pmPauseTime != null && pmPauseTime < 0) throw new IllegalArgumentException("--pm-pause-time must be >= 0 seconds, found " + pmPauseTime);
        Policy p = Policy.of(policy);
        Check c;
        List<String> rateWarnings = new ArrayList<>();
        if (before != null) {
            Snapshot b = Snapshot.of(before), a = Snapshot.of(after);
            Delta d = Delta.between(b, a);
            JoinNotes.print(spec.commandLine().getErr(), verbose, JoinNotes.beforeAfter(d.before(), d.after()));
            if (rateGbps != null) rateWarnings = RateDisagreement.ports(d, rateGbps);
            c = Check.of(d).elapsed(pmPauseTime != null ? pmPauseTime : SamplesApart.seconds(before, b, after, a, spec.commandLine().getErr()));
            Readers readers = Readers.standard();
            if (paths != null) {
                for (Path path : paths) {
                    for (Path f : readers.expand(path)) {
                        Capture cap = readers.read(f);
                        boolean any = false;
                        if (cap.measurements("ber").isPresent()) { c = c.ber(cap.file(), cap.source(), cap.measurements("ber").get()); any = true; }
                        if (cap.measurements(Telemetry.NAME).isPresent()) { c = c.telemetry(cap.file(), cap.measurements(Telemetry.NAME).get()); any = true; }
                        if (!any) spec.commandLine().getErr().println("fabriclab: warning: " + cap.file() + ": no BER table in it; with --before/--after only BER sources are read from PATH");
                    }
                }
            }
        } else {
            Snapshot sample = Snapshot.of(paths);
            JoinNotes.print(spec.commandLine().getErr(), verbose, java.util.Map.of("sample", sample));
            c = Check.of(sample);
        }
        if (!limits.isEmpty()) c = c.limits(limits.toArray(new String[0]));
        if (berThreshold != null) c = c.berThreshold(berThreshold);
        if (rateGbps != null) c = c.rateGbps(rateGbps);
        CheckResult r = c.grade(p);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            for (Map<String, Object> row : r.toMap().get("rows") instanceof List<?> l ? castRows(l) : List.<Map<String, Object>>of()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("policy", p.label());
                m.putAll(row);
                out.println(Json.MAPPER.writeValueAsString(m));
            }
        } else {
            out.print(r);
            for (String w : rateWarnings) out.println("warning: " + w);
            out.println(TableOutput.text(r.table()));
        }
        out.flush();
        return r.exitCode();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> castRows(List<?> l) { return (List<Map<String, Object>>) l; }
}
