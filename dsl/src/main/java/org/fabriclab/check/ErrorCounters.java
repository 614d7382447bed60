package org.fabriclab.check;

import org.fabriclab.catalogue.Catalogue;

/**
 * Which counters {@code all=N} covers: the catalogue's {@code error} flag. It is set for every
 * counter of an error layer (physical, pause-storm, lossless-broken, transport-retry, remote-access)
 * and for the PortCounters fields the kernel ABI and NVIDIA's mlx5 counter guide class as "Error"
 * although they implicate no link layer (switch relay, constraint errors, VL15 drops and the
 * {@code perfquery -E} details). Congestion and informative counters (data, packets,
 * {@code PortXmitWait}, pause frames) are not errors.
 *
 * <pre>{@code
 * ErrorCounters.isError("VL15Dropped");    // true
 * ErrorCounters.isError("PortXmitData");   // false
 * }</pre>
 */
public final class ErrorCounters {
    private ErrorCounters() {}

    /** True when {@code canonical} is an error counter in the {@code all=N} sense. */
    public static boolean isError(String canonical) {
        return Catalogue.standard().isError(canonical);
    }
}
