package org.fabriclab.kernel.cli;

import java.util.LinkedHashMap;
import java.util.Map;

import org.fabriclab.verdict.Verdict;

/** The JSON shape of a verdict: the seed's three keys first, then port, profile, reasons and rates. */
final class VerdictJson {
    private VerdictJson() {}

    static Map<String, Object> of(Verdict v) {
        Map<String, Object> m = new LinkedHashMap<>(v.seedView());
        m.put("port", v.port());
        m.put("profile", v.profile());
        m.put("reasons", v.reasons());
        m.put("per_gb", v.perGb());
        m.put("bytes", v.bytes());
        m.put("cong_per_gb", v.congPerGb());
        return m;
    }
}
