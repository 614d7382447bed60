package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.fabriclab.delta.Delta;
import org.fabriclab.snapshot.Snapshot;
import org.fabriclab.verdict.Profiles;
import org.fabriclab.verdict.Verdicts;
import org.junit.jupiter.api.Test;

/**
 * {@code classify} prints its verdicts from their cells ({@link Verdicts#rows()}) in the layout Tablesaw
 * prints their table in, without building the table, and so starts no Tablesaw unless {@code --deltas}
 * asks for the delta table ({@link Main#printsTables}).
 */
class ClassifyTextTest {
    @Test void verdictsPrintAsTablesawPrintsTheirTable() throws Exception {
        int pairs = 0;
        try (Stream<Path> ds = Files.list(Path.of("..", "datasets"))) {
            for (Path d : ds.sorted().toList()) {
                if (!Files.isDirectory(d.resolve("before")) || !Files.isDirectory(d.resolve("after"))) continue;
                for (var profile : List.of(Profiles.IB, Profiles.ROCE, Profiles.IB_FULL, Profiles.ROCE_FULL)) {
                    Verdicts v = Delta.between(Snapshot.of(List.of(d.resolve("before"))), Snapshot.of(List.of(d.resolve("after"))))
                            .moved(1e12).classify(profile, 1000);
                    StringWriter text = new StringWriter();
                    TidyStream.text(ClassifyCommand.VERDICTS, Verdicts.COLUMNS, v.rows(), new PrintWriter(text, true));
                    assertEquals(TableOutput.text(v.table()), text.toString(), d + " " + profile.name());
                    pairs++;
                }
            }
        }
        assertTrue(pairs >= 40, "dataset x profile pairs: " + pairs);
    }

    @Test void onlyCommandsThatPrintTablesStartTablesaw() {
        assertFalse(Main.printsTables(new String[] {"classify", "--fabric", "ib", "--bytes", "1e12", "--before", "b", "--after", "a"}));
        assertTrue(Main.printsTables(new String[] {"classify", "--fabric", "ib", "--bytes", "1e12", "--before", "b", "--after", "a", "--deltas"}));
        assertFalse(Main.printsTables(new String[] {"classify", "--jsonl"}));
        assertFalse(Main.printsTables(new String[] {"show", "x"}));
        assertFalse(Main.printsTables(new String[] {"check", "--help"}));
        assertTrue(Main.printsTables(new String[] {"check", "--before", "b", "--after", "a"}));
        assertTrue(Main.printsTables(new String[] {"reconcile", "--perftest", "p"}));
    }
}
