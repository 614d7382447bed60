package org.fabriclab.incident;

import java.util.Locale;
import java.util.Map;

import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Reading;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.CounterDef;
import org.fabriclab.snapshot.Snapshot;
import org.fabriclab.verdict.Profile;
import org.fabriclab.verdict.Profiles;

/**
 * The fabric of a port, which picks its profiles: InfiniBand (PMA counters, {@code ib} and
 * {@code ib-full}) or RoCE (netdev counters, {@code roce} and {@code roce-full}).
 *
 * <pre>{@code
 * FabricKind.of("roce").profile();      // Profiles.ROCE
 * FabricKind.found(snapshot, "mlx5_0/1");   // how the port's fabric was told
 * }</pre>
 */
public enum FabricKind {
    IB(Profiles.IB, Profiles.IB_FULL),
    ROCE(Profiles.ROCE, Profiles.ROCE_FULL);

    private final Profile profile;
    private final Profile full;

    FabricKind(Profile profile, Profile full) {
        this.profile = profile;
        this.full = full;
    }

    /** The runbook's profile for this fabric. */
    public Profile profile() { return profile; }

    /** The profile that grades every counter the catalogue knows for this fabric. */
    public Profile full() { return full; }

    public String label() { return name().toLowerCase(Locale.ROOT); }

    @Override public String toString() { return label(); }

    /** {@code ib} or {@code roce} (any case). @throws IllegalArgumentException otherwise */
    public static FabricKind of(String s) {
        return switch (s.trim().toLowerCase(Locale.ROOT)) {
            case "ib", "infiniband" -> IB;
            case "roce", "ethernet" -> ROCE;
            default -> throw new IllegalArgumentException("unknown fabric '" + s + "'; expected ib or roce");
        };
    }

    /** A port's fabric and how it was told. */
    public record Found(FabricKind kind, String how) {}

    /** The first of {@code readings} whose catalogue definition matches {@code test}, or null. */
    private static Reading first(Map<String, Reading> readings, java.util.function.Predicate<CounterDef> test) {
        Catalogue cat = Catalogue.standard();
        for (Reading x : readings.values()) {
            CounterDef d = x.catalogued() ? cat.definition(x.counter()).orElse(null) : null;
            if (d != null && test.test(d)) return x;
        }
        return null;
    }

    /**
     * The fabric of {@code port} in {@code s} when {@code given} was asked for: the given one, unless the
     * port's captured {@code link_layer} says the other fabric. A link layer is a fact about the port (an
     * InfiniBand link carries no RoCE), so on a host that mixes InfiniBand HCAs and a RoCE NIC, {@code
     * fabric=roce} grades the Ethernet ports as RoCE and leaves the InfiniBand ones InfiniBand (graded with
     * the RoCE profile they would be "incomplete" for five counters they cannot have, with their symbol
     * errors unread); the port's fabric says so. Where nothing captured tells the link layer (counters
     * alone), the given fabric decides.
     */
    public static Found given(Snapshot s, String port, FabricKind given) {
        Found own = found(s, port);
        String ll = s.attr(port, PortAttr.LINK_LAYER).orElse("").trim();
        boolean byLinkLayer = ll.equalsIgnoreCase("InfiniBand") || ll.equalsIgnoreCase("Ethernet");
        if (byLinkLayer && own.kind() != given) {
            return new Found(own.kind(), own.how() + "; fabric " + given + " was given, but this port's captured link layer is "
                    + ll + ": a given fabric decides the ports whose link layer is not captured");
        }
        return new Found(given, "given (" + given + ")");
    }

    /**
     * The fabric of {@code port} in {@code s}: its {@code link_layer} attribute (sysfs, ibstat), else
     * netdev counters ({@code ethtool -S}), a netdev attribute or a counter whose role exists only on
     * Ethernet ({@link org.fabriclab.catalogue.Role#impliesEthernet()}: an ECN-marked count, as
     * {@code rdma statistic} prints for RoCE) mean RoCE, PMA counters InfiniBand; a link layer that is
     * neither (EFA's {@code Unknown}) with only the RDMA device's own counters is graded with the RoCE
     * profiles, which read those counters; else InfiniBand.
     */
    public static Found found(Snapshot s, String port) {
        String ll = s.attr(port, PortAttr.LINK_LAYER).orElse("").trim();
        if (ll.equalsIgnoreCase("InfiniBand")) return new Found(IB, "link layer InfiniBand");
        if (ll.equalsIgnoreCase("Ethernet")) return new Found(ROCE, "link layer Ethernet");
        Map<String, Reading> r = s.readings(port);
        Reading netdev = first(r, d -> d.namespace().equals("netdev"));
        if (netdev != null) return new Found(ROCE, "netdev counters (" + netdev.source() + ")");
        if (s.attr(port, PortAttr.NETDEV).isPresent()) return new Found(ROCE, "netdev " + s.attr(port, PortAttr.NETDEV).get());
        Reading ecn = first(r, d -> d.roles().stream().anyMatch(org.fabriclab.catalogue.Role::impliesEthernet));
        if (ecn != null) {
            return new Found(ROCE, "an Ethernet-only counter (" + ecn.rawName() + ", " + ecn.source()
                    + ": ECN marks are IP-header marks, which InfiniBand does not carry)");
        }
        Reading pma = first(r, d -> d.namespace().equals("ib-pma"));
        if (pma != null) return new Found(IB, "PMA port counters (" + pma.source() + ")");
        if (!ll.isEmpty()) {
            // a link layer that is neither (EFA's sysfs says "Unknown"): not InfiniBand, which has PMA counters; an RDMA
            // device that shows only its own device counters is graded by them, with the profile that reads those
            Reading dev = first(r, d -> d.namespace().equals("rdma-device"));
            if (dev != null) {
                return new Found(ROCE, "link layer '" + ll + "' with no PMA counters: an RDMA device (as AWS EFA) graded by its own device counters ("
                        + dev.rawName() + ", " + dev.source() + ") with the roce profile, the one that reads them");
            }
            return new Found(IB, "link layer '" + ll + "' and no netdev or PMA counter: taken as InfiniBand");
        }
        return new Found(IB, "nothing tells the link layer (no link_layer, netdev or PMA counter): taken as InfiniBand");
    }
}
