import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

import jdk.jshell.JShell;
import jdk.jshell.SnippetEvent;

/**
 * The cost of one trivial cell ("1 + 1") in this JVM, without the Jupyter wire: bare JShell, with
 * the kernel's class path and startup imports, JShell's snippets dropped after each evaluation
 * (as the kernel does), the value form the kernel uses for expression cells
 * ({@code Object v = (1 + 1);}, which skips JShell's type-inference pass), and the kernel's own
 * Session. Interleaved in one JVM so machine load affects every variant alike; the first third of
 * the evaluations (JIT warm-up) is left out of the medians. Run by bench/jshell_floor.sh.
 */
public class JShellFloor {
    static JShell make(boolean cp, List<String> imports) {
        JShell s = JShell.builder().executionEngine("local").compilerOptions("-proc:none", "-Xlint:none").build();
        if (cp) s.addToClasspath(System.getProperty("java.class.path"));
        for (String i : imports) s.eval(i);
        return s;
    }

    static Consumer<Integer> plain(JShell s, String src) { return i -> s.eval(src); }

    static Consumer<Integer> dropped(JShell s, String src) {
        return i -> {
            for (SnippetEvent e : s.eval(src)) if (e.snippet() != null && s.status(e.snippet()).isActive()) s.drop(e.snippet());
        };
    }

    public static void main(String[] a) throws Exception {
        List<String> all = org.fabriclab.kernel.eval.Startup.IMPORTS;
        org.fabriclab.kernel.eval.Session session = org.fabriclab.kernel.eval.Session.open();
        List<Consumer<Integer>> v = List.of(
                plain(make(false, List.of()), "1 + 1"),
                plain(make(true, all), "1 + 1"),
                dropped(make(true, all), "1 + 1"),
                dropped(make(true, all), "Object v = (1 + 1\n);"),
                i -> session.eval("1 + 1", i));
        String[] names = {"bare JShell", "+ class path, imports", "+ $N dropped", "value form, dropped", "kernel Session.eval"};
        int n = a.length > 0 ? Integer.parseInt(a[0]) : 150;
        double[][] t = new double[v.size()][n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < v.size(); k++) {
                long t0 = System.nanoTime();
                v.get(k).accept(i + 1);
                t[k][i] = (System.nanoTime() - t0) / 1e6;
            }
        }
        System.out.printf("a trivial cell (\"1 + 1\"), median of evaluations %d-%d, load average %.2f on %d cores%n",
                n / 3 + 1, n, java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors());
        for (int k = 0; k < v.size(); k++) {
            double[] x = Arrays.copyOfRange(t[k], n / 3, n);
            Arrays.sort(x);
            System.out.printf("  %-24s %6.1f ms%n", names[k], x[x.length / 2]);
        }
    }
}
