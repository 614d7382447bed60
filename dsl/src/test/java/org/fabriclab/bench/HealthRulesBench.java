package org.fabriclab.bench;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

import org.fabriclab.capture.Telemetry;
import org.fabriclab.check.health.HealthReport;
import org.fabriclab.check.health.HealthRules;
import org.fabriclab.series.Series;

/**
 * Benchmark of the link-health rule engines over a generated series: 2,000 ports x 30 days x one
 * sample every 5 minutes = 17,280,000 rows, built directly in primitive arrays (timestamps, five
 * counters, temperature and voltage). Ports are paired as links (half switch-switch, half
 * host-switch); a deterministic few carry symbol-error bursts, receive errors, link flaps and
 * temperature/voltage excursions so every engine raises alerts. Prints generation time, then per run
 * the engine time and rows per second, then the best and median.
 * <p>Run from the project root (about 1.3 GB of arrays):
 * <pre>
 * bench/health-rules.sh            # or, by hand:
 * mvn -o -q -pl dsl test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java -Xmx4g -cp dsl/target/classes:dsl/target/test-classes:$(cat dsl/target/cp.txt) org.fabriclab.bench.HealthRulesBench [ports] [days] [runs]
 * </pre>
 */
public final class HealthRulesBench {
    private HealthRulesBench() {}

    public static void main(String[] args) {
        int ports = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        int days = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        long t0 = System.nanoTime();
        Series s = generate(ports, days, 42);
        long t1 = System.nanoTime();
        System.out.printf(Locale.ROOT, "generated %d ports x %d samples = %,d rows in %.2f s%n", ports, s.rows() / ports, s.rows(), (t1 - t0) / 1e9);
        HealthRules rules = HealthRules.defaults();
        double[] rps = new double[runs];
        for (int r = 0; r < runs; r++) {
            long a = System.nanoTime();
            HealthReport rep = rules.run(s);
            long b = System.nanoTime();
            rps[r] = s.rows() / ((b - a) / 1e9);
            System.out.printf(Locale.ROOT, "run %d: %.3f s, %,.0f rows/s, %d alerts%n", r + 1, (b - a) / 1e9, rps[r], rep.alerts().size());
        }
        Arrays.sort(rps);
        System.out.printf(Locale.ROOT, "rule engines (3 engines, 6 rules) over %,d rows: best %,.0f rows/s, median %,.0f rows/s%n",
                s.rows(), rps[runs - 1], rps[runs / 2]);
    }

    /** The generated series; {@code seed} makes it reproducible. */
    public static Series generate(int ports, int days, long seed) {
        int m = days * 24 * 12;
        int n = ports * m;
        long[] ts = new long[n], sym = new long[n], rcvErr = new long[n], remote = new long[n], pkts = new long[n], down = new long[n];
        double[] temp = new double[n], volt = new double[n];
        String[] names = new String[ports], peer = new String[ports], kind = new String[ports];
        int[] start = new int[ports + 1];
        long t0 = 1_700_000_000_000L;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int p = 0; p < ports; p++) {
            names[p] = String.format("guid 0x%016x/%d", 0x0c42a10300000000L + p / 2, 1 + p % 2);
            start[p] = p * m;
            boolean badOptic = p % 97 == 3, flappy = p % 211 < 2, hot = p % 157 == 5, dropping = p % 131 == 7;
            long s = 0, e = 0, r = 0, k = 0, d = 0;
            double base = 35 + rnd.nextDouble() * 15;
            for (int j = 0; j < m; j++) {
                int i = p * m + j;
                ts[i] = t0 + j * 300_000L;
                k += 2_000_000_000L + rnd.nextInt(1_000_000);
                if (badOptic && rnd.nextInt(6) == 0) s += 1 + rnd.nextInt(3);
                if (dropping && rnd.nextInt(20) == 0) { e += 1 + rnd.nextInt(5); r += rnd.nextInt(2); }
                if (flappy && rnd.nextInt(200) == 0) d++;
                sym[i] = s; rcvErr[i] = e; remote[i] = r; pkts[i] = k; down[i] = d;
                temp[i] = base + rnd.nextDouble() * 2 + (hot && j % 2000 > 1950 ? 30 : 0);
                volt[i] = 3300 + rnd.nextDouble() * 20 - (hot && j % 3000 == 17 ? 300 : 0);
            }
        }
        start[ports] = n;
        for (int p = 0; p < ports; p++) {
            int q = p ^ 1;
            peer[p] = q < ports ? names[q] : null;
            kind[p] = (p / 2) % 2 == 0 ? "switch-switch" : "host-switch";
        }
        Map<String, long[]> c = new LinkedHashMap<>();
        c.put("SymbolErrorCounter", sym);
        c.put("PortRcvErrors", rcvErr);
        c.put("PortRcvRemotePhysicalErrors", remote);
        c.put("PortRcvPkts", pkts);
        c.put("LinkDownedCounter", down);
        Map<String, double[]> ms = new LinkedHashMap<>();
        ms.put(Telemetry.TEMPERATURE_C, temp);
        ms.put(Telemetry.VOLTAGE_MV, volt);
        return Series.of(names, start, ts, c, ms, peer, kind);
    }
}
