package org.fabriclab.check.health;

import org.fabriclab.work.Cancellation;
import java.util.List;

import org.fabriclab.delta.Rules;
import org.fabriclab.delta.Status;
import org.fabriclab.series.Columns;
import org.fabriclab.series.Series;

/**
 * Failure detection, symbol errors over a 12-minute and a 125-minute window; an alert when the
 * count in either window exceeds its threshold (default 2.88 and 3).
 * <p><b>Unit: symbol errors counted in the window</b> (the delta of the symbol-error counter,
 * canonical {@code SymbolErrorCounter}, between the oldest sample inside the window and the current
 * one). Why a count, and why fractional: the defaults are bit-error-rate limits expressed as the
 * number of errors an NDR link (4 x 100 Gb/s = 4e11 b/s) may show in the window:
 * 4e11 b/s x 720 s x 1e-14 = 2.88 errors in 12 minutes and 4e11 b/s x 7500 s x 1e-15 = 3 errors in
 * 125 minutes. That is also why the plugin applies the rule to NDR only: on an HDR link the same
 * counts mean a different BER. A window needs two samples (so with 5-minute telemetry the 12-minute
 * window spans 10 minutes). The count is a delta: the delta rule decides whether it is one (a reset or
 * a pegged value at the window's end, or a missing sample at either end, makes the window unusable).
 */
final class SymbolErrorRule {
    static final String RULE_12 = "symbol-errors-12min";
    static final String RULE_125 = "symbol-errors-125min";

    private SymbolErrorRule() {}

    static void run(Series s, HealthConfig c, List<Alert> out, List<String> notes) {
        long[] sym = s.counter(c.symbolCounter());
        if (sym == null) {
            notes.add("symbol-errors: skipped, the series lacks " + c.symbolCounter());
            return;
        }
        long cap = s.column(c.symbolCounter()).map(Columns::cap).orElse(0L);
        window(s, sym, cap, HealthConfig.WINDOW_12_MIN_MS, c.symbol12MinThreshold(), RULE_12, c, out);
        window(s, sym, cap, HealthConfig.WINDOW_125_MIN_MS, c.symbol125MinThreshold(), RULE_125, c, out);
    }

    private static void window(Series s, long[] sym, long cap, long windowMs, double thr, String rule, HealthConfig c, List<Alert> out) {
        long[] ts = s.timestamps();
        Cancellation cancel = Cancellation.ofCurrentThread();
        for (int p = 0; p < s.portCount(); p++) {
            cancel.check();
            Episode ep = new Episode(Engine.FAILURE_DETECTION, rule, true);
            Mode mode = c.modeOf(Engine.FAILURE_DETECTION, s.port(p));
            int j = s.start(p);
            for (int i = s.start(p); i < s.end(p); i++) {
                while (ts[j] < ts[i] - windowMs) j++;
                if (j == i || Rules.status(sym[j], sym[i], cap) != Status.READABLE) {
                    ep.clear(s.port(p), mode, out);
                    continue;
                }
                long n = sym[i] - sym[j];
                if (n > thr) {
                    final long span = ts[i] - ts[j];
                    ep.hit(ts[i], n, thr, () -> n + " symbol errors over " + (span / 60_000.0) + " min");
                } else {
                    ep.clear(s.port(p), mode, out);
                }
            }
            ep.clear(s.port(p), mode, out);
        }
    }
}
