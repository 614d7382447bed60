package org.fabriclab.check.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.fabriclab.series.Series;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

/**
 * The link-flap rule on captures: four samples of classic {@code perfquery -l} output covering both ends
 * of two host-switch links, with the topology supplied (perfquery output does not carry it). Link A
 * reaches 15 link-down events on both ends (at the plugin's threshold of 15: alert); link B reaches 16
 * on the host end but 14 on the switch end (a link counts the smaller end: no alert).
 */
class LinkFlapCaptureTest {
    static final Path DIR = Path.of("src/test/resources/org/fabriclab/check/health/flap");

    @Test void bothEndsAtTheThresholdAlertOneEndBelowDoesNot() {
        List<Snapshot> snaps = new ArrayList<>();
        long[] times = new long[4];
        for (int t = 0; t < 4; t++) {
            snaps.add(Snapshot.of(DIR.resolve("t" + t + "-perfquery.txt")));
            times[t] = 1_700_000_000_000L + t * 300_000L;
        }
        Series s = Series.ofSnapshots(snaps, times).withLinks(
                Map.of("lid 10/1", "lid 2/7", "lid 11/1", "lid 2/8"),
                Map.of("lid 10/1", "host-switch", "lid 11/1", "host-switch"));
        HealthReport r = HealthRules.defaults().run(s);
        List<Alert> flaps = r.alerts(Engine.LINK_FLAPS);
        assertTrue(flaps.stream().allMatch(a -> a.port().equals("lid 10/1") || a.port().equals("lid 2/7")), flaps.toString());
        assertTrue(flaps.stream().anyMatch(a -> a.port().equals("lid 10/1") || a.port().equals("lid 2/7")), "link A must alert: " + flaps);
        for (Alert a : flaps) {
            assertEquals(15.0, a.threshold(), 0.0);
            assertEquals(15.0, a.value(), 0.0);
            assertEquals(times[3], a.time());
        }
    }

    /**
     * The same samples with an {@code ibnetdiscover -p} of the fabric in each snapshot (written from
     * infiniband-diags' ports report layout): the series takes the link pairs and kinds from the
     * snapshots' topology, joined to the perfquery ports by LID, with no hand-written links.
     */
    @Test void linkPairsComeFromTheSnapshotTopology() {
        List<Snapshot> snaps = new ArrayList<>();
        long[] times = new long[4];
        for (int t = 0; t < 4; t++) {
            snaps.add(Snapshot.of(DIR.resolve("t" + t + "-perfquery.txt"), DIR.resolve("ibnetdiscover-p.txt")));
            times[t] = 1_700_000_000_000L + t * 300_000L;
        }
        // the topology's GUIDs name the joined ports (guid outranks lid); the LIDs joined them
        String hostA = "guid 0x0002c903000a0001/1", switchA = "guid 0x0002c903000b0000/7", hostB = "guid 0x0002c903000a0002/1";
        assertTrue(snaps.get(0).ports().contains(hostA), snaps.get(0).ports().toString());
        assertEquals(java.util.Optional.of("10"), snaps.get(0).attr(hostA, "lid"));
        assertEquals(java.util.Optional.of(switchA), snaps.get(0).topology().peer(hostA));
        assertEquals(java.util.Optional.of("host-switch"), snaps.get(0).topology().kind(hostB));
        Series s = Series.ofSnapshots(snaps, times);
        assertEquals(switchA, s.peer(s.indexOf(hostA)));
        assertEquals("host-switch", s.linkKind(s.indexOf("guid 0x0002c903000b0000/8")));
        List<Alert> flaps = HealthRules.defaults().run(s).alerts(Engine.LINK_FLAPS);
        assertTrue(flaps.stream().anyMatch(a -> a.port().equals(hostA) || a.port().equals(switchA)), "link A must alert: " + flaps);
        assertTrue(flaps.stream().allMatch(a -> a.port().equals(hostA) || a.port().equals(switchA)), flaps.toString());
    }
}
