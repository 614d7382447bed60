package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo summary's parts that are not the notebooks: full values, the -full profiles, the seed agreement. */
class DemoSummaryTest {
    @Test void longValuesWrapInFullNeverCut() {
        String v = "unusable [LinkDownedCounter, LinkErrorRecoveryCounter, PortRcvErrors, SymbolErrorCounter, local_ack_timeout_err, packet_seq_err]";
        List<String> lines = DemoCommand.wrap(v, DemoCommand.WRAP);
        assertTrue(lines.size() > 1, lines.toString());
        for (String l : lines) assertTrue(l.length() <= DemoCommand.WRAP, l);
        assertEquals(v, String.join(" ", lines.stream().map(String::strip).toList()), "nothing is lost: " + lines);
        assertEquals(List.of("clean []"), DemoCommand.wrap("clean []", DemoCommand.WRAP));
    }

    @Test void theFullProfilesSayWhatTheyAddToTheRunbooks() {
        List<String> lines = DemoCommand.profileAdditions();
        assertEquals(2, lines.size(), lines.toString());
        String ib = lines.get(0), roce = lines.get(1);
        assertTrue(ib.startsWith("ib-full adds to ib: ") && ib.contains("LocalLinkIntegrityErrors"), ib);
        assertTrue(roce.startsWith("roce-full adds to roce: ") && roce.contains("tx_pause_storm_warning_events"), roce);
        assertTrue(roce.contains("rx_{p}_pause"), "families are named: " + roce);
    }

    @Test void onABareCloneTheSeedAgreementSaysItWasSkippedAndWhy(@TempDir Path clone) {
        SeedAgreement.Result r = SeedAgreement.run(clone.resolve("fabriclab"), 10);
        assertFalse(r.ran());
        assertTrue(r.ok(), "skipped is not a failure");
        assertTrue(r.line().startsWith("seed agreement: skipped (") && r.line().contains("bare clone"), r.line());
    }

    @Test void besideTheSharedSeedsItRunsAndAgrees() {
        Path home = Path.of("..").toAbsolutePath().normalize();
        Assumptions.assumeTrue(Files.exists(home.resolve("../shared/seeds/" + SeedAgreement.SEED)), "no seeds beside this checkout");
        SeedAgreement.Result r = SeedAgreement.run(home, 300);
        assertTrue(r.ran(), r.line());
        assertEquals(300, r.lines(), r.line());
        assertEquals(300, r.agree(), r.line());
        assertTrue(r.line().startsWith("seed agreement: 300 of 300 random lines agree"), r.line());
    }
}
