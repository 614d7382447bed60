package org.fabriclab.generate;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits an exact integer total into parts proportional to weights (largest remainder method), the
 * parts summing exactly to the total; a zero weight always gets zero.
 */
final class Split {
    private Split() {}

    static long[] exact(long total, double[] weights) {
        double sum = 0;
        for (double w : weights) sum += w;
        long[] out = new long[weights.length];
        if (total == 0 || sum <= 0) return out;
        long given = 0;
        double[] frac = new double[weights.length];
        for (int i = 0; i < weights.length; i++) {
            double share = total * (weights[i] / sum);
            out[i] = (long) Math.floor(share);
            frac[i] = share - out[i];
            given += out[i];
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < weights.length; i++) if (weights[i] > 0) order.add(i);
        order.sort((a, b) -> frac[a] != frac[b] ? Double.compare(frac[b], frac[a]) : Integer.compare(a, b));
        for (int k = 0; given < total; k = (k + 1) % order.size(), given++) out[order.get(k)]++;
        return out;
    }

    /**
     * The same split with no part above {@code cap}: a part that would exceed it is cut to the cap and
     * the excess is split again over the parts still below it, by their weights, until none is over
     * (a counter of time spent paused cannot grow by more than the sample interval in one sample).
     *
     * @throws IllegalArgumentException when the total does not fit: more than {@code cap} times the
     *         number of parts with a positive weight
     */
    static long[] capped(long total, double[] weights, long cap) {
        long room = 0;
        for (double w : weights) if (w > 0) room += cap;
        if (total > room) throw new IllegalArgumentException(total + " does not fit in parts of at most " + cap);
        long[] out = exact(total, weights);
        while (true) {
            long excess = 0;
            double[] below = new double[weights.length];
            for (int i = 0; i < out.length; i++) {
                if (out[i] > cap) {
                    excess += out[i] - cap;
                    out[i] = cap;
                } else if (out[i] < cap) {
                    below[i] = weights[i];
                }
            }
            if (excess == 0) return out;
            long[] more = exact(excess, below);
            for (int i = 0; i < out.length; i++) out[i] += more[i];
        }
    }
}
