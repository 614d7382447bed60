package org.fabriclab.pause;

import org.fabriclab.catalogue.Direction;

/**
 * Pause on one port, direction and priority over one window (the whole test between two snapshots,
 * or one interval of a series). Counts are exact deltas; {@code null} when the delta rule found the
 * counter absent, reset or pegged (then {@code problem} says which and why) or the port has no such
 * counter ({@code transitions}).
 *
 * <pre>{@code
 * PauseRow r = analysis.window().get(0);
 * r.meanUsPerFrame();   // µs paused per pause frame
 * r.dutyCycle();        // fraction of the window paused (0..1), NaN when the elapsed time is unknown
 * r.framesPerSecond();  // pause frames per second, NaN when the elapsed time is unknown
 * }</pre>
 *
 * @param startMs   window start, epoch ms ({@code Long.MIN_VALUE} when the snapshots carry no time)
 * @param endMs     window end, epoch ms (idem)
 * @param elapsedS  window length in seconds, NaN when unknown
 * @param frames    pause frames in the window
 * @param pauseUs   time paused in the window, microseconds
 * @param storm     a pause-storm watchdog counter (catalogue role {@code storm-event}) of the port rose in the window
 */
public record PauseRow(String port, Direction direction, String priority, long startMs, long endMs, double elapsedS,
                       Long frames, Long pauseUs, Long transitions, boolean storm, String problem) {

    /** {@code "rx prio3"}. */
    public String label() { return direction + " " + priority; }

    /** True when both frames and time are usable counts. */
    public boolean usable() { return problem == null && frames != null && pauseUs != null; }

    /** True when the window holds any pause. */
    public boolean paused() { return (frames != null && frames > 0) || (pauseUs != null && pauseUs > 0); }

    /** Mean pause per frame in µs; NaN without frames. */
    public double meanUsPerFrame() {
        return frames == null || pauseUs == null || frames == 0 ? Double.NaN : (double) pauseUs / frames;
    }

    /** Time paused over the window's length (0..1; above 1 means the duration counter or the clock is wrong); NaN when unknown. */
    public double dutyCycle() {
        return pauseUs == null || !(elapsedS > 0) ? Double.NaN : pauseUs / 1e6 / elapsedS;
    }

    /**
     * Pause frames per second of the window; NaN when the frames or the window's length are unknown. What a NIC without a
     * pause-duration counter (Intel ice, i40e; mlx4) lets a chart show in place of the duty cycle.
     */
    public double framesPerSecond() {
        return frames == null || !(elapsedS > 0) ? Double.NaN : frames / elapsedS;
    }

    /** Time paused in seconds; NaN when unknown. */
    public double pauseSeconds() { return pauseUs == null ? Double.NaN : pauseUs / 1e6; }
}
