package org.fabriclab.check.health;

import org.fabriclab.work.Cancellation;
import java.util.List;

import org.fabriclab.delta.Rules;
import org.fabriclab.delta.Status;
import org.fabriclab.series.Columns;
import org.fabriclab.series.Series;

/**
 * Failure detection, packet drop rate: per sample interval,
 * {@code (delta local receive errors + delta remote physical receive errors) / delta received packets}
 * (canonical {@code PortRcvErrors}, {@code PortRcvRemotePhysicalErrors}, {@code PortRcvPkts}); an
 * alert when the rate is above the threshold (default 1e-12). An interval with no received packets,
 * or where the delta rule finds any of the counters missing, reset or pegged, has no rate and closes
 * an episode. When
 * the series has no remote-error column the local errors alone are used (and a note says so).
 */
final class PacketDropRateRule {
    static final String RULE = "packet-drop-rate";

    private PacketDropRateRule() {}

    static void run(Series s, HealthConfig c, List<Alert> out, List<String> notes) {
        long[] local = s.counter(c.localErrorsCounter());
        long[] remote = s.counter(c.remoteErrorsCounter());
        long[] pkts = s.counter(c.receivedPacketsCounter());
        if (local == null || pkts == null) {
            notes.add(RULE + ": skipped, the series lacks " + (local == null ? c.localErrorsCounter() : c.receivedPacketsCounter()));
            return;
        }
        if (remote == null) notes.add(RULE + ": no " + c.remoteErrorsCounter() + " column, local receive errors only");
        long capL = cap(s, c.localErrorsCounter()), capR = cap(s, c.remoteErrorsCounter()), capP = cap(s, c.receivedPacketsCounter());
        double thr = c.packetDropThreshold();
        long[] ts = s.timestamps();
        Cancellation cancel = Cancellation.ofCurrentThread();
        for (int p = 0; p < s.portCount(); p++) {
            cancel.check();
            Episode ep = new Episode(Engine.FAILURE_DETECTION, RULE, true);
            Mode mode = c.modeOf(Engine.FAILURE_DETECTION, s.port(p));
            for (int i = s.start(p) + 1; i < s.end(p); i++) {
                boolean usable = Rules.status(local[i - 1], local[i], capL) == Status.READABLE
                        && Rules.status(pkts[i - 1], pkts[i], capP) == Status.READABLE
                        && (remote == null || Rules.status(remote[i - 1], remote[i], capR) == Status.READABLE);
                if (!usable || pkts[i] == pkts[i - 1]) { ep.clear(s.port(p), mode, out); continue; }
                long dl = local[i] - local[i - 1], dp = pkts[i] - pkts[i - 1];
                long dr = remote == null ? 0 : remote[i] - remote[i - 1];
                double rate = (double) (dl + dr) / dp;
                if (rate > thr) {
                    final long fl = dl, fr = dr, fp = dp;
                    ep.hit(ts[i], rate, thr, () -> fl + " local + " + fr + " remote errors / " + fp + " packets");
                } else {
                    ep.clear(s.port(p), mode, out);
                }
            }
            ep.clear(s.port(p), mode, out);
        }
    }

    private static long cap(Series s, String counter) { return s.column(counter).map(Columns::cap).orElse(0L); }
}
