package org.fabriclab.reconcile;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Direction;
import org.fabriclab.catalogue.Field;
import org.fabriclab.catalogue.Overflow;
import org.fabriclab.catalogue.Role;
import org.fabriclab.check.BerChecks;
import org.fabriclab.delta.CounterDelta;
import org.fabriclab.delta.Delta;
import org.fabriclab.delta.Status;
import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;
import org.fabriclab.snapshot.Snapshot;

import tech.tablesaw.api.Table;

/**
 * The fluent reconciliation: {@link #of(Capture...)} the perftest output, then
 * {@link Counters#counters(Snapshot, Snapshot)} the port counters around the test, then optionally the
 * duration, the link rate and the case bands; {@link #result()} computes. The step itself renders
 * as its result, so a notebook cell can end with it.
 * <p>Per run: counter bytes = data-word delta x 4 (the catalogue's scale for
 * {@code PortXmitData}/{@code PortRcvData}) / duration; the case compares perftest's BW average with
 * the link rate: above it C; at or above {@link #DEFAULT_LINE_RATE} of it A; below, B2 when
 * {@code PortXmitWait} rose faster than the xmit-wait bar (default {@value #DEFAULT_XMIT_WAIT_PER_S}
 * ticks/s, a convention: the tick length is device-specific, so the figure is printed for judgement)
 * and B1 otherwise.
 *
 * <pre>{@code
 * Reconciliation r = Reconcile.of(perftest).counters(before, after).duration(10).rateGbps(100).result();
 * }</pre>
 */
public final class Reconcile implements Renderable {
    /** Fraction of the link rate at or above which perftest's BW is "at line rate" (case A). */
    public static final double DEFAULT_LINE_RATE = 0.9;
    /** The data counters compared with perftest (the catalogue's primary byte counters: PMA data words) and the credit-wait counter. */
    static final String XMIT_DATA = Catalogue.standard().primary(Role.BYTES, Direction.TX),
            RCV_DATA = Catalogue.standard().primary(Role.BYTES, Direction.RX),
            XMIT_WAIT = Catalogue.standard().primary(Role.XMIT_WAIT, Direction.TX);

    /** PortXmitWait ticks per second above which xmit_wait is "high" (case B2 rather than B1). */
    public static final double DEFAULT_XMIT_WAIT_PER_S = 1000;

    private final List<Capture> perftest;
    private final Delta delta;
    private final double duration;
    private final OptionalDouble rateGbps;
    /** The rate for a port whose captures hold none ({@link #rateWhereNotCaptured}). */
    private final OptionalDouble fallbackGbps;
    private final double lineRate;
    private final double xmitWaitPerS;

    private Reconcile(List<Capture> perftest, Delta delta, double duration, OptionalDouble rateGbps, double lineRate, double xmitWaitPerS) {
        this(perftest, delta, duration, rateGbps, OptionalDouble.empty(), lineRate, xmitWaitPerS);
    }

    private Reconcile(List<Capture> perftest, Delta delta, double duration, OptionalDouble rateGbps, OptionalDouble fallbackGbps,
                      double lineRate, double xmitWaitPerS) {
        this.fallbackGbps = fallbackGbps;
        this.perftest = perftest;
        this.delta = delta;
        this.duration = duration;
        this.rateGbps = rateGbps;
        this.lineRate = lineRate;
        this.xmitWaitPerS = xmitWaitPerS;
    }

    /** The perftest captures (each with {@code perftest_run} and {@code bandwidth} tables); counters come next. */
    public static Counters of(Capture... perftest) {
        if (perftest.length == 0) throw new IllegalArgumentException("reconcile needs at least one perftest capture");
        for (Capture c : perftest) {
            if (c.measurements("perftest_run").isEmpty() || c.measurements("bandwidth").isEmpty()) {
                throw new CaptureException(c.file(), 0, "not a perftest bandwidth capture: expected the perftest_run and bandwidth tables");
            }
        }
        return new Counters(List.copyOf(Arrays.asList(perftest)));
    }

    /** The step after {@link #of}: only the counters can come next. */
    public static final class Counters {
        private final List<Capture> perftest;

        private Counters(List<Capture> perftest) { this.perftest = perftest; }

        /** The counter snapshots taken before and after the test. */
        public Reconcile counters(Snapshot before, Snapshot after) { return counters(Delta.between(before, after)); }

        public Reconcile counters(Delta d) {
            return new Reconcile(perftest, d, Double.NaN, OptionalDouble.empty(), DEFAULT_LINE_RATE, DEFAULT_XMIT_WAIT_PER_S);
        }
    }

    /** The test duration in seconds (else perftest's own {@code duration_s}, when it printed one). */
    public Reconcile duration(double seconds) {
        if (!(seconds > 0)) throw new IllegalArgumentException("duration must be > 0 seconds, found " + seconds);
        return new Reconcile(perftest, delta, seconds, rateGbps, fallbackGbps, lineRate, xmitWaitPerS);
    }

    /**
     * The longest time, in seconds, that one run of a perftest capture accounts for by its own rows:
     * message bytes x iterations / average bytes per second, summed over its message sizes; NaN when no run
     * can say. For output without {@code -D}: the snapshots around the test span at least this.
     *
     * @throws org.fabriclab.capture.CaptureException when the capture is not perftest output with a bandwidth table
     */
    public static double reportedSeconds(Capture perftest) {
        double best = Double.NaN;
        for (Run r : Run.read(perftest)) if (r.reportedSeconds() > 0 && !(r.reportedSeconds() <= best)) best = r.reportedSeconds();
        return best;
    }

    /** The link rate in Gb/s (else each port's captured {@code rate_gbps}). */
    public Reconcile rateGbps(double gbps) {
        if (!(gbps > 0)) throw new IllegalArgumentException("link rate must be > 0 Gb/s, found " + gbps);
        return new Reconcile(perftest, delta, duration, OptionalDouble.of(gbps), fallbackGbps, lineRate, xmitWaitPerS);
    }

    /**
     * The link rate in Gb/s for a port whose captures hold none; a captured rate stays the one used, with a warning naming
     * both where they differ. For a folder of {@code perfquery -x} and perftest's output, which says no rate.
     */
    public Reconcile rateWhereNotCaptured(double gbps) {
        if (!(gbps > 0)) throw new IllegalArgumentException("link rate must be > 0 Gb/s, found " + gbps);
        return new Reconcile(perftest, delta, duration, rateGbps, OptionalDouble.of(gbps), lineRate, xmitWaitPerS);
    }

    /** The case bands: fraction of the link rate that counts as line rate, xmit-wait ticks/s that count as high. */
    public Reconcile bands(double lineRateFraction, double xmitWaitTicksPerS) {
        if (!(lineRateFraction > 0 && lineRateFraction <= 1)) throw new IllegalArgumentException("line-rate fraction must be in (0, 1]");
        if (!(xmitWaitTicksPerS >= 0)) throw new IllegalArgumentException("xmit-wait bar must be >= 0 ticks/s");
        return new Reconcile(perftest, delta, duration, rateGbps, fallbackGbps, lineRateFraction, xmitWaitTicksPerS);
    }

    /** Computes the reconciliation. */
    public Reconciliation result() {
        List<PortReconciliation> rows = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Set<String> units = new LinkedHashSet<>();
        List<Run> runs = new ArrayList<>();
        for (Capture c : perftest) runs.addAll(Run.read(c));
        for (Run r : runs) units.add(r.unit());
        Set<String> rolesByTest = new LinkedHashSet<>();
        for (Run r : runs) rolesByTest.add(r.test() + "|" + r.role());
        for (Run r : runs) rows.add(one(r, rolesByTest, units, notes));
        notes.add(String.format(Locale.ROOT, "cases: A at >= %.0f%% of the link rate, C above it; below, B2 when " + XMIT_WAIT + " > %.0f ticks/s else B1",
                lineRate * 100, xmitWaitPerS));
        return new Reconciliation(rows, notes);
    }

    private PortReconciliation one(Run r, Set<String> rolesByTest, Set<String> units, List<String> notes) {
        List<String> w = new ArrayList<>();
        if (units.size() > 1) w.add("the perftest runs use different units " + units + ": all converted to bytes/s before comparing");
        w.add(Units.explain(r.unit()));
        double pBps = Units.bytesPerSecond(r.bwAverage(), r.unit());
        if (Double.isNaN(pBps)) pBps = r.bwBytesPerSec();
        if (r.bidirectional()) {
            String other = r.role().equals("client") ? "server" : r.role().equals("server") ? "client" : null;
            if (other == null) {
                w.add("bidirectional test (-b) whose output does not say client or server: whether both sides were captured cannot be told; capture both outputs");
            } else if (!rolesByTest.contains(r.test() + "|" + other)) {
                w.add("bidirectional test (-b) but only the " + r.role() + " side was captured: the other direction's perftest output is missing, so the pair cannot be cross-checked");
            }
        }
        String port = portOf(r, notes);
        double dur = !Double.isNaN(duration) ? duration : r.durationS();
        if (!(dur > 0) && r.reportedSeconds() > 0) {
            dur = r.reportedSeconds();
            w.add(String.format(Locale.ROOT, "test duration %.3f s derived from perftest's own rows (message bytes x iterations / BW average, "
                    + "summed over its message sizes; no -D in the log): the counter window spans at least this, so the counters' "
                    + "per-second figures are upper bounds", dur));
        }
        if (port == null) {
            return noVerdict(r, "?", dur, pBps, "port " + named(r) + " is not in the counter snapshots " + delta.ports()
                    + " and no other clue (its local address LID, the only port whose data counters moved) picks one", w);
        }
        if (!(dur > 0)) return noVerdict(r, port, dur, pBps, "test duration unknown: give the duration (perftest -D) in seconds", w);
        Map<String, CounterDelta> cds = delta.port(port);
        CounterDelta xd = cds.get(XMIT_DATA), rd = cds.get(RCV_DATA), wait = cds.get(XMIT_WAIT);
        for (CounterDelta cd : new CounterDelta[] {xd, rd}) {
            if (cd != null && cd.afterReading() != null) warn32(cd, w);
        }
        double xBps = bytesPerSec(xd, dur), rBps = bytesPerSec(rd, dur);
        double cBps = switch (r.role()) {
            case "client" -> r.bidirectional() ? xBps + rBps : xBps;
            case "server" -> r.bidirectional() ? xBps + rBps : rBps;
            default -> r.bidirectional() ? xBps + rBps : Double.isNaN(xBps) ? rBps : Double.isNaN(rBps) ? xBps : Math.max(xBps, rBps);
        };
        double waitPerS = wait != null && wait.status() == Status.READABLE ? wait.delta() / dur : Double.NaN;
        if (wait == null) w.add(XMIT_WAIT + " not captured: B1 and B2 cannot be told apart");
        OptionalDouble rate = rateGbps.isPresent() ? rateGbps : BerChecks.rate(delta, port);
        if (rateGbps.isEmpty() && fallbackGbps.isPresent()) {
            if (rate.isEmpty()) {
                rate = fallbackGbps;
                w.add(String.format(java.util.Locale.ROOT, "link rate %s Gb/s as given: the captures hold none for %s", Html.num(fallbackGbps.getAsDouble()), port));
            } else if (Math.abs(rate.getAsDouble() - fallbackGbps.getAsDouble()) > 1e-9 * rate.getAsDouble()) {
                w.add(String.format(java.util.Locale.ROOT, "link rate given as %s Gb/s, but the captures say %s Gb/s for %s: the captured rate is used",
                        Html.num(fallbackGbps.getAsDouble()), Html.num(rate.getAsDouble()), port));
            }
        }
        String disagree = rateGbps.isPresent() ? "" : BerChecks.rateDisagreement(delta, port);
        if (!disagree.isEmpty()) w.add(disagree + ", and the case is read against the rate used");
        Long xWords = xd != null && xd.status() == Status.READABLE ? xd.delta() : null;
        Long rWords = rd != null && rd.status() == Status.READABLE ? rd.delta() : null;
        String unusable = unusable(xd, rd, r);
        if (unusable != null) {
            return new PortReconciliation(port, r.role(), r.test(), r.file(), r.bidirectional(), r.unit(), dur, pBps, xWords, rWords,
                    xBps, rBps, cBps, rate.orElse(Double.NaN), waitPerS, Case.NO_VERDICT, unusable, w);
        }
        if (rate.isEmpty()) {
            return new PortReconciliation(port, r.role(), r.test(), r.file(), r.bidirectional(), r.unit(), dur, pBps, xWords, rWords,
                    xBps, rBps, cBps, Double.NaN, waitPerS, Case.NO_VERDICT, "link rate unknown: capture sysfs rate, ibstat or (a RoCE port) ethtool NETDEV, or give it in Gb/s", w);
        }
        double linkBps = rate.getAsDouble() * 1e9 / 8;
        double ratio = pBps / linkBps;
        Case c;
        if (ratio > 1) c = Case.C;
        else if (ratio >= lineRate) c = Case.A;
        else if (Double.isNaN(waitPerS)) c = Case.NO_VERDICT;
        else c = waitPerS > xmitWaitPerS ? Case.B2 : Case.B1;
        if (c == Case.A && !(waitPerS > 0)) w.add("at line rate but " + XMIT_WAIT + " did not rise: the seed expects it clearly non-zero when the link is full");
        if (cBps < pBps * 0.98) {
            w.add(String.format(Locale.ROOT, "counters show less than perftest (%.2f vs %.2f Gb/s): a wrong port, a counter window that missed the test, or data words read as bytes",
                    PortReconciliation.gbps(cBps), PortReconciliation.gbps(pBps)));
        }
        String reason = c == Case.NO_VERDICT ? "far below line rate but " + XMIT_WAIT + " unusable: B1 or B2 undecided"
                : String.format(Locale.ROOT, "perftest at %.1f%% of the link rate; %s", ratio * 100, c.meaning());
        return new PortReconciliation(port, r.role(), r.test(), r.file(), r.bidirectional(), r.unit(), dur, pBps, xWords, rWords,
                xBps, rBps, cBps, rate.getAsDouble(), waitPerS, c, reason, w);
    }

    private static String unusable(CounterDelta xd, CounterDelta rd, Run r) {
        if (r.bidirectional()) {
            if (!usable(xd)) return XMIT_DATA + " " + why(xd);
            return usable(rd) ? null : RCV_DATA + " " + why(rd);
        }
        return switch (r.role()) {
            case "client" -> usable(xd) ? null : XMIT_DATA + " " + why(xd);
            case "server" -> usable(rd) ? null : RCV_DATA + " " + why(rd);
            default -> usable(xd) || usable(rd) ? null
                    : "no usable data counter: " + XMIT_DATA + " " + why(xd) + "; " + RCV_DATA + " " + why(rd);
        };
    }

    private static boolean usable(CounterDelta cd) { return cd != null && cd.status() == Status.READABLE; }

    private static String why(CounterDelta cd) { return cd == null ? "not captured on this port" : cd.status() + ": " + cd.reason(); }

    /** Data-word delta x scale (4 bytes per word) / duration; NaN when unusable. */
    static double bytesPerSec(CounterDelta cd, double dur) {
        if (cd == null || cd.status() != Status.READABLE) return Double.NaN;
        long scale = Catalogue.standard().definition(cd.counter()).map(d -> d.scale()).orElse(1L);
        return (double) cd.delta() * scale / dur;
    }

    private static void warn32(CounterDelta cd, List<String> w) {
        Field f = cd.afterReading().field();
        if (f.width() == 32 && f.overflow() == Overflow.SATURATING) {
            w.add(cd.counter() + " was read from the 32-bit classic field (" + cd.afterReading().source().key()
                    + ", perfquery without -x): it saturates at 4294967295 words = 17.2 GB, a few seconds of a 100 Gb/s test; read the 64-bit copy (perfquery -x, sysfs)");
        }
    }

    private String portOf(Run r, List<String> notes) {
        if (r.device() != null && !r.device().isBlank() && r.ibPort() > 0) {
            String p = r.device() + "/" + r.ibPort();
            if (delta.ports().contains(p)) return p;
        }
        String named = named(r);
        if (r.device() != null && !r.device().isBlank() && r.ibPort() <= 0 && delta.ports().contains(r.device() + "/" + DEFAULT_IB_PORT)) {
            // a device without a port (-d mlx5_4, no -i): perftest's --ib-port defaults to 1
            String p = r.device() + "/" + DEFAULT_IB_PORT;
            notes.add(r.file() + " (" + r.role() + "): perftest named " + named + "; matched to " + p
                    + ", perftest's default port (-i/--ib-port, default " + DEFAULT_IB_PORT + ")");
            return p;
        }
        if (r.localLid() > 0) {
            // perftest's "local address: LID 0x..." against the ports' LIDs (a perfquery port id, or the LID attribute)
            List<String> byLid = new ArrayList<>();
            for (String p : delta.ports()) if (lidOf(p) == r.localLid()) byLid.add(p);
            if (byLid.size() > 1 && r.ibPort() > 0) byLid.removeIf(p -> portNumberOf(p) != r.ibPort());
            if (byLid.size() > 1) byLid = movedData(byLid);
            if (byLid.size() == 1) {
                notes.add(r.file() + " (" + r.role() + "): perftest named " + named + "; matched to " + byLid.get(0)
                        + " by its local address LID " + r.localLid() + String.format(Locale.ROOT, " (0x%x)", r.localLid()));
                return byLid.get(0);
            }
        }
        List<String> withData = new ArrayList<>();
        for (String p : delta.ports()) if (delta.port(p).containsKey(XMIT_DATA) || delta.port(p).containsKey(RCV_DATA)) withData.add(p);
        if (withData.size() == 1) {
            notes.add(r.file() + " (" + r.role() + "): perftest named " + named + "; matched to " + withData.get(0) + ", the only port with data counters");
            return withData.get(0);
        }
        List<String> moved = movedData(withData);
        if (moved.size() == 1) {
            notes.add(r.file() + " (" + r.role() + "): perftest named " + named + "; matched to " + moved.get(0)
                    + ", the only port whose data counters moved (" + String.join(", ", withData) + " have data counters)");
            return moved.get(0);
        }
        return null;
    }

    /** What perftest named: {@code mlx5_0/1}, {@code ib0 (no port given)} or {@code no device}. */
    private static String named(Run r) {
        if (r.device() == null || r.device().isBlank()) return "no device";
        return r.ibPort() > 0 ? r.device() + "/" + r.ibPort() : r.device() + " (no port given)";
    }

    /** Of {@code ports}, those whose data counters moved (a readable delta above zero). */
    private List<String> movedData(List<String> ports) {
        List<String> out = new ArrayList<>();
        for (String p : ports) {
            Map<String, CounterDelta> m = delta.port(p);
            for (String c : new String[] {XMIT_DATA, RCV_DATA}) {
                CounterDelta cd = m.get(c);
                if (cd != null && cd.status() == Status.READABLE && cd.delta() > 0) {
                    out.add(p);
                    break;
                }
            }
        }
        return out;
    }

    /**
     * The LID of a port: its {@code lid N/P} id (on a host: {@code node01:lid N/P}), else its LID attribute (ibstat, sysfs)
     * in either snapshot; -1 when unknown.
     */
    private int lidOf(String port) {
        java.util.regex.Matcher m = LID_PORT.matcher(org.fabriclab.capture.HostPort.local(port));
        if (m.matches()) return Integer.parseInt(m.group(1));
        for (org.fabriclab.snapshot.Snapshot s : new org.fabriclab.snapshot.Snapshot[] {delta.after(), delta.before()}) {
            java.util.Optional<String> v = s.attr(port, org.fabriclab.capture.PortAttr.LID);
            if (v.isPresent()) {
                java.util.OptionalLong n = org.fabriclab.capture.PortAttr.lidNumber(v.get());
                return n.isPresent() && n.getAsLong() >= 0 && n.getAsLong() <= Integer.MAX_VALUE ? (int) n.getAsLong() : -1;
            }
        }
        return -1;
    }

    private static int portNumberOf(String port) {
        int slash = port.lastIndexOf('/');
        try {
            return slash < 0 ? -1 : Integer.parseInt(port.substring(slash + 1));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** perftest's {@code -i/--ib-port} when not given ({@code DEF_IB_PORT} in perftest_parameters.h). */
    private static final int DEFAULT_IB_PORT = 1;

    private static final java.util.regex.Pattern LID_PORT = java.util.regex.Pattern.compile("lid (\\d+)/\\d+");

    private PortReconciliation noVerdict(Run r, String port, double dur, double pBps, String why, List<String> w) {
        return new PortReconciliation(port, r.role(), r.test(), r.file(), r.bidirectional(), r.unit(), dur, pBps, null, null,
                Double.NaN, Double.NaN, Double.NaN, rateGbps.orElse(Double.NaN), Double.NaN, Case.NO_VERDICT, why, w);
    }

    @Override public Table table() { return result().table(); }
    @Override public String toHtml() { return result().toHtml(); }
    @Override public Map<String, Object> toMap() { return result().toMap(); }
    @Override public String toString() { return result().toString(); }
}
