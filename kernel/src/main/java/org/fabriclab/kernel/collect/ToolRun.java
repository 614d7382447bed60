package org.fabriclab.kernel.collect;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One run of a tool: its stdout into a file (after an optional header line), its stderr kept
 * (the first {@value #STDERR_KEPT} characters) for the manifest, stdin closed, a time limit.
 *
 * <pre>{@code
 * ToolRun r = ToolRun.run(List.of("/usr/sbin/ibstat"), tmp.resolve("ibstat.txt"), null, Duration.ofSeconds(30));
 * r.ok();
 * }</pre>
 */
public record ToolRun(List<String> command, int exit, boolean timedOut, long millis, String stderr, String error) {
    static final int STDERR_KEPT = 2000;

    /** The tool ran to its end and exited 0. */
    public boolean ok() { return error == null && !timedOut && exit == 0; }

    /**
     * Runs {@code command}, its stdout going to {@code out} (created; {@code header} written first when
     * not null). A tool that cannot be started is a result with {@link #error()}, never an exception.
     */
    public static ToolRun run(List<String> command, Path out, String header, Duration timeout) throws IOException {
        Path err = out.resolveSibling("." + out.getFileName() + ".stderr");
        Files.writeString(out, header == null ? "" : header + "\n", StandardCharsets.UTF_8);
        long t0 = System.nanoTime();
        ProcessBuilder pb = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.appendTo(out.toFile()))
                .redirectError(err.toFile());
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            Files.deleteIfExists(err);
            return new ToolRun(command, -1, false, 0, "", "cannot start: " + e.getMessage());
        }
        boolean finished;
        try {
            finished = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while " + command.get(0) + " ran", e);
        }
        if (!finished) {
            p.destroy();
            try {
                if (!p.waitFor(2, TimeUnit.SECONDS)) p.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        String stderr = kept(err);
        Files.deleteIfExists(err);
        return new ToolRun(command, finished ? p.exitValue() : -1, !finished, ms, stderr, null);
    }

    private static String kept(Path err) throws IOException {
        if (!Files.exists(err)) return "";
        byte[] b = Files.readAllBytes(err);
        String s = new String(b, 0, Math.min(b.length, STDERR_KEPT * 4), StandardCharsets.UTF_8).strip();
        return s.length() <= STDERR_KEPT ? s : s.substring(0, STDERR_KEPT) + " ...";
    }

    /** The manifest entry of this run. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("command", command);
        m.put("exit_code", timedOut || error != null ? null : exit);
        m.put("ms", millis);
        if (timedOut) m.put("timed_out", true);
        if (error != null) m.put("error", error);
        if (!stderr.isEmpty()) m.put("stderr", stderr);
        return m;
    }
}
