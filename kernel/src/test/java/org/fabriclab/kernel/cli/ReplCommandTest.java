package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fabriclab repl} as a process with piped input: results on stdout, no kernel log line anywhere on the screen. */
class ReplCommandTest {
    @TempDir Path dir;

    private Process repl(String input, String... env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"), "org.fabriclab.kernel.cli.Main", "repl",
                "--charts", dir.resolve("charts").toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("screen.txt").toFile());
        pb.environment().remove("FABRICLAB_LOG");
        for (int i = 0; i < env.length; i += 2) pb.environment().put(env[i], env[i + 1]);
        Process p = pb.start();
        p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the REPL ends at end of input");
        return p;
    }

    private static final String CELLS = String.join("\n", List.of(
            // what the kernel's own code logs (e.g. "stopped it with Thread.stop") goes through these loggers
            "java.util.logging.Logger.getLogger(\"org.fabriclab.kernel.eval.CellExecutionControl\").warning(\"kernel log line\");",
            "java.util.logging.Logger.getLogger(\"fabriclab.kernel\").info(\"another kernel log line\");",
            "6 * 7", ""));

    @Test void kernelLogLinesStayOffTheScreen() throws Exception {
        Process p = repl(CELLS);
        String screen = Files.readString(dir.resolve("screen.txt"));
        assertEquals(0, p.exitValue(), screen);
        assertTrue(screen.contains("42"), screen);
        assertFalse(screen.contains("kernel log line"), screen);
    }

    @Test void fabriclabLogBringsThemBack() throws Exception {
        repl(CELLS, "FABRICLAB_LOG", "INFO");
        String screen = Files.readString(dir.resolve("screen.txt"));
        assertTrue(screen.contains("kernel log line") && screen.contains("another kernel log line"), screen);
    }

    @Test void jshellCommandsAndQuitInPipedInput() throws Exception {
        Process p = repl(String.join("\n", List.of("/help", "int x = 3;", "/vars", "String who = readLine(\"name? \");", "ada",
                "\"hello \" + who", "quit", "6 * 7", "")));
        String screen = Files.readString(dir.resolve("screen.txt"));
        assertEquals(0, p.exitValue(), screen);
        assertTrue(screen.contains("%maven") && screen.contains("/vars"), "/help lists the magics and the REPL commands: " + screen);
        assertTrue(screen.lines().anyMatch(l -> l.matches("x\\s+int\\s+3")), "/vars: " + screen);
        assertTrue(screen.contains("hello ada"), "readLine reads the next input line: " + screen);
        assertFalse(screen.contains("42"), "quit ends the REPL: " + screen);
    }

    @Test void exitEndsTheREPL() throws Exception {
        Process p = repl("exit\n6 * 7\n");
        String screen = Files.readString(dir.resolve("screen.txt"));
        assertEquals(0, p.exitValue(), screen);
        assertFalse(screen.contains("42"), screen);
    }

    @Test void ctrlDOnATerminalEndsWithStatusZeroAfterAFailedCell() throws Exception {
        java.io.PipedOutputStream keys = new java.io.PipedOutputStream();
        java.io.PipedInputStream in = new java.io.PipedInputStream(keys);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (org.jline.terminal.Terminal t = org.jline.terminal.TerminalBuilder.builder().streams(in, out).type("dumb")
                .system(false).build()) {
            java.util.concurrent.CompletableFuture<Integer> status = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return new Repl(in, out, dir.resolve("charts")).runTerminal(t);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            long deadline = System.currentTimeMillis() + 60_000;
            while (!out.toString(StandardCharsets.UTF_8).contains("fabriclab> ") && System.currentTimeMillis() < deadline) Thread.sleep(50);
            keys.write("int z = 1 / 0;\n".getBytes(StandardCharsets.UTF_8));
            keys.flush();
            while (!out.toString(StandardCharsets.UTF_8).contains("ArithmeticException") && System.currentTimeMillis() < deadline) Thread.sleep(50);
            keys.close(); // end of input: Ctrl-D to JLine
            String screen = out.toString(StandardCharsets.UTF_8);
            assertEquals(0, status.get(60, TimeUnit.SECONDS), screen);
            assertTrue(screen.contains("ArithmeticException"), screen);
        }
    }
}
