package org.fabriclab.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import org.fabriclab.catalogue.Layer;
import org.fabriclab.history.Labels;

/**
 * Where the history set's incidents and damage go: per port, which sample intervals belong to a
 * labelled incident (and its layer and level), where a counter reset happens, whether
 * {@code packet_seq_err} wraps, and maintenance windows with no traffic. Incidents on one port never
 * overlap. Interval {@code s} is the one ending at sample {@code s}.
 */
final class Schedule {
    final List<Labels.Incident> incidents = new ArrayList<>();
    private final PortPlan[] plans;

    private Schedule(PortPlan[] plans) { this.plans = plans; }

    PortPlan port(int p) { return plans[p]; }

    static Schedule plan(int ports, int samples, SplittableRandom rnd) {
        PortPlan[] plans = new PortPlan[ports];
        for (int p = 0; p < ports; p++) plans[p] = new PortPlan();
        Schedule s = new Schedule(plans);
        double scale = ports * (samples / (double) HistorySet.PER_DAY) / (200.0 * 30.0);   // incidents per 200 ports x 30 days
        s.place(rnd, Layer.CONGESTION, (int) Math.round(60 * scale), 6, 36, ports, samples);
        s.place(rnd, Layer.LOSSLESS_BROKEN, (int) Math.round(10 * scale), 2, 12, ports, samples);
        s.place(rnd, Layer.TRANSPORT_RETRY, (int) Math.round(10 * scale), 3, 24, ports, samples);
        s.place(rnd, Layer.PHYSICAL, (int) Math.round(8 * scale), 12, 96, ports, samples);
        for (int p = 0; p < ports; p++) {
            if (rnd.nextInt(10) == 0) plans[p].resetAt = 1 + rnd.nextInt(samples - 2);
        }
        plans[rnd.nextInt(ports)].wrapPse = true;
        int idlePorts = Math.max(1, ports / 25);
        for (int k = 0; k < idlePorts; k++) {
            PortPlan pl = plans[rnd.nextInt(ports)];
            int from = 1 + rnd.nextInt(samples - 50);
            int to = from + 24 + rnd.nextInt(24);
            if (pl.free(from, to)) pl.add(new PortPlan.Seg(from, to, null, 0, false));
        }
        s.incidents.sort((a, b) -> a.startMs() != b.startMs() ? Long.compare(a.startMs(), b.startMs()) : a.port().compareTo(b.port()));
        return s;
    }

    private void place(SplittableRandom rnd, Layer layer, int count, int minLen, int maxLen, int ports, int samples) {
        int placed = 0, tries = 0;
        while (placed < count && tries++ < count * 100) {
            int p = rnd.nextInt(ports);
            int len = minLen + rnd.nextInt(maxLen - minLen + 1);
            int from = 1 + rnd.nextInt(samples - len - 1);
            PortPlan pl = plans[p];
            if (!pl.free(from, from + len)) continue;
            double level = 800 * Math.pow(25, rnd.nextDouble());      // 800 .. 20000 per GB
            boolean ecn = layer == Layer.CONGESTION && rnd.nextInt(4) == 0;
            pl.add(new PortPlan.Seg(from, from + len, layer, level, ecn));
            long start = HistorySet.T0_MS + from * HistorySet.STEP_MS;
            long end = HistorySet.T0_MS + (from + len - 1) * HistorySet.STEP_MS;
            String what = switch (layer) {
                case CONGESTION -> String.format(Locale.ROOT, "%s congestion, about %.0f per GB", ecn ? "ECN (CNP)" : "PFC pause", level);
                case LOSSLESS_BROKEN -> "discards on the lossless priority";
                case TRANSPORT_RETRY -> "packet sequence error burst (retransmissions)";
                case PHYSICAL -> "symbol errors (marginal optic)";
                default -> layer.label();
            };
            incidents.add(new Labels.Incident(HistorySet.portName(p), layer, start, end, what));
            placed++;
        }
    }
}
