package org.fabriclab.check.health.fec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * A trained failure-prediction model, stored as data: a logistic model over the standardised
 * {@link Feature}s, {@code P(failure within the horizon) = 1 / (1 + exp(-(intercept + sum_i c_i (x_i - mean_i) / std_i)))}.
 * The coefficients come from Tribuo's logistic regression ({@link FailureTrainer}); this class only
 * applies them (one dot product), so the file says everything the model does: one line per feature
 * with its mean, standard deviation and coefficient. A user retrains on their own fleet with
 * {@link FailureTrainer#train} and writes the result with {@link #write}.
 *
 * <pre>{@code
 * FailureModel m = FailureModel.load(Path.of("datasets/link-resiliency/failure-model.json"));
 * double p = m.score(point.x());     // probability, 0..1
 * }</pre>
 */
public final class FailureModel implements Renderable {
    /** The file format this class writes and reads. */
    public static final String FORMAT = "fabriclab-failure-model/1";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final double[] mean, std, coef;
    private final double intercept;
    private final long horizonMs, windowMs, trendMs;
    private final Map<String, Object> training;

    FailureModel(double[] mean, double[] std, double[] coef, double intercept, long horizonMs, long windowMs, long trendMs,
                 Map<String, Object> training) {
        int n = Feature.values().length;
        if (mean.length != n || std.length != n || coef.length != n) throw new IllegalArgumentException("expected " + n + " features");
        this.mean = mean.clone();
        this.std = std.clone();
        this.coef = coef.clone();
        this.intercept = intercept;
        this.horizonMs = horizonMs;
        this.windowMs = windowMs;
        this.trendMs = trendMs;
        this.training = new LinkedHashMap<>(training);
    }

    /** The probability of a failure within the horizon, given features in {@link Feature} order. */
    public double score(double[] x) {
        double z = intercept;
        for (int i = 0; i < coef.length; i++) z += coef[i] * (x[i] - mean[i]) / std[i];
        return 1.0 / (1.0 + Math.exp(-z));
    }

    /** How far ahead the model was trained to predict (a failure within this time counts as positive). */
    public long horizonMs() { return horizonMs; }

    /** The features the model reads, with the windows it was trained with. */
    public Features features() { return Features.of(windowMs, trendMs); }

    public double coefficient(Feature f) { return coef[f.ordinal()]; }
    public double mean(Feature f) { return mean[f.ordinal()]; }
    public double std(Feature f) { return std[f.ordinal()]; }
    public double intercept() { return intercept; }
    /** What the model was trained on (ports, failures, points, positives, trainer settings). */
    public Map<String, Object> training() { return java.util.Collections.unmodifiableMap(training); }

    /** The model as JSON text (the file {@link #write} writes). */
    public String toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("format", FORMAT);
        m.put("model", "logistic: P = 1 / (1 + exp(-(intercept + sum coefficient * (x - mean) / std)))");
        m.put("horizon_hours", horizonMs / 3_600_000.0);
        m.put("window_hours", windowMs / 3_600_000.0);
        m.put("trend_hours", trendMs / 3_600_000.0);
        m.put("intercept", intercept);
        List<Map<String, Object>> fs = new ArrayList<>();
        for (Feature f : Feature.values()) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("name", f.key());
            e.put("help", f.help());
            e.put("mean", mean[f.ordinal()]);
            e.put("std", std[f.ordinal()]);
            e.put("coefficient", coef[f.ordinal()]);
            fs.add(e);
        }
        m.put("features", fs);
        m.put("training", training);
        try {
            return JSON.writeValueAsString(m) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes the model as JSON, atomically (a temporary file beside {@code file}, then a move). */
    public void write(Path file) {
        Path abs = file.toAbsolutePath();
        try {
            Files.createDirectories(abs.getParent());
            Path tmp = Files.createTempFile(abs.getParent(), "." + abs.getFileName(), ".tmp");
            try {
                Files.writeString(tmp, toJson(), StandardCharsets.UTF_8);
                try {
                    Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
                } catch (UnsupportedOperationException e) {
                    // not a POSIX file system: the temporary file's permissions stand
                }
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(file + ": cannot write the model: " + e.getMessage(), e);
        }
    }

    /**
     * Reads a model file.
     *
     * @throws CaptureException naming the file when it is not a model of format {@value #FORMAT}
     */
    public static FailureModel load(Path file) {
        String name = file.toString();
        JsonNode m;
        try {
            m = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new CaptureException(name, e.getLocation() == null ? 0 : e.getLocation().getLineNr(), "not JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new CaptureException(name, 0, "cannot read: " + e.getMessage());
        }
        return parse(m, name);
    }

    /** Parses the JSON text of a model; {@code name} is what errors name. */
    public static FailureModel parse(String json, String name) {
        try {
            return parse(JSON.readTree(json), name);
        } catch (JsonProcessingException e) {
            throw new CaptureException(name, e.getLocation() == null ? 0 : e.getLocation().getLineNr(), "not JSON: " + e.getOriginalMessage());
        }
    }

    private static FailureModel parse(JsonNode m, String name) {
        if (m == null || !FORMAT.equals(m.path("format").asText())) {
            throw new CaptureException(name, 1, "expected a model with \"format\": \"" + FORMAT + "\"");
        }
        int n = Feature.values().length;
        double[] mean = new double[n], std = new double[n], coef = new double[n];
        boolean[] seen = new boolean[n];
        for (JsonNode f : m.path("features")) {
            Feature feat;
            try {
                feat = Feature.of(f.path("name").asText());
            } catch (IllegalArgumentException e) {
                throw new CaptureException(name, 0, e.getMessage() + "; expected one of " + java.util.Arrays.toString(Feature.values()));
            }
            int i = feat.ordinal();
            mean[i] = number(f, "mean", name);
            std[i] = number(f, "std", name);
            coef[i] = number(f, "coefficient", name);
            if (!(std[i] > 0)) throw new CaptureException(name, 0, "feature " + feat + ": std must be > 0, found " + std[i]);
            seen[i] = true;
        }
        for (Feature f : Feature.values()) if (!seen[f.ordinal()]) throw new CaptureException(name, 0, "feature " + f + " missing");
        Map<String, Object> training = new LinkedHashMap<>();
        m.path("training").fields().forEachRemaining(e -> training.put(e.getKey(),
                e.getValue().isNumber() ? (Object) e.getValue().numberValue() : e.getValue().asText()));
        return new FailureModel(mean, std, coef, number(m, "intercept", name), hours(m, "horizon_hours", name),
                hours(m, "window_hours", name), hours(m, "trend_hours", name), training);
    }

    private static double number(JsonNode n, String key, String file) {
        JsonNode v = n.get(key);
        if (v == null || !v.isNumber()) throw new CaptureException(file, 0, "expected a number \"" + key + "\"");
        return v.asDouble();
    }

    private static long hours(JsonNode n, String key, String file) {
        double h = number(n, key, file);
        if (!(h > 0)) throw new CaptureException(file, 0, "\"" + key + "\" must be > 0");
        return Math.round(h * 3_600_000.0);
    }

    @Override public Table table() {
        StringColumn f = StringColumn.create("feature"), help = StringColumn.create("help");
        DoubleColumn c = DoubleColumn.create("coefficient"), mu = DoubleColumn.create("mean"), sd = DoubleColumn.create("std");
        for (Feature x : Feature.values()) {
            f.append(x.key()); help.append(x.help()); c.append(coef[x.ordinal()]); mu.append(mean[x.ordinal()]); sd.append(std[x.ordinal()]);
        }
        return Table.create("failure model (logistic, standardised features)", f, c, mu, sd, help);
    }

    public List<String> summaryLines() {
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "logistic model over %d FEC-histogram features, horizon %.0f h, windows %.0f h / %.0f h, intercept %.3f",
                coef.length, horizonMs / 3.6e6, windowMs / 3.6e6, trendMs / 3.6e6, intercept));
        training.forEach((k, v) -> out.add("training " + k + ": " + v));
        return out;
    }

    @Override public String toHtml() { return Html.section("failure-prediction model", summaryLines(), table()); }

    @Override public Map<String, Object> toMap() {
        try {
            @SuppressWarnings("unchecked")
            Map<String, Object> m = JSON.readValue(toJson(), LinkedHashMap.class);
            return m;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override public String toString() { return String.join("\n", summaryLines()); }
}
