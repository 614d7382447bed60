package org.fabriclab.capture.ethtool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Input;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Source;
import org.fabriclab.delta.Delta;
import org.fabriclab.snapshot.Snapshot;
import org.fabriclab.verdict.Profiles;
import org.fabriclab.verdict.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sudo ethtool -S swpN} on an NVIDIA Cumulus Linux switch: switchd names a switch port's per-priority PFC frames
 * {@code HwIfInPfc<n>Pkt} (received: the NIC paused the switch) and {@code HwIfOutPfc<n>Pkt} (sent), the names Cumulus's
 * ethtool counter definitions and NetQ's {@code show ethtool-stats ... extended} list. The generic ethtool reader reads
 * them; the catalogue (vendor cumulus) gives them as rx/tx_prio{n}_pause. Excerpts are our own values in that layout.
 */
class CumulusSwitchPortPfcTest {
    @TempDir Path tmp;

    static String swp(String in3, String out3) {
        return """
                NIC statistics:
                        HwIfInOctets: 1435339
                        HwIfInDiscards: 0
                        HwIfInPfc0Pkt: 0
                        HwIfInPfc3Pkt: %s
                        HwIfOutPfc0Pkt: 0
                        HwIfOutPfc3Pkt: %s
                """.formatted(in3, out3);
    }

    @Test void perPriorityPfcFramesAreThePauseCounters() {
        Capture c = new EthtoolReader().read(Input.ofText("ethtool_swp1.txt", swp("1200", "40")));
        String port = c.ports().iterator().next();
        assertEquals(1200L, c.reading(port, "rx_prio3_pause").orElseThrow().value());
        assertEquals(40L, c.reading(port, "tx_prio3_pause").orElseThrow().value());
        assertEquals(0L, c.reading(port, "rx_prio0_pause").orElseThrow().value());
        assertFalse(c.reading(port, "rx_prio5_pause").isPresent(), "not printed: absent, not 0");
        assertEquals(List.of("cumulus"), Catalogue.standard().lookup(Source.ETHTOOL, "HwIfInPfc3Pkt").orElseThrow().vendors());
    }

    @Test void theNicPausingTheSwitchIsCongestionUnderRoce() throws IOException {
        Path b = Files.createDirectories(tmp.resolve("before")), a = Files.createDirectories(tmp.resolve("after"));
        Files.writeString(b.resolve("ethtool_swp1.txt"), swp("1000", "40"));
        Files.writeString(a.resolve("ethtool_swp1.txt"), swp("5001000", "40"));
        List<Verdict> vs = Delta.between(Snapshot.of(b), Snapshot.of(a)).moved(10e9).classify(Profiles.ROCE).verdicts();
        assertEquals(1, vs.size(), vs.toString());
        assertEquals("congestion", vs.get(0).verdict(), vs.get(0).toString());
        assertEquals(List.of("rx_prio3_pause"), vs.get(0).detail(), vs.get(0).toString());
    }
}
