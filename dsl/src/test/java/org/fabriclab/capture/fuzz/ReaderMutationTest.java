package org.fabriclab.capture.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The bounded mutation campaign of the suite: every input of the {@link Corpus} (the public captures
 * when present, the readers' fixtures and dataset captures always), {@value #VARIANTS} seeded mutants
 * per input and family, at most {@value #BUDGET_MS} ms in all. Asserts no exception other than a
 * {@code CaptureException} naming the input, no read over 2 s, no silent misread (see
 * {@link Oracle}), and that every input read unmutated. The full campaign is
 * {@link MutationCampaignReport}.
 */
class ReaderMutationTest {
    static final int VARIANTS = 8;
    static final long BUDGET_MS = 90_000;

    @Test void mutantsAreReadOrRefusedNeverMisread() {
        Campaign.Result r = Campaign.run(Integer.getInteger("fabriclab.fuzz.variants", VARIANTS), BUDGET_MS);
        r.print(System.out);
        assertTrue(Corpus.unread.isEmpty(), () -> "inputs that do not read unmutated: " + Corpus.unread);
        assertTrue(r.mutants() > 0, "no mutants");
        assertEquals(java.util.List.of(), r.failures(), () -> r.failures().size() + " failures");
    }
}
