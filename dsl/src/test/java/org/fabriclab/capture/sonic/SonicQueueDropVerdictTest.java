package org.fabriclab.capture.sonic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.fabriclab.delta.Delta;
import org.fabriclab.delta.MovedDelta;
import org.fabriclab.snapshot.Snapshot;
import org.fabriclab.verdict.Profiles;
import org.fabriclab.verdict.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code show queue counters} taken on the switch before and after a test, beside {@code show pfc counters} (which the
 * roce profile's {@code rx_prio3_pause} needs on a switch port): drops on UC3, the queue of SONiC's default lossless
 * priority 3, are broken losslessness under roce-full; drops on UC0, a lossy queue, decide nothing. roce, the runbook's
 * fixed list, names no switch queue counter and is left as it is: there the same drops leave the port clean.
 */
class SonicQueueDropVerdictTest {
    static final double BYTES = 10e9;
    @TempDir Path tmp;

    static String queues(String uc0Drops, String uc3Drops) {
        return """
                For namespace :
                     Port    TxQ    Counter/pkts    Counter/bytes    Drop/pkts    Drop/bytes
                ---------  -----  --------------  ---------------  -----------  ------------
                Ethernet0    UC0            5000           640000  %11s             0
                Ethernet0    UC3         9000000       9216000000  %11s             0
                """.formatted(uc0Drops, uc3Drops);
    }

    MovedDelta delta(String before, String after) throws IOException {
        Path b = Files.createDirectories(tmp.resolve("before")), a = Files.createDirectories(tmp.resolve("after"));
        Files.writeString(b.resolve("queues.txt"), before);
        Files.writeString(a.resolve("queues.txt"), after);
        Files.writeString(b.resolve("pfc.txt"), SonicPauseDeltaTest.pfc("100", "0"));
        Files.writeString(a.resolve("pfc.txt"), SonicPauseDeltaTest.pfc("100", "0"));
        return Delta.between(Snapshot.of(b), Snapshot.of(a)).moved(BYTES);
    }

    @Test void dropsOnTheLosslessQueueAreLosslessBrokenUnderRoceFull() throws IOException {
        MovedDelta d = delta(queues("0", "10"), queues("0", "4,010"));
        Verdict v = d.classify(Profiles.ROCE_FULL).verdicts().get(0);
        assertEquals("switch Ethernet0", v.port());
        assertEquals("lossless-broken", v.verdict(), v.toString());
        assertEquals(java.util.List.of("sonic_tx_prio3_queue_drop"), v.detail(), v.toString());
    }

    @Test void theRunbooksFixedRoceListDoesNotGradeTheSwitchQueue() throws IOException {
        MovedDelta d = delta(queues("0", "10"), queues("0", "4,010"));
        Verdict v = d.classify(Profiles.ROCE).verdicts().get(0);
        assertEquals(Verdict.CLEAN, v.verdict(), v.toString());
    }

    @Test void dropsOnALossyQueueDecideNothing() throws IOException {
        MovedDelta d = delta(queues("10", "10"), queues("90,010", "10"));
        Verdict v = d.classify(Profiles.ROCE_FULL).verdicts().get(0);
        assertEquals(Verdict.CLEAN, v.verdict(), v.toString());
    }
}
