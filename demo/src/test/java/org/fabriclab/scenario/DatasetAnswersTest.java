package org.fabriclab.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.fabriclab.history.Choice;
import org.fabriclab.history.Progress;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The committed datasets answered through the DSL as the notebooks and {@code ./fabriclab demo} do. */
class DatasetAnswersTest {
    static final Path DATASETS = Path.of("..", "datasets");
    static Expectations answers;

    @BeforeAll static void answer() { answers = DatasetAnswers.all(DATASETS, Progress.NONE); }

    @Test void everyStatedAnswerIsReproduced() {
        assertTrue(answers.ok(), answers.toString());
        answers.assertOk();
    }

    @Test void everyScenarioKindIsCovered() {
        List<Expectations.Row> rows = answers.rows();
        assertEquals(17, rows.stream().filter(r -> r.what().equals("verdict")).count(), "incident verdicts: scenarios x stated profiles");
        assertEquals(List.of("reconcile-a-line-rate", "reconcile-b1-host-bound", "reconcile-b2-fabric-backpressure", "reconcile-c-above-link-rate"),
                rows.stream().filter(r -> r.what().equals("case")).map(Expectations.Row::scenario).distinct().toList());
        assertEquals(3, rows.stream().filter(r -> r.scenario().equals("degrading-optic")).count(), "BER crossing, temperature crossing, clean neighbours");
        assertEquals(3, rows.stream().filter(r -> r.scenario().equals("history")).count());
    }

    /** The tuning notebook's chosen threshold, precision and recall, from the committed history set. */
    @Test void tuningNotebookChoiceIsReproduced() {
        Scenario s = Scenario.load(DATASETS.resolve("history"));
        Expectations e = new Expectations();
        Choice c = DatasetAnswers.tuning(s, e, Progress.NONE);
        assertEquals(1680.0, c.threshold());
        assertEquals(918.0 / (918 + 539), c.precision(), 1e-12);
        assertEquals(918.0 / (918 + 223), c.recall(), 1e-12);
        assertTrue(c.alertsPerDay() <= s.get("tuning").get("budget_alerts_per_day").asDouble());
        e.assertOk();
    }
}
