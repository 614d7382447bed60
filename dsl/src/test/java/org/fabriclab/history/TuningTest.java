package org.fabriclab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The tuning result on the committed history set is reproduced three ways that must agree: the
 * generator's label design (recorded in {@code scenario.json}), the engine with the stated choice
 * rule, and a naive recomputation here from {@code history.csv.gz} and {@code labels.csv} with its
 * own parsing and its own delta checks.
 */
class TuningTest {
    static final Path DIR = Path.of("..", "datasets", "history");
    static JsonNode tuning;
    static SweepResult sweep;

    @BeforeAll static void run() throws IOException {
        tuning = new ObjectMapper().readTree(DIR.resolve("scenario.json").toFile()).get("tuning");
        History h = History.load(DIR.resolve("history.csv.gz"));
        sweep = h.sweep(RateRule.congestion(), Thresholds.log(100, 100_000, 50), Labels.load(DIR.resolve("labels.csv")));
    }

    @Test void theEngineChoosesWhatTheLabelDesignRecorded() {
        Choice c = sweep.choose(Choose.maxRecallWithin(tuning.get("budget_alerts_per_day").asDouble()));
        assertEquals(tuning.get("expected_threshold").asDouble(), c.threshold());
        assertEquals(tuning.get("expected_precision").asDouble(), c.precision(), 1e-12);
        assertEquals(tuning.get("expected_recall").asDouble(), c.recall(), 1e-12);
        assertEquals(tuning.get("expected_tp").asLong(), c.tp());
        assertEquals(tuning.get("expected_fp").asLong(), c.fp());
        assertEquals(tuning.get("expected_fn").asLong(), c.fn());
        assertEquals(tuning.get("intervals_measured").asLong(), sweep.measured());
        assertEquals(tuning.get("labelled_intervals_without_value").asLong(), sweep.positivesUnmeasured());
        assertTrue(c.precision() < 1 && c.recall() < 1, "the committed design has a real trade-off at the budget");
    }

    @Test void theWholeSweepMatchesTheDesign() {
        JsonNode rows = tuning.get("expected_sweep");
        assertEquals(rows.size(), sweep.table().rowCount());
        for (int i = 0; i < rows.size(); i++) {
            assertEquals(rows.get(i).get("threshold").asDouble(), sweep.table().doubleColumn("threshold").getDouble(i));
            assertEquals(rows.get(i).get("alerts").asLong(), sweep.table().longColumn("alerts").getLong(i));
            assertEquals(rows.get(i).get("tp").asLong(), sweep.table().longColumn("tp").getLong(i));
        }
    }

    @Test void aNaiveRecomputationFromTheFilesAgrees() throws IOException {
        double bar = tuning.get("expected_threshold").asDouble();
        Map<String, List<long[]>> labels = new HashMap<>();
        for (String line : Files.readAllLines(DIR.resolve("labels.csv")).subList(1, Files.readAllLines(DIR.resolve("labels.csv")).size())) {
            String[] f = line.split(",", 5);
            if (f[1].equals("congestion")) labels.computeIfAbsent(f[0], k -> new ArrayList<>()).add(new long[] {Long.parseLong(f[2]), Long.parseLong(f[3])});
        }
        long tp = 0, fp = 0, fn = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(DIR.resolve("history.csv.gz"))), StandardCharsets.UTF_8))) {
            List<String> header = List.of(r.readLine().split(","));
            int bytes = header.indexOf("tx_bytes_phy");
            int[] num = {header.indexOf("rx_prio3_pause"), header.indexOf("rp_cnp_handled"), header.indexOf("np_cnp_sent")};
            String[] prev = null;
            String line;
            while ((line = r.readLine()) != null) {
                String[] f = line.split(",", -1);
                if (prev != null && prev[1].equals(f[1])) {
                    long t = Long.parseLong(f[0]);
                    boolean ok = t - Long.parseLong(prev[0]) == 300_000;                // no missing samples between
                    for (int c : new int[] {bytes, num[0], num[1], num[2]}) {
                        ok &= !f[c].isEmpty() && !prev[c].isEmpty() && Long.parseLong(f[c]) >= Long.parseLong(prev[c]);
                    }
                    if (ok) {
                        long moved = Long.parseLong(f[bytes]) - Long.parseLong(prev[bytes]);
                        if (moved > 0) {
                            double gb = (double) moved / 1e9;
                            double worst = 0;
                            for (int c : num) worst = Math.max(worst, (double) (Long.parseLong(f[c]) - Long.parseLong(prev[c])) / gb);
                            boolean labelled = false;
                            for (long[] span : labels.getOrDefault(f[1], List.of())) labelled |= t >= span[0] && t <= span[1];
                            boolean alert = worst > bar;
                            if (alert && labelled) tp++;
                            else if (alert) fp++;
                            else if (labelled) fn++;
                        }
                    }
                }
                prev = f;
            }
        }
        assertEquals(tuning.get("expected_tp").asLong(), tp);
        assertEquals(tuning.get("expected_fp").asLong(), fp);
        assertEquals(tuning.get("expected_fn").asLong(), fn);
        assertEquals(tuning.get("expected_precision").asDouble(), (double) tp / (tp + fp), 1e-12);
        assertEquals(tuning.get("expected_recall").asDouble(), (double) tp / (tp + fn), 1e-12);
    }
}
