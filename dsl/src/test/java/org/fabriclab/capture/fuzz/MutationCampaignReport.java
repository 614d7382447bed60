package org.fabriclab.capture.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The whole campaign as a report, for measuring: {@code -Dfabriclab.campaign.variants=N} mutants per
 * input and family (off by default; the bounded CI check is {@link ReaderMutationProperties}).
 * Prints the counts by outcome and every failure, and fails when there is one.
 *
 * <pre>
 * mvn -B -ntp -q install -Dtest=MutationCampaignReport -Dfabriclab.campaign.variants=200 -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
class MutationCampaignReport {
    @Test void campaign() {
        int n = Integer.getInteger("fabriclab.campaign.variants", 0);
        Assumptions.assumeTrue(n > 0, "campaign off (set -Dfabriclab.campaign.variants=N)");
        Map<String, Integer> counts = new TreeMap<>();
        List<String> failures = new ArrayList<>();
        long slowest = 0;
        String slowestWhat = "";
        int total = 0;
        for (Corpus.Entry e : Corpus.entries()) {
            for (int i = 0; i < n; i++) {
                for (Mutations.Family f : Mutations.Family.values()) {
                    long seed = (long) e.name().hashCode() * 1_000_003L + i * 31L + f.ordinal();
                    Mutations.Mutant m = switch (f) {
                        case PRESERVING -> Mutations.preserving(e.bytes(), seed);
                        case CORRUPT_VALUE -> Corpus.corruptOne(e, seed);
                        case STRUCTURE -> Mutations.structure(e.bytes(), seed);
                    };
                    if (m == null) continue;
                    total++;
                    Oracle.Outcome o = Oracle.read(e.name(), m.bytes());
                    if (o.nanos() > slowest) { slowest = o.nanos(); slowestWhat = e.name() + ": " + m.description(); }
                    String verdict = Oracle.judge(e.name(), m, e.original(), o);
                    String outcome = o.hang() ? "hang" : o.crash() != null ? "crash" : o.error() != null ? "refused" : "read";
                    counts.merge(f + " " + (verdict == null ? "ok" : "FAIL") + " " + outcome, 1, Integer::sum);
                    if (verdict != null) failures.add(e.name() + ": " + m.description() + ": " + verdict);
                }
            }
        }
        System.out.println("mutation campaign: " + total + " mutants over " + Corpus.entries().size() + " inputs");
        counts.forEach((k, v) -> System.out.println("  " + k + ": " + v));
        System.out.println("  slowest read: " + slowest / 1_000_000 + " ms (" + slowestWhat + ")");
        Corpus.unread.forEach(x -> System.out.println("  not read unmutated: " + x));
        failures.forEach(x -> System.out.println("FAIL " + x));
        if (!failures.isEmpty()) throw new AssertionError(failures.size() + " failures; first: " + failures.get(0));
    }
}
