package org.fabriclab.incident;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Direction;
import org.fabriclab.catalogue.Role;
import org.fabriclab.delta.CounterDelta;
import org.fabriclab.delta.Delta;
import org.fabriclab.delta.Status;

/**
 * The bytes a test moved through one port, and how that figure was found: given, or derived from
 * the port's data counters (catalogue role {@code bytes}, port scope). Per direction the first
 * readable counter in catalogue order that moved is taken ({@code PortXmitData} x 4, since the PMA counts
 * 4-octet words, before the netdev's {@code tx_bytes_phy}, before the software {@code tx_bytes} that RDMA
 * traffic bypasses; 0 when every readable one stayed still); the larger direction is the test's traffic (a write test sends, its peer
 * receives). NaN when no data counter is readable (absent, reset or pegged).
 *
 * <pre>{@code
 * BytesMoved b = BytesMoved.derive(delta, "mlx5_0/1");
 * b.bytes();   // 1.0E12
 * b.how();     // "PortXmitData +250000000000 x 4 = 1e+12 bytes (tx) ..."
 * }</pre>
 */
public record BytesMoved(String port, double bytes, boolean given, String how) {

    /** True when the figure is a positive byte count. */
    public boolean known() { return bytes > 0; }

    /** {@code bytes} for every port, as given by the user. */
    static BytesMoved given(String port, double bytes, BytesMoved derived) {
        String cmp = derived == null || !derived.known() ? "" : String.format(Locale.ROOT, "; the data counters say %s (%s)",
                num(derived.bytes()), Math.abs(derived.bytes() / bytes - 1) <= 0.1 ? "agree within 10%"
                        : "they DIFFER by more than 10%: check the figure or the port");
        return new BytesMoved(port, bytes, true, "given: " + num(bytes) + cmp);
    }

    /** The bytes through {@code port} from its data counters. */
    public static BytesMoved derive(Delta d, String port) {
        Catalogue cat = Catalogue.standard();
        Map<String, CounterDelta> m = d.port(port);
        List<String> parts = new ArrayList<>(), tried = new ArrayList<>();
        double best = Double.NaN;
        String bestDir = null;
        for (Direction dir : List.of(Direction.TX, Direction.RX)) {
            String zero = null;
            for (String c : cat.portCounters(Role.BYTES, dir)) {
                CounterDelta cd = m.get(c);
                if (cd == null) continue;
                if (cd.status() != Status.READABLE) { tried.add(c + " " + cd.status() + (cd.reason() == null ? "" : " (" + cd.reason() + ")")); continue; }
                if (cd.delta() == 0) { if (zero == null) zero = c; continue; }   // a later counter of the port may count the traffic
                long scale = cat.definition(c).map(x -> x.scale()).orElse(1L);
                double bytes = (double) cd.delta() * scale;
                parts.add(c + " +" + cd.delta() + (scale == 1 ? "" : " x " + scale) + " = " + num(bytes) + " (" + dir + ")");
                if (Double.isNaN(best) || bytes > best) { best = bytes; bestDir = dir.toString(); }
                zero = null;
                break;
            }
            if (zero != null) {
                parts.add(zero + " +0 (" + dir + ")");
                if (Double.isNaN(best)) { best = 0; bestDir = dir.toString(); }
            }
        }
        if (Double.isNaN(best)) {
            return new BytesMoved(port, Double.NaN, false, tried.isEmpty() ? "no data counter (role bytes) captured on this port"
                    : "no readable data counter: " + String.join("; ", tried));
        }
        String how = String.join(", ", parts) + (parts.size() > 1 ? "; the larger direction (" + bestDir + ") is taken" : "");
        if (best == 0) how += ": no traffic between the snapshots";
        return new BytesMoved(port, best, false, "from the data counters: " + how);
    }

    /** A byte count as the report prints it: {@code 1000000000000 bytes (1000 GB)}. */
    static String num(double v) {
        if (Double.isNaN(v)) return "unknown";
        String exact = v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.6g", v);
        return exact + " bytes" + (v >= 1e6 ? String.format(Locale.ROOT, " (%.4g GB)", v / 1e9) : "");
    }
}
