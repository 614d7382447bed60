package org.fabriclab.check.health;

import org.fabriclab.work.Cancellation;
import java.util.List;

import org.fabriclab.capture.Telemetry;
import org.fabriclab.series.Series;

/**
 * Operating conditions: module temperature outside {@code [low, high]} C (default -10..70) or
 * voltage outside {@code [low, high]} mV (default 3100..3500); a value on a bound is inside. Read
 * from the {@code temperature_c} and {@code voltage_mv} measurements; NaN samples are skipped.
 */
final class OperatingConditionsRule {
    static final String TEMPERATURE = "temperature";
    static final String VOLTAGE = "voltage";

    private OperatingConditionsRule() {}

    static void run(Series s, HealthConfig c, List<Alert> out, List<String> notes) {
        range(s, s.measure(Telemetry.TEMPERATURE_C), TEMPERATURE, "C", c.temperatureLowC(), c.temperatureHighC(), c, out, notes);
        range(s, s.measure(Telemetry.VOLTAGE_MV), VOLTAGE, "mV", c.voltageLowMv(), c.voltageHighMv(), c, out, notes);
    }

    private static void range(Series s, double[] v, String rule, String unit, double low, double high, HealthConfig c,
                              List<Alert> out, List<String> notes) {
        if (v == null) {
            notes.add(rule + ": skipped, the series has no " + (rule.equals(TEMPERATURE) ? Telemetry.TEMPERATURE_C : Telemetry.VOLTAGE_MV));
            return;
        }
        long[] ts = s.timestamps();
        Cancellation cancel = Cancellation.ofCurrentThread();
        for (int p = 0; p < s.portCount(); p++) {
            cancel.check();
            Episode hi = new Episode(Engine.OPERATING_CONDITIONS, rule + "-high", true);
            Episode lo = new Episode(Engine.OPERATING_CONDITIONS, rule + "-low", false);
            Mode mode = c.modeOf(Engine.OPERATING_CONDITIONS, s.port(p));
            for (int i = s.start(p); i < s.end(p); i++) {
                double x = v[i];
                if (Double.isNaN(x)) { hi.clear(s.port(p), mode, out); lo.clear(s.port(p), mode, out); continue; }
                if (x > high) hi.hit(ts[i], x, high, () -> x + " " + unit + " above " + high + " " + unit);
                else hi.clear(s.port(p), mode, out);
                if (x < low) lo.hit(ts[i], x, low, () -> x + " " + unit + " below " + low + " " + unit);
                else lo.clear(s.port(p), mode, out);
            }
            hi.clear(s.port(p), mode, out);
            lo.clear(s.port(p), mode, out);
        }
    }
}
