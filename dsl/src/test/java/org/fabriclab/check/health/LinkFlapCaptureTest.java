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
}
