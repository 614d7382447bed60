package org.fabriclab.incident;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.fabriclab.capture.Telemetry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The link-health template's folder: telemetry found by content, readouts, and an incident folder without any telemetry. */
class LinkFolderTest {
    static final Path DEGRADING = IncidentDatasetsTest.DATASETS.resolve("degrading-optic");

    @Test
    void anIncidentFolderWithoutTelemetryGivesItsIncidentAndSaysWhatIsMissing(@TempDir Path tmp) {
        Path dir = CollectedFolders.beforeAfter(tmp.resolve("inc"), 10_000, i -> Map.of("rx_prio3_pause", 100L + i * 90_000L));
        LinkFolder link = LinkFolder.of(dir, "ufm-telemetry.csv");   // the template's former default: not in an incident folder
        assertTrue(link.telemetry().isEmpty());
        assertTrue(link.berKind().isEmpty());
        assertTrue(link.readouts().isEmpty());
        assertTrue(link.incident().isPresent(), link.notes().toString());
        assertEquals(1, link.incident().get().ports().size());
        assertTrue(link.notes().stream().anyMatch(n -> n.startsWith("ufm-telemetry.csv is not in")), link.notes().toString());
        assertTrue(link.notes().stream().anyMatch(n -> n.startsWith("no UFM telemetry export")), link.notes().toString());
    }

    @Test
    void telemetryUnderAnotherNameIsFoundByContentBesideAStrayNote(@TempDir Path tmp) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("ufm"));
        Files.copy(DEGRADING.resolve("ufm-telemetry.csv"), dir.resolve("export-2026-01-05"));
        Files.writeString(dir.resolve("NOTES.txt"), "exported from UFM by hand\n");
        LinkFolder link = LinkFolder.of(dir, "");
        assertEquals(dir.resolve("export-2026-01-05"), link.telemetryFile().orElseThrow());
        assertEquals(3, link.telemetry().orElseThrow().portCount());
        assertEquals(Telemetry.EFFECTIVE_BER, link.berKind().orElseThrow());
        assertFalse(link.incident().isPresent());
    }

    @Test
    void theBundledReadoutsAreListedInNameOrder() {
        LinkFolder link = LinkFolder.of(DEGRADING, "ufm-telemetry.csv");
        assertEquals(DEGRADING.resolve("ufm-telemetry.csv"), link.telemetryFile().orElseThrow());
        assertEquals(4, link.readouts().size());
        assertEquals("day00.txt", link.readouts().get(0).getFileName().toString());
    }
}
