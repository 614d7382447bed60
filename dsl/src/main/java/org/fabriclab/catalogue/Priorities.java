package org.fabriclab.catalogue;

import java.util.LinkedHashMap;
import java.util.Map;

/** The priority placeholders: {@code {n}} for 0..7 ({@code prio0..prio7}), {@code {p}} for {@code prio0..prio7} and {@code global}. */
final class Priorities {
    private Priorities() {}

    /** Priority label ({@code "prio3"}, {@code "global"}, {@code ""} for none) to expanded name, in order. */
    static Map<String, String> expand(String pattern) {
        Map<String, String> out = new LinkedHashMap<>();
        if (pattern.contains("{n}")) {
            for (int i = 0; i < 8; i++) out.put("prio" + i, pattern.replace("{n}", Integer.toString(i)));
        } else if (pattern.contains("{p}")) {
            for (int i = 0; i < 8; i++) out.put("prio" + i, pattern.replace("{p}", "prio" + i));
            out.put("global", pattern.replace("{p}", "global"));
        } else {
            out.put("", pattern);
        }
        return out;
    }
}
