package org.fabriclab.catalogue;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The family placeholders: {@code {n}} for priorities 0..7 ({@code prio0..prio7}), {@code {p}} for
 * {@code prio0..prio7} and {@code global}, {@code {b}} for the {@value #BINS} bins of the FEC error
 * histogram (member labels {@code bin0..bin15}).
 */
final class Priorities {
    /** Bins of the RS-FEC error histogram ({@code hist0..hist15} in UFM telemetry, {@code Bin 0..15} in mlxlink). */
    static final int BINS = 16;
    static final String BIN_LABEL = "bin";
    /** The member label of priority N: {@code prio} + N. */
    static final String PRIO_LABEL = "prio";

    private Priorities() {}

    /** Member label ({@code "prio3"}, {@code "global"}, {@code "bin3"}, {@code ""} for none) to expanded name, in order. */
    static Map<String, String> expand(String pattern) {
        Map<String, String> out = new LinkedHashMap<>();
        if (pattern.contains("{n}")) {
            for (int i = 0; i < 8; i++) out.put(PRIO_LABEL + i, pattern.replace("{n}", Integer.toString(i)));
        } else if (pattern.contains("{p}")) {
            for (int i = 0; i < 8; i++) out.put(PRIO_LABEL + i, pattern.replace("{p}", PRIO_LABEL + i));
            out.put("global", pattern.replace("{p}", "global"));
        } else if (pattern.contains("{b}")) {
            for (int i = 0; i < BINS; i++) out.put(BIN_LABEL + i, pattern.replace("{b}", Integer.toString(i)));
        } else {
            out.put("", pattern);
        }
        return out;
    }
}
