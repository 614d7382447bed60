package org.fabriclab.pause;

/**
 * How often a pause-storm watchdog counter of one port rose in a window: catalogue role
 * {@code storm-event} (the watchdog fired) or {@code storm-warning} (its warning timeout passed).
 * {@code delta} is null when the delta rule could not use the counter ({@code problem} says why).
 *
 * <pre>{@code
 * analysis.storms().forEach(s -> System.out.println(s.port() + " " + s.counter() + " +" + s.delta()));
 * }</pre>
 */
public record StormCount(String port, String counter, boolean warning, Long delta, String problem) {
    /** True when the counter rose. */
    public boolean fired() { return delta != null && delta > 0; }
}
