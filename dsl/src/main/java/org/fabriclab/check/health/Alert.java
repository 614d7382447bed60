package org.fabriclab.check.health;

/**
 * One alert: an episode during which a rule stayed above its threshold on a port. {@code time} is
 * the first violating sample (epoch ms), {@code until} the last, {@code value} the worst value of the
 * episode, {@code threshold} the bound crossed, {@code mode} the port's mode for this engine.
 */
public record Alert(Engine engine, String rule, String port, long time, long until, double value, double threshold,
                    Mode mode, String detail) {
}
