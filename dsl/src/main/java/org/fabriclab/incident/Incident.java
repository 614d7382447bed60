package org.fabriclab.incident;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.fabriclab.check.CheckResult;
import org.fabriclab.delta.Delta;
import org.fabriclab.pause.PauseAnalysis;
import org.fabriclab.plot.ReconcileChart;
import org.fabriclab.reconcile.Reconciliation;
import org.fabriclab.result.Renderable;
import org.fabriclab.snapshot.Snapshot;
import org.fabriclab.verdict.Classifier;
import org.fabriclab.verdict.Profile;
import org.fabriclab.verdict.Verdict;
import org.fabriclab.verdict.Verdicts;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.internal.chartpart.Chart;

import tech.tablesaw.api.Table;

/**
 * One call for a collected incident folder ({@link Layout}: {@code before/} and {@code after/}, or a
 * series {@code t0/ t1/ ...}; or one capture file holding its tool's output two or more times, each run a snapshot:
 * {@link RunsFile}): the snapshots and the delta between the first and the last, each port's
 * fabric (its link layer or counters) and bytes moved (from its data counters unless given), one
 * verdict per port with a second opinion under the fabric's other profile, the zero-tolerance and BER
 * checks, the reconciliation when perftest output is in the folder, the pause analysis when pause
 * counters exist (with the per-interval distribution from a series or a {@code pause-series.csv}),
 * and mlxlink/UFM BER and module data when present. Renders as the incident report.
 * <p>Immutable: each option returns a new incident; the analysis runs once, on first use.
 *
 * <pre>{@code
 * var inc = incident("incident-42");                        // bytes from the counters, fabric found
 * var inc2 = incident("incident-42").bytesMoved(1e12).fabric("roce");
 * inc.verdicts();   inc.delta().byLayer();   inc.pause();   inc   // the report
 * }</pre>
 */
public final class Incident implements Renderable {
    private final Path dir;
    private final double bytesGiven;
    private final FabricKind fabricGiven;
    private final boolean full;
    private final Profile profileGiven;
    private final double elapsedGiven;
    private final double congPerGb;
    /** The link rate in Gb/s for a port whose captures hold none (reconciliation); NaN: none given. */
    private final double rateGiven;
    /** The captures before and after the test when given directly ({@link #between}); null for a folder. */
    private final Sides sides;
    private volatile Analysis analysis;

    /** Capture files or folders before and after the test, given instead of an incident folder. */
    record Sides(List<Path> before, List<Path> after) {
        Sides {
            before = List.copyOf(before);
            after = List.copyOf(after);
            if (before.isEmpty() || after.isEmpty()) throw new IllegalArgumentException("expected captures both before and after the test");
        }
    }

    private Incident(Path dir, double bytesGiven, FabricKind fabricGiven, boolean full, Profile profileGiven, double elapsedGiven,
                     double congPerGb, Sides sides) {
        this(dir, bytesGiven, fabricGiven, full, profileGiven, elapsedGiven, congPerGb, sides, Double.NaN);
    }

    private Incident(Path dir, double bytesGiven, FabricKind fabricGiven, boolean full, Profile profileGiven, double elapsedGiven,
                     double congPerGb, Sides sides, double rateGiven) {
        this.rateGiven = rateGiven;
        this.dir = dir;
        this.sides = sides;
        this.bytesGiven = bytesGiven;
        this.fabricGiven = fabricGiven;
        this.full = full;
        this.profileGiven = profileGiven;
        this.elapsedGiven = elapsedGiven;
        this.congPerGb = congPerGb;
    }

    /** The incident folder {@code dir} (or one capture file of two or more runs); nothing is read until a result is asked for. */
    public static Incident of(Path dir) {
        return new Incident(dir, Double.NaN, null, false, null, Double.NaN, Classifier.DEFAULT_CONG_PER_GB, null);
    }

    /**
     * The captures taken before and after the test, given as files or folders instead of an incident
     * folder (as {@code fabriclab classify BEFORE AFTER} takes them): the same analysis, each port's
     * fabric and bytes found the same way, with no test output beside them (no reconciliation, no
     * pause series) unless given among the captures. Its {@link #dir()} is the after side's first path.
     *
     * <pre>{@code
     * Incident.between(List.of(Path.of("pre")), List.of(Path.of("post"))).verdicts();
     * }</pre>
     *
     * @throws IllegalArgumentException when a side is empty
     */
    public static Incident between(List<Path> before, List<Path> after) {
        Sides s = new Sides(before, after);
        return new Incident(s.after().get(0), Double.NaN, null, false, null, Double.NaN, Classifier.DEFAULT_CONG_PER_GB, s);
    }

    /**
     * The bytes the test moved, for every port; NaN (the templates' default) takes each port's own from its
     * data counters.
     *
     * @throws IllegalArgumentException when {@code bytes} is neither NaN nor above 0
     */
    public Incident bytesMoved(double bytes) {
        if (!Double.isNaN(bytes) && !(bytes > 0)) throw new IllegalArgumentException("bytes moved must be > 0 (or NaN: from the data counters), found " + bytes);
        return new Incident(dir, bytes, fabricGiven, full, profileGiven, elapsedGiven, congPerGb, sides, rateGiven);
    }

    /**
     * The fabric of every port whose captured link layer does not say the other one ({@link FabricKind#given}): {@code ib} or {@code roce} (their runbook profiles), {@code ib-full} or
     * {@code roce-full} (grade every counter the catalogue knows for it); null or blank: each port's own,
     * from its link layer or counters.
     *
     * @throws IllegalArgumentException for another name
     */
    public Incident fabric(String fabric) {
        if (fabric == null || fabric.isBlank()) return new Incident(dir, bytesGiven, null, false, profileGiven, elapsedGiven, congPerGb, sides, rateGiven);
        String f = fabric.trim().toLowerCase(Locale.ROOT);
        boolean isFull = f.endsWith("-full");
        FabricKind k = FabricKind.of(isFull ? f.substring(0, f.length() - 5) : f);
        return new Incident(dir, bytesGiven, k, isFull, profileGiven, elapsedGiven, congPerGb, sides, rateGiven);
    }

    /** The profile every port is graded with (the other profile of its fabric still gives the second opinion). */
    public Incident profile(Profile profile) {
        return new Incident(dir, bytesGiven, fabricGiven, full, java.util.Objects.requireNonNull(profile), elapsedGiven, congPerGb, sides, rateGiven);
    }

    /** The seconds between the first and the last snapshot; NaN: from the snapshots' timestamps (or the test's duration). */
    public Incident elapsed(double seconds) {
        if (!Double.isNaN(seconds) && !(seconds > 0)) throw new IllegalArgumentException("elapsed must be > 0 s (or NaN), found " + seconds);
        return new Incident(dir, bytesGiven, fabricGiven, full, profileGiven, seconds, congPerGb, sides, rateGiven);
    }

    /** The congestion bar, events per GB moved (default {@value Classifier#DEFAULT_CONG_PER_GB}, the runbook's convention). */
    public Incident congPerGb(double bar) {
        if (!(bar >= 0)) throw new IllegalArgumentException("congestion bar must be >= 0 per GB, found " + bar);
        return new Incident(dir, bytesGiven, fabricGiven, full, profileGiven, elapsedGiven, bar, sides, rateGiven);
    }

    /**
     * The link rate in Gb/s that the reconciliation uses for a port whose captures hold none (no sysfs {@code rate},
     * {@code ibstat}, or a RoCE port's {@code ethtool NETDEV}: a folder of {@code perfquery -x} and perftest's output);
     * NaN (the templates' default): captured rates only. A captured rate is never overridden: where it differs, a
     * warning names both.
     *
     * <pre>{@code
     * incident(Path.of("incident-42")).rateGbps(200).reconciliation();
     * }</pre>
     *
     * @throws IllegalArgumentException when {@code gbps} is neither NaN nor above 0
     */
    public Incident rateGbps(double gbps) {
        if (!Double.isNaN(gbps) && !(gbps > 0)) throw new IllegalArgumentException("link rate must be > 0 Gb/s (or NaN: the captured rate), found " + gbps);
        return new Incident(dir, bytesGiven, fabricGiven, full, profileGiven, elapsedGiven, congPerGb, sides, gbps);
    }

    Path folder() { return dir; }
    double rateGiven() { return rateGiven; }
    Sides sides() { return sides; }
    double bytesGiven() { return bytesGiven; }
    FabricKind fabricGiven() { return fabricGiven; }
    boolean full() { return full; }
    Profile profileGiven() { return profileGiven; }
    double elapsedGiven() { return elapsedGiven; }
    double congPerGb() { return congPerGb; }

    private Analysis a() {
        Analysis x = analysis;
        if (x == null) {
            synchronized (this) {
                if (analysis == null) analysis = new Analysis(this);
                x = analysis;
            }
        }
        return x;
    }

    /** The incident folder; for captures given {@link #between} two sides, the after side's first path. */
    public Path dir() { return dir; }

    /** What the report is of: the incident folder, or {@code BEFORE -> AFTER} for captures given side by side. */
    public String label() {
        if (sides == null) return dir.toString();
        return names(sides.before()) + " -> " + names(sides.after());
    }

    private static String names(List<Path> paths) {
        return String.join(" ", paths.stream().map(Path::toString).toList());
    }

    /** The snapshot folders in time order. */
    public List<Path> snapshotFolders() { return a().folders; }

    public List<Snapshot> snapshots() { return a().snapshots; }

    /** Each snapshot's time ({@link SnapshotTime#find}), in snapshot order; empty where it has none. */
    public List<java.util.Optional<SnapshotTime>> snapshotTimes() {
        return a().times.stream().map(java.util.Optional::ofNullable).toList();
    }

    /**
     * The delta between the first and the last snapshot. When every port's bytes moved are known and the
     * same (one port, or bytes given) it knows them, so its tables carry per-GB rates; otherwise each port's
     * own figure is in {@link #ports()}.
     */
    public Delta delta() {
        Delta d = delta;
        if (d == null) delta = d = madeDelta();   // a race makes the same delta twice, harmlessly
        return d;
    }

    /** The delta made once: each call of {@link #delta()} made the moved delta of every port again. */
    private volatile Delta delta;

    private Delta madeDelta() {
        Analysis x = a();
        java.util.Set<Double> bytes = new java.util.HashSet<>();
        for (PortReport p : x.ports) bytes.add(p.bytes().known() ? p.bytes().bytes() : Double.NaN);
        return bytes.size() == 1 && bytes.iterator().next() > 0 ? x.delta.moved(bytes.iterator().next()) : x.delta;
    }

    /** Seconds between the first and the last snapshot, NaN when unknown; {@link #elapsedHow()} says where it came from. */
    public double elapsedSeconds() { return a().elapsed; }

    public String elapsedHow() { return a().elapsedHow; }

    /** One report per port: fabric, bytes, verdict, second opinion, why, next steps. */
    public List<PortReport> ports() { return a().ports; }

    /**
     * The ports the report gives a card, why and next steps, worst first ({@link Verdict#WORST_FIRST}): every port whose
     * verdict is not clean, and the clean ports as well when there are at most {@value Verdicts#CLEAN_CARDS} of them (a
     * host's ports); otherwise, as in a capture of a whole fabric, the clean ports are {@link #cleanPorts()}, named in one
     * line. Ports of one rank keep the order of {@link #ports()}.
     *
     * <pre>{@code
     * for (var p : incident("fabric-sweep").cards()) System.out.println(p.port() + ": " + p.verdict().verdict());
     * }</pre>
     */
    public List<PortReport> cards() { return Verdicts.cards(ports(), PortReport::verdict); }

    /** The clean ports without a card of their own ({@link #cards()}): none when there are at most {@value Verdicts#CLEAN_CARDS}. */
    public List<String> cleanPorts() {
        List<String> clean = ports().stream().filter(p -> p.verdict().isClean()).map(PortReport::port).toList();
        return clean.size() <= Verdicts.CLEAN_CARDS ? List.of() : clean;
    }

    /** How many ports got each verdict, worst first: {@code 1500 ports: 2 physical, 1 congestion, 1497 clean}. */
    public String verdictCounts() {
        Map<String, Integer> n = new java.util.LinkedHashMap<>();
        List<PortReport> sorted = new ArrayList<>(ports());
        sorted.sort(java.util.Comparator.comparing(PortReport::verdict, Verdict.WORST_FIRST));
        for (PortReport p : sorted) n.merge(p.verdict().verdict(), 1, Integer::sum);
        List<String> parts = new ArrayList<>();
        n.forEach((v, k) -> parts.add(k + " " + v));
        return ports().size() + (ports().size() == 1 ? " port: " : " ports: ") + String.join(", ", parts);
    }

    /** The report of {@code port}. @throws IllegalArgumentException naming the ports when it is not in the folder */
    public PortReport port(String port) {
        return ports().stream().filter(p -> p.port().equals(port)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no port '" + port + "' in " + dir + "; ports: " + delta().ports()));
    }

    /** One verdict per port under the chosen profile. */
    public Verdicts verdicts() { return new Verdicts(ports().stream().map(PortReport::verdict).toList()); }

    /** The second opinion: one verdict per port under the fabric's other profile. */
    public Verdicts secondOpinion() { return new Verdicts(ports().stream().map(PortReport::second).toList()); }

    /** The fleet gate: every error counter at zero, any post-FEC bit error fails. */
    public CheckResult zeroTolerance() { return a().zeroTolerance; }

    /** The hardware-replacement decision: BER against the threshold (mlxlink, UFM, and from the counters when the elapsed time is known). */
    public CheckResult berCheck() { return a().ber; }

    /** perftest vs counters vs link rate, when the folder holds perftest output. */
    public Optional<Reconciliation> reconciliation() { return Optional.ofNullable(a().reconciliation); }

    /** The pause analysis (says so when the captures hold no pause counter). */
    public PauseAnalysis pause() { return a().pause; }

    /** mlxlink BER and module tables of the last snapshot. */
    public List<Table> linkTables() { return List.copyOf(a().mlxlink); }

    /**
     * Each snapshot's warnings (its readers', and the stray files skipped as no capture), by snapshot folder
     * name in time order, less the date output the snapshot's time was read from: that file is no capture,
     * but it was not ignored either.
     */
    public Map<String, List<String>> snapshotWarnings() {
        Map<String, List<String>> out = new java.util.LinkedHashMap<>();
        for (int i = 0; i < snapshots().size(); i++) {
            Path folder = snapshotFolders().get(i);
            String timeFile = snapshotTimes().get(i).map(SnapshotTime::file).orElse(null);
            List<String> kept = new ArrayList<>();
            for (String w : snapshots().get(i).warnings()) {
                if (timeFile != null && w.startsWith(folder.resolve(timeFile) + ":")) continue;
                kept.add(w);
            }
            out.put(folder.getFileName().toString(), List.copyOf(kept));
        }
        return out;
    }

    /** What else the folder held (read and used) and what was skipped. */
    public List<String> folderNotes() {
        List<String> out = new ArrayList<>(a().extras.read());
        for (String s : a().extras.skipped()) out.add("skipped " + s);
        out.addAll(a().notes);
        return out;
    }

    /** 3 some port has a layer verdict or a check failed, 4 no verdict, 0 clean (the CLI's codes). */
    public int exitCode() {
        int v = verdicts().exitCode();
        return v == 3 || zeroTolerance().exitCode() == 3 ? 3 : v;
    }

    /** Counters per layer in rank order: read and quiet, moved, cannot be used (every port; a clean port fills it too). */
    public CategoryChart layerChart() { return IncidentCharts.layers(delta()); }

    /** Each moved counter's delta (log scale) in layer rank order, the deciding ones apart; empty when nothing moved. */
    public Optional<CategoryChart> movedChart() { return Optional.ofNullable(IncidentCharts.moved(delta(), cards())); }

    /** The moved-counter chart (when something moved), the layer chart, the reconciliation chart and the pause charts. */
    @Override public List<Chart<?, ?>> charts() {
        List<Chart<?, ?>> out = new ArrayList<>();
        movedChart().ifPresent(out::add);
        out.add(layerChart());
        reconciliation().ifPresent(r -> out.add(ReconcileChart.of(r).chart()));
        out.addAll(pause().charts());
        return out;
    }

    /** One row per port: port, fabric, profile, verdict, deciding counters, bytes moved, second opinion. */
    @Override public Table table() { return Report.portTable(this); }

    @Override public String toString() { return Report.text(this); }

    @Override public String toHtml() { return Report.html(this); }

    @Override public Map<String, Object> toMap() { return Report.map(this); }

    /** The verdict of {@code port}, for callers that know the port. */
    public Verdict verdict(String port) { return port(port).verdict(); }
}
