package org.fabriclab.check.health.replay;

import org.fabriclab.check.health.pdr.PdrConfig;

/**
 * The action-execution checkpoints. The seed names each parameter but gives no default; the defaults
 * here are fabriclab's choices (the reasons in {@link #defaults()}), every one settable.
 * <ul>
 * <li>isolation: {@code maxIsolationsPerHour/Day/Week/Month} (distinct links isolated within the sliding
 * window), {@code minHealthyLinksBetweenSwitches} (when the healthy links between the two switches of a
 * trunk link are down to this many, no further isolation there), {@code minActivePortsPerSwitch}
 * (checked for both switches of the link), {@code maxAlertsPerIteration} (more alerting ports in one
 * iteration means a fabric-wide event, not bad links: nothing is isolated), {@code accessLinksRedundant}
 * (false: only trunk links are acted on), {@code maxIsolatedAtOnce} (the PDR plugin's cap; off for IBLR);</li>
 * <li>de-isolation: {@code maxDeisolationsPerHour}, {@code minCleanMs} (clean of alerts this long to qualify),
 * {@code maxRecoveryMs} (isolated longer without being de-isolated: unrecoverable), {@code deisolateConsiderMs}
 * (the PDR plugin's DEISOLATE_CONSIDER_TIME), {@code doDeisolation}.</li>
 * </ul>
 * {@link #AUTO} in {@code maxAlertsPerIteration} or {@code maxIsolatedAtOnce} means max(10, 0.5 % of the
 * fabric's ports), the PDR plugin's MAX_NUM_ISOLATE rule.
 *
 * <pre>{@code
 * ReplayConfig c = ReplayConfig.defaults().withIsolationRates(1, 5, 10, 20).withMinHealthyLinks(2);
 * }</pre>
 */
public record ReplayConfig(int maxIsolationsPerHour, int maxIsolationsPerDay, int maxIsolationsPerWeek, int maxIsolationsPerMonth,
                           int minHealthyLinksBetweenSwitches, int minActivePortsPerSwitch, int maxAlertsPerIteration,
                           boolean accessLinksRedundant, int maxIsolatedAtOnce, int maxDeisolationsPerHour, long minCleanMs,
                           long maxRecoveryMs, long deisolateConsiderMs, boolean doDeisolation) {
    /** max(10, 0.5 % of the fabric's ports). */
    public static final int AUTO = -1;
    /** No limit. */
    public static final int OFF = Integer.MAX_VALUE;
    public static final long HOUR_MS = 3_600_000L, DAY_MS = 24 * HOUR_MS, WEEK_MS = 7 * DAY_MS, MONTH_MS = 30 * DAY_MS;

    /**
     * fabriclab's IBLR defaults, with reasons:
     * <ul>
     * <li>isolations 2 per hour, 10 per day, 20 per week, 40 per month: the PDR plugin lets max(10, 0.5 %)
     * ports be isolated at once, and a day is about the time an isolated link takes to be repaired or
     * declared unrecoverable, so 10 per day keeps the same order; 2 per hour lets an operator see each one
     * before the next; a week and a month allow twice and four times a bad day, not seven and thirty;</li>
     * <li>min healthy links between two switches 1: never isolate the last link between two switches
     * (that would cut them apart); fabrics with more parallel links raise it;</li>
     * <li>min active ports per switch 1: never take a switch's last active port;</li>
     * <li>max alerts per iteration {@link #AUTO}: max(10, 0.5 % of the ports) alerting at once is a
     * fabric event (a firmware or SM problem), the PDR plugin's bound on isolated ports;</li>
     * <li>access links not redundant (false): the common case, one link per host, as the PDR plugin's
     * SWITCH_TO_HOST_ISOLATION=False;</li>
     * <li>de-isolations 2 per hour: reinstate at the pace of isolation;</li>
     * <li>min clean period 126 minutes: the longest rule window (symbol errors over 125 minutes) must pass
     * clean once, the PDR plugin's "126 m test";</li>
     * <li>max recovery period 24 hours: a link that is not clean a day after isolation needs a technician.</li>
     * </ul>
     */
    public static ReplayConfig defaults() {
        return new ReplayConfig(2, 10, 20, 40, 1, 1, AUTO, false, OFF, 2, 126 * 60_000L, DAY_MS, 0, true);
    }

    /** The PDR plugin's action rules: no rate or topology checkpoints, MAX_NUM_ISOLATE, SWITCH_TO_HOST_ISOLATION, retest, never unrecoverable. */
    public static ReplayConfig pdr(PdrConfig c) {
        return new ReplayConfig(OFF, OFF, OFF, OFF, 0, 0, OFF, c.switchToHostIsolation(), AUTO, OFF, c.retestMs(), Long.MAX_VALUE,
                c.deisolateConsiderMs(), c.doDeisolation());
    }

    public ReplayConfig {
        if (minHealthyLinksBetweenSwitches < 0 || minActivePortsPerSwitch < 0 || minCleanMs < 0 || maxRecoveryMs <= 0 || deisolateConsiderMs < 0) {
            throw new IllegalArgumentException("checkpoint values must not be negative (max recovery period > 0)");
        }
        for (int v : new int[] {maxIsolationsPerHour, maxIsolationsPerDay, maxIsolationsPerWeek, maxIsolationsPerMonth, maxDeisolationsPerHour}) {
            if (v < 0) throw new IllegalArgumentException("a rate limit must be >= 0 (OFF for none)");
        }
        if (maxAlertsPerIteration < AUTO || maxIsolatedAtOnce < AUTO) throw new IllegalArgumentException("expected a count, AUTO or OFF");
    }

    /** {@code v}, or max(10, 0.5 % of {@code ports}) when {@link #AUTO}. */
    static int resolve(int v, int ports) { return v == AUTO ? Math.max(10, ports / 200) : v; }

    public ReplayConfig withIsolationRates(int hour, int day, int week, int month) {
        return new ReplayConfig(hour, day, week, month, minHealthyLinksBetweenSwitches, minActivePortsPerSwitch, maxAlertsPerIteration,
                accessLinksRedundant, maxIsolatedAtOnce, maxDeisolationsPerHour, minCleanMs, maxRecoveryMs, deisolateConsiderMs, doDeisolation);
    }

    public ReplayConfig withMinHealthyLinks(int n) {
        return new ReplayConfig(maxIsolationsPerHour, maxIsolationsPerDay, maxIsolationsPerWeek, maxIsolationsPerMonth, n, minActivePortsPerSwitch,
                maxAlertsPerIteration, accessLinksRedundant, maxIsolatedAtOnce, maxDeisolationsPerHour, minCleanMs, maxRecoveryMs, deisolateConsiderMs,
                doDeisolation);
    }

    public ReplayConfig withMinActivePorts(int n) {
        return new ReplayConfig(maxIsolationsPerHour, maxIsolationsPerDay, maxIsolationsPerWeek, maxIsolationsPerMonth, minHealthyLinksBetweenSwitches, n,
                maxAlertsPerIteration, accessLinksRedundant, maxIsolatedAtOnce, maxDeisolationsPerHour, minCleanMs, maxRecoveryMs, deisolateConsiderMs,
                doDeisolation);
    }

    public ReplayConfig withMaxAlertsPerIteration(int n) {
        return new ReplayConfig(maxIsolationsPerHour, maxIsolationsPerDay, maxIsolationsPerWeek, maxIsolationsPerMonth, minHealthyLinksBetweenSwitches,
                minActivePortsPerSwitch, n, accessLinksRedundant, maxIsolatedAtOnce, maxDeisolationsPerHour, minCleanMs, maxRecoveryMs, deisolateConsiderMs,
                doDeisolation);
    }

    public ReplayConfig withAccessLinksRedundant(boolean redundant) {
        return new ReplayConfig(maxIsolationsPerHour, maxIsolationsPerDay, maxIsolationsPerWeek, maxIsolationsPerMonth, minHealthyLinksBetweenSwitches,
                minActivePortsPerSwitch, maxAlertsPerIteration, redundant, maxIsolatedAtOnce, maxDeisolationsPerHour, minCleanMs, maxRecoveryMs,
                deisolateConsiderMs, doDeisolation);
    }

    public ReplayConfig withMaxIsolatedAtOnce(int n) {
        return new ReplayConfig(maxIsolationsPerHour, maxIsolationsPerDay, maxIsolationsPerWeek, maxIsolationsPerMonth, minHealthyLinksBetweenSwitches,
                minActivePortsPerSwitch, maxAlertsPerIteration, accessLinksRedundant, n, maxDeisolationsPerHour, minCleanMs, maxRecoveryMs,
                deisolateConsiderMs, doDeisolation);
    }

    /** De-isolation checkpoints: max per hour, minimum clean period, maximum recovery period. */
    public ReplayConfig withDeisolation(int perHour, long minCleanMs, long maxRecoveryMs) {
        return new ReplayConfig(maxIsolationsPerHour, maxIsolationsPerDay, maxIsolationsPerWeek, maxIsolationsPerMonth, minHealthyLinksBetweenSwitches,
                minActivePortsPerSwitch, maxAlertsPerIteration, accessLinksRedundant, maxIsolatedAtOnce, perHour, minCleanMs, maxRecoveryMs,
                deisolateConsiderMs, doDeisolation);
    }
}
