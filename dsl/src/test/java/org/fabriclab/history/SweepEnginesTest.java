package org.fabriclab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Without the engines module on the class path (the DSL's own tests), the heavy engines are named, not loaded. */
class SweepEnginesTest {
    @Test void theInMemoryEngineIsBuiltInAndTheOthersAreLookedForLazily() {
        assertInstanceOf(PrimitiveSweepEngine.class, SweepEngines.named("primitive", Map.of("parallelism", "1")));
        if (!EngineLoader.services(SweepEngineProvider.class).isEmpty()) return;     // an engines folder is configured
        var e = assertThrows(IllegalArgumentException.class, () -> SweepEngines.named("duckdb", Map.of()));
        assertTrue(e.getMessage().contains("'duckdb'") && e.getMessage().contains("[primitive]"), e.getMessage());
        var f = assertThrows(IllegalStateException.class, () -> HistoryFormats.of(HistoryFile.Format.PARQUET));
        assertTrue(f.getMessage().contains("engines"), f.getMessage());
    }

    @Test void aSmallFileIsSweptInMemory() {
        HistoryFile f = HistoryFile.of(Path.of("..", "datasets", "history", "history.csv.gz"));
        assertEquals(HistoryFile.Format.CSV_GZ, f.format());
        assertInstanceOf(PrimitiveSweepEngine.class, SweepEngines.forFile(f));
        assertThrows(IllegalArgumentException.class, () -> HistoryFile.of(Path.of("h.json")));
    }
}
