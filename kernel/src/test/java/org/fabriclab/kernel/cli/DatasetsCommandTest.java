package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetsCommandTest {
    @TempDir Path dir;

    private int run(StringWriter out, StringWriter err, String... args) {
        return Main.run(args, new PrintWriter(out), new PrintWriter(err));
    }

    @Test void writesEveryScenarioIntoTheFolderGiven() {
        StringWriter out = new StringWriter(), err = new StringWriter();
        Path target = dir.resolve("ds");
        int code = run(out, err, "datasets", "--out", target.toString(), "--seed", "7", "--history-ports", "4", "--history-days", "1");
        assertEquals(Main.OK, code, err.toString());
        assertTrue(out.toString().contains("wrote 16 datasets") && out.toString().contains("(seed 7)"), out.toString());
        assertTrue(Files.exists(target.resolve("ib-marginal-optic/after/perfquery.txt")));
        assertTrue(Files.exists(target.resolve("history/history.csv.gz")));
        assertTrue(Files.exists(target.resolve("link-resiliency/failure-model.json")));
        assertTrue(Files.exists(target.resolve("README.md")));
    }

    @Test void aBadOptionIsBadInput() {
        StringWriter out = new StringWriter(), err = new StringWriter();
        assertEquals(Main.BAD_INPUT, run(out, err, "datasets", "--seed", "seven"));
        assertTrue(err.toString().contains("--seed"), err.toString());
        assertEquals(Main.BAD_INPUT, run(out, err, "datasets", "--out", dir.resolve("x").toString(), "--history-days", "0"));
        assertTrue(err.toString().contains("--history-days"), err.toString());
    }
}
