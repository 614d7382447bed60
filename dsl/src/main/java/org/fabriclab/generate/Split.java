package org.fabriclab.generate;

/** Splits an exact integer total into parts proportional to weights, parts summing exactly to the total. */
final class Split {
    private Split() {}

    static long[] exact(long total, double[] weights) {
        double sum = 0;
        for (double w : weights) sum += w;
        long[] out = new long[weights.length];
        long given = 0;
        for (int i = 0; i < weights.length; i++) {
            out[i] = (long) Math.floor(total * (weights[i] / sum));
            given += out[i];
        }
        long rest = total - given;
        for (int i = 0; rest > 0; i = (i + 1) % out.length) {
            if (weights[i] > 0) { out[i]++; rest--; }
        }
        return out;
    }
}
