package org.fabriclab.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.CaptureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioTest {
    static final Path DATASETS = Path.of("..", "datasets");

    @Test void findsScenariosOfAKindInNameOrder() {
        List<String> ib = Scenario.find(DATASETS, "ib-incident").stream().map(Scenario::name).toList();
        assertEquals(List.of("ib-clean-baseline", "ib-flapping-link", "ib-marginal-optic", "ib-reset-mid-test"), ib);
        assertEquals(List.of("roce-pause-storm"), Scenario.find(DATASETS.resolve("roce-pause-storm"), null).stream().map(Scenario::name).toList());
        assertTrue(Scenario.find(DATASETS.resolve("roce-pause-storm"), "ib-incident").isEmpty(), "one folder of another kind");
    }

    @Test void aFolderWithoutManifestIsTheNextIncident(@TempDir Path dir) throws Exception {
        Path inc = dir.resolve("incident-42");
        Files.createDirectories(inc.resolve("before"));
        Files.createDirectories(inc.resolve("after"));
        Scenario s = Scenario.find(inc, "ib-incident").get(0);
        assertFalse(s.hasManifest());
        assertEquals("incident-42", s.name());
        assertTrue(Double.isNaN(s.bytesMoved()));
        assertEquals(List.of(), s.expectedProfiles());
        assertEquals(List.of(inc.resolve("before")), s.files("before"));
    }

    @Test void badManifestNamesTheFile(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("scenario.json"), "{\"scenario\": ");
        CaptureException e = assertThrows(CaptureException.class, () -> Scenario.load(dir));
        assertTrue(e.getMessage().contains("scenario.json") && e.getMessage().contains("expected a JSON scenario manifest"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Scenario.find(dir.resolve("nope"), null));
    }

    @Test void manifestFilesAreRelativeToTheFolder() {
        Scenario s = Scenario.load(DATASETS.resolve("reconcile-b1-host-bound"));
        assertEquals(DATASETS.resolve("reconcile-b1-host-bound/perftest.log"), s.file("perftest"));
        assertEquals("B1", s.get("expected_case").asText());
    }
}
