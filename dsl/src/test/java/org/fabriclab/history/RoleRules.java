package org.fabriclab.history;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Layer;
import org.fabriclab.series.Series;

/**
 * A two-port history for rules beyond congestion: port {@code h} (host-switch) and {@code s}
 * (switch-switch), six 5-minute samples each, with bytes, received packets, received discards and
 * symbol errors. Symbol errors per hour by interval: h 0, 144, 0, 12, 0; s 12, 0, 240, 720, none (a
 * reset). Received discards per GB: h 0, 10, 0, 1000, 0; s 0, 0, 250, 0, 0.
 */
final class RoleRules {
    private RoleRules() {}

    static final long T0 = 1_700_000_000_000L, STEP = 300_000L, GB = 1_000_000_000L;

    static History history() {
        long[] ts = new long[12];
        for (int i = 0; i < 12; i++) ts[i] = T0 + (i % 6) * STEP;
        Map<String, long[]> c = new LinkedHashMap<>();
        c.put("tx_bytes_phy", new long[] {0, GB, 2 * GB, 3 * GB, 4 * GB, 5 * GB, 0, 2 * GB, 4 * GB, 6 * GB, 8 * GB, 10 * GB});
        c.put("rx_packets_phy", new long[] {0, 1_000_000, 2_000_000, 3_000_000, 4_000_000, 5_000_000,
                0, 2_000_000, 4_000_000, 6_000_000, 8_000_000, 10_000_000});
        c.put("rx_discards_phy", new long[] {0, 0, 10, 10, 1010, 1010, 0, 0, 0, 500, 500, 500});
        c.put("SymbolErrorCounter", new long[] {0, 0, 12, 12, 13, 13, 5, 6, 6, 26, 86, 0});
        Map<String, double[]> m = new LinkedHashMap<>();
        m.put("effective_ber", new double[] {1e-15, 2e-12, Double.NaN, 1e-13, 1e-11, 1e-14, 1e-15, 1e-15, 1e-15, 5e-12, 1e-10, 1e-15});
        Series s = Series.of(new String[] {"h", "s"}, new int[] {0, 6, 12}, ts, c, m, null, new String[] {"host-switch", "switch-switch"});
        return History.of(s);
    }

    static Labels labels() {
        return Labels.of(List.of(
                new Labels.Incident("h", Layer.PHYSICAL, T0 + 2 * STEP, T0 + 2 * STEP, "h symbol burst"),
                new Labels.Incident("s", Layer.PHYSICAL, T0 + 4 * STEP, T0 + 5 * STEP, "s symbol burst, then a reset"),
                new Labels.Incident("h", Layer.LOSSLESS_BROKEN, T0 + 4 * STEP, T0 + 4 * STEP, "h drops")));
    }
}
