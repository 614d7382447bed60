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
        Campaign.Result r = Campaign.run(n, Long.MAX_VALUE);
        r.print(System.out);
        if (!r.failures().isEmpty()) throw new AssertionError(r.failures().size() + " failures; first: " + r.failures().get(0));
    }
}
