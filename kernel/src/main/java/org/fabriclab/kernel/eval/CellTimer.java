package org.fabriclab.kernel.eval;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

import org.fabriclab.result.Html;

/**
 * What {@code %time} and {@code %%time} print, as IPython does: the process's CPU time (user, sys,
 * total: every thread of the JVM, so a parallel stream counts, and so do javac and the JIT
 * compiling the cell) and the wall time; a third line gives the compile time when it exceeds
 * 100 ms (IPython's "Compiler" line), i.e. wall time outside the cell's own run.
 *
 * <pre>{@code
 * CellTimer.Sample t0 = CellTimer.sample(control.runNanos());
 * ... run the statement ...
 * System.out.print(CellTimer.report(t0, CellTimer.sample(control.runNanos())));
 * // CPU times: user 1.21 s, sys: 30 ms, total: 1.24 s
 * // Wall time: 1.52 s
 * }</pre>
 *
 * User and sys come from {@code /proc/self/stat} (Linux, 10 ms ticks); elsewhere only the total
 * (the JVM's process CPU time, in ns) is known and printed.
 */
final class CellTimer {
    /** Linux reports /proc times in USER_HZ, 100 per second on every architecture the JDK runs on. */
    private static final long NANOS_PER_TICK = 10_000_000L;
    private static final long COMPILE_SHOWN_NS = 100_000_000L;
    private static final Path PROC_STAT = Path.of("/proc/self/stat");

    private CellTimer() {}

    /** One reading: wall clock, process CPU (total, user, sys; -1 when unknown), the cell run time so far. */
    record Sample(long wallNs, long cpuNs, long userNs, long sysNs, long runNs) {}

    static Sample sample(long runNs) {
        long[] us = userSys();
        return new Sample(System.nanoTime(), processCpu(), us[0], us[1], runNs);
    }

    /** The lines to print for the interval from {@code a} to {@code b}, each ending with a newline. */
    static String report(Sample a, Sample b) {
        StringBuilder sb = new StringBuilder();
        long total = b.cpuNs >= 0 && a.cpuNs >= 0 ? b.cpuNs - a.cpuNs : -1;
        if (a.userNs >= 0 && b.userNs >= 0) {
            long user = b.userNs - a.userNs, sys = b.sysNs - a.sysNs;
            // one clock for all three (the MXBean's precise total and /proc's tick counts disagree by up to a few ticks)
            total = user + sys;
            sb.append("CPU times: user ").append(format(user)).append(", sys: ").append(format(sys))
              .append(", total: ").append(format(total)).append('\n');
        } else if (total >= 0) {
            sb.append("CPU times: total: ").append(format(total)).append('\n');
        }
        long wall = b.wallNs - a.wallNs;
        sb.append("Wall time: ").append(format(wall)).append('\n');
        long compile = wall - (b.runNs - a.runNs);
        if (compile > COMPILE_SHOWN_NS) sb.append("Compile time: ").append(format(compile)).append('\n');
        return sb.toString();
    }

    /** A duration with 3 significant digits in s, ms, µs or ns ({@code 1.52 s}, {@code 12.3 ms}, {@code 0 ns}). */
    static String format(long ns) {
        double v = Math.max(0, ns);
        if (v >= 1e9) return Html.num(v / 1e9, 3) + " s";
        if (v >= 1e6) return Html.num(v / 1e6, 3) + " ms";
        if (v >= 1e3) return Html.num(v / 1e3, 3) + " \u00b5s";
        return Html.num(v, 3) + " ns";
    }

    private static long processCpu() {
        try {
            if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
                return os.getProcessCpuTime();
            }
        } catch (RuntimeException | LinkageError e) {
            // not a HotSpot-compatible JVM: /proc or nothing
        }
        return -1;
    }

    /** {utime, stime} of this process in ns from /proc/self/stat; {-1, -1} when not on Linux. */
    static long[] userSys() {
        try {
            String s = Files.readString(PROC_STAT);
            // the command name (field 2) is in parentheses and may contain spaces: fields start after ") "
            String[] f = s.substring(s.lastIndexOf(')') + 2).trim().split("\\s+");
            return new long[] {Long.parseLong(f[11]) * NANOS_PER_TICK, Long.parseLong(f[12]) * NANOS_PER_TICK};
        } catch (IOException | RuntimeException e) {
            return new long[] {-1, -1};
        }
    }
}
