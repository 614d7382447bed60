/**
 * Link-health rule engines after the UFM IB Link Resiliency plugin, with its default thresholds,
 * run over a telemetry time series ({@link org.fabriclab.capture.Telemetry} table or a
 * {@link org.fabriclab.series.Series} in primitive columns): failure detection (packet
 * drop rate; symbol errors over 12- and 125-minute windows), link flaps on both ends of a link, and
 * operating conditions (module temperature and voltage). Each engine runs in shadow or active mode
 * with an exception list of ports in the opposite mode; alerts name engine, rule, port, time, value,
 * threshold and mode. The fourth engine, failure prediction, runs a model over the FEC error histogram
 * ({@code check.health.fec}; switched on with {@code prediction(model, threshold)}, default threshold 0.8).
 * The PDR plugin's rules are {@code check.health.pdr}; the replay of the plugin's action execution
 * (isolation, de-isolation, checkpoints, the port state machine) is {@code check.health.replay}.
 *
 * <pre>{@code
 * HealthReport r = HealthRules.defaults().mode(Engine.LINK_FLAPS, Mode.ACTIVE).run(series);
 * r.table();
 * }</pre>
 */
package org.fabriclab.check.health;
