package org.fabriclab.check;

import java.util.Set;

import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Layer;

/**
 * Which counters {@code all=N} covers: every catalogued counter whose layer is an error layer
 * (physical, pause-storm, lossless-broken, transport-retry, remote-access), plus the PortCounters
 * fields the kernel ABI and NVIDIA's mlx5 counter guide class as "Error" although they implicate no
 * link layer (switch relay, constraint errors, VL15 drops and the {@code perfquery -E} details).
 * Congestion and informative counters (data, packets, {@code PortXmitWait}, pause frames) are not
 * errors.
 */
public final class ErrorCounters {
    private static final Set<String> ALSO = Set.of("PortRcvSwitchRelayErrors", "PortXmitConstraintErrors",
            "PortRcvConstraintErrors", "VL15Dropped", "PortMalformedPktErrors", "PortDLIDMappingErrors",
            "PortVLMappingErrors", "PortLoopingErrors", "PortNeighborMTUDiscards");

    private ErrorCounters() {}

    /** True when {@code canonical} is an error counter in the {@code all=N} sense. */
    public static boolean isError(String canonical) {
        if (ALSO.contains(canonical)) return true;
        Catalogue cat = Catalogue.standard();
        if (cat.definition(canonical).isEmpty()) return false;
        Layer l = cat.layerOf(canonical);
        return l != Layer.INFORMATIVE && l != Layer.CONGESTION;
    }
}
