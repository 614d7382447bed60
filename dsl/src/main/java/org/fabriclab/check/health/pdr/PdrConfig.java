package org.fabriclab.check.health.pdr;

/**
 * The PDR deterministic plugin's settings (NVIDIA UFM SDK, {@code plugins/pdr_deterministic_plugin},
 * {@code pdr_deterministic.conf} and README), as a second rule set beside the IB Link Resiliency
 * defaults. Defaults are the shipped configuration file's: {@code MAX_PDR} 1e-12, {@code TMAX} 70 C,
 * {@code D_TMAX} 10 C, {@code CONFIGURED_BER_CHECK}, {@code CONFIGURED_TEMP_CHECK} and
 * {@code LINK_DOWN_ISOLATION} true, BER windows 12 min at 1e-14 and 125 min at 1e-15 (the README's
 * thresholds: link bandwidth x window x BER target, 2.88 and 3 symbol errors on NDR 4x),
 * {@code SWITCH_TO_HOST_ISOLATION} false, {@code MAX_NUM_ISOLATE} max(10, 0.5 % of the fabric's ports),
 * {@code DEISOLATE_CONSIDER_TIME} 300 s, {@code DO_DEISOLATION} true, the return-to-service retest 126
 * minutes clean (the README: "cross the 126 m test cleanly"), and {@code DRY_RUN} true (isolations
 * only logged). The link bandwidth when the topology does not give one: NDR 4x, 400 Gb/s.
 * {@code MAX_PORT_RESET_NUM} / {@code PORT_RESET_INTERVAL_SECONDS} (port resets) have no counterpart in a replay.
 *
 * <pre>{@code
 * PdrConfig c = PdrConfig.defaults().withDryRun(false).withTemperature(true, 75, 10);
 * }</pre>
 */
public record PdrConfig(double maxPdr, boolean berCheck, double ber12MinTarget, double ber125MinTarget, boolean temperatureCheck,
                        double tMaxC, double dTMaxC, boolean linkDownIsolation, boolean switchToHostIsolation, int maxNumIsolate,
                        double maxNumIsolateFraction, boolean dryRun, long deisolateConsiderMs, boolean doDeisolation, long retestMs,
                        double defaultLinkGbps) {

    public static final long WINDOW_12_MIN_MS = 12 * 60_000L, WINDOW_125_MIN_MS = 125 * 60_000L;

    public static PdrConfig defaults() {
        return new PdrConfig(1e-12, true, 1e-14, 1e-15, true, 70, 10, true, false, 10, 0.005, true, 300_000L, true,
                126 * 60_000L, 400);
    }

    /** {@code MAX_NUM_ISOLATE}: max(maxNumIsolate, fraction x the fabric's ports). */
    public int maxIsolated(int fabricPorts) { return Math.max(maxNumIsolate, (int) Math.floor(maxNumIsolateFraction * fabricPorts)); }

    /** The symbol-error count the 12- or 125-minute window may hold on a link of {@code gbps}: bandwidth x window x target. */
    public double berThreshold(double gbps, long windowMs) {
        double target = windowMs == WINDOW_12_MIN_MS ? ber12MinTarget : ber125MinTarget;
        return gbps * 1e9 * windowMs / 1000.0 * target;
    }

    public PdrConfig withDryRun(boolean dry) {
        return new PdrConfig(maxPdr, berCheck, ber12MinTarget, ber125MinTarget, temperatureCheck, tMaxC, dTMaxC, linkDownIsolation,
                switchToHostIsolation, maxNumIsolate, maxNumIsolateFraction, dry, deisolateConsiderMs, doDeisolation, retestMs, defaultLinkGbps);
    }

    public PdrConfig withTemperature(boolean check, double tMax, double dTMax) {
        return new PdrConfig(maxPdr, berCheck, ber12MinTarget, ber125MinTarget, check, tMax, dTMax, linkDownIsolation,
                switchToHostIsolation, maxNumIsolate, maxNumIsolateFraction, dryRun, deisolateConsiderMs, doDeisolation, retestMs, defaultLinkGbps);
    }

    public PdrConfig withMaxPdr(double max) {
        return new PdrConfig(max, berCheck, ber12MinTarget, ber125MinTarget, temperatureCheck, tMaxC, dTMaxC, linkDownIsolation,
                switchToHostIsolation, maxNumIsolate, maxNumIsolateFraction, dryRun, deisolateConsiderMs, doDeisolation, retestMs, defaultLinkGbps);
    }

    public PdrConfig withBerCheck(boolean check) {
        return new PdrConfig(maxPdr, check, ber12MinTarget, ber125MinTarget, temperatureCheck, tMaxC, dTMaxC, linkDownIsolation,
                switchToHostIsolation, maxNumIsolate, maxNumIsolateFraction, dryRun, deisolateConsiderMs, doDeisolation, retestMs, defaultLinkGbps);
    }

    public PdrConfig withLinkDownIsolation(boolean on) {
        return new PdrConfig(maxPdr, berCheck, ber12MinTarget, ber125MinTarget, temperatureCheck, tMaxC, dTMaxC, on,
                switchToHostIsolation, maxNumIsolate, maxNumIsolateFraction, dryRun, deisolateConsiderMs, doDeisolation, retestMs, defaultLinkGbps);
    }

    public PdrConfig withSwitchToHostIsolation(boolean on) {
        return new PdrConfig(maxPdr, berCheck, ber12MinTarget, ber125MinTarget, temperatureCheck, tMaxC, dTMaxC, linkDownIsolation,
                on, maxNumIsolate, maxNumIsolateFraction, dryRun, deisolateConsiderMs, doDeisolation, retestMs, defaultLinkGbps);
    }

    public PdrConfig withMaxNumIsolate(int n, double fraction) {
        return new PdrConfig(maxPdr, berCheck, ber12MinTarget, ber125MinTarget, temperatureCheck, tMaxC, dTMaxC, linkDownIsolation,
                switchToHostIsolation, n, fraction, dryRun, deisolateConsiderMs, doDeisolation, retestMs, defaultLinkGbps);
    }

    public PdrConfig withDeisolation(boolean on, long considerMs, long retestMs) {
        return new PdrConfig(maxPdr, berCheck, ber12MinTarget, ber125MinTarget, temperatureCheck, tMaxC, dTMaxC, linkDownIsolation,
                switchToHostIsolation, maxNumIsolate, maxNumIsolateFraction, dryRun, considerMs, on, retestMs, defaultLinkGbps);
    }
}
