import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.*;

/**
 * FleetClassifier throughput of two builds of the DSL in one JVM: each build in its own class loader,
 * the same generated fleet (8 counters per port, 1 in 10 moved), rounds alternating between the builds
 * so machine load affects both alike, each round timed in thread CPU seconds. Prints the medians and
 * the median paired ratio. Run by bench/classify-ab.sh.
 * Arguments: BASELINE_CLASSES NEW_CLASSES DEPENDENCY_CLASSPATH PORTS ROUNDS.
 */
public class ClassifyAB {
    public static void main(String[] args) throws Exception {
        String[] dirs = {args[0], args[1]};
        List<URL> deps = new ArrayList<>();
        for (String e : args[2].split(":")) deps.add(Path.of(e).toUri().toURL());
        int ports = Integer.parseInt(args[3]), rounds = Integer.parseInt(args[4]);
        var bean = ManagementFactory.getThreadMXBean();
        for (String fabric : List.of("ib", "roce")) {
            Object[] fc = new Object[2]; Method[] classify = new Method[2];
            for (int v = 0; v < 2; v++) {
                List<URL> urls = new ArrayList<>(); urls.add(Path.of(dirs[v]).toUri().toURL()); urls.addAll(deps);
                ClassLoader cl = new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
                Class<?> profiles = cl.loadClass("org.fabriclab.verdict.Profiles");
                Object profile = profiles.getMethod("named", String.class).invoke(null, fabric);
                Class<?> fcc = cl.loadClass("org.fabriclab.verdict.FleetClassifier");
                fc[v] = fcc.getConstructor(cl.loadClass("org.fabriclab.verdict.Profile")).newInstance(profile);
                classify[v] = fcc.getMethod("classify", long[][].class, long[][].class, double[].class, double.class);
            }
            int n = ((List<?>) fc[0].getClass().getMethod("counters").invoke(fc[0])).size();
            SplittableRandom rnd = new SplittableRandom(1);
            long[][] before = new long[n][ports], after = new long[n][ports];
            double[] bytes = new double[ports];
            for (int p = 0; p < ports; p++) {
                bytes[p] = 1e12;
                for (int i = 0; i < n; i++) {
                    long b = rnd.nextLong(1000);
                    before[i][p] = b;
                    after[i][p] = rnd.nextInt(10) == 0 ? b + rnd.nextLong(2_000_000) : b;
                }
            }
            double[][] rate = new double[2][rounds];
            for (int r = -3; r < rounds; r++) {
                for (int v0 = 0; v0 < 2; v0++) {
                    int v = (r & 1) == 0 ? v0 : 1 - v0;
                    long c0 = bean.getCurrentThreadCpuTime();
                    classify[v].invoke(fc[v], before, after, bytes, 1000.0);
                    long c1 = bean.getCurrentThreadCpuTime();
                    if (r >= 0) rate[v][r] = ports / ((c1 - c0) / 1e9);
                }
            }
            double[] ratio = new double[rounds];
            for (int r = 0; r < rounds; r++) ratio[r] = rate[1][r] / rate[0][r];
            for (double[] x : rate) Arrays.sort(x);
            Arrays.sort(ratio);
            System.out.printf(Locale.ROOT, "fleet %-4s median port-verdicts per CPU-second: baseline %,.0f  new %,.0f  (median paired ratio new/baseline %.3f, rounds %d, ports %d)%n",
                    fabric, rate[0][rounds / 2], rate[1][rounds / 2], ratio[rounds / 2], rounds, ports);
        }
    }
}
