package org.fabriclab.incident;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.fabriclab.plot.Charts;
import org.fabriclab.verdict.Verdict;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * incident(dir) on every bundled before/after folder, with nothing given (bytes from the data
 * counters, fabric from the captures), against the folder's scenario.json: the verdict and its
 * detail under both profiles of the fabric, the bytes the counters say, the reconciliation case, and
 * that the report renders with at least one chart.
 */
class IncidentDatasetsTest {
    static final Path DATASETS = Path.of("..", "datasets");

    /** A copy of a bundled dataset's before/ and after/ under {@code into}/{@code dataset}, for a test to add files to. */
    static Path copy(String dataset, Path into) throws java.io.IOException {
        Path dir = into.resolve(dataset);
        for (String side : new String[] {"before", "after"}) {
            Path to = Files.createDirectories(dir.resolve(side));
            try (Stream<Path> s = Files.list(DATASETS.resolve(dataset).resolve(side))) {
                for (Path f : s.toList()) Files.copy(f, to.resolve(f.getFileName()));
            }
        }
        return dir;
    }
    static final ObjectMapper JSON = new ObjectMapper();

    static List<Path> folders() throws IOException {
        try (Stream<Path> s = Files.list(DATASETS)) {
            return s.filter(p -> Files.isDirectory(p.resolve("before")) && Files.exists(p.resolve("scenario.json"))).sorted().toList();
        }
    }

    @TestFactory List<DynamicTest> everyBundledFolderGetsItsKnownAnswer() throws IOException {
        List<DynamicTest> out = new ArrayList<>();
        for (Path dir : folders()) {
            out.add(DynamicTest.dynamicTest(dir.getFileName().toString(), () -> {
                JsonNode s = JSON.readTree(dir.resolve("scenario.json").toFile());
                Incident inc = Incident.of(dir);
                String port = s.get("port").asText();
                PortReport p = inc.port(port);
                assertEquals(s.get("fabric").asText(), p.fabric().kind().label());
                // the data counters say what scenario.json states, except where they were reset too: then unknown, never a guess
                if (!s.has("bytes_moved")) assertTrue(p.bytes().known(), p.bytes().how());
                else if (p.bytes().known()) assertEquals(s.get("bytes_moved").asDouble(), p.bytes().bytes(), 0.0, p.bytes().how());
                else assertTrue(p.bytes().how().contains("reset") && p.verdict().isNoVerdict(), p.bytes().how());
                if (s.has("expected")) {
                    s.get("expected").fields().forEachRemaining(e -> {
                        Verdict v = e.getKey().equals(p.verdict().profile()) ? p.verdict() : p.second();
                        assertEquals(e.getKey(), v.profile());
                        JsonNode want = e.getValue().get(port);
                        assertEquals(want.get("verdict").asText(), v.verdict(), e.getKey() + ": " + v);
                        List<String> detail = new ArrayList<>();
                        want.path("detail").forEach(x -> detail.add(x.asText()));
                        if (want.has("detail")) assertEquals(detail, v.detail(), e.getKey());
                    });
                }
                if (s.has("expected_case")) {
                    var r = inc.reconciliation().orElseThrow();
                    assertTrue(r.rows().stream().allMatch(x -> x.verdict().label().equals(s.get("expected_case").asText())), r.toString());
                }
                assertFalse(inc.charts().isEmpty());
                assertTrue(Charts.png(inc.charts()).length > 1000);
                String html = inc.toHtml();
                assertTrue(html.contains(p.verdict().verdict()) && html.contains("Why the deciding layer wins"), html);
                assertTrue(inc.toString().contains("what moved, by layer"));
                JSON.writeValueAsString(inc.toMap());   // JSON-ready: no NaN, no foreign types
            }));
        }
        assertTrue(out.size() >= 13, "bundled folders: " + out.size());
        return out;
    }

    @org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp;

    /** A rate given for ports without one reaches the reconciliation, and never overrides the rate ibstat captured. */
    @org.junit.jupiter.api.Test void aGivenRateIsUsedOnlyWhereNoneWasCaptured() throws java.io.IOException {
        java.nio.file.Path dir = tmp.resolve("no-ibstat");
        for (String side : new String[] {"before", "after"}) {
            java.nio.file.Files.createDirectories(dir.resolve(side));
            java.nio.file.Files.copy(DATASETS.resolve("reconcile-b2-fabric-backpressure").resolve(side).resolve("perfquery-x.txt"),
                    dir.resolve(side).resolve("perfquery-x.txt"));
        }
        java.nio.file.Files.copy(DATASETS.resolve("reconcile-b2-fabric-backpressure").resolve("perftest.log"), dir.resolve("perftest.log"));
        var without = Incident.of(dir).reconciliation().orElseThrow();
        assertTrue(without.rows().stream().allMatch(x -> x.verdict() == org.fabriclab.reconcile.Case.NO_VERDICT), without.toString());
        var with = Incident.of(dir).rateGbps(200).reconciliation().orElseThrow();
        assertTrue(with.rows().stream().allMatch(x -> x.verdict().label().equals("B2")), with.toString());
        var captured = Incident.of(DATASETS.resolve("reconcile-b2-fabric-backpressure")).rateGbps(100).reconciliation().orElseThrow();
        assertTrue(captured.rows().stream().allMatch(x -> x.linkRateGbps() == 200.0), captured.toString());
        assertTrue(captured.warnings().stream().anyMatch(w -> w.contains("given as 100 Gb/s, but the captures say 200 Gb/s")), captured.warnings().toString());
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> Incident.of(dir).rateGbps(0));
    }
}
