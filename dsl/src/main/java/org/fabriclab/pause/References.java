package org.fabriclab.pause;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Published pause-storm references the analysis compares with. They are other systems' detection
 * rules, quoted for judgement, not thresholds of this project:
 * <ul>
 * <li>{@link #NIC_WATCHDOG_MS}: the NIC-side pause-storm watchdog of Guo et al., "RDMA over Commodity
 * Ethernet at Scale" (SIGCOMM 2016, Microsoft): a NIC whose receive pipeline has been stalled for
 * 100 ms while it keeps sending pause stops sending pause, so one host cannot freeze the fabric. It is
 * about <em>sent</em> pause (tx: our receive path is behind).</li>
 * <li>{@link #SONIC_OLD_DUTY} and {@link #SONIC_DUTY}: SONiC's switch PFC watchdog (sonic-swss pull
 * request 3036, "PFC watchdog long term solution to reduce false alarm", NVIDIA, 2024). Before it, a
 * queue with nothing queued counted as stormed when received PFC held it paused for more than 80% of
 * the detection interval; since it, only when paused for more than 99% of the interval while packets
 * are queued and none leave. It is about <em>received</em> pause (rx: the peer throttles us).</li>
 * </ul>
 * A counter delta gives the time paused in a window, not how it was spread: a duty cycle near 100%
 * over a window of 100 ms or more implies a continuous stretch as long as the NIC watchdog's; a lower
 * one cannot tell continuous from scattered. The storm counters say whether a watchdog fired.
 *
 * <pre>{@code
 * References.compare(row);   // "duty cycle 86.0%: above SONiC's former 80% bar, below its 99% bar"
 * }</pre>
 */
public final class References {
    /** The NIC pause-storm watchdog's stall time (Guo et al., SIGCOMM 2016), milliseconds. */
    public static final double NIC_WATCHDOG_MS = 100;
    /** SONiC's PFC-watchdog duty-cycle bar before sonic-swss PR 3036 (fraction of the detection interval). */
    public static final double SONIC_OLD_DUTY = 0.80;
    /** SONiC's PFC-watchdog duty-cycle bar since sonic-swss PR 3036. */
    public static final double SONIC_DUTY = 0.99;

    /** The citations, one line each, as the report prints them. */
    public static final List<String> CITATIONS = List.of(
            "NIC pause-storm watchdog, 100 ms: C. Guo et al., \"RDMA over Commodity Ethernet at Scale\", ACM SIGCOMM 2016 "
                    + "(a NIC whose receive pipeline stalls for 100 ms stops sending pause)",
            "SONiC PFC watchdog duty-cycle bars, 80% (before) and 99% (since) of the detection interval: sonic-net/sonic-swss "
                    + "pull request 3036, \"[Mellanox] PFC watchdog long term solution to reduce false alarm\" (2024)");

    private References() {}

    /** How a window's pause compares with the references, one sentence; empty when nothing can be said. */
    public static String compare(PauseRow r) {
        List<String> out = new ArrayList<>();
        double duty = r.dutyCycle();
        if (!Double.isNaN(duty)) {
            String pct = String.format(Locale.ROOT, "duty cycle %.1f%%", duty * 100);
            if (duty > 1.0) out.add(pct + ": more time paused than elapsed, so the duration counter's unit or the snapshot times are wrong");
            else if (duty > SONIC_DUTY) out.add(pct + ": above SONiC's 99% bar (a queue held off for the whole window)");
            else if (duty > SONIC_OLD_DUTY) out.add(pct + ": above SONiC's former 80% bar, below its current 99% bar");
            else out.add(pct + ": below SONiC's 80% and 99% bars");
            if (duty > SONIC_DUTY && r.elapsedS() * 1000 >= NIC_WATCHDOG_MS) {
                out.add("paused nearly continuously for " + seconds(r.elapsedS()) + ", at least the NIC watchdog's 100 ms");
            }
        }
        if (r.pauseUs() != null && r.pauseUs() > 0) {
            double ms = r.pauseUs() / 1e3;
            out.add(ms >= NIC_WATCHDOG_MS
                    ? String.format(Locale.ROOT, "%s paused in total, more than the NIC watchdog's 100 ms (continuity cannot be told from the counters)", seconds(ms / 1e3))
                    : String.format(Locale.ROOT, "%s paused in total, less than the NIC watchdog's 100 ms", seconds(ms / 1e3)));
        }
        return String.join("; ", out);
    }

    static String seconds(double s) {
        if (s >= 1) return String.format(Locale.ROOT, "%.2f s", s);
        if (s >= 1e-3) return String.format(Locale.ROOT, "%.1f ms", s * 1e3);
        return String.format(Locale.ROOT, "%.0f µs", s * 1e6);
    }
}
