import java.util.Arrays;
import java.util.List;

import jdk.jshell.JShell;

/**
 * The cost of one trivial JShell evaluation ("1 + 1") in this JVM, without any kernel: bare JShell,
 * with the kernel's class path, and with the kernel's startup imports. Interleaved in one JVM so
 * machine load affects every variant alike. Run by bench/jshell_floor.sh.
 */
public class JShellFloor {
    static JShell make(boolean cp, List<String> imports) {
        JShell s = JShell.builder().executionEngine("local").build();
        if (cp) s.addToClasspath(System.getProperty("java.class.path"));
        for (String i : imports) s.eval(i);
        return s;
    }

    public static void main(String[] a) throws Exception {
        List<String> all = org.fabriclab.kernel.eval.Startup.IMPORTS;
        JShell[] v = {make(false, List.of()), make(true, List.of()), make(true, all.subList(0, 2)), make(true, all)};
        String[] names = {"bare JShell", "+ class path", "+ 2 static imports", "+ all startup imports"};
        int n = a.length > 0 ? Integer.parseInt(a[0]) : 150;
        double[][] t = new double[v.length][n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < v.length; k++) {
                long t0 = System.nanoTime();
                v[k].eval("1 + 1");
                t[k][i] = (System.nanoTime() - t0) / 1e6;
            }
        }
        System.out.printf("JShell eval of \"1 + 1\", median of the last %d of %d, load average %.2f on %d cores%n",
                n - n / 3, n, java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors());
        for (int k = 0; k < v.length; k++) {
            double[] x = Arrays.copyOfRange(t[k], n / 3, n);
            Arrays.sort(x);
            System.out.printf("  %-24s %6.1f ms%n", names[k], x[x.length / 2]);
        }
    }
}
