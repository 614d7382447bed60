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
}
