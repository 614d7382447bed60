package org.fabriclab.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One {@link DirectValues} refilled port after port (the {@code --jsonl} use) gives what a fresh
 * classification of each port's maps gives: nothing of a port is left over for the next one.
 */
class DirectValuesTest {

    @ParameterizedTest
    @ValueSource(strings = {"ib", "roce", "ib-full"})
    void reusedPortAfterPortAgreesWithTheMapsOfEachPort(String fabric) {
        Profile profile = Profiles.named(fabric);
        DirectValues v = new DirectValues(profile);
        SplittableRandom rnd = new SplittableRandom(7);
        for (int port = 0; port < 3000; port++) {
            Map<String, Number> before = new LinkedHashMap<>(), after = new LinkedHashMap<>();
            for (ProfileCounter c : profile.counters()) {
                long b = rnd.nextInt(4) == 0 ? rnd.nextLong(300) : 0;
                long a = switch (rnd.nextInt(6)) {
                    case 0 -> b + rnd.nextLong(2_000_000_000L);
                    case 1 -> rnd.nextLong(Math.max(1, b));
                    case 2 -> 65535;
                    default -> b;
                };
                if (rnd.nextInt(12) != 0) before.put(c.name(), rnd.nextInt(10) == 0 ? (Number) (double) b : (Number) b);
                if (rnd.nextInt(12) != 0) after.put(c.name(), a);
            }
            double bytes = rnd.nextInt(50) == 0 ? 0 : rnd.nextBoolean() ? 1e12 : 10e9;
            String expected, got;
            try {
                expected = Classifier.classify(profile, before, after, bytes, 1000).toMap().toString();
            } catch (IllegalArgumentException e) {
                expected = "error: " + e.getMessage();
            }
            v.clear();
            for (var e : before.entrySet()) {
                int i = v.index(e.getKey());
                if (e.getValue() instanceof Long l) v.before(i, l); else v.before(i, e.getValue());
            }
            for (var e : after.entrySet()) v.after(v.index(e.getKey()), e.getValue().longValue());
            try {
                v.classify(bytes, 1000);
                got = v.verdict().toMap().toString();
                List<String> detail = new ArrayList<>(), live = new ArrayList<>();
                for (int i = 0; i < v.size(); i++) {
                    if (v.isDetail(i)) detail.add(v.name(i));
                    if (v.isLive(i)) live.add(v.name(i));
                }
                assertEquals(v.verdict().detail(), detail);
                assertEquals(v.verdict().live(), live);
                assertEquals(v.verdict().verdict(), v.label());
            } catch (IllegalArgumentException e) {
                got = "error: " + e.getMessage();
            }
            assertEquals(expected, got, "port " + port);
        }
    }

    @Test void aProfileWithFamiliesIsResolvedFirst() {
        assertThrows(IllegalArgumentException.class, () -> new DirectValues(Profiles.ROCE_FULL));
        DirectValues v = new DirectValues(Profiles.ROCE_FULL.resolve(List.of("rx_prio3_pause", "rx_prio3_buf_discard")));
        assertEquals(true, v.index("rx_prio3_pause") >= 0);
        assertEquals(-1, v.index("rx_prio4_pause"));
    }

    /**
     * A counter the profile does not require, absent, is named with its reason marked optional and does
     * not make the verdict incomplete; read but reset, it makes the verdict unusable like any other; a
     * required one absent makes it incomplete.
     */
    @Test void anOptionalCounterNotUsedIsMarkedOptional() {
        Profile profile = Profiles.named("ib-full");
        ProfileCounter optional = profile.counters().stream().filter(c -> !c.required()).findFirst().orElseThrow();
        ProfileCounter required = profile.counters().stream().filter(ProfileCounter::required).findFirst().orElseThrow();
        Map<String, Number> before = new LinkedHashMap<>(), after = new LinkedHashMap<>();
        for (ProfileCounter c : profile.counters()) {
            if (c == optional) continue;
            before.put(c.name(), 5L);
            after.put(c.name(), 5L);
        }
        Verdict v = Classifier.classify(profile, before, after, 1e12, Classifier.DEFAULT_CONG_PER_GB);
        assertEquals(Verdict.CLEAN, v.verdict());
        assertEquals("optional, absent on both sides", v.reasons().get(optional.name()));
        before.put(optional.name(), 9L);
        after.put(optional.name(), 3L);
        v = Classifier.classify(profile, before, after, 1e12, Classifier.DEFAULT_CONG_PER_GB);
        assertEquals(Verdict.UNUSABLE, v.verdict());
        assertEquals(List.of(optional.name()), v.detail());
        assertEquals("reset: after 3 < before 9", v.reasons().get(optional.name()));
        before.remove(required.name());
        v = Classifier.classify(profile, before, after, 1e12, Classifier.DEFAULT_CONG_PER_GB);
        assertEquals(Verdict.INCOMPLETE, v.verdict());
        assertEquals(List.of(required.name()), v.detail());
        assertEquals("absent before", v.reasons().get(required.name()));
    }
}
