package org.fabriclab.catalogue;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The family placeholders: {@code {n}} for priorities 0..7 ({@code prio0..prio7}), {@code {p}} for
 * {@code prio0..prio7} and {@code global}, {@code {b}} for the {@value #BINS} bins of the FEC error
 * histogram (member labels {@code bin0..bin15}), {@code {l}} for the {@value #LANES} physical lanes of a
 * port (member labels {@code lane0..lane11}: lanes are numbered from 0; InfiniBand's PortExtendedSpeedsCounters has
 * fields for 12 lanes, PPCNT for 8, whose bindings name lanes 0..7 one by one), {@code {sl}}
 * for the {@value #SLS} InfiniBand service levels (member labels {@code sl0..sl15}).
 */
final class Priorities {
    /** Bins of the RS-FEC error histogram ({@code hist0..hist15} in UFM telemetry, {@code Bin 0..15} in mlxlink). */
    static final int BINS = 16;
    static final String BIN_LABEL = "bin";
    /** The member label of priority N: {@code prio} + N. */
    static final String PRIO_LABEL = "prio";
    /**
     * Lanes of a port: InfiniBand's PortExtendedSpeedsCounters has {@code ErrorDetectionCounterLane0..11} (a 12x
     * link); the PPCNT physical layer statistical group has {@code phy_raw_errors_lane0..7}.
     */
    static final int LANES = 12;
    static final String LANE_LABEL = "lane";
    /** InfiniBand service levels (4-bit SL: {@code PortXmitDataSL} holds SL 0..15). */
    static final int SLS = 16;
    static final String SL_LABEL = "sl";

    /** Every family placeholder, the order {@link #expand} tries them in. */
    static final String[] PLACEHOLDERS = {"{n}", "{p}", "{b}", "{l}", "{sl}"};

    private Priorities() {}

    /** Whether {@code pattern} holds any family placeholder. */
    static boolean isFamily(String pattern) {
        for (String p : PLACEHOLDERS) if (pattern.contains(p)) return true;
        return false;
    }

    /**
     * Member label ({@code "prio3"}, {@code "global"}, {@code "bin3"}, {@code "lane3"}, {@code "sl3"},
     * {@code ""} for none) to expanded name, in order.
     */
    static Map<String, String> expand(String pattern) {
        if (pattern.indexOf('{') < 0) return Map.of("", pattern);   // most names: no placeholder to look for
        Map<String, String> out = new LinkedHashMap<>();
        if (pattern.contains("{n}")) {
            for (int i = 0; i < 8; i++) out.put(PRIO_LABEL + i, pattern.replace("{n}", Integer.toString(i)));
        } else if (pattern.contains("{p}")) {
            for (int i = 0; i < 8; i++) out.put(PRIO_LABEL + i, pattern.replace("{p}", PRIO_LABEL + i));
            out.put("global", pattern.replace("{p}", "global"));
        } else if (pattern.contains("{b}")) {
            for (int i = 0; i < BINS; i++) out.put(BIN_LABEL + i, pattern.replace("{b}", Integer.toString(i)));
        } else if (pattern.contains("{l}")) {
            for (int i = 0; i < LANES; i++) out.put(LANE_LABEL + i, pattern.replace("{l}", Integer.toString(i)));
        } else if (pattern.contains("{sl}")) {
            for (int i = 0; i < SLS; i++) out.put(SL_LABEL + i, pattern.replace("{sl}", Integer.toString(i)));
        } else {
            out.put("", pattern);
        }
        return out;
    }

    /** The index in member label {@code label} when it is {@code prefix} + digits, else -1. */
    static int index(String label, String prefix) {
        if (!label.startsWith(prefix) || label.length() == prefix.length()) return -1;
        int v = 0;
        for (int i = prefix.length(); i < label.length(); i++) {
            char c = label.charAt(i);
            if (c < '0' || c > '9') return -1;
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
