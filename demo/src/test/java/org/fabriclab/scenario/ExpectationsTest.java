package org.fabriclab.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.verdict.Verdict;
import org.fabriclab.verdict.Verdicts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExpectationsTest {
    static Scenario scenario(Path dir) throws Exception {
        Files.writeString(dir.resolve("scenario.json"), """
                {"scenario": "s1", "kind": "ib-incident", "bytes_moved": 1e12,
                 "expected": {"ib": {"mlx5_0/1": {"verdict": "physical", "detail": ["SymbolErrorCounter"]}}}}
                """);
        return Scenario.load(dir);
    }

    static Verdicts one(String word, List<String> detail) {
        return new Verdicts(List.of(new Verdict("mlx5_0/1", "ib", word, detail, detail, java.util.Map.of(), java.util.Map.of(), 1e12, 1000)));
    }

    @Test void aMatchingVerdictPasses(@TempDir Path dir) throws Exception {
        Expectations e = new Expectations().verdicts(scenario(dir), "ib", one("physical", List.of("SymbolErrorCounter")));
        assertTrue(e.ok());
        assertEquals(1, e.table().rowCount());
        e.assertOk();
    }

    @Test void aWrongLayerOrDetailFailsNamingTheScenario(@TempDir Path dir) throws Exception {
        Scenario s = scenario(dir);
        Expectations e = new Expectations().verdicts(s, "ib", one("transport", List.of("packet_seq_err")));
        assertFalse(e.ok());
        AssertionError x = assertThrows(AssertionError.class, e::assertOk);
        assertTrue(x.getMessage().contains("s1 ib mlx5_0/1 verdict: expected physical [SymbolErrorCounter], got transport [packet_seq_err]"), x.getMessage());
        assertFalse(new Expectations().verdicts(s, "ib", one("physical", List.of())).ok(), "the detail counts too");
        assertFalse(new Expectations().verdicts(s, "ib", new Verdicts(List.of())).ok(), "a stated port without a verdict");
    }

    @Test void nothingStatedIsSaidSo() {
        Expectations e = new Expectations();
        assertTrue(e.ok());
        assertEquals("no stated answers to compare (no scenario.json)\n", e.toString());
    }

    @Test void valuesCompareNumbersAsNumbers(@TempDir Path dir) throws Exception {
        Scenario s = scenario(dir);
        assertTrue(new Expectations().equal(s, "p", "t", 1680L, 1680.0).ok());
        assertFalse(new Expectations().equal(s, "p", "case", "B1", "B2").ok());
        assertTrue(new Expectations().near(s, "p", "recall", 0.8, 0.8 + 1e-12, 1e-9).ok());
        assertFalse(new Expectations().holds(s, "p", "clean neighbours", false, "crossed").ok());
    }
}
