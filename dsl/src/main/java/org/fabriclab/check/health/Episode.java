package org.fabriclab.check.health;

import java.util.List;

/**
 * Folds consecutive violating samples of one port into one {@link Alert}: opened at the first
 * violating sample, closed by a non-violating (or unusable) sample or the end of the port's rows;
 * the alert carries the worst value. Mutable, one per rule loop; public for the rule sets of the
 * sub-packages (the PDR rules).
 */
public final class Episode {
    private final Engine engine;
    private final String rule;
    private final boolean higherIsWorse;
    private boolean open;
    private long first, last;
    private double worst, threshold;
    private String detail;

    public Episode(Engine engine, String rule, boolean higherIsWorse) {
        this.engine = engine;
        this.rule = rule;
        this.higherIsWorse = higherIsWorse;
    }

    /** A violating sample. {@code detail} is computed only for the worst sample. */
    public void hit(long t, double value, double thr, java.util.function.Supplier<String> detail) {
        if (!open) {
            open = true;
            first = t;
            worst = value;
            threshold = thr;
            this.detail = detail.get();
        } else if (higherIsWorse ? value > worst : value < worst) {
            worst = value;
            threshold = thr;
            this.detail = detail.get();
        }
        last = t;
    }

    /** A clean or unusable sample: closes an open episode into {@code out}. */
    public void clear(String port, Mode mode, List<Alert> out) {
        if (!open) return;
        out.add(new Alert(engine, rule, port, first, last, worst, threshold, mode, detail));
        open = false;
    }
}
