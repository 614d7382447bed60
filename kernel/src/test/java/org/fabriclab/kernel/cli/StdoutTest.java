package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.fabriclab.generate.PerfquerySample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reader that closes stdout early ({@code fabriclab show X | head}) ends the command quietly with
 * 141, as {@code cat} ends there; other write errors keep their message.
 */
class StdoutTest {
    /** {@code fabriclab ARGS} in a JVM of its own, stdin from {@code in}; stdout closed after its first line. */
    static Process firstLineThenClose(Path in, String... args) throws IOException {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.awt.headless=true", "-cp", cp, "org.fabriclab.kernel.cli.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        if (in != null) pb.redirectInput(in.toFile());
        Process p = pb.start();
        InputStream out = p.getInputStream();
        for (int c; (c = out.read()) != '\n'; ) assertTrue(c >= 0, "no line before the end");
        out.close();   // the reader goes away, as head does after its lines
        return p;
    }

    static void assertQuiet141(Process p) throws Exception {
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(Main.CLOSED_PIPE, p.exitValue(), err);
        assertEquals("", err);
    }

    @Test void showIntoAClosedPipeStopsQuietlyWith141(@TempDir Path dir) throws Exception {
        Path dump = dir.resolve("perfquery-x.txt");
        Files.writeString(dump, PerfquerySample.extended(4000));   // megabytes of text: far more than a pipe holds
        assertQuiet141(firstLineThenClose(null, "show", dump.toString()));
        assertQuiet141(firstLineThenClose(null, "show", "--csv", dump.toString()));
    }

    @Test void classifyJsonlIntoAClosedPipeStopsQuietlyWith141(@TempDir Path dir) throws Exception {
        Path lines = dir.resolve("pairs.jsonl");
        Files.writeString(lines, (JsonlClassifierTest.GOOD_IB + "\n").repeat(60_000));
        assertQuiet141(firstLineThenClose(lines, "classify", "--jsonl"));
    }

    @Test void onlyABrokenPipeIsClosedOtherErrorsKeepTheirMessage() {
        OutputStream broken = failing("Broken pipe"), full = failing("No space left on device");
        Stdout.Closed c = assertThrows(Stdout.Closed.class, () -> new Stdout(broken).write(new byte[3], 0, 3));
        assertTrue(Stdout.closed(new RuntimeException(new IllegalStateException(c))));
        IOException e = assertThrows(IOException.class, () -> new Stdout(full).write('x'));
        assertEquals("No space left on device", e.getMessage());
        assertTrue(!Stdout.closed(e));
        // through a PrintWriter, which swallows IOExceptions: the closed pipe still gets out
        PrintWriter w = new PrintWriter(new Stdout(broken), true);
        assertThrows(Stdout.Closed.class, () -> w.println("x"));
        ByteArrayOutputStream ok = new ByteArrayOutputStream();
        new PrintWriter(new Stdout(ok), true).println("y");
        assertEquals("y" + System.lineSeparator(), ok.toString(StandardCharsets.UTF_8));
    }

    private static OutputStream failing(String message) {
        return new OutputStream() {
            @Override public void write(int b) throws IOException { throw new IOException(message); }
            @Override public void write(byte[] b, int off, int len) throws IOException { throw new IOException(message); }
        };
    }
}
