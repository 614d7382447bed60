package org.fabriclab.check.health.fec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.fabriclab.series.Series;
import org.tribuo.ImmutableFeatureMap;
import org.tribuo.ImmutableOutputInfo;
import org.tribuo.Model;
import org.tribuo.MutableDataset;
import org.tribuo.classification.Label;
import org.tribuo.classification.LabelFactory;
import org.tribuo.classification.sgd.linear.LinearSGDModel;
import org.tribuo.classification.sgd.linear.LinearSGDTrainer;
import org.tribuo.classification.sgd.objectives.LogMulticlass;
import org.tribuo.impl.ArrayExample;
import org.tribuo.math.la.DenseMatrix;
import org.tribuo.math.optimisers.AdaGrad;
import org.tribuo.provenance.SimpleDataSourceProvenance;

/**
 * Trains a {@link FailureModel} on labelled history with Tribuo's logistic regression
 * ({@code LinearSGDTrainer} with the log-multiclass objective, AdaGrad, a fixed seed: deterministic).
 * Examples are the hourly {@link FeaturePoint}s of every port before its first failure; a point is
 * positive ({@value #FAIL}) when the port fails within the horizon after it. Features are standardised
 * (mean 0, std 1, over the training points) before training; positives are weighted up so both classes
 * weigh the same. The two-class softmax Tribuo learns is the logistic model of the difference of its
 * two weight rows, which is what {@link FailureModel} stores.
 *
 * <pre>{@code
 * FailureModel m = FailureTrainer.defaults().train(series, Failures.of(labels));
 * m.write(Path.of("my-fleet-model.json"));
 * }</pre>
 */
public final class FailureTrainer {
    public static final String FAIL = "fail", OK = "ok";
    /** Default horizon: a failure within 24 hours after a point makes it positive. */
    public static final long DEFAULT_HORIZON_MS = 24 * Features.HOUR_MS;
    public static final int DEFAULT_EPOCHS = 15;
    public static final long DEFAULT_SEED = 20_260_101L;

    private final Features features;
    private final long horizonMs;
    private final int epochs;
    private final long seed;

    private FailureTrainer(Features features, long horizonMs, int epochs, long seed) {
        if (horizonMs <= 0 || epochs <= 0) throw new IllegalArgumentException("horizon and epochs must be > 0");
        this.features = features;
        this.horizonMs = horizonMs;
        this.epochs = epochs;
        this.seed = seed;
    }

    public static FailureTrainer defaults() { return new FailureTrainer(Features.defaults(), DEFAULT_HORIZON_MS, DEFAULT_EPOCHS, DEFAULT_SEED); }

    public FailureTrainer features(Features f) { return new FailureTrainer(f, horizonMs, epochs, seed); }
    public FailureTrainer horizon(long ms) { return new FailureTrainer(features, ms, epochs, seed); }
    public FailureTrainer epochs(int n) { return new FailureTrainer(features, horizonMs, n, seed); }
    public FailureTrainer seed(long s) { return new FailureTrainer(features, horizonMs, epochs, s); }

    /**
     * Trains on {@code s} labelled by {@code failures}.
     *
     * @throws IllegalArgumentException when the series has no FEC histogram, or no positive or no negative point
     */
    public FailureModel train(Series s, Failures failures) { return trained(s, failures).model(); }

    /** The stored model with the Tribuo model it came from (tests compare their predictions). */
    record Trained(FailureModel model, Model<Label> tribuo) {}

    Trained trained(Series s, Failures failures) {
        List<FeaturePoint> pts = features.points(s);
        if (pts.isEmpty()) throw new IllegalArgumentException(s.name() + ": no FEC histogram features (the series has no fec-hist counters)");
        List<double[]> xs = new ArrayList<>();
        List<Boolean> ys = new ArrayList<>();
        for (FeaturePoint p : pts) {
            if (!failures.usable(p.portName(), p.timeMs())) continue;
            long f = failures.next(p.portName(), p.timeMs());
            xs.add(p.x());
            ys.add(f > 0 && f - p.timeMs() <= horizonMs);
        }
        int n = Feature.values().length, pos = 0;
        for (boolean y : ys) if (y) pos++;
        if (pos == 0 || pos == ys.size()) {
            throw new IllegalArgumentException("training needs positive and negative points: " + pos + " of " + ys.size()
                    + " points fall within " + horizonMs / 3.6e6 + " h before a labelled failure");
        }
        double[] mean = new double[n], std = new double[n];
        for (double[] x : xs) for (int i = 0; i < n; i++) mean[i] += x[i];
        for (int i = 0; i < n; i++) mean[i] /= xs.size();
        for (double[] x : xs) for (int i = 0; i < n; i++) std[i] += (x[i] - mean[i]) * (x[i] - mean[i]);
        for (int i = 0; i < n; i++) {
            std[i] = Math.sqrt(std[i] / xs.size());
            if (!(std[i] > 1e-12)) std[i] = 1;
        }
        String[] names = new String[n];
        for (Feature f : Feature.values()) names[f.ordinal()] = f.key();
        LabelFactory lf = new LabelFactory();
        MutableDataset<Label> ds = new MutableDataset<>(new SimpleDataSourceProvenance("fabriclab FEC histogram features", lf), lf);
        float posWeight = (float) ((ys.size() - pos) / (double) pos);
        for (int k = 0; k < xs.size(); k++) {
            double[] z = new double[n];
            for (int i = 0; i < n; i++) z[i] = (xs.get(k)[i] - mean[i]) / std[i];
            ArrayExample<Label> e = new ArrayExample<>(new Label(ys.get(k) ? FAIL : OK), names, z);
            if (ys.get(k)) e.setWeight(posWeight);
            ds.add(e);
        }
        LinearSGDTrainer trainer = new LinearSGDTrainer(new LogMulticlass(), new AdaGrad(0.5, 0.1), epochs, Integer.MAX_VALUE, 1, seed);
        Logger tribuo = Logger.getLogger("org.tribuo");
        Level before = tribuo.getLevel();
        tribuo.setLevel(Level.WARNING);
        Model<Label> model;
        try {
            model = trainer.train(ds);
        } finally {
            tribuo.setLevel(before);
        }
        DenseMatrix w = ((LinearSGDModel) model).getWeightsCopy();
        ImmutableFeatureMap fm = model.getFeatureIDMap();
        ImmutableOutputInfo<Label> out = model.getOutputIDInfo();
        int fail = out.getID(new Label(FAIL)), ok = out.getID(new Label(OK));
        int bias = w.getDimension2Size() - 1;
        double[] coef = new double[n];
        for (Feature f : Feature.values()) {
            int id = fm.getID(f.key());
            coef[f.ordinal()] = id < 0 ? 0 : w.get(fail, id) - w.get(ok, id);
        }
        double intercept = w.get(fail, bias) - w.get(ok, bias);
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("series", s.name());
        info.put("ports", s.portCount());
        info.put("failures", failures.count());
        info.put("points", xs.size());
        info.put("positives", pos);
        info.put("library", "org.tribuo:tribuo-classification-sgd 4.3.2, LinearSGDTrainer(LogMulticlass, AdaGrad(0.5, 0.1), minibatch 1)");
        info.put("epochs", epochs);
        info.put("seed", seed);
        info.put("positive_weight", (double) posWeight);
        return new Trained(new FailureModel(mean, std, coef, intercept, horizonMs, features.windowMs(), features.trendMs(), info), model);
    }

    @Override public String toString() {
        return "FailureTrainer[" + features + ", horizon " + horizonMs / 3_600_000 + " h, " + epochs + " epochs, seed " + seed + "]";
    }
}
