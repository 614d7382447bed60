package org.fabriclab.check.health.pdr;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabriclab.capture.Telemetry;
import org.fabriclab.check.health.Alert;
import org.fabriclab.check.health.Engine;
import org.fabriclab.check.health.Episode;
import org.fabriclab.check.health.HealthConfig;
import org.fabriclab.check.health.Mode;
import org.fabriclab.delta.Rules;
import org.fabriclab.delta.Status;
import org.fabriclab.series.Columns;
import org.fabriclab.series.Series;
import org.fabriclab.work.Cancellation;

/**
 * The PDR deterministic plugin's isolation rules over a series, every alert under {@link Engine#PDR}
 * (mode shadow when {@code DRY_RUN}, active otherwise). Per sample interval, in the plugin's order:
 * <ul>
 * <li>{@value #PDR}: (delta receive errors + delta remote physical errors) / delta received packets above
 * {@code MAX_PDR} (1e-12);</li>
 * <li>{@value #TEMPERATURE}: module temperature above {@code TMAX} (70 C); {@value #TEMPERATURE_DELTA}:
 * temperature changed by more than {@code D_TMAX} (10 C) since the port's previous sample;</li>
 * <li>{@value #LINK_DOWN}: the link-down counter rose in the interval on this port <em>and</em> on its peer
 * (the peer's rise over the interval ending at its latest sample not after this one);</li>
 * <li>{@value #BER_12} / {@value #BER_125}: symbol errors over the last 12 / 125 minutes above the link's
 * bandwidth x window x BER target (1e-14, 1e-15): 2.88 and 3 on NDR 4x, 1.44 and 1.5 on HDR 4x. The
 * bandwidth per port comes from the topology ({@code width x lane speed}), else the configured default.</li>
 * </ul>
 * Every delta is judged by the delta rule (missing, reset or pegged counts are no count).
 *
 * <pre>{@code
 * List<Alert> a = PdrRules.run(series, PdrConfig.defaults().withDryRun(false), Map.of(), new ArrayList<>());
 * }</pre>
 */
public final class PdrRules {
    public static final String PDR = "pdr", TEMPERATURE = "temperature", TEMPERATURE_DELTA = "temperature-delta",
            LINK_DOWN = "link-down", BER_12 = "ber-12min", BER_125 = "ber-125min";

    private PdrRules() {}

    /**
     * Runs the rules; {@code gbpsByPort} gives a port's link bandwidth in Gb/s (missing: the default);
     * notes (skipped rules) are added to {@code notes}. Alerts are sorted by time, port, rule.
     */
    public static List<Alert> run(Series s, PdrConfig c, Map<String, Double> gbpsByPort, List<String> notes) {
        HealthConfig names = HealthConfig.defaults();
        Mode mode = c.dryRun() ? Mode.SHADOW : Mode.ACTIVE;
        List<Alert> out = new ArrayList<>();
        long[] ts = s.timestamps();
        long[] local = s.counter(names.localErrorsCounter()), remote = s.counter(names.remoteErrorsCounter());
        long[] pkts = s.counter(names.receivedPacketsCounter()), down = s.counter(names.linkDownCounter());
        long[] sym = s.counter(names.symbolCounter());
        long capL = cap(s, names.localErrorsCounter()), capR = cap(s, names.remoteErrorsCounter()), capP = cap(s, names.receivedPacketsCounter());
        long capD = cap(s, names.linkDownCounter()), capS = cap(s, names.symbolCounter());
        double[] temp = s.measure(Telemetry.TEMPERATURE_C);
        if (local == null || pkts == null) notes.add(PDR + ": skipped, the series lacks " + (local == null ? names.localErrorsCounter() : names.receivedPacketsCounter()));
        if (temp == null && c.temperatureCheck()) notes.add(TEMPERATURE + ": skipped, the series has no " + Telemetry.TEMPERATURE_C);
        if (down == null && c.linkDownIsolation()) notes.add(LINK_DOWN + ": skipped, the series lacks " + names.linkDownCounter());
        if (sym == null && c.berCheck()) notes.add("ber: skipped, the series lacks " + names.symbolCounter());
        Cancellation cancel = Cancellation.ofCurrentThread();
        for (int p = 0; p < s.portCount(); p++) {
            cancel.check();
            String port = s.port(p);
            Episode pdr = new Episode(Engine.PDR, PDR, true), hot = new Episode(Engine.PDR, TEMPERATURE, true);
            Episode jump = new Episode(Engine.PDR, TEMPERATURE_DELTA, true), ld = new Episode(Engine.PDR, LINK_DOWN, true);
            int q = s.peer(p) == null ? -1 : s.indexOf(s.peer(p));
            int k = q < 0 ? -1 : s.start(q);
            for (int i = s.start(p) + 1; i < s.end(p); i++) {
                if (local != null && pkts != null) {
                    boolean ok = Rules.status(local[i - 1], local[i], capL) == Status.READABLE && Rules.status(pkts[i - 1], pkts[i], capP) == Status.READABLE
                            && (remote == null || Rules.status(remote[i - 1], remote[i], capR) == Status.READABLE) && pkts[i] > pkts[i - 1];
                    if (ok) {
                        long errs = local[i] - local[i - 1] + (remote == null ? 0 : remote[i] - remote[i - 1]);
                        double rate = (double) errs / (pkts[i] - pkts[i - 1]);
                        final long dp = pkts[i] - pkts[i - 1];
                        if (rate > c.maxPdr()) pdr.hit(ts[i], rate, c.maxPdr(), () -> errs + " errors / " + dp + " packets");
                        else pdr.clear(port, mode, out);
                    } else pdr.clear(port, mode, out);
                }
                if (temp != null && c.temperatureCheck()) {
                    double x = temp[i], before = temp[i - 1];
                    if (!Double.isNaN(x) && x > c.tMaxC()) hot.hit(ts[i], x, c.tMaxC(), () -> x + " C above TMAX " + c.tMaxC() + " C");
                    else hot.clear(port, mode, out);
                    double dt = Math.abs(x - before);
                    if (!Double.isNaN(dt) && before != 0 && dt > c.dTMaxC()) {
                        jump.hit(ts[i], dt, c.dTMaxC(), () -> String.format(Locale.ROOT, "%.1f -> %.1f C, delta above D_TMAX %.0f C", before, x, c.dTMaxC()));
                    } else jump.clear(port, mode, out);
                }
                if (down != null && c.linkDownIsolation() && q >= 0) {
                    while (k + 1 < s.end(q) && ts[k + 1] <= ts[i]) k++;
                    boolean mine = Rules.status(down[i - 1], down[i], capD) == Status.READABLE && down[i] > down[i - 1];
                    boolean theirs = k > s.start(q) && Rules.status(down[k - 1], down[k], capD) == Status.READABLE && down[k] > down[k - 1];
                    if (mine && theirs) {
                        final long mineUp = down[i] - down[i - 1], theirsUp = down[k] - down[k - 1];
                        ld.hit(ts[i], mineUp, 0, () -> "link down here (+" + mineUp + ") and on " + s.port(q) + " (+" + theirsUp + ")");
                    } else ld.clear(port, mode, out);
                }
            }
            pdr.clear(port, mode, out); hot.clear(port, mode, out); jump.clear(port, mode, out); ld.clear(port, mode, out);
            if (sym != null && c.berCheck()) {
                double gbps = gbpsByPort.getOrDefault(port, c.defaultLinkGbps());
                ber(s, p, sym, capS, PdrConfig.WINDOW_12_MIN_MS, c.berThreshold(gbps, PdrConfig.WINDOW_12_MIN_MS), BER_12, mode, out);
                ber(s, p, sym, capS, PdrConfig.WINDOW_125_MIN_MS, c.berThreshold(gbps, PdrConfig.WINDOW_125_MIN_MS), BER_125, mode, out);
            }
        }
        if (c.linkDownIsolation() && down != null) {
            int noPeer = 0;
            for (int p = 0; p < s.portCount(); p++) if (s.peer(p) == null || s.indexOf(s.peer(p)) < 0) noPeer++;
            if (noPeer > 0) notes.add(LINK_DOWN + ": " + noPeer + " ports without a known peer in the series");
        }
        out.sort(Comparator.comparingLong(Alert::time).thenComparing(Alert::port).thenComparing(Alert::rule));
        return out;
    }

    private static void ber(Series s, int p, long[] sym, long cap, long windowMs, double thr, String rule, Mode mode, List<Alert> out) {
        long[] ts = s.timestamps();
        Episode ep = new Episode(Engine.PDR, rule, true);
        int j = s.start(p);
        for (int i = s.start(p); i < s.end(p); i++) {
            while (ts[j] < ts[i] - windowMs) j++;
            if (j == i || Rules.status(sym[j], sym[i], cap) != Status.READABLE) { ep.clear(s.port(p), mode, out); continue; }
            long n = sym[i] - sym[j];
            if (n > thr) {
                final long span = ts[i] - ts[j];
                ep.hit(ts[i], n, thr, () -> String.format(Locale.ROOT, "%d symbol errors over %.0f min (threshold %.2f)", n, span / 60_000.0, thr));
            } else ep.clear(s.port(p), mode, out);
        }
        ep.clear(s.port(p), mode, out);
    }

    private static long cap(Series s, String counter) { return s.column(counter).map(Columns::cap).orElse(0L); }
}
