package org.fabriclab.generate;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A degrading optic: a UFM-telemetry-style CSV series (5-minute samples over 7 days, three ports of
 * one switch) in which one port's raw and effective BER and module temperature drift upwards from
 * day 2, its symbol errors accelerate and, near the end, the link starts to flap;
 * the other two stay healthy. Plus {@code mlxlink} snapshots of the bad port at four points.
 * The manifest records the first sample at which each limit is crossed.
 */
final class DegradingOptic {
    static final int DAYS = 7;
    static final long STEP_MS = 300_000L;
    static final long T0_MS = 1_767_225_600_000L;          // 2026-01-01T00:00:00Z
    static final double BITS_PER_STEP = 200e9 * 300;       // 200 Gb/s for 5 minutes
    static final double TEMP_LIMIT_C = 70;                 // UFM link-resiliency default upper temperature
    static final double EFFECTIVE_BER_LIMIT = 1e-12;       // ibdiagnet's default BER threshold

    private DegradingOptic() {}

    static String port(long guid) { return IbText.guid(guid); }

    static List<String> write(Path dir, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed ^ 0x41);
        long node = 0xb8cef603009a1200L;
        long[] guids = {0xb8cef603009a1201L, 0xb8cef603009a1202L, 0xb8cef603009a1203L};
        int bad = 1;
        int steps = DAYS * 288;
        StringBuilder csv = new StringBuilder("timestamp,Node_GUID,port_guid,Port_Number,PortXmitDataExtended,"
                + "PortRcvDataExtended,PortRcvPktsExtended,SymbolErrorCounterExtended,PortRcvErrorsExtended,"
                + "LinkDownedCounterExtended,LinkErrorRecoveryCounterExtended,Total_Raw_BER,Effective_BER,Symbol_BER,"
                + "Module_Temperature,Module_Voltage\n");
        long firstTemp = -1, firstEff = -1, firstFlap = -1;
        List<long[]> mlxPoints = new ArrayList<>();
        double[][] mlxValues = new double[4][];
        int[] snapshotSteps = {0, 3 * 288, 5 * 288, steps - 1};
        for (int p = 0; p < guids.length; p++) {
            long xmit = 9_000_000_000_000L + rnd.nextLong(1_000_000_000_000L);
            long rcv = xmit - rnd.nextLong(100_000_000_000L);
            long pkts = rcv / 1000;
            long sym = rnd.nextInt(5), rcvErr = 0, down = 1, recov = 0;
            long symSinceClear = 0, effSinceClear = 0;
            long[] lanes = new long[4];
            double baseTemp = 44 + rnd.nextDouble() * 4;
            for (int s = 0; s < steps; s++) {
                long t = T0_MS + s * STEP_MS;
                double day = s / 288.0;
                boolean isBad = p == bad;
                double drift = isBad ? Math.max(0, day - 2) / (DAYS - 2) : 0;       // 0 .. 1 from day 2 to the end
                double rawBer = 2e-11 * Math.pow(10, 4.6 * drift) * (0.8 + 0.4 * rnd.nextDouble());
                double effBer = 1e-17 * Math.pow(10, 8.0 * drift) * (0.7 + 0.6 * rnd.nextDouble());
                double temp = baseTemp + (isBad ? 33 * drift : 0) + (rnd.nextDouble() - 0.5);
                double volt = 3295 + (rnd.nextDouble() - 0.5) * 12 - (isBad ? 40 * drift : 0);
                // the values as printed: limits are judged on what the file says
                rawBer = Double.parseDouble(sci(rawBer));
                effBer = Double.parseDouble(sci(effBer));
                temp = Math.round(temp * 10) / 10.0;
                volt = Math.round(volt * 10) / 10.0;
                long load = 25_000_000_000L + rnd.nextLong(50_000_000_000L);
                long words = load / 4;
                xmit += words;
                rcv += words - rnd.nextLong(1_000_000);
                pkts += load / 4096;
                long newSym = poisson(rnd, effBer * BITS_PER_STEP);
                sym += newSym;
                symSinceClear += newSym;
                effSinceClear += newSym;
                rcvErr += newSym / 3;
                for (int l = 0; l < 4; l++) lanes[l] += poisson(rnd, rawBer * BITS_PER_STEP / 4);
                if (isBad && day > DAYS - 1.5 && rnd.nextDouble() < 0.04) {
                    down++;
                    recov += 2;
                    if (firstFlap < 0) firstFlap = t;
                }
                if (isBad && temp > TEMP_LIMIT_C && firstTemp < 0) firstTemp = t;
                if (isBad && effBer > EFFECTIVE_BER_LIMIT && firstEff < 0) firstEff = t;
                csv.append(t * 1000).append(',').append(IbText.guid(node)).append(',').append(IbText.guid(guids[p]))
                        .append(',').append(p + 1).append(',').append(xmit).append(',').append(rcv).append(',').append(pkts)
                        .append(',').append(sym).append(',').append(rcvErr).append(',').append(down).append(',').append(recov)
                        .append(',').append(sci(rawBer)).append(',').append(sci(effBer)).append(',').append(sci(effBer))
                        .append(',').append(String.format(Locale.ROOT, "%.1f", temp))
                        .append(',').append(String.format(Locale.ROOT, "%.1f", volt)).append('\n');
                if (isBad) {
                    for (int k = 0; k < snapshotSteps.length; k++) {
                        if (snapshotSteps[k] == s) {
                            mlxPoints.add(lanes.clone());
                            mlxValues[k] = new double[] {s, effSinceClear, effBer, rawBer, symSinceClear, down, recov, temp, volt};
                        }
                    }
                }
            }
        }
        Out.text(dir.resolve("ufm-telemetry.csv"), csv);
        List<String> mlx = new ArrayList<>();
        for (int k = 0; k < snapshotSteps.length; k++) {
            double[] v = mlxValues[k];
            int day = (int) Math.round(v[0] / 288.0);
            String name = String.format(Locale.ROOT, "mlxlink/day%02d.txt", day);
            mlx.add(name);
            Out.text(dir.resolve(name), MlxlinkText.snapshot("mlx5_0", (v[0] + 1) * 5.0 + 60, (long) v[1], v[2],
                    mlxPoints.get(k), v[3], (long) v[4], v[2], (long) v[5], (long) v[6], v[7], v[8], v[3] > 1e-8));
        }
        Manifest m = new Manifest("degrading-optic", "link-health", "A degrading optic over seven days",
                "BER and module temperature drift upwards on one port: when does each limit trip, and do the neighbours stay clean?");
        m.put("fabric", "ib").put("timestamp_unit", "us (UFM telemetry); the telemetry table holds ms");
        m.put("columns", "UFM telemetry names: Total_Raw_BER, Effective_BER, Symbol_BER, Module_Temperature (C), "
                + "Module_Voltage (mV) are raw_ber, effective_ber, symbol_ber, temperature_c, voltage_mv in the telemetry table");
        m.put("step_s", STEP_MS / 1000).put("days", DAYS).put("ports", guids.length);
        m.files("telemetry", List.of("ufm-telemetry.csv"));
        m.files("mlxlink", mlx);
        m.put("degrading_port", "guid " + IbText.guid(guids[bad]) + "/" + (bad + 1));
        m.put("drift_starts_ms", T0_MS + 2 * 288 * STEP_MS);
        m.put("temperature_limit_c", TEMP_LIMIT_C);
        m.put("first_temperature_above_limit_ms", firstTemp);
        m.put("effective_ber_limit", EFFECTIVE_BER_LIMIT);
        m.put("first_effective_ber_above_limit_ms", firstEff);
        m.put("first_link_down_ms", firstFlap);
        m.put("healthy_ports_cross_no_limit", "yes");
        m.write(dir);
        return List.of("degrading-optic");
    }

    static String sci(double x) { return String.format(Locale.ROOT, "%.3e", x); }

    /** Poisson sample (Knuth for small means, normal approximation above 50). */
    static long poisson(SplittableRandom rnd, double mean) {
        if (mean <= 0) return 0;
        if (mean > 50) return Math.max(0, Math.round(mean + Math.sqrt(mean) * gaussian(rnd)));
        double l = Math.exp(-mean), p = 1;
        long k = 0;
        do { k++; p *= rnd.nextDouble(); } while (p > l);
        return k - 1;
    }

    static double gaussian(SplittableRandom rnd) {
        double u = Math.max(1e-300, rnd.nextDouble()), v = rnd.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }
}
