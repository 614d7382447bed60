package org.fabriclab.incident;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.verdict.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An incident given as one file: the tool's output appended before and after the test, or a sampling loop's dated log. */
class RunsFileTest {
    @TempDir Path tmp;

    /** perfquery -x of one port (LID 7 port 1). */
    private static String perfquery(long symbols, long xmitData, long xmitWait) {
        return "# Port extended counters: Lid 7 port 1 (CapMask: 0x5A00)\n"
                + "PortSelect:......................1\n"
                + "PortXmitData:....................%d\n".formatted(xmitData)
                + "PortRcvData:.....................%d\n".formatted(xmitData)
                + "PortXmitPkts:....................%d\n".formatted(xmitData / 1000)
                + "PortRcvPkts:.....................%d\n".formatted(xmitData / 1000)
                + "SymbolErrorCounter:..............%d\n".formatted(symbols)
                + "LinkErrorRecoveryCounter:........0\nLinkDownedCounter:...............0\nPortRcvErrors:...................0\n"
                + "PortXmitDiscards:................0\n"
                + "PortXmitWait:....................%d\n".formatted(xmitWait);
    }

    @Test void appendedRunsAreTheSnapshotsInFileOrder() throws IOException {
        Path f = Files.writeString(tmp.resolve("perfquery.txt"), perfquery(0, 1_000_000, 0) + "\n" + perfquery(40, 250_001_000_000L, 0));
        Incident inc = Incident.of(f);
        assertEquals(2, inc.snapshots().size());
        Verdict v = inc.verdict("lid 7/1");
        assertEquals("physical", v.verdict(), v.toString());
        assertEquals(40L, inc.delta().port("lid 7/1").get("SymbolErrorCounter").delta());
        String after = inc.snapshotFolders().get(1).getFileName().toString();
        assertTrue(after.startsWith("perfquery.txt (run 2 of 2, line "), after);
        assertTrue(inc.elapsedHow().startsWith("elapsed time unknown"), inc.elapsedHow());
    }

    @Test void aDatedLoopLogGivesEachSnapshotItsTime() throws IOException {
        String log = "Mon Dec  7 10:00:00 UTC 2026\n" + perfquery(0, 1_000_000, 0)
                + "Mon Dec  7 10:00:10 UTC 2026\n" + perfquery(0, 100_001_000_000L, 30_000_000)
                + "Mon Dec  7 10:00:20 UTC 2026\n" + perfquery(0, 200_001_000_000L, 60_000_000);
        Incident inc = Incident.of(Files.writeString(tmp.resolve("loop.log"), log));
        assertEquals(3, inc.snapshots().size());
        assertEquals(20.0, inc.elapsedSeconds(), 1e-9);
        assertTrue(inc.elapsedHow().contains("the date lines of loop.log"), inc.elapsedHow());
        assertEquals("congestion", inc.verdict("lid 7/1").verdict());
        assertTrue(inc.snapshotFolders().get(2).getFileName().toString().contains("Mon Dec  7 10:00:20 UTC 2026"));
    }

    @Test void theTestsOwnOutputBetweenTheRunsIsReconciled() throws IOException {
        String prompt = "[root@node07 ~]# ";
        String log = prompt + "perfquery -x\n" + perfquery(0, 1_000_000, 0)
                + prompt + "ib_write_bw -d mlx5_0 -i 1 --report_gbits -D 10 10.0.0.2\n"
                + "                    RDMA_Write BW Test\n Device         : mlx5_0\n"
                + " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n"
                + " 65536      1869312          0.00               96.02 \t\t     0.183\n"
                + prompt + "perfquery -x\n" + perfquery(0, 30_001_000_000L, 0);
        Incident inc = Incident.of(Files.writeString(tmp.resolve("session.log"), log));
        assertEquals(2, inc.snapshots().size());
        assertTrue(inc.reconciliation().isPresent(), inc.folderNotes().toString());
        assertTrue(inc.folderNotes().stream().anyMatch(n -> n.startsWith(tmp.resolve("session.log") + ":")
                && n.endsWith("perftest output between the runs (reconciliation)")), inc.folderNotes().toString());
        assertTrue(inc.elapsedHow().contains("perftest -D"), inc.elapsedHow());
    }

    /** A pasted session of several tools (date, ibstat, perfquery, the test), run before and after: the dates time the runs. */
    @Test void aSessionOfSeveralToolsWithDatesIsATimedIncident() throws IOException {
        String p = "root@node07:~# ";
        String ibstat = "CA 'mlx5_0'\n\tCA type: MT4123\n\tNumber of ports: 1\n\tPort 1:\n\t\tState: Active\n\t\tRate: 200\n"
                + "\t\tBase lid: 7\n\t\tLink layer: InfiniBand\n";
        String session = p + "date\nMon Dec  7 10:00:00 UTC 2026\n" + p + "ibstat\n" + ibstat + p + "perfquery -x 7 1\n" + perfquery(0, 1_000_000, 0)
                + p + "sleep 30\n"
                + p + "date\nMon Dec  7 10:00:30 UTC 2026\n" + p + "ibstat\n" + ibstat + p + "perfquery -x 7 1\n" + perfquery(25, 750_001_000_000L, 0) + p;
        Incident inc = Incident.of(Files.writeString(tmp.resolve("ticket.txt"), session));
        assertEquals(2, inc.snapshots().size());
        assertEquals(30.0, inc.elapsedSeconds(), 1e-9);
        assertTrue(inc.elapsedHow().contains("the date at line 2 of ticket.txt"), inc.elapsedHow());
        // ibstat names the port mlx5_0/1 and its LID joins perfquery's counters to it
        assertEquals("physical", inc.verdict("mlx5_0/1").verdict(), inc.verdicts().toString());
    }

    /** date +%s before each run (epoch seconds right under a date command line) times the runs. */
    @Test void epochSecondsUnderADateCommandTimeTheRuns() throws IOException {
        String p = "$ ";
        String text = p + "date +%s\n1796637600\n" + p + "perfquery -x 7 1\n" + perfquery(0, 1_000_000, 0)
                + p + "date +%s\n1796637645.5\n" + p + "perfquery -x 7 1\n" + perfquery(0, 2_000_000, 0);
        Incident inc = Incident.of(Files.writeString(tmp.resolve("epoch.txt"), text));
        assertEquals(45.5, inc.elapsedSeconds(), 1e-9);
        // without the date command lines, the bare numbers before each run (the file's first line one of them, each followed
        // by the same command line) are a sampling loop's dates
        Incident bare = Incident.of(Files.writeString(tmp.resolve("bare.txt"), text.replace(p + "date +%s\n", "")));
        assertEquals(45.5, bare.elapsedSeconds(), 1e-9);
        assertTrue(bare.elapsedHow().contains("the date lines of bare.txt"), bare.elapsedHow());
        // under a cat of a counter file, a bare number is that counter's value: no time
        Incident cat = Incident.of(Files.writeString(tmp.resolve("cat.txt"),
                text.replace("date +%s", "cat /sys/class/infiniband/mlx5_0/ports/1/counters/port_rcv_data").replace(".5", "")));
        assertTrue(Double.isNaN(cat.elapsedSeconds()), cat.elapsedHow());
    }

    @Test void oneRunIsRefusedSayingHowToGiveTwo() throws IOException {
        Path f = Files.writeString(tmp.resolve("once.txt"), perfquery(0, 1, 0));
        CaptureException e = assertThrows(CaptureException.class, () -> Incident.of(f).verdicts());
        assertTrue(e.getMessage().startsWith(f + ": holds its tool's output once"), e.getMessage());
        assertTrue(e.getMessage().contains(">> once.txt"), e.getMessage());
    }
}
