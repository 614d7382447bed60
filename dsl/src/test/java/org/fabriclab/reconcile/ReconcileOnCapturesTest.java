package org.fabriclab.reconcile;

import static org.fabriclab.Fixtures.counters;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.fabriclab.capture.PublicCaptureFiles;
import org.fabriclab.Fixtures;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Readers;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

/** Reconciliation of perftest output read by the perftest reader against counters around the test. */
class ReconcileOnCapturesTest {
    static Snapshot[] around(String port, long xmitWords, long rcvWords, long wait) {
        Snapshot b = Fixtures.pqx("before", port, counters("PortXmitData", 0, "PortRcvData", 0, "PortXmitWait", 0), Map.of());
        Snapshot a = Fixtures.pqx("after", port, counters("PortXmitData", xmitWords, "PortRcvData", rcvWords, "PortXmitWait", wait), Map.of());
        return new Snapshot[] {b, a};
    }

    @Test void bidirectionalGbitsRunOnAnHdrPortIsCaseC() throws Exception {
        Capture p = Readers.standard().read(Path.of(getClass().getResource("/org/fabriclab/capture/perftest/write_bw_gbits_bidir.txt").toURI()));
        // 383.51 Gb/s both ways for 10 s (perftest's own duration): 23.97 GB per direction on the wire, in words
        Snapshot[] s = around("mlx5_0/2", 6_100_000_000L, 6_100_000_000L, 9_000_000);
        Reconciliation hdr = Reconcile.of(p).counters(s[0], s[1]).rateGbps(200).result();
        PortReconciliation r = hdr.rows().get(0);
        assertEquals("mlx5_0/2", r.port(), "device and ib_port from the perftest header");
        assertEquals(10.0, r.durationS(), "perftest printed its duration");
        assertEquals(4.793875E10, r.perftestBytesPerSec(), 1);
        assertEquals(Case.C, r.verdict(), "383.51 Gb/s bidirectional is above a 200 Gb/s port rate");
        assertEquals(6_100_000_000L * 4 * 2 / 10.0, r.counterBytesPerSec());
        // the header cannot say (both sides of -b print TX depth); the command line names the server, so this is the client
        assertTrue(hdr.warnings().stream().anyMatch(w -> w.contains("only the client side was captured")), hdr.warnings().toString());
        assertTrue(hdr.warnings().stream().anyMatch(w -> w.contains("Gb/sec (--report_gbits)")), hdr.warnings().toString());
        assertEquals(Case.A, Reconcile.of(p).counters(s[0], s[1]).rateGbps(400).result().rows().get(0).verdict(), "95.9% of 400 Gb/s");
    }

    @Test void publicLoopbackRunAboveAnHdrLinkRate() throws Exception {
        Capture p = Readers.standard().read(PublicCaptureFiles.file("perftest_ib_write_bw_loopback_8M_superbench.log"));
        Snapshot[] s = around("mlx5_0/1", 63_000_000_000L, 63_000_000_000L, 0);
        Reconciliation r = Reconcile.of(p).counters(s[0], s[1]).duration(10).rateGbps(200).result();
        assertEquals(2, r.rows().size(), "client and server runs of the interleaved log");
        for (PortReconciliation x : r.rows()) {
            assertEquals("mlx5_0/1", x.port());
            // 24056.72 MB/sec is 2^20-byte MB: 201.8 Gb/s, above 200: a loopback never crosses the link
            assertEquals(24056.72 * 1048576, x.perftestBytesPerSec(), 1e-3);
            assertEquals(Case.C, x.verdict());
        }
        assertEquals(63_000_000_000L * 4 / 10.0, r.rows().get(0).counterBytesPerSec(), "client: transmit words x 4");
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("matched to mlx5_0/1, the only port with data counters")), r.notes().toString());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("2^20 bytes")), r.warnings().toString());
    }

    /** A rate given for ports whose captures hold none: used there, said; where a rate was captured, that one stays, and both are named. */
    @Test void aRateWhereNoneIsCapturedNeverOverridesACapturedOne() throws Exception {
        Capture p = Readers.standard().read(PublicCaptureFiles.file("perftest_ib_write_bw_loopback_8M_superbench.log"));
        Snapshot[] s = around("mlx5_0/1", 63_000_000_000L, 63_000_000_000L, 0);
        Reconciliation none = Reconcile.of(p).counters(s[0], s[1]).duration(10).result();
        assertEquals(Case.NO_VERDICT, none.rows().get(0).verdict(), "perfquery says no rate");
        // given before duration(): every later step keeps it
        Reconciliation given = Reconcile.of(p).counters(s[0], s[1]).rateWhereNotCaptured(400).duration(10).result();
        assertEquals(Case.B1, given.rows().get(0).verdict(), "201.8 Gb/s is 50.4% of 400 Gb/s, with no xmit_wait");
        assertTrue(given.warnings().stream().anyMatch(w -> w.equals("link rate 400 Gb/s as given: the captures hold none for mlx5_0/1")),
                given.warnings().toString());
        Snapshot b = Fixtures.pqx("before", "mlx5_0/1", counters("PortXmitData", 0, "PortRcvData", 0, "PortXmitWait", 0), Map.of("rate_gbps", "200"));
        Snapshot a = Fixtures.pqx("after", "mlx5_0/1", counters("PortXmitData", 63_000_000_000L, "PortRcvData", 63_000_000_000L, "PortXmitWait", 0),
                Map.of("rate_gbps", "200"));
        Reconciliation captured = Reconcile.of(p).counters(b, a).rateWhereNotCaptured(400).duration(10).result();
        assertEquals(200.0, captured.rows().get(0).linkRateGbps(), "the captured rate is used");
        assertTrue(captured.warnings().stream().anyMatch(w -> w.contains("given as 400 Gb/s, but the captures say 200 Gb/s")), captured.warnings().toString());
    }

    /** perftest -d DEV without -i prints the device alone: its default port 1 is the test's, even when other ports moved too. */
    @Test void aDeviceNamedWithoutAPortIsItsDefaultPortOne() throws Exception {
        String log = Files.readString(PublicCaptureFiles.file("perftest_ib_write_bw_loopback_8M_superbench.log"))
                .replace("Device         : ib0", "Device         : mlx5_4");
        Capture p = Readers.standard().read(org.fabriclab.capture.Input.ofText("ib_write_bw.log", log));
        Snapshot b = ports("before", "mlx5_4/1", 0L, "mlx5_5/1", 0L), a = ports("after", "mlx5_4/1", 42_000_000_000L, "mlx5_5/1", 2_000_000_000L);
        Reconciliation r = Reconcile.of(p).counters(b, a).rateGbps(400).result();
        assertEquals(2, r.rows().size());
        for (PortReconciliation x : r.rows()) assertEquals("mlx5_4/1", x.port());
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("perftest named mlx5_4 (no port given); matched to mlx5_4/1, perftest's default port")),
                r.notes().toString());
        // a device the snapshots do not hold at port 1: no guess
        Snapshot b2 = ports("before", "mlx5_4/2", 0L, "mlx5_5/1", 0L), a2 = ports("after", "mlx5_4/2", 42_000_000_000L, "mlx5_5/1", 2_000_000_000L);
        for (PortReconciliation x : Reconcile.of(p).counters(b2, a2).rateGbps(400).result().rows()) assertEquals("?", x.port());
    }

    private static Snapshot ports(String name, Object... portAndWords) {
        java.util.List<Capture> caps = new java.util.ArrayList<>();
        for (int i = 0; i < portAndWords.length; i += 2) {
            long w = (Long) portAndWords[i + 1];
            caps.add(Fixtures.capture(name + "-" + i + ".txt", org.fabriclab.catalogue.Source.PERFQUERY_X, (String) portAndWords[i],
                    counters("PortXmitData", w, "PortRcvData", w, "PortXmitWait", 0), Map.of()));
        }
        return Snapshot.ofCaptures(name, caps);
    }

    /** perftest names ib0 (a netdev) and no port; its local address LID 0xd06 (3334) picks the port, and its own rows give the duration. */
    @Test void thePerftestLocalLidPicksThePortAndItsRowsTheDuration() throws Exception {
        Capture p = Readers.standard().read(PublicCaptureFiles.file("perftest_ib_write_bw_loopback_8M_superbench.log"));
        Snapshot b = ports("before", "lid 3334/1", 0L, "lid 1719/1", 0L), a = ports("after", "lid 3334/1", 42_000_000_000L, "lid 1719/1", 9L);
        Reconciliation r = Reconcile.of(p).counters(b, a).rateGbps(200).result();
        assertEquals(2, r.rows().size());
        for (PortReconciliation x : r.rows()) {
            assertEquals("lid 3334/1", x.port());
            // 20000 x 8 MiB at 24056.72 MiB/s
            assertEquals(20000 * 8388608.0 / (24056.72 * 1048576), x.durationS(), 1e-9);
            assertEquals(Case.C, x.verdict());
        }
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("matched to lid 3334/1 by its local address LID 3334 (0xd06)")), r.notes().toString());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("derived from perftest's own rows")), r.warnings().toString());
    }

    /** No LID to go by (the snapshots name the ports otherwise): the only port whose data counters moved is the test's. */
    @Test void theOnlyPortWhoseDataMovedIsTheTestsPort() throws Exception {
        Capture p = Readers.standard().read(PublicCaptureFiles.file("perftest_ib_write_bw_loopback_8M_superbench.log"));
        Snapshot b = ports("before", "mlx5_0/1", 0L, "mlx5_0/2", 5L), a = ports("after", "mlx5_0/1", 42_000_000_000L, "mlx5_0/2", 5L);
        Reconciliation r = Reconcile.of(p).counters(b, a).rateGbps(200).result();
        for (PortReconciliation x : r.rows()) assertEquals("mlx5_0/1", x.port());
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("the only port whose data counters moved")), r.notes().toString());
        // both moved: no guess
        Snapshot a2 = ports("after", "mlx5_0/1", 42_000_000_000L, "mlx5_0/2", 50L);
        for (PortReconciliation x : Reconcile.of(p).counters(b, a2).rateGbps(200).result().rows()) {
            assertEquals("?", x.port());
            assertEquals(Case.NO_VERDICT, x.verdict());
        }
    }
}
