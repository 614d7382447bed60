package org.fabriclab.incident;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Binding;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Layer;
import org.fabriclab.catalogue.Source;
import org.fabriclab.verdict.Verdict;
import org.junit.jupiter.api.Test;

/** The next steps of a verdict: for an incomplete one, where each missing counter is captured, as the catalogue binds it. */
class ExplainTest {
    static final Catalogue CAT = Catalogue.standard();

    /** Transport-retry counters the catalogue binds in sysfs hw_counters (asked of the catalogue, not named here). */
    static List<String> transportInHwCounters() {
        return CAT.bindings().stream().filter(b -> b.source() == Source.HW_COUNTERS && CAT.layerOf(b.canonical()) == Layer.TRANSPORT_RETRY)
                .map(Binding::canonical).distinct().limit(3).toList();
    }

    @Test void missingCountersAreNamedWithTheToolsThatPrintThem() {
        List<String> missing = transportInHwCounters();
        assertFalse(missing.isEmpty(), "the catalogue binds transport counters in hw_counters");
        String where = Explain.whereCaptured(missing, CAT);
        for (String c : missing) assertTrue(where.contains(c), where);
        assertTrue(where.contains("sysfs hw_counters/"), where);
        assertFalse(where.contains("ufm") || where.contains("exporter"), "only what a host collection runs: " + where);
    }

    @Test void aCounterNoHostToolPrintsGivesNoAdviceOfItsOwn() {
        assertEquals("", Explain.whereCaptured(List.of("no_such_counter"), CAT));
    }

    @Test void anIncompleteVerdictsNextStepSaysWhereToLook() {
        List<String> missing = transportInHwCounters();
        Verdict v = new Verdict("netdev eth9", "roce", Verdict.INCOMPLETE, missing, List.of(), Map.of(), Map.of(), 1e9, 0);
        String steps = String.join("\n", Explain.nextSteps(v, FabricKind.ROCE));
        assertTrue(steps.contains("capture the missing counters: " + missing.get(0)), steps);
        assertTrue(steps.contains("sysfs hw_counters/"), steps);
        assertFalse(steps.contains("PFC-enabled"), "no per-priority counter is missing: " + steps);
    }
}
