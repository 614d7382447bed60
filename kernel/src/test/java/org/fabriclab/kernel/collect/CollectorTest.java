package org.fabriclab.kernel.collect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.fabriclab.capture.Readers;
import org.fabriclab.delta.Delta;
import org.fabriclab.incident.Layout;
import org.fabriclab.incident.SnapshotTime;
import org.fabriclab.snapshot.Snapshot;
import org.fabriclab.verdict.Profiles;
import org.fabriclab.verdict.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * collect end to end on a stub host ({@link StubHost}: the tools are shell scripts printing the
 * bundled datasets' captures, sysfs is a fake tree): the folder it writes is read by the snapshot
 * join as it is and classified to the dataset's known verdict.
 */
class CollectorTest {
    @TempDir Path dir;
    final StringWriter progress = new StringWriter();
    final ByteArrayOutputStream echo = new ByteArrayOutputStream();

    Collector.Config config(StubHost h, Path out, List<String> cmd, Duration every, Integer count) {
        return new Collector.Config(out, false, h.sys, h.tools(), cmd, every, count, Duration.ofSeconds(20), echo, echo,
                new PrintWriter(progress));
    }

    static JsonNode manifest(Path out) throws Exception {
        return new ObjectMapper().readTree(out.resolve(Layout.MANIFEST).toFile());
    }

    @Test void ibBeforeAfterAroundATestReadsAndClassifiesAsTheDataset() throws Exception {
        StubHost h = StubHost.ib(dir.resolve("host"), List.of("perfquery", "ibstat", "rdma"));
        h.failing("mlxlink", "-E- Failed to open device: permission denied (run as root)", 1);
        Path out = dir.resolve("incident");
        Collector.Result r = new Collector(config(h, out, List.of(h.bin.resolve("fake-perftest").toString(), "-D", "10"), null, null)).run();
        assertEquals(0, r.testExit());
        assertTrue(Files.isRegularFile(out.resolve("before/perfquery-x.mlx5_0-1.txt")));
        assertTrue(Files.isRegularFile(out.resolve("before/sysfs.txt")));
        assertTrue(Files.isRegularFile(out.resolve("before/ibstat.txt")));
        assertTrue(Files.isRegularFile(out.resolve("after/timestamp.json")));
        // the test's own output is kept byte for byte, and echoed
        assertEquals(Files.readString(StubHost.DATASETS.resolve("reconcile-a-line-rate/perftest.log")),
                Files.readString(out.resolve("test/stdout.txt")));
        assertEquals("fake-perftest: done\n", Files.readString(out.resolve("test/stderr.txt")));
        assertTrue(echo.toString().contains("fake-perftest: done"));

        JsonNode m = manifest(out);
        assertEquals("before-after", m.get("kind").asText());
        assertEquals(0, m.at("/test/exit_code").asInt());
        assertTrue(m.at("/tools/ethtool").isNull(), "absent tools are listed as absent");
        JsonNode before = m.at("/snapshots/0");
        assertTrue(before.get("skipped").toString().contains("\"tool\":\"ethtool\""), before.toString());
        assertTrue(before.get("failed").toString().contains("permission denied"), "a failing tool's stderr is kept: " + before);
        assertTrue(m.get("warnings").isEmpty(), m.get("warnings").toString());
        assertEquals("mlx5_0/1", m.at("/ports/0/port").asText());
        assertEquals("17", m.at("/ports/0/lid").asText());

        // the snapshot folders are what the readers take, as they are
        Snapshot b = Snapshot.of(out.resolve("before")), a = Snapshot.of(out.resolve("after"));
        assertEquals(List.of("mlx5_0/1"), b.ports(), "perfquery's LID, sysfs and ibstat join into one port");
        Verdict v = Delta.between(b, a).moved(1e12).classify(Profiles.IB).port("mlx5_0/1").orElseThrow();
        assertEquals("physical", v.verdict());
        assertEquals(List.of("SymbolErrorCounter"), v.detail());
        assertTrue(SnapshotTime.elapsedSeconds(out.resolve("before"), out.resolve("after")) > 0);
        assertEquals(List.of(out.resolve("before"), out.resolve("after")), Layout.snapshots(out));
    }

    @Test void roceSnapshotsJoinEthtoolAndRdmaToTheDevicePortAndClassifyAsAPauseStorm() throws Exception {
        StubHost h = StubHost.roce(dir.resolve("host"), List.of("ethtool", "rdma"));
        Path out = dir.resolve("incident");
        new Collector(config(h, out, List.of(h.bin.resolve("fake-perftest").toString()), null, null)).run();
        assertTrue(Files.isRegularFile(out.resolve("before/ethtool-S.ens1f0np0.txt")));
        assertTrue(Files.readString(out.resolve("before/ethtool-S.ens1f0np0.txt")).startsWith("# ethtool -S ens1f0np0\n"));
        assertTrue(Files.isRegularFile(out.resolve("before/rdma-link.json")));
        assertTrue(Files.isRegularFile(out.resolve("before/rdma-statistic.json")));
        assertFalse(Files.exists(out.resolve("before/perfquery-x.mlx5_0-1.txt")), "no perfquery on an Ethernet port");
        JsonNode m = manifest(out);
        assertEquals("ens1f0np0", m.at("/ports/0/netdev").asText());
        Snapshot b = Snapshot.of(out.resolve("before")), a = Snapshot.of(out.resolve("after"));
        assertEquals(List.of("mlx5_0/1"), b.ports(), "the netdev's counters join the RDMA port: " + b.ports() + " " + b.unjoined());
        Verdict v = Delta.between(b, a).moved(5e10).classify(Profiles.ROCE).port("mlx5_0/1").orElseThrow();
        assertEquals("pause-storm", v.verdict());
        // the transceiver's diagnostics beside the counters, named by the command line, joined to the RDMA port
        assertTrue(Files.readString(out.resolve("after/ethtool-m.ens1f0np0.txt")).startsWith("# ethtool -m ens1f0np0\n"));
        var optics = org.fabriclab.check.OpticsChecks.of(a);
        assertTrue(optics.stream().anyMatch(r -> r.port().equals("mlx5_0/1") && r.name().equals("rx_power_dbm lane 2")
                && r.outcome() == org.fabriclab.check.Outcome.FAIL), optics.toString());
        // the link settings, named by their first line, read and joined: the RDMA port's rate from ethtool's Speed too
        assertTrue(Files.readString(out.resolve("before/ethtool.ens1f0np0.txt")).startsWith("# ethtool ens1f0np0\nSettings for ens1f0np0:\n"));
        assertFalse(Files.exists(out.resolve("unread")), "the settings file is read");
        assertTrue(a.attrSources("mlx5_0/1", org.fabriclab.capture.PortAttr.RATE_GBPS).stream()
                .anyMatch(r -> r.file().endsWith("ethtool.ens1f0np0.txt") && r.value().equals("100")), a.attrs("mlx5_0/1").toString());
        assertEquals(Optional.of("yes"), a.attr("mlx5_0/1", org.fabriclab.capture.PortAttr.LINK_DETECTED));
        assertEquals(Optional.of("4"), a.attr("mlx5_0/1", org.fabriclab.capture.PortAttr.LANES));
    }

    @Test void roceSnapshotsHoldTheHostsPfcConfigurationJoinedToTheDevicePort() throws Exception {
        StubHost h = StubHost.roce(dir.resolve("host"), List.of("ethtool", "rdma", "mlnx_qos", "dcb"));
        Path out = dir.resolve("incident");
        new Collector(config(h, out, List.of(h.bin.resolve("fake-perftest").toString()), null, null)).run();
        assertTrue(Files.isRegularFile(out.resolve("before/mlnx_qos.ens1f0np0.txt")), Files.readString(out.resolve("manifest.json")));
        assertTrue(Files.readString(out.resolve("before/mlnx_qos.ens1f0np0.txt")).startsWith("# mlnx_qos -i ens1f0np0\n"));
        assertTrue(Files.readString(out.resolve("before/dcb-pfc.ens1f0np0.txt")).startsWith("# dcb -s pfc show dev ens1f0np0\n"));
        assertFalse(Files.exists(out.resolve("unread")), "every QoS file is read");
        Snapshot a = Snapshot.of(out.resolve("after"));
        assertEquals(List.of("mlx5_0/1"), a.ports());
        assertEquals(Optional.of("3"), a.attr("mlx5_0/1", "pfc_enabled"));
        assertEquals(Optional.of("dscp"), a.attr("mlx5_0/1", "trust"));
    }

    @Test void aSeriesIsTimestampedSnapshotsInOrder() throws Exception {
        StubHost h = StubHost.ib(dir.resolve("host"), List.of("perfquery"));
        Path out = dir.resolve("series");
        Collector.Result r = new Collector(config(h, out, null, Duration.ofMillis(200), 3)).run();
        assertNull(r.testExit());
        assertEquals(List.of(out.resolve("t0"), out.resolve("t1"), out.resolve("t2")), Layout.snapshots(out));
        SnapshotTime t0 = SnapshotTime.read(out.resolve("t0")), t1 = SnapshotTime.read(out.resolve("t1")), t2 = SnapshotTime.read(out.resolve("t2"));
        // a fixed rate from t0: snapshot k starts k intervals after t0 (a late one does not push the later ones)
        assertTrue(t0.secondsUntil(t1) >= 0.19 && t0.secondsUntil(t2) >= 0.39 && t1.secondsUntil(t2) > 0, t0 + " " + t1 + " " + t2);
        assertEquals("series", manifest(out).get("kind").asText());
        assertEquals(0.2, manifest(out).get("interval_s").asDouble(), 1e-9);
        assertFalse(Files.exists(out.resolve("test")));
    }

    @Test void aSeriesAroundATestSamplesWhileItRunsAndOnceAfter() throws Exception {
        StubHost h = StubHost.ib(dir.resolve("host"), List.of("perfquery", "ibstat"));
        Path out = dir.resolve("series");
        Path slow = h.bin.resolve("slow-test");
        Files.writeString(slow, "#!/bin/sh\nsleep 1\n" + h.bin.resolve("fake-perftest") + "\n");
        slow.toFile().setExecutable(true);
        new Collector(config(h, out, List.of(slow.toString()), Duration.ofMillis(250), null)).run();
        List<Path> snaps = Layout.snapshots(out);
        assertTrue(snaps.size() >= 3, "t0, at least one while it ran, one after: " + snaps);
        JsonNode m = manifest(out);
        long lastStart = m.at("/snapshots/" + (snaps.size() - 1) + "/monotonic_ns").asLong();
        assertTrue(lastStart >= m.at("/test/ended_monotonic_ns").asLong(), "the last snapshot is taken after the test ended");
        var first = Snapshot.of(snaps.get(0)).value("mlx5_0/1", "SymbolErrorCounter").getAsLong();
        var last = Snapshot.of(snaps.get(snaps.size() - 1)).value("mlx5_0/1", "SymbolErrorCounter").getAsLong();
        assertTrue(last > first, "the series sees the test move the counters");
    }

    @Test void anExistingNonEmptyFolderIsNeverOverwrittenUnlessAsked() throws Exception {
        StubHost h = StubHost.ib(dir.resolve("host"), List.of("perfquery"));
        Path out = Files.createDirectories(dir.resolve("incident"));
        Files.writeString(out.resolve("notes.txt"), "mine");
        var ex = assertThrows(IllegalArgumentException.class, () -> new Collector(config(h, out, null, null, 1)).run());
        assertTrue(ex.getMessage().contains("exists and is not empty"), ex.getMessage());
        assertEquals("mine", Files.readString(out.resolve("notes.txt")));
        var replace = new Collector.Config(out, true, h.sys, h.tools(), null, null, 1, Duration.ofSeconds(20), echo, echo, new PrintWriter(progress));
        new Collector(replace).run();
        assertFalse(Files.exists(out.resolve("notes.txt")));
        assertTrue(Files.isDirectory(out.resolve("t0")));
        Path empty = Files.createDirectories(dir.resolve("empty"));
        new Collector(config(h, empty, null, null, 1)).run();
        assertTrue(Files.isDirectory(empty.resolve("t0")), "an empty folder is fine");
    }

    @Test void aFailedRunLeavesNothingAndAKilledRunsTemporaryIsRemovedNextTime() throws Exception {
        StubHost h = StubHost.ib(dir.resolve("host"), List.of("perfquery"));
        Path out = dir.resolve("incident");
        // a killed collect (pid 2^22+1 is above Linux's pid_max default, so never alive) left its temporary
        Path stale = Files.createDirectories(dir.resolve("incident.tmp-4194305-abc"));
        Files.writeString(stale.resolve("x"), "half");
        var ex = assertThrows(IllegalArgumentException.class,
                () -> new Collector(config(h, out, List.of("no-such-test-command-xyz"), null, null)).run());
        assertTrue(ex.getMessage().contains("not found on PATH"), ex.getMessage());
        assertFalse(Files.exists(out));
        new Collector(config(h, out, null, null, 1)).run();
        assertFalse(Files.exists(stale), "the stale temporary of a dead writer is removed");
        try (var s = Files.list(dir)) {
            assertEquals(List.of("host", "incident"), s.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test void aFailingTestCommandStillWritesTheFolderWithItsExitCode() throws Exception {
        StubHost h = StubHost.ib(dir.resolve("host"), List.of("perfquery"));
        Path out = dir.resolve("incident");
        Path failing = h.bin.resolve("failing-test");
        Files.writeString(failing, "#!/bin/sh\n" + h.bin.resolve("fake-perftest") + "\nexit 7\n");
        failing.toFile().setExecutable(true);
        Collector.Result r = new Collector(config(h, out, List.of(failing.toString()), null, null)).run();
        assertEquals(7, r.testExit());
        assertEquals(7, manifest(out).at("/test/exit_code").asInt());
        assertTrue(Files.isDirectory(out.resolve("after")));
    }

    @Test void anOutputNoReaderReadsIsMovedAsideSoTheSnapshotStillReads() throws Exception {
        StubHost h = StubHost.ib(dir.resolve("host"), List.of("perfquery"));
        h.printing("ibstat", "ibstat: something this version prints that is not a report");
        Path out = dir.resolve("incident");
        new Collector(config(h, out, null, null, 1)).run();
        assertFalse(Files.exists(out.resolve("t0/ibstat.txt")));
        assertTrue(Files.exists(out.resolve("unread/t0/ibstat.txt")));
        JsonNode unread = manifest(out).at("/snapshots/0/unread/0");
        assertEquals("unread/t0/ibstat.txt", unread.get("file").asText());
        assertTrue(unread.get("reason").asText().contains("not a capture format"), unread.toString());
        Snapshot.of(out.resolve("t0"));   // reads
        for (Path f : Readers.standard().expand(out.resolve("t0"))) assertFalse(f.getFileName().toString().equals(Layout.TIMESTAMP));
    }

    @Test void aHostWithNothingToCollectIsBadInput() throws Exception {
        var c = new Collector.Config(dir.resolve("x"), false, dir.resolve("no-sys"), Tools.onPath(dir.toString()), null, null, 1,
                Duration.ofSeconds(5), echo, echo, new PrintWriter(progress));
        var ex = assertThrows(IllegalArgumentException.class, () -> new Collector(c).run());
        assertTrue(ex.getMessage().contains("nothing to collect"), ex.getMessage());
        assertFalse(Files.exists(dir.resolve("x")));
    }

    @Test void optionsThatMakeNoSenseTogetherAreRefused() throws Exception {
        StubHost h = StubHost.ib(dir.resolve("host"), List.of("perfquery"));
        Path out = dir.resolve("o");
        assertThrows(IllegalArgumentException.class, () -> new Collector(config(h, out, null, null, null)));
        assertThrows(IllegalArgumentException.class, () -> new Collector(config(h, out, null, Duration.ofSeconds(1), null)));
        assertThrows(IllegalArgumentException.class, () -> new Collector(config(h, out, List.of("x"), Duration.ofSeconds(1), 3)));
        assertThrows(IllegalArgumentException.class, () -> new Collector(config(h, out, null, Duration.ofSeconds(1), 0)));
    }

    @Test void intervalsParseAsWritten() {
        assertEquals(Duration.ofSeconds(10), Interval.parse("10s"));
        assertEquals(Duration.ofMillis(500), Interval.parse("500ms"));
        assertEquals(Duration.ofMinutes(2), Interval.parse("2m"));
        assertEquals(Duration.ofMillis(1500), Interval.parse("1.5"));
        assertThrows(IllegalArgumentException.class, () -> Interval.parse("ten seconds"));
    }
}
