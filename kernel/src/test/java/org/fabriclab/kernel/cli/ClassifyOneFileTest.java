package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fabriclab classify FILE} on one file holding perfquery's output twice, as {@code perfquery -x >> f} before and
 * after the test leaves it: the ib fixture's before and after perfquery outputs, appended. The verdict is the one the
 * two folders give; a file of one run exits 2 saying how to append the second.
 */
class ClassifyOneFileTest {
    @Test void appendedRunsAreTheIncident(@TempDir Path dir) throws Exception {
        Path ib = Path.of(ClassifyCommandTest.R + "ib");
        Path f = dir.resolve("perfquery.txt");
        Files.writeString(f, Files.readString(ib.resolve("before/perfquery.txt")) + Files.readString(ib.resolve("after/perfquery.txt")));
        ClassifyCommandTest.Run r = ClassifyCommandTest.run("classify", "--bytes", "1e12", f.toString(), "--json");
        ClassifyCommandTest.Run folders = ClassifyCommandTest.run("classify", "--bytes", "1e12",
                ib.resolve("before/perfquery.txt").toString(), ib.resolve("after/perfquery.txt").toString(), "--json");
        assertEquals(folders.code(), r.code(), r.err());
        assertTrue(r.out().contains("\"verdict\":\"physical\""), r.out());
        assertEquals(folders.out().replaceAll("\"reasons\":\\[[^]]*\\]", ""), r.out().replaceAll("\"reasons\":\\[[^]]*\\]", ""));

        Path once = Files.writeString(dir.resolve("once.txt"), Files.readString(ib.resolve("before/perfquery.txt")));
        ClassifyCommandTest.Run one = ClassifyCommandTest.run("classify", once.toString());
        assertEquals(2, one.code());
        assertTrue(one.err().contains("holds its tool's output once") && one.err().contains(">> once.txt"), one.err());
    }
}
