package org.fabriclab.generate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

import org.fabriclab.catalogue.Source;
import org.fabriclab.series.Series;

/**
 * Simulated UFM secondary telemetry of a {@link LinkFleet}: per port and sample the FEC histogram
 * ({@code hist0..hist15}), uncorrected bits ({@code Effective_Errors}), symbol errors, received packets
 * and errors, link downs, module temperature and voltage, cumulative from zero at the first sample.
 * <p>The error model of one port and interval: a fraction {@code a} of the FEC blocks has symbol errors,
 * the number of errors of an errored block is geometric with ratio {@code r} (bin {@code k} expects
 * {@code N a (1-r) r^(k-1)} blocks), blocks with more than 15 errors are uncorrectable ({@code N a r^15})
 * and become symbol errors, receive errors and uncorrected bits. Roles:
 * <ul>
 * <li>healthy: {@code a ~ 1e-6}, {@code r ~ 0.06};</li>
 * <li>noisy but healthy: {@code a} 1e-5..1e-4 and {@code r} 0.12..0.20 per port, jittering, with one-interval
 * bursts ({@code r + 0.12}, 3 % of intervals): high, noisy, no trend;</li>
 * <li>failing: healthy until an onset, then over a ramp of 18-36 h {@code a} grows 300-fold and {@code r}
 * towards 0.56 (the histogram's tail fills and shifts right); the failure (the label) is the end of the
 * ramp, when uncorrectable blocks arrive by the thousand; the link then goes down on both ends (4 times
 * for a link that is repaired 6-10 h later and is clean after, 20 times over 4 h for one that is never
 * repaired);</li>
 * <li>hot: healthy FEC, the module temperature jumps to 74 C for four hours.</li>
 * </ul>
 */
final class LinkTelemetry {
    enum Role { HEALTHY, NOISY, FAILING_REPAIRED, FAILING_UNREPAIRED, HOT }

    /** What happens to one port. Times in ms; -1 when not applicable. */
    record Plan(Role role, long onsetMs, long failureMs, long repairMs, double a, double r) {}

    static final int BINS = 16;
    static final double BLOCKS_PER_S = 400e9 / 5440;           // NDR 4x: 400 Gb/s of 5440-bit RS(544,514) blocks
    static final long T0_MS = 1_767_225_600_000L;              // 2026-01-01T00:00:00Z

    final LinkFleet fleet;
    final List<String> ports;
    final Plan[] plans;
    final long stepMs;
    final int steps;
    final long[][] hist;                    // [bin][row]
    final long[] eff, sym, pkts, rcvErr, remote, down, time;
    final int[] port;
    final double[] temp, volt;

    LinkTelemetry(LinkFleet fleet, Plan[] plans, long stepMs, int days, long seed) {
        this.fleet = fleet;
        this.ports = fleet.ports();
        this.plans = plans;
        this.stepMs = stepMs;
        this.steps = (int) (days * 86_400_000L / stepMs);
        int n = ports.size() * steps;
        hist = new long[BINS][n];
        eff = new long[n]; sym = new long[n]; pkts = new long[n]; rcvErr = new long[n]; remote = new long[n]; down = new long[n];
        time = new long[n]; port = new int[n]; temp = new double[n]; volt = new double[n];
        SplittableRandom root = new SplittableRandom(seed);
        // link-down events first: both ends of a link go down together
        long[][] downs = new long[ports.size()][steps];
        for (int p = 0; p < ports.size(); p++) {
            Plan pl = plans[p];
            if (pl.role() != Role.FAILING_REPAIRED && pl.role() != Role.FAILING_UNREPAIRED) continue;
            int peer = p ^ 1;
            int first = (int) ((pl.failureMs() - T0_MS) / stepMs) + 1;
            int count = pl.role() == Role.FAILING_REPAIRED ? 4 : 20;
            int span = pl.role() == Role.FAILING_REPAIRED ? (int) (3_600_000L / stepMs) : (int) (4 * 3_600_000L / stepMs);
            for (int k = 0; k < count; k++) {
                int s = first + (int) ((long) k * span / count);
                if (s < steps) { downs[p][s]++; downs[peer][s]++; }
            }
        }
        double blocks = BLOCKS_PER_S * stepMs / 1000.0;
        for (int p = 0; p < ports.size(); p++) {
            SplittableRandom rnd = root.split();
            Plan pl = plans[p];
            double baseTemp = 40 + rnd.nextDouble() * 10, baseVolt = 3300 + (rnd.nextDouble() - 0.5) * 10;
            double load = 0.3 + 0.4 * rnd.nextDouble();
            long[] c = new long[BINS];
            long e = 0, sy = 0, pk = 0, re = 0, dn = 0;
            for (int s = 0; s < steps; s++) {
                int row = p * steps + s;
                long t = T0_MS + s * stepMs;
                double a, r, heat = 0;
                double g = DegradingOptic.gaussian(rnd);
                switch (pl.role()) {
                    case NOISY -> {
                        a = pl.a() * Math.exp(0.6 * g);
                        r = pl.r() + 0.02 * DegradingOptic.gaussian(rnd) + (rnd.nextDouble() < 0.03 ? 0.12 : 0);
                    }
                    case FAILING_REPAIRED, FAILING_UNREPAIRED -> {
                        double x = degradation(pl, t);
                        a = 1e-6 * Math.pow(10, 2.5 * x) * Math.exp(0.3 * g);
                        r = 0.06 + 0.5 * Math.pow(x, 1.5) + 0.01 * DegradingOptic.gaussian(rnd);
                        heat = 8 * x;
                    }
                    case HOT -> {
                        a = 1e-6 * Math.exp(0.25 * g);
                        r = 0.06 + 0.01 * DegradingOptic.gaussian(rnd);
                        heat = t >= pl.onsetMs() && t < pl.onsetMs() + 4 * 3_600_000L ? 74 - baseTemp : 0;
                    }
                    default -> {
                        a = 1e-6 * Math.exp(0.25 * g);
                        r = 0.06 + 0.01 * DegradingOptic.gaussian(rnd);
                    }
                }
                r = Math.max(0.01, Math.min(0.9, r));
                long errored = 0;
                for (int k = 1; k < BINS; k++) {
                    long v = DegradingOptic.poisson(rnd, blocks * a * (1 - r) * Math.pow(r, k - 1));
                    c[k] += v;
                    errored += v;
                }
                long unc = DegradingOptic.poisson(rnd, blocks * a * Math.pow(r, BINS - 1));
                c[0] += Math.round(blocks) - errored - unc;
                long packets = Math.round(400e9 / 8 * load * stepMs / 1000.0 / 4096 * (0.9 + 0.2 * rnd.nextDouble()));
                pk += packets;
                re += Math.min(unc, packets);
                sy += unc;
                e += unc * 40;
                dn += downs[p][s];
                for (int k = 0; k < BINS; k++) hist[k][row] = c[k];
                eff[row] = e; sym[row] = sy; pkts[row] = pk; rcvErr[row] = re; remote[row] = 0; down[row] = dn;
                time[row] = t; port[row] = p;
                temp[row] = Math.round((baseTemp + heat + 0.5 * DegradingOptic.gaussian(rnd)) * 10) / 10.0;
                volt[row] = Math.round((baseVolt + 4 * DegradingOptic.gaussian(rnd)) * 10) / 10.0;
            }
        }
    }

    /** 0 before the onset, rising to 1 at the failure, 1 until the repair, 0 after it. */
    static double degradation(Plan pl, long t) {
        if (t < pl.onsetMs()) return 0;
        if (t < pl.failureMs()) return (double) (t - pl.onsetMs()) / (pl.failureMs() - pl.onsetMs());
        if (pl.repairMs() > 0 && t >= pl.repairMs()) return 0;
        return 1;
    }

    /** The UFM telemetry CSV (secondary telemetry names), timestamps in epoch ms. */
    String csv() {
        StringBuilder b = new StringBuilder(ports.size() * steps * 170);
        b.append("timestamp,Node_GUID,Port_Number");
        for (int k = 0; k < BINS; k++) b.append(",hist").append(k);
        b.append(",Effective_Errors,SymbolErrorCounterExtended,PortRcvPktsExtended,PortRcvErrorsExtended,"
                + "PortRcvRemotePhysicalErrorsExtended,LinkDownedCounterExtended,Module_Temperature,Module_Voltage\n");
        for (int row = 0; row < time.length; row++) {
            String id = ports.get(port[row]);
            int slash = id.lastIndexOf('/');
            b.append(time[row]).append(',').append(id, 5, slash).append(',').append(id, slash + 1, id.length());
            for (int k = 0; k < BINS; k++) b.append(',').append(hist[k][row]);
            b.append(',').append(eff[row]).append(',').append(sym[row]).append(',').append(pkts[row]).append(',').append(rcvErr[row])
                    .append(',').append(remote[row]).append(',').append(down[row])
                    .append(',').append(String.format(Locale.ROOT, "%.1f", temp[row])).append(',')
                    .append(String.format(Locale.ROOT, "%.1f", volt[row])).append('\n');
        }
        return b.toString();
    }

    /** The same data as a series (canonical counter names, read as UFM writes them), without writing a file. */
    Series series(String name) {
        Map<String, long[]> counters = new LinkedHashMap<>();
        Map<String, Source> sources = new LinkedHashMap<>();
        for (int k = 0; k < BINS; k++) counters.put("fec_hist" + k, hist[k]);
        counters.put("effective_errors", eff);
        counters.put("SymbolErrorCounter", sym);
        counters.put("PortRcvPkts", pkts);
        counters.put("PortRcvErrors", rcvErr);
        counters.put("PortRcvRemotePhysicalErrors", remote);
        counters.put("LinkDownedCounter", down);
        for (String c : counters.keySet()) sources.put(c, Source.UFM);
        return Series.of(name, ports, time, port, counters, sources, stepMs);
    }

    /** Plans for a fleet: {@code failing} trunk links (every other one repaired), one failing access link, noisy and hot ports. */
    static Plan[] plan(LinkFleet fleet, int days, int failingTrunk, int failingAccess, int noisy, int hot, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int n = fleet.ports().size();
        Plan[] plans = new Plan[n];
        List<Integer> trunk = new ArrayList<>(), access = new ArrayList<>();
        for (int l = 0; l < fleet.links.size(); l++) (fleet.links.get(l).trunk() ? trunk : access).add(l);
        shuffle(trunk, rnd);
        shuffle(access, rnd);
        long end = T0_MS + days * 86_400_000L;
        int fk = 0;
        List<Integer> failingLinks = new ArrayList<>(trunk.subList(0, Math.min(failingTrunk, trunk.size())));
        failingLinks.addAll(access.subList(0, Math.min(failingAccess, access.size())));
        for (int l : failingLinks) {
            int p = 2 * l + (rnd.nextBoolean() ? 1 : 0);         // the receiving end that degrades
            long ramp = (18 + rnd.nextInt(19)) * 3_600_000L;
            long latest = end - 10 * 3_600_000L - ramp, earliest = T0_MS + 12 * 3_600_000L;
            long onset = earliest + (long) (rnd.nextDouble() * Math.max(0, latest - earliest));
            onset -= onset % 600_000L;
            long failure = onset + ramp;
            boolean repaired = fk++ % 2 == 0 && fleet.links.get(l).trunk();
            long repair = repaired ? failure + (6 + rnd.nextInt(5)) * 3_600_000L : -1;
            plans[p] = new Plan(repaired ? Role.FAILING_REPAIRED : Role.FAILING_UNREPAIRED, onset, failure, repair, 0, 0);
        }
        List<Integer> free = new ArrayList<>();
        for (int p = 0; p < n; p++) if (plans[p] == null && plans[p ^ 1] == null) free.add(p);
        shuffle(free, rnd);
        int k = 0;
        for (int i = 0; i < noisy && k < free.size(); i++, k++) {
            plans[free.get(k)] = new Plan(Role.NOISY, -1, -1, -1, Math.pow(10, -5 + rnd.nextDouble()), 0.12 + 0.08 * rnd.nextDouble());
        }
        for (int i = 0; i < hot && k < free.size(); i++, k++) {
            long at = T0_MS + (long) ((1.5 + rnd.nextDouble() * (days - 2.5)) * 86_400_000L);
            plans[free.get(k)] = new Plan(Role.HOT, at - at % 600_000L, -1, -1, 0, 0);
        }
        for (int p = 0; p < n; p++) if (plans[p] == null) plans[p] = new Plan(Role.HEALTHY, -1, -1, -1, 0, 0);
        return plans;
    }

    private static void shuffle(List<Integer> l, SplittableRandom rnd) {
        for (int i = l.size() - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            Integer t = l.get(i); l.set(i, l.get(j)); l.set(j, t);
        }
    }

    static String utc(long ms) { return java.time.Instant.ofEpochMilli(ms).toString(); }
}
