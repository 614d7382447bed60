package org.fabriclab.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.fabriclab.delta.Delta;
import org.fabriclab.snapshot.Snapshot;
import org.fabriclab.verdict.Profiles;
import org.fabriclab.verdict.Verdict;
import org.fabriclab.verdict.Verdicts;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * End to end on the committed datasets: every incident scenario's before/after folders go through the
 * real readers, the snapshot join, the delta and the classifier, and every port's verdict and detail
 * equal the answer the generator wrote into {@code scenario.json}.
 */
class ScenarioVerdictsTest {
    static final Path DATASETS = Path.of("../datasets");

    @TestFactory
    Stream<DynamicTest> everyIncidentScenario() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        ObjectMapper m = new ObjectMapper();
        try (Stream<Path> dirs = Files.list(DATASETS)) {
            for (Path dir : dirs.sorted().toList()) {
                Path manifest = dir.resolve("scenario.json");
                if (!Files.exists(manifest)) continue;
                JsonNode s = m.readTree(manifest.toFile());
                if (!s.path("kind").asText().endsWith("-incident")) continue;
                JsonNode expected = s.get("expected");
                expected.fieldNames().forEachRemaining(profile -> tests.add(DynamicTest.dynamicTest(
                        dir.getFileName() + " / " + profile, () -> {
                            Snapshot before = Snapshot.of(dir.resolve("before"));
                            Snapshot after = Snapshot.of(dir.resolve("after"));
                            var d = Delta.between(before, after).moved(s.get("bytes_moved").asDouble());
                            Verdicts v = d.classify(Profiles.named(profile), s.path("cong_per_gb").asDouble(1000));
                            JsonNode ports = expected.get(profile);
                            assertEquals(ports.size(), v.size(), "ports classified: " + v);
                            ports.fieldNames().forEachRemaining(port -> {
                                Verdict got = v.port(port).orElseThrow(() -> new AssertionError("no verdict for " + port + ": " + v));
                                assertEquals(ports.get(port).get("verdict").asText(), got.verdict(), port);
                                List<String> detail = new ArrayList<>();
                                ports.get(port).path("detail").forEach(x -> detail.add(x.asText()));
                                assertEquals(detail, got.detail(), port);
                            });
                        })));
            }
        }
        assertTrue(tests.size() >= 10, "expected the IB and RoCE incident scenarios, found " + tests.size());
        return tests.stream();
    }
}
