package org.fabriclab.reconcile;

import java.util.List;

/**
 * One perftest run against the counters of its port. Bandwidths in bytes per second; the link rate
 * in Gb/s as sysfs {@code rate} and ibstat print it; ratios are plain fractions (NaN when an input is
 * missing). {@code counterBytesPerSec} is the direction the run measured (transmit for the client,
 * receive for the server, their sum for a bidirectional run, the larger for an unknown role).
 * {@code xmitWords} is the exact data-word delta the transmit rate was computed from.
 */
public record PortReconciliation(String port, String role, String test, String file, boolean bidirectional, String unit,
                                 double durationS, double perftestBytesPerSec, Long xmitWords, Long rcvWords,
                                 double counterXmitBytesPerSec, double counterRcvBytesPerSec, double counterBytesPerSec,
                                 double linkRateGbps, double xmitWaitPerSec, Case verdict, String reason, List<String> warnings) {

    public PortReconciliation {
        warnings = List.copyOf(warnings);
    }

    /** The link rate in bytes per second. */
    public double linkBytesPerSec() { return linkRateGbps * 1e9 / 8; }

    public double perftestToRate() { return perftestBytesPerSec / linkBytesPerSec(); }

    public double counterToRate() { return counterBytesPerSec / linkBytesPerSec(); }

    /** Counter bytes over perftest payload bytes: above 1 by the header and ACK overhead. */
    public double counterToPerftest() { return counterBytesPerSec / perftestBytesPerSec; }

    public static double gbps(double bytesPerSec) { return bytesPerSec * 8 / 1e9; }
}
