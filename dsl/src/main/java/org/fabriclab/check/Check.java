package org.fabriclab.check;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.catalogue.Source;
import org.fabriclab.delta.Delta;
import org.fabriclab.snapshot.Snapshot;

import tech.tablesaw.api.Table;

/**
 * The fluent check: what to check ({@link #of(Snapshot)} one sample, {@link #of(Delta)} the delta
 * between two samples), then limits, BER sources and options, then {@link #grade(Policy)} grades and
 * returns the result. Immutable: every step returns a new {@code Check}. BER tables ({@code ber}) and
 * telemetry series carried by the snapshots' captures are picked up automatically.
 *
 * <pre>{@code
 * CheckResult r = Check.of(delta)
 *         .limits("all=0", "SymbolErrorCounter=10")
 *         .elapsed(10).rateGbps(100)
 *         .grade(Policy.BER);
 * }</pre>
 */
public final class Check {
    /** ibdiagnet's default {@code --pm_pause_time}, seconds between the two samples. */
    public static final double DEFAULT_PM_PAUSE_TIME = 1.0;

    private final Snapshot sample;
    private final Delta delta;
    private final List<String> limits;
    private final List<BerTable> berTables;
    private final List<Map.Entry<String, Table>> series;
    private final double elapsed;
    private final OptionalDouble rateGbps;
    private final double berThreshold;
    private final double rawBerThreshold;

    private Check(Snapshot sample, Delta delta, List<String> limits, List<BerTable> berTables,
                  List<Map.Entry<String, Table>> series, double elapsed, OptionalDouble rateGbps, double berThreshold,
                  double rawBerThreshold) {
        this.sample = sample;
        this.delta = delta;
        this.limits = List.copyOf(limits);
        this.berTables = List.copyOf(berTables);
        this.series = List.copyOf(series);
        this.elapsed = elapsed;
        this.rateGbps = rateGbps;
        this.berThreshold = berThreshold;
        this.rawBerThreshold = rawBerThreshold;
    }

    /** Checks one sample (ibdiagnet {@code --pm_pause_time 0}): absolute counter values. */
    public static Check of(Snapshot sample) {
        return new Check(sample, null, List.of(), berTables(sample), tables(sample, Telemetry.NAME), DEFAULT_PM_PAUSE_TIME,
                OptionalDouble.empty(), Policy.DEFAULT_BER_THRESHOLD, Double.NaN);
    }

    /** Checks the delta between two samples; BER tables come from the later sample. */
    public static Check of(Delta delta) {
        return new Check(null, delta, List.of(), berTables(delta.after()), tables(delta.after(), Telemetry.NAME),
                DEFAULT_PM_PAUSE_TIME, OptionalDouble.empty(), Policy.DEFAULT_BER_THRESHOLD, Double.NaN);
    }

    private static List<Map.Entry<String, Table>> tables(Snapshot s, String name) {
        List<Map.Entry<String, Table>> out = new ArrayList<>();
        for (Capture c : s.captures()) c.measurements(name).ifPresent(t -> out.add(Map.entry(c.file(), t)));
        return out;
    }

    /** The {@code ber} tables of {@code s}, each with the tool that read it (its capture's source). */
    private static List<BerTable> berTables(Snapshot s) {
        List<BerTable> out = new ArrayList<>();
        for (Capture c : s.captures()) c.measurements("ber").ifPresent(t -> out.add(new BerTable(c.file(), c.source().key(), t)));
        return out;
    }

    /** A {@code ber} table, the name its rows cite (its file) and the tool that read it (each row's basis). */
    private record BerTable(String name, String basis, Table table) {}

    /** ibdiagnet {@code -P} limits: {@code NAME=N} or {@code all=N}; added to those already given. */
    public Check limits(String... specs) {
        List<String> l = new ArrayList<>(limits);
        l.addAll(Arrays.asList(specs));
        Limits.parse(l); // fail early on a bad spec
        return new Check(sample, delta, l, berTables, series, elapsed, rateGbps, berThreshold, rawBerThreshold);
    }

    /** Adds an mlxlink/mstlink {@code ber} table (port, raw_ber, effective_ber, symbol_ber, ...). */
    public Check ber(String name, Table berTable) {
        return ber(name, Source.MLXLINK, berTable);
    }

    /**
     * Adds a {@code ber} table (port, raw_ber, effective_ber, symbol_ber, ...) that {@code source} read
     * (mlxlink, ibdiagnet's {@code net_dump_ext}: {@link Source#IBDIAGNET_PHY}); its rows name that tool as their basis.
     */
    public Check ber(String name, Source source, Table berTable) {
        List<BerTable> l = new ArrayList<>(berTables);
        l.add(new BerTable(name, source.key(), berTable));
        return new Check(sample, delta, limits, l, series, elapsed, rateGbps, berThreshold, rawBerThreshold);
    }

    /** Adds a telemetry series; the latest BER of each port is checked. */
    public Check telemetry(String name, Table telemetry) {
        List<Map.Entry<String, Table>> l = new ArrayList<>(series);
        l.add(Map.entry(name, telemetry));
        return new Check(sample, delta, limits, berTables, l, elapsed, rateGbps, berThreshold, rawBerThreshold);
    }

    /** Seconds between the two samples for the counter-derived BER (default 1, ibdiagnet's pm_pause_time). */
    public Check elapsed(double seconds) {
        if (!(seconds > 0)) throw new IllegalArgumentException("elapsed must be > 0 seconds, found " + seconds);
        return new Check(sample, delta, limits, berTables, series, seconds, rateGbps, berThreshold, rawBerThreshold);
    }

    /**
     * The time between the two samples is not known (two snapshots without timestamps): no
     * counter-derived BER is computed (a note says so) instead of assuming ibdiagnet's 1 s.
     */
    public Check elapsedUnknown() {
        return new Check(sample, delta, limits, berTables, series, Double.NaN, rateGbps, berThreshold, rawBerThreshold);
    }

    /** The link rate in Gb/s for every port (else each port's captured {@code rate_gbps}). */
    public Check rateGbps(double gbps) {
        if (!(gbps > 0)) throw new IllegalArgumentException("link rate must be > 0 Gb/s, found " + gbps);
        return new Check(sample, delta, limits, berTables, series, elapsed, OptionalDouble.of(gbps), berThreshold, rawBerThreshold);
    }

    /** The BER threshold of the {@link Policy#BER} policy (default 1e-12). */
    public Check berThreshold(double threshold) {
        if (!(threshold > 0 && threshold < 1)) throw new IllegalArgumentException("BER threshold must be in (0, 1), found " + threshold);
        return new Check(sample, delta, limits, berTables, series, elapsed, rateGbps, threshold, rawBerThreshold);
    }

    /** Grades raw (pre-FEC) BER against {@code threshold}; by default raw BER is reported only. */
    public Check rawBerThreshold(double threshold) {
        if (!(threshold > 0 && threshold < 1)) throw new IllegalArgumentException("raw BER threshold must be in (0, 1), found " + threshold);
        return new Check(sample, delta, limits, berTables, series, elapsed, rateGbps, berThreshold, threshold);
    }

    /**
     * Runs every check under {@code policy} ({@link Policy#ZERO_TOLERANCE} for a fleet gate,
     * {@link Policy#BER} for a hardware decision) and returns the graded rows.
     */
    public CheckResult grade(Policy policy) {
        Limits l = Limits.parse(limits);
        List<String> notes = new ArrayList<>();
        if (policy == Policy.ZERO_TOLERANCE && l.isEmpty()) {
            l = l.withDefaultAll(0);
            notes.add("no limits given: zero tolerance applies all=0 to every error counter");
        }
        if (!l.isEmpty()) notes.add("limits: " + l + (delta != null ? " on the delta between two samples" : " on one sample"));
        List<CheckRow> rows = new ArrayList<>();
        if (delta != null) rows.addAll(l.onDelta(delta)); else rows.addAll(l.onSample(sample));
        BerChecks b = new BerChecks(policy, berThreshold, rawBerThreshold);
        for (BerTable t : berTables) rows.addAll(b.fromBerTable(t.table(), t.name(), t.basis()));
        for (var e : series) rows.addAll(b.fromTelemetry(e.getValue(), e.getKey()));
        if (delta != null && Double.isNaN(elapsed)) {
            notes.add("no counter-derived symbol BER: the time between the two samples is unknown (give the elapsed seconds)");
        } else if (delta != null) {
            rows.addAll(b.fromCounters(delta, elapsed, rateGbps));
            notes.add("counter-derived symbol BER over " + BerChecks.fmt(elapsed) + " s"
                    + (rateGbps.isPresent() ? " at " + BerChecks.fmt(rateGbps.getAsDouble()) + " Gb/s" : " at each port's captured rate"));
        }
        List<CheckRow> optics = OpticsChecks.of(delta != null ? delta.after() : sample);
        if (!optics.isEmpty()) {
            rows.addAll(optics);
            notes.add("optics: each transceiver's diagnostics against its own alarm and warning thresholds (ethtool -m, mlxlink Module Info)"
                    + (delta != null ? ", from the later sample" : ""));
        }
        if (rows.isEmpty()) notes.add("nothing was checked: no limited counter, BER table, telemetry or module diagnostics found");
        return new CheckResult(policy, berThreshold, rows, notes);
    }

    @Override public String toString() {
        return "Check[" + (delta != null ? delta : sample) + ", limits " + limits + "; finish with .grade(ZERO_TOLERANCE|BER)]";
    }
}
