package org.fabriclab.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.fabriclab.delta.Rules;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The fleet path and the per-port path give the same verdict, detail and live on random fleets. */
class FleetClassifierTest {

    @ParameterizedTest
    @ValueSource(strings = {"ib", "roce"})
    void agreesWithPerPortClassifier(String fabric) {
        Profile profile = Profiles.named(fabric);
        FleetClassifier fc = new FleetClassifier(profile);
        List<String> names = fc.counters();
        int ports = 5000;
        SplittableRandom rnd = new SplittableRandom(42);
        long[][] before = new long[names.size()][ports], after = new long[names.size()][ports];
        double[] bytes = new double[ports];
        for (int p = 0; p < ports; p++) {
            bytes[p] = rnd.nextBoolean() ? 1e12 : 10e9;
            for (int i = 0; i < names.size(); i++) {
                long b = rnd.nextInt(4) == 0 ? rnd.nextLong(300) : 0;
                long a = switch (rnd.nextInt(8)) {
                    case 0 -> b + rnd.nextLong(2_000_000);
                    case 1 -> rnd.nextLong(Math.max(1, b));
                    case 2 -> 255;
                    case 3 -> 65535;
                    default -> b;
                };
                if (rnd.nextInt(40) == 0) b = Rules.ABSENT;
                before[i][p] = b;
                after[i][p] = a;
            }
        }
        FleetClassifier.Result r = fc.classify(before, after, bytes, 1000);
        for (int p = 0; p < ports; p++) {
            Map<String, Long> b = new HashMap<>(), a = new HashMap<>();
            for (int i = 0; i < names.size(); i++) {
                if (before[i][p] != Rules.ABSENT) b.put(names.get(i), before[i][p]);
                a.put(names.get(i), after[i][p]);
            }
            Verdict expected = Classifier.classify(profile, b, a, bytes[p], 1000);
            Verdict actual = r.verdict(p);
            assertEquals(expected.seedView(), actual.seedView(), "port " + p);
        }
    }
}
