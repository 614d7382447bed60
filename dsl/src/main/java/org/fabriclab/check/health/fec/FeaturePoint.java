package org.fabriclab.check.health.fec;

/**
 * The features of one port at one evaluation time: {@code port} is the series' port index,
 * {@code timeMs} the last sample of the hour the features end with (epoch ms), {@code x} the values in
 * {@link Feature} order. The array is shared: do not modify.
 */
public record FeaturePoint(int port, String portName, long timeMs, double[] x) {
    public double get(Feature f) { return x[f.ordinal()]; }
}
