package org.fabriclab.capture.sonic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.catalogue.Direction;
import org.fabriclab.delta.Delta;
import org.fabriclab.delta.MovedDelta;
import org.fabriclab.pause.PauseAnalysis;
import org.fabriclab.pause.PauseRow;
import org.fabriclab.snapshot.Snapshot;
import org.fabriclab.verdict.Profiles;
import org.fabriclab.verdict.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code show pfc counters} and its {@code --history} taken on the switch before and after a test: the switch port's Rx
 * PFC on priority 3 (the NIC pausing the switch) is the roce profile's {@code rx_prio3_pause} (a congestion verdict above
 * the bar) and the pause analysis's rx priority 3, its total pause time the duration that gives the duty cycle.
 */
class SonicPauseDeltaTest {
    static final double BYTES = 10e9;
    @TempDir Path tmp;

    static String pfc(String rx3, String tx3) {
        return """
                  Port Rx    PFC0    PFC1    PFC2         PFC3    PFC4    PFC5    PFC6    PFC7
                ---------  ------  ------  ------  -----------  ------  ------  ------  ------
                Ethernet0       0       0       0  %11s       0       0       0       0

                  Port Tx    PFC0    PFC1    PFC2         PFC3    PFC4    PFC5    PFC6    PFC7
                ---------  ------  ------  ------  -----------  ------  ------  ------  ------
                Ethernet0       0       0       0  %11s       0       0       0       0
                """.formatted(rx3, tx3);
    }

    static String history(String us) {
        return """
                     Port    Priority    RX Pause Transitions    Total RX Pause Time US
                ---------  ----------  ----------------------  ------------------------
                Ethernet0        PFC3                      12  %24s
                """.formatted(us);
    }

    MovedDelta delta(String before, String after, String histBefore, String histAfter) throws IOException {
        Path b = Files.createDirectories(tmp.resolve("before")), a = Files.createDirectories(tmp.resolve("after"));
        Files.writeString(b.resolve("pfc.txt"), before);
        Files.writeString(a.resolve("pfc.txt"), after);
        Files.writeString(b.resolve("pfc_history.txt"), histBefore);
        Files.writeString(a.resolve("pfc_history.txt"), histAfter);
        return Delta.between(Snapshot.of(b), Snapshot.of(a)).moved(BYTES);
    }

    /**
     * The roce profile grades the switch port by what a switch can hold: its transport and storm counters are NIC
     * counters no SONiC binding names, so their absence is noted as optional (Profile.resolve) and the pause decides.
     */
    @Test void theNicPausingTheSwitchIsCongestionUnderRoce() throws IOException {
        MovedDelta d = delta(pfc("1,000", "40"), pfc("5,001,000", "40"), history("1,000,000"), history("99,000,000"));
        List<Verdict> vs = d.classify(Profiles.ROCE).verdicts();
        assertEquals(1, vs.size(), vs.toString());
        Verdict v = vs.get(0);
        assertEquals("switch Ethernet0", v.port());
        assertEquals("congestion", v.verdict(), v.toString());
        assertEquals(List.of("rx_prio3_pause"), v.detail(), v.toString());
        assertEquals(500_000.0, v.perGb().get("rx_prio3_pause"), 1e-9, "5,000,000 pauses over 10 GB");
        assertTrue(v.reasons().getOrDefault("packet_seq_err", "").startsWith("optional"), v.reasons().toString());
    }

    /** The pause analysis on the same delta: 5,000,000 frames and 98 s paused of 100 s on Rx priority 3 of the switch port. */
    @Test void thePauseAnalysisSeesTheNicPausingTheSwitch() throws IOException {
        MovedDelta d = delta(pfc("1,000", "40"), pfc("5,001,000", "40"), history("1,000,000"), history("99,000,000"));
        PauseAnalysis p = PauseAnalysis.of(d, 100);
        PauseRow rx3 = p.window().stream().filter(r -> r.port().equals("switch Ethernet0") && r.direction() == Direction.RX
                && r.priority().equals("prio3")).findFirst().orElseThrow(() -> new AssertionError(p.window().toString()));
        assertEquals(5_000_000L, rx3.frames());
        assertEquals(98_000_000L, rx3.pauseUs());
        assertEquals(0.98, rx3.dutyCycle(), 1e-12);
        assertTrue(p.paused());
        PauseRow tx3 = p.window().stream().filter(r -> r.port().equals("switch Ethernet0") && r.direction() == Direction.TX
                && r.priority().equals("prio3")).findFirst().orElseThrow();
        assertEquals(0L, tx3.frames(), "the switch did not pause the NIC");
    }

    static String pfcwd(String detected) {
        return """
                      QUEUE       STATUS    STORM DETECTED/RESTORED    TX OK/DROP    RX OK/DROP    TX LAST OK/DROP    RX LAST OK/DROP
                -------------  -----------  -------------------------  ------------  ------------  -----------------  -----------------
                  Ethernet0:3  operational  %25s           0/0           0/0                0/0                0/0
                """.formatted(detected);
    }

    /**
     * The switch's PFC watchdog saw storms on queue 3 during the test: roce-full, which grades every vendor's storm events,
     * calls the port a pause storm (the watchdog's count decides over the pause frames), roce (the runbook's fixed list) does not.
     */
    @Test void theWatchdogsStormsAreAPauseStormUnderRoceFull() throws IOException {
        Path b = Files.createDirectories(tmp.resolve("before")), a = Files.createDirectories(tmp.resolve("after"));
        Files.writeString(b.resolve("pfc.txt"), pfc("1,000", "40"));
        Files.writeString(a.resolve("pfc.txt"), pfc("5,001,000", "40"));
        Files.writeString(b.resolve("pfcwd.txt"), pfcwd("1/1"));
        Files.writeString(a.resolve("pfcwd.txt"), pfcwd("3/2"));
        MovedDelta d = Delta.between(Snapshot.of(b), Snapshot.of(a)).moved(BYTES);
        Verdict full = d.classify(Profiles.ROCE_FULL).verdicts().get(0);
        assertEquals("pause-storm", full.verdict(), full.toString());
        assertTrue(full.detail().contains("sonic_pfcwd_storm_detected"), full.toString());
        assertEquals("congestion", d.classify(Profiles.ROCE).verdicts().get(0).verdict());
    }

    @Test void aQuietPortIsNotPausedAndClean() throws IOException {
        MovedDelta d = delta(pfc("1,000", "40"), pfc("1,000", "40"), history("1,000,000"), history("1,000,000"));
        assertTrue(!PauseAnalysis.of(d, 100).paused());
        assertEquals(Verdict.CLEAN, d.classify(Profiles.ROCE).verdicts().get(0).verdict());
    }
}
