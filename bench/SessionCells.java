import java.lang.management.ManagementFactory;
import java.util.Arrays;

import org.fabriclab.kernel.eval.CellResult;
import org.fabriclab.kernel.eval.Session;

/**
 * Distinct trivial cells ("N * 3 + 1") through the kernel's Session in one JVM, without the wire:
 * per block of 50, the median wall time and the median CPU time of the evaluating thread, then the
 * process CPU and the JIT's time per cell, so a change to the evaluation path can be judged by CPU
 * while the machine is loaded (the wall figures of bench/kernel_bench.py are not, then). Session.open
 * and the kernel's warm-up come first, as in the kernel.
 *
 * <pre>
 * # with the kernel's flags (from a kernelspec installed into a temporary prefix) or none:
 * java $FLAGS -cp "kernel/target/fabriclab-kernel.jar:kernel/target/lib/*" bench/SessionCells.java 300
 * </pre>
 */
public class SessionCells {
    static double processCpuMs() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1e6;
    }

    public static void main(String[] a) {
        int n = a.length > 0 ? Integer.parseInt(a[0]) : 300;
        long t0 = System.nanoTime();
        Session s = Session.open();
        long t1 = System.nanoTime();
        int warmed = s.warm(200, 40);
        System.out.printf("Session.open %.0f ms, %d warm-up snippets in %.0f ms, process CPU so far %.0f ms%n",
                (t1 - t0) / 1e6, warmed, (System.nanoTime() - t1) / 1e6, processCpuMs());
        var threads = ManagementFactory.getThreadMXBean();
        var jit = ManagementFactory.getCompilationMXBean();
        double[] wall = new double[n], cpu = new double[n];
        double c0 = processCpuMs();
        long j0 = jit.getTotalCompilationTime(), m0 = threads.getCurrentThreadCpuTime();
        for (int i = 1; i <= n; i++) {
            long w = System.nanoTime(), c = threads.getCurrentThreadCpuTime();
            CellResult r = s.eval(i + " * 3 + 1", i);
            if (!r.ok()) throw new IllegalStateException("cell " + i + " failed: " + r.error());
            wall[i - 1] = (System.nanoTime() - w) / 1e6;
            cpu[i - 1] = (threads.getCurrentThreadCpuTime() - c) / 1e6;
        }
        double c1 = processCpuMs();
        long j1 = jit.getTotalCompilationTime(), m1 = threads.getCurrentThreadCpuTime();
        StringBuilder blocks = new StringBuilder();
        for (int b = 0; b < n; b += 50) {
            blocks.append(String.format(" %.1f/%.1f", median(wall, b, Math.min(n, b + 50)), median(cpu, b, Math.min(n, b + 50))));
        }
        System.out.printf("%d distinct cells: median %.2f ms; blocks of 50 (wall/eval-thread CPU ms):%s%n", n, median(wall, 0, n), blocks);
        System.out.printf("per cell: process CPU %.2f ms, eval thread CPU %.2f ms, JIT time %.2f ms; load average %.2f on %d cores%n",
                (c1 - c0) / n, (m1 - m0) / 1e6 / n, (j1 - j0) / (double) n,
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), Runtime.getRuntime().availableProcessors());
        System.exit(0);
    }

    static double median(double[] x, int from, int to) {
        double[] y = Arrays.copyOfRange(x, from, to);
        Arrays.sort(y);
        return y[y.length / 2];
    }
}
