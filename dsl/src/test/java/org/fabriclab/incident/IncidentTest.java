package org.fabriclab.incident;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.plot.Charts;
import org.fabriclab.pause.PauseRow;
import org.fabriclab.verdict.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IncidentTest {
    @TempDir Path tmp;

    @Test void aCollectedSeriesGivesTheElapsedTimeFromTimestampsAndTheIntervals() {
        // t0..t3, 1 s apart; in t1 -> t2 our NIC paused its peer 0.95 s (tx: our receive path is behind)
        Path dir = CollectedFolders.roce(tmp.resolve("inc"), 4, 1000, i -> Map.of("tx_prio3_pause", i >= 2 ? 5000L : 0L,
                "tx_prio3_pause_duration", i >= 2 ? 950_000L : 0L));
        Incident inc = Incident.of(dir);
        assertEquals(4, inc.snapshots().size());
        assertEquals(3.0, inc.elapsedSeconds(), 1e-9);
        assertTrue(inc.elapsedHow().contains("monotonic"), inc.elapsedHow());
        PortReport p = inc.ports().get(0);
        assertEquals(FabricKind.ROCE, p.fabric().kind());
        assertEquals("link layer Ethernet", p.fabric().how());
        assertEquals(3e9, p.bytes().bytes());       // tx_bytes_phy: 1 GB per snapshot over 3 intervals
        // the runbook's profile grades received pause only (rx_prio3_pause): sent pause is for the pause analysis to show
        assertEquals("clean", p.verdict().verdict(), p.verdict().toString());
        assertTrue(p.deciding().isEmpty());
        var pause = inc.pause();
        assertEquals(3, pause.intervals().stream().filter(r -> r.label().equals("tx prio3")).count());
        PauseRow hot = pause.intervals().stream().filter(r -> r.label().equals("tx prio3") && r.paused()).findFirst().orElseThrow();
        assertEquals(0.95, hot.dutyCycle(), 1e-9);
        assertTrue(String.join("\n", pause.findings()).contains("duty cycle 31.7%"), pause.findings().toString());
        assertTrue(inc.toString().contains("our receive path is behind"));
        assertTrue(Charts.png(inc.charts()).length > 1000);
    }

    @Test void givenBytesAndFabricOverrideTheCaptures() {
        Path dir = CollectedFolders.beforeAfter(tmp.resolve("inc"), 10_000, i -> Map.of("rx_prio3_pause", i == 1 ? 20_100L : 100L));
        Incident found = Incident.of(dir);
        assertEquals("congestion", found.ports().get(0).verdict().verdict());   // 20000 per 1 GB
        Incident given = found.bytesMoved(1e12);
        assertEquals("clean", given.ports().get(0).verdict().verdict());        // 20 per GB over 1 TB
        assertTrue(given.ports().get(0).bytes().how().contains("DIFFER"), given.ports().get(0).bytes().how());
        Incident full = given.fabric("roce-full");
        assertEquals("roce-full", full.ports().get(0).verdict().profile());
        assertEquals("roce", full.ports().get(0).second().profile());
        // a given fabric does not override the port's captured link layer (Ethernet here): it decides where none is captured
        FabricKind.Found kept = found.fabric("ib").ports().get(0).fabric();
        assertEquals(FabricKind.ROCE, kept.kind(), kept.how());
        assertTrue(kept.how().contains("fabric ib was given"), kept.how());
        assertEquals(found.ports().get(0).verdict(), found.bytesMoved(Double.NaN).fabric("").ports().get(0).verdict());
    }

    /**
     * Captures given side by side are the same analysis as their folder: the same verdict, fabric and bytes,
     * each side's time read when it is one folder; nothing else of the folder is read (no reconciliation).
     */
    @Test void capturesGivenSideBySideAreAnalysedAsTheirFolder() throws Exception {
        Path dir = CollectedFolders.roce(tmp.resolve("inc"), 2, 10_000, i -> Map.of("rx_prio3_pause", i == 1 ? 20_100L : 100L));
        Files.writeString(dir.resolve("notes.txt"), "not a capture\n");
        Incident folder = Incident.of(dir);
        Incident sides = Incident.between(java.util.List.of(folder.snapshotFolders().get(0)), java.util.List.of(folder.snapshotFolders().get(1)));
        assertEquals(folder.ports().get(0).verdict(), sides.ports().get(0).verdict());
        assertEquals("congestion", sides.ports().get(0).verdict().verdict());
        assertEquals(folder.ports().get(0).bytes(), sides.ports().get(0).bytes());
        assertEquals(folder.ports().get(0).fabric(), sides.ports().get(0).fabric());
        assertEquals(folder.elapsedSeconds(), sides.elapsedSeconds(), 1e-9);
        assertTrue(folder.folderNotes().stream().anyMatch(n -> n.contains("notes.txt")), folder.folderNotes().toString());
        assertTrue(sides.folderNotes().isEmpty(), sides.folderNotes().toString());
        String label = folder.snapshotFolders().get(0) + " -> " + folder.snapshotFolders().get(1);
        assertEquals(label, sides.label());
        assertTrue(sides.toString().startsWith("incident report: " + label), sides.toString());
        assertEquals(dir.toString(), folder.label());
        assertThrows(IllegalArgumentException.class, () -> Incident.between(java.util.List.of(), java.util.List.of(dir)));
    }

    @Test void withoutTrafficOnlyCongestionNeedsTheBytes() {
        // no data counter moved: an error verdict stands, a pause count alone cannot be graded
        Path quiet = CollectedFolders.beforeAfter(tmp.resolve("a"), 1000, i -> Map.of("tx_bytes_phy", 7L, "rx_bytes_phy", 7L,
                "rx_prio3_pause", 100L + i * 50));
        Verdict v = Incident.of(quiet).ports().get(0).verdict();
        assertEquals(Verdict.INCOMPLETE, v.verdict());
        assertEquals(java.util.List.of(Grading.BYTES), v.detail());
        assertTrue(v.reasons().get(Grading.BYTES).contains("no traffic"), v.reasons().toString());
        Path drops = CollectedFolders.beforeAfter(tmp.resolve("b"), 1000, i -> Map.of("tx_bytes_phy", 7L, "rx_bytes_phy", 7L,
                "rx_discards_phy", i * 3L, "rx_prio3_pause", 100L + i * 50));
        Verdict w = Incident.of(drops).ports().get(0).verdict();
        assertEquals("lossless-broken", w.verdict());
        assertTrue(w.reasons().get(Grading.BYTES).contains("does not depend on it"));
    }

    @Test void aFolderThatIsNoIncidentIsABadInputNamingIt() throws Exception {
        Files.createDirectories(tmp.resolve("x"));
        var e = assertThrows(CaptureException.class, () -> Incident.of(tmp.resolve("x")).verdicts());
        assertTrue(e.getMessage().contains("before/ and after/"), e.getMessage());
        CollectedFolders.roce(tmp.resolve("one"), 1, 1000, i -> Map.of());
        e = assertThrows(CaptureException.class, () -> Incident.of(tmp.resolve("one")).verdicts());
        assertTrue(e.getMessage().contains("a delta needs two"), e.getMessage());
        assertThrows(CaptureException.class, () -> Incident.of(tmp.resolve("missing")).verdicts());
        assertThrows(IllegalArgumentException.class, () -> Incident.of(tmp).bytesMoved(0));
        assertThrows(IllegalArgumentException.class, () -> Incident.of(tmp).fabric("fc"));
    }

    /** A folder of hosts, each an incident folder (node17/before, node17/after, node18/...): the refusal names them. */
    @Test void aFolderOfHostsNamesTheHostsThatAreIncidentFolders() throws Exception {
        Path hosts = tmp.resolve("hosts");
        for (String h : new String[] {"node17", "node18"}) {
            for (String side : new String[] {"before", "after"}) Files.createDirectories(hosts.resolve(h).resolve(side));
        }
        Files.createDirectories(hosts.resolve("notes"));
        var e = assertThrows(CaptureException.class, () -> Layout.snapshots(hosts));
        assertTrue(e.getMessage().endsWith("; node17/ node18/ are incident folders of its own (one host each?): give one, as "
                + hosts.resolve("node17")), e.getMessage());
    }
}
