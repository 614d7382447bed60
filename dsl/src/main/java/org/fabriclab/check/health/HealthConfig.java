package org.fabriclab.check.health;

import java.util.EnumMap;
import java.util.Map;

import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Direction;
import org.fabriclab.catalogue.Role;
import org.fabriclab.check.health.fec.FailureModel;

/**
 * Rule-engine settings, defaulting to the IB Link Resiliency plugin's documented defaults: packet
 * drop rate 1e-12; symbol errors 2.88 (12-minute window) and 3 (125-minute window); link flap 15
 * link-down events for switch-switch and for host-switch links; temperature -10..70 C; voltage
 * 3100..3500 mV; failure prediction off until a model is given, decision threshold 0.8; every engine in
 * shadow mode with an empty exception list. Immutable; the
 * {@code with*} methods return a changed copy. Counter names are canonical catalogue names.
 *
 * <pre>{@code
 * HealthConfig c = HealthConfig.defaults().withLinkFlap(10, 15).withMode(Engine.LINK_FLAPS, new EngineMode(Mode.ACTIVE, Set.of()));
 * }</pre>
 */
public record HealthConfig(boolean packetDropEnabled, double packetDropThreshold,
                           boolean symbolErrorsEnabled, double symbol12MinThreshold, double symbol125MinThreshold,
                           long linkFlapSwitchSwitch, long linkFlapHostSwitch,
                           double temperatureLowC, double temperatureHighC, double voltageLowMv, double voltageHighMv,
                           Map<Engine, EngineMode> modes,
                           String symbolCounter, String localErrorsCounter, String remoteErrorsCounter,
                           String receivedPacketsCounter, String linkDownCounter,
                           double predictionThreshold, FailureModel predictionModel) {

    public static final long WINDOW_12_MIN_MS = 12 * 60_000L;
    public static final long WINDOW_125_MIN_MS = 125 * 60_000L;
    /** The failure-prediction decision threshold's default (the seed: 0.8; 0.65-0.8 recommended). */
    public static final double DEFAULT_PREDICTION_THRESHOLD = 0.8;

    public HealthConfig {
        if (!(predictionThreshold > 0 && predictionThreshold < 1)) {
            throw new IllegalArgumentException("decision threshold " + predictionThreshold + ": expected a value in (0, 1)");
        }
        Map<Engine, EngineMode> m = new EnumMap<>(Engine.class);
        for (Engine e : Engine.values()) m.put(e, EngineMode.DEFAULT);
        m.putAll(modes);
        modes = java.util.Collections.unmodifiableMap(m);
    }

    private static final Catalogue CAT = Catalogue.standard();

    /** The plugin's defaults; the counters are the catalogue's primary counters of each role (the PMA ones). */
    public static HealthConfig defaults() {
        return new HealthConfig(true, 1e-12, true, 2.88, 3, 15, 15, -10, 70, 3100, 3500, Map.of(),
                CAT.primary(Role.SYMBOL, Direction.RX), CAT.primary(Role.RCV_ERROR, Direction.RX),
                CAT.primary(Role.RCV_REMOTE_ERROR, Direction.RX), CAT.primary(Role.PACKETS, Direction.RX),
                CAT.primary(Role.LINK_DOWN, Direction.NONE), DEFAULT_PREDICTION_THRESHOLD, null);
    }

    /** The mode of {@code port} for {@code engine}. */
    public Mode modeOf(Engine engine, String port) { return modes.get(engine).of(port); }

    public HealthConfig withMode(Engine engine, EngineMode mode) {
        Map<Engine, EngineMode> m = new EnumMap<>(modes);
        m.put(engine, mode);
        return new HealthConfig(packetDropEnabled, packetDropThreshold, symbolErrorsEnabled, symbol12MinThreshold, symbol125MinThreshold,
                linkFlapSwitchSwitch, linkFlapHostSwitch, temperatureLowC, temperatureHighC, voltageLowMv, voltageHighMv, m,
                symbolCounter, localErrorsCounter, remoteErrorsCounter, receivedPacketsCounter, linkDownCounter,
                predictionThreshold, predictionModel);
    }

    public HealthConfig withPacketDrop(boolean enabled, double threshold) {
        return new HealthConfig(enabled, threshold, symbolErrorsEnabled, symbol12MinThreshold, symbol125MinThreshold,
                linkFlapSwitchSwitch, linkFlapHostSwitch, temperatureLowC, temperatureHighC, voltageLowMv, voltageHighMv, modes,
                symbolCounter, localErrorsCounter, remoteErrorsCounter, receivedPacketsCounter, linkDownCounter,
                predictionThreshold, predictionModel);
    }

    public HealthConfig withSymbolErrors(boolean enabled, double threshold12Min, double threshold125Min) {
        return new HealthConfig(packetDropEnabled, packetDropThreshold, enabled, threshold12Min, threshold125Min,
                linkFlapSwitchSwitch, linkFlapHostSwitch, temperatureLowC, temperatureHighC, voltageLowMv, voltageHighMv, modes,
                symbolCounter, localErrorsCounter, remoteErrorsCounter, receivedPacketsCounter, linkDownCounter,
                predictionThreshold, predictionModel);
    }

    public HealthConfig withLinkFlap(long switchSwitch, long hostSwitch) {
        return new HealthConfig(packetDropEnabled, packetDropThreshold, symbolErrorsEnabled, symbol12MinThreshold, symbol125MinThreshold,
                switchSwitch, hostSwitch, temperatureLowC, temperatureHighC, voltageLowMv, voltageHighMv, modes,
                symbolCounter, localErrorsCounter, remoteErrorsCounter, receivedPacketsCounter, linkDownCounter,
                predictionThreshold, predictionModel);
    }

    /**
     * The failure-prediction engine's model and decision threshold (in (0, 1); the plugin's default 0.8,
     * recommended 0.65-0.8: lower favours recall, higher precision). A null model switches the engine off.
     */
    public HealthConfig withPrediction(FailureModel model, double threshold) {
        return new HealthConfig(packetDropEnabled, packetDropThreshold, symbolErrorsEnabled, symbol12MinThreshold, symbol125MinThreshold,
                linkFlapSwitchSwitch, linkFlapHostSwitch, temperatureLowC, temperatureHighC, voltageLowMv, voltageHighMv, modes,
                symbolCounter, localErrorsCounter, remoteErrorsCounter, receivedPacketsCounter, linkDownCounter, threshold, model);
    }

    public HealthConfig withOperatingRange(double tempLowC, double tempHighC, double voltLowMv, double voltHighMv) {
        return new HealthConfig(packetDropEnabled, packetDropThreshold, symbolErrorsEnabled, symbol12MinThreshold, symbol125MinThreshold,
                linkFlapSwitchSwitch, linkFlapHostSwitch, tempLowC, tempHighC, voltLowMv, voltHighMv, modes,
                symbolCounter, localErrorsCounter, remoteErrorsCounter, receivedPacketsCounter, linkDownCounter,
                predictionThreshold, predictionModel);
    }
}
