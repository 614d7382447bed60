package org.fabriclab.generate;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

import org.fabriclab.catalogue.Layer;
import org.fabriclab.catalogue.Source;
import org.fabriclab.delta.Rules;
import org.fabriclab.history.History;
import org.fabriclab.history.Labels;

/**
 * The history set for threshold tuning: {@code ports} RoCE ports sampled every 5 minutes for
 * {@code days} days. Counters (cumulative, as a collector reads them): {@code tx_bytes_phy},
 * {@code rx_prio3_pause}, {@code rp_cnp_handled}, {@code np_cnp_sent}, {@code rx_discards_phy},
 * {@code packet_seq_err} (32-bit, wraps), {@code SymbolErrorCounter}. The design:
 * <ul>
 * <li>traffic: each port runs at 3 to 33% of 200 Gb/s with a daily cycle, counted in whole GB per
 * interval;</li>
 * <li>background: most intervals carry no pause; one in twelve carries ordinary flow control (1 to
 * 200 pause per GB, sometimes with CNPs); rare unlabelled bursts reach 200 to 3000 per GB (a
 * checkpoint, a shuffle);</li>
 * <li>labelled congestion incidents (30 min to 3 h) at 800 to 20000 per GB with per-interval noise,
 * a quarter of them ECN-dominated (CNPs, not pause, carry the signal);</li>
 * <li>labelled lossless-broken, transport-retry and physical incidents on the error counters;</li>
 * <li>damage a real collector sees: one driver reload (all counters restart) on some ports, a
 * 32-bit {@code packet_seq_err} wrap, empty samples, a one-hour collector outage for every port,
 * maintenance windows with no traffic.</li>
 * </ul>
 * Because the generator knows every interval's rate and which intervals have no value, it computes
 * the expected sweep and the expected choice itself ({@link Design#expected}), without the engine.
 */
public final class HistorySet {
    public static final long STEP_MS = 300_000L;
    public static final long T0_MS = 1_764_547_200_000L;      // 2025-12-01T00:00:00Z
    public static final int PER_DAY = 288;
    public static final List<String> COUNTERS = List.of("tx_bytes_phy", "rx_prio3_pause", "rp_cnp_handled", "np_cnp_sent",
            "rx_discards_phy", "packet_seq_err", "SymbolErrorCounter");
    /** The sources the values are read from (widths from the catalogue): what {@link History#load} assumes by default. */
    public static final Map<String, Source> SOURCES = sources();
    /** The tuning the committed dataset is designed for. */
    public static final double GRID_LO = 100, GRID_HI = 100_000;
    public static final int GRID_N = 50;
    public static final double BUDGET_PER_DAY = 50;

    static final int BYTES = 0, PAUSE = 1, RP = 2, NP = 3, DISC = 4, PSE = 5, SYM = 6;

    private HistorySet() {}

    private static Map<String, Source> sources() {
        Map<String, Source> m = new LinkedHashMap<>();
        m.put("tx_bytes_phy", Source.ETHTOOL);
        m.put("rx_prio3_pause", Source.ETHTOOL);
        m.put("rp_cnp_handled", Source.HW_COUNTERS);
        m.put("np_cnp_sent", Source.HW_COUNTERS);
        m.put("rx_discards_phy", Source.ETHTOOL);
        m.put("packet_seq_err", Source.HW_COUNTERS);
        m.put("SymbolErrorCounter", Source.PERFQUERY_X);
        return m;
    }

    /** Port identity of port {@code p}: {@code guid 0x.../1}. */
    public static String portName(int p) {
        return String.format(Locale.ROOT, "guid 0x0c42a10300%06x/1", 0x10000 + p);
    }

    /**
     * Generates the set in memory. {@code counters} limits the columns kept (the benchmark keeps the
     * four the congestion sweep reads); the truth per interval is kept only when {@code keepTruth}.
     */
    public static Design generate(int ports, int days, long seed, List<String> counters, boolean keepTruth) {
        return new Design(ports, days, seed, counters, keepTruth);
    }

    /** Writes {@code history.csv.gz}, {@code labels.csv} and {@code scenario.json} into {@code dir}. */
    static List<String> write(Path dir, int ports, int days, long seed) {
        Design d = generate(ports, days, seed, COUNTERS, true);
        d.writeCsv(dir.resolve("history.csv.gz"));
        d.writeLabels(dir.resolve("labels.csv"));
        d.manifest().write(dir);
        return List.of(dir.getFileName().toString());
    }

    /** One generated history with its labels and, when kept, the truth of every interval. */
    public static final class Design {
        final int ports, days, samples;
        final List<String> keep;
        final int[] keepIndex;
        final long[] time;
        final int[] port;
        final long[][] values;
        final List<Labels.Incident> incidents = new ArrayList<>();
        /** Truth per row (interval ending at the row): the congestion rate, NaN when the interval has no value. */
        final double[] rate;
        final boolean[] congestionLabel;
        int resets, emptySamples, gapRows, idleIntervals;

        Design(int ports, int days, long seed, List<String> counters, boolean keepTruth) {
            this.ports = ports;
            this.days = days;
            this.samples = days * PER_DAY;
            this.keep = List.copyOf(counters);
            this.keepIndex = new int[keep.size()];
            for (int i = 0; i < keep.size(); i++) {
                keepIndex[i] = COUNTERS.indexOf(keep.get(i));
                if (keepIndex[i] < 0) throw new IllegalArgumentException("unknown history counter " + keep.get(i));
            }
            SplittableRandom rnd = new SplittableRandom(seed);
            // a one-hour collector outage for every port on day 17 (rows absent), when the history is that long
            int gapFrom = days > 17 ? 17 * PER_DAY + 120 : -1, gapTo = gapFrom + 12;
            int rowsPerPort = samples - (gapFrom >= 0 ? 12 : 0);
            int n = ports * rowsPerPort;
            time = new long[n];
            port = new int[n];
            values = new long[keep.size()][n];
            rate = keepTruth ? new double[n] : null;
            congestionLabel = keepTruth ? new boolean[n] : null;
            Schedule sched = Schedule.plan(ports, samples, rnd.split());
            incidents.addAll(sched.incidents);
            gapRows = gapFrom >= 0 ? 12 * ports : 0;
            int row = 0;
            long[] cum = new long[COUNTERS.size()];
            long[] d = new long[COUNTERS.size()];
            for (int p = 0; p < ports; p++) {
                SplittableRandom pr = rnd.split();
                PortPlan plan = sched.port(p);
                double util = 0.03 + 0.30 * pr.nextDouble();
                double phase = pr.nextDouble() * 2 * Math.PI;
                cum[BYTES] = 20_000_000_000_000L + pr.nextLong(80_000_000_000_000L);
                cum[PAUSE] = 100_000L + pr.nextLong(10_000_000L);
                cum[RP] = 50_000L + pr.nextLong(5_000_000L);
                cum[NP] = 50_000L + pr.nextLong(5_000_000L);
                cum[DISC] = pr.nextInt(3) == 0 ? pr.nextLong(200) : 0;
                cum[PSE] = plan.wrapPse ? (1L << 32) - 40_000 : pr.nextLong(5_000);
                cum[SYM] = pr.nextLong(20);
                boolean prevExists = false, prevMissing = false;
                for (int s = 0; s < samples; s++) {
                    boolean inGap = gapFrom >= 0 && s >= gapFrom && s < gapTo;
                    boolean reset = false;
                    double r = Double.NaN;
                    PortPlan.Seg seg = plan.at(s);
                    if (s > 0) {
                        r = interval(pr, seg, plan.wrapPse, s, util, phase, d);
                        for (int c = 0; c < cum.length; c++) cum[c] += d[c];
                        if (plan.wrapPse) cum[PSE] &= 0xFFFF_FFFFL;
                        if (s == plan.resetAt) {
                            reset = true;
                            resets++;
                            double f = 0.2 + 0.6 * pr.nextDouble();
                            for (int c = 0; c < cum.length; c++) cum[c] = (long) (d[c] * f);
                        }
                    }
                    if (inGap) { prevExists = false; continue; }
                    boolean missing = pr.nextInt(1250) == 0 && s > 0 && s < samples - 1;
                    if (missing) emptySamples++;
                    time[row] = T0_MS + s * STEP_MS;
                    port[row] = p;
                    for (int k = 0; k < keepIndex.length; k++) values[k][row] = missing ? Rules.ABSENT : cum[keepIndex[k]];
                    if (keepTruth) {
                        boolean valid = s > 0 && prevExists && !prevMissing && !missing && !reset && d[BYTES] > 0;
                        if (s > 0 && d[BYTES] == 0) idleIntervals++;
                        rate[row] = valid ? r : Double.NaN;
                        congestionLabel[row] = s > 0 && seg != null && seg.layer() == Layer.CONGESTION;
                    }
                    prevExists = true;
                    prevMissing = missing;
                    row++;
                }
            }
            if (row != n) throw new IllegalStateException("row count " + row + " != " + n);
        }

        /** Fills {@code d} with the interval's deltas; returns the congestion rate (max of pause, CNPs per GB). */
        private static double interval(SplittableRandom pr, PortPlan.Seg seg, boolean wrap, int s, double util, double phase, long[] d) {
            double hour = (s % PER_DAY) / 12.0;
            double diurnal = 0.65 + 0.35 * Math.sin(2 * Math.PI * hour / 24 + phase);
            long bytes;
            if (seg != null && seg.layer() == null) {
                bytes = 0;
            } else {
                double gb = 7_500 * util * diurnal * (0.8 + 0.4 * pr.nextDouble());
                bytes = Math.round(gb) * 1_000_000_000L;
            }
            d[BYTES] = bytes;
            double gbMoved = bytes / 1e9;
            double pause = 0, cnp = 0;
            Layer label = seg == null ? null : seg.layer();
            if (label == Layer.CONGESTION) {
                double level = seg.level() * (0.4 + 1.2 * pr.nextDouble());
                if (seg.ecn()) { cnp = level; pause = background(pr) * 0.5; }
                else { pause = level; cnp = level * (0.05 + 0.1 * pr.nextDouble()); }
            } else {
                pause = background(pr);
                cnp = pause > 0 && pr.nextInt(3) == 0 ? pause * 0.1 * pr.nextDouble() : 0;
                if (pr.nextInt(700) == 0) pause = 200 * Math.pow(15, pr.nextDouble());      // unlabelled burst: 200..3000 per GB
            }
            d[PAUSE] = Math.round(pause * gbMoved);
            d[RP] = Math.round(cnp * gbMoved);
            d[NP] = label == Layer.CONGESTION || pr.nextInt(2) == 0 ? Math.round(cnp * 0.7 * gbMoved) : 0;
            d[DISC] = label == Layer.LOSSLESS_BROKEN ? 50 + pr.nextInt(2_000) : 0;
            d[PSE] = label == Layer.TRANSPORT_RETRY ? 500 + pr.nextInt(20_000) : (pr.nextInt(40) == 0 ? pr.nextInt(4) : 0);
            if (wrap) d[PSE] += 40 + pr.nextInt(40);
            d[SYM] = label == Layer.PHYSICAL ? 5 + pr.nextInt(300) : 0;
            if (bytes == 0) return Double.NaN;
            double gb = (double) bytes / 1e9;
            double x = Math.max((double) d[PAUSE] / gb, Math.max((double) d[RP] / gb, (double) d[NP] / gb));
            return x;
        }

        private static double background(SplittableRandom pr) {
            return pr.nextInt(12) == 0 ? Math.pow(200, pr.nextDouble()) : 0;
        }

        public List<Labels.Incident> incidents() { return incidents; }

        public Labels labels() { return Labels.of(incidents); }

        /** The history in primitive columns (no CSV round trip). */
        public History history() {
            Map<String, long[]> cols = new LinkedHashMap<>();
            for (int k = 0; k < keep.size(); k++) cols.put(keep.get(k), values[k]);
            List<String> names = new ArrayList<>(ports);
            for (int p = 0; p < ports; p++) names.add(portName(p));
            return History.of("generated " + ports + " ports x " + days + " days", names, time, port, cols, SOURCES, STEP_MS);
        }

        public int rows() { return time.length; }

        void writeCsv(Path file) {
            try (OutputStream raw = Files.newOutputStream(file);
                 OutputStream gz = new GZIPOutputStream(raw, 1 << 16) { { def.setLevel(Deflater.BEST_COMPRESSION); } };
                 Writer w = new BufferedWriter(new OutputStreamWriter(gz, StandardCharsets.UTF_8), 1 << 16)) {
                w.write("timestamp,port");
                for (String c : keep) w.write("," + c);
                w.write('\n');
                StringBuilder b = new StringBuilder(128);
                String[] names = new String[ports];
                for (int p = 0; p < ports; p++) names[p] = portName(p);
                for (int r = 0; r < time.length; r++) {
                    b.setLength(0);
                    b.append(time[r]).append(',').append(names[port[r]]);
                    for (long[] v : values) {
                        b.append(',');
                        if (v[r] != Rules.ABSENT) b.append(v[r]);
                    }
                    b.append('\n');
                    w.append(b);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        void writeLabels(Path file) {
            StringBuilder b = new StringBuilder("port,layer,start_ms,end_ms,start_utc,end_utc,description\n");
            for (Labels.Incident i : incidents) {
                b.append(i.port()).append(',').append(i.layer().label()).append(',').append(i.startMs()).append(',')
                        .append(i.endMs()).append(',').append(java.time.Instant.ofEpochMilli(i.startMs())).append(',')
                        .append(java.time.Instant.ofEpochMilli(i.endMs())).append(",\"").append(i.description().replace("\"", "\"\""))
                        .append("\"\n");
            }
            Out.text(file, b);
        }

        /**
         * The expected congestion sweep computed from the truth (each interval's designed rate, or no
         * value), one threshold at a time: {threshold, alerts, tp, fp, fn} per row.
         */
        public long[][] expected(double[] thresholds) {
            if (rate == null) throw new IllegalStateException("generated without truth");
            long[][] out = new long[thresholds.length][];
            for (int i = 0; i < thresholds.length; i++) {
                long tp = 0, fp = 0, fn = 0;
                for (int r = 0; r < rate.length; r++) {
                    if (Double.isNaN(rate[r])) continue;
                    boolean alert = rate[r] > thresholds[i];
                    if (alert && congestionLabel[r]) tp++;
                    else if (alert) fp++;
                    else if (congestionLabel[r]) fn++;
                }
                out[i] = new long[] {tp + fp, tp, fp, fn};
            }
            return out;
        }

        Manifest manifest() {
            double[] th = org.fabriclab.history.Thresholds.log(GRID_LO, GRID_HI, GRID_N);
            long[][] e = expected(th);
            int best = -1;
            double bestRecall = -1;
            for (int i = 0; i < th.length; i++) {
                double perDay = e[i][0] / (double) days;
                if (perDay > BUDGET_PER_DAY) continue;
                double recall = (double) e[i][1] / (e[i][1] + e[i][3]);
                if (!Double.isNaN(recall) && recall >= bestRecall) { bestRecall = recall; best = i; }
            }
            long measured = 0, unmeasuredPositive = 0, positives = 0;
            for (int r = 0; r < rate.length; r++) {
                if (!Double.isNaN(rate[r])) { measured++; if (congestionLabel[r]) positives++; }
                else if (congestionLabel[r]) unmeasuredPositive++;
            }
            Manifest m = new Manifest("history", "history", "Congestion threshold tuning over " + ports + " ports x " + days
                    + " days", "Which congestion bar (pause and CNP per GB moved) catches the labelled incidents within an "
                    + "alert budget?");
            m.put("fabric", "roce").put("ports", ports).put("days", days).put("step_s", STEP_MS / 1000)
                    .put("rows", time.length).put("start_ms", T0_MS);
            m.files("history", List.of("history.csv.gz"));
            m.files("labels", List.of("labels.csv"));
            var src = m.node("sources");
            SOURCES.forEach((k, v) -> src.put(k, v.key()));
            var dmg = m.node("damage");
            dmg.put("counter_resets", resets);
            dmg.put("empty_samples", emptySamples);
            dmg.put("collector_outage_rows", gapRows);
            dmg.put("idle_intervals", idleIntervals);
            dmg.put("packet_seq_err_wraps", "one port (32-bit hw counter)");
            var inc = m.node("incidents");
            for (Layer l : List.of(Layer.CONGESTION, Layer.LOSSLESS_BROKEN, Layer.TRANSPORT_RETRY, Layer.PHYSICAL)) {
                inc.put(l.label(), incidents.stream().filter(i -> i.layer() == l).count());
            }
            var t = m.node("tuning");
            t.put("rule", "congestion per GB: MAX of rx_prio3_pause, rp_cnp_handled, np_cnp_sent per GB of tx_bytes_phy; "
                    + "an interval alerts when the rate is strictly above the threshold");
            t.put("grid", "Thresholds.log(" + (long) GRID_LO + ", " + (long) GRID_HI + ", " + GRID_N + ")");
            t.put("choice", "max recall with at most " + (long) BUDGET_PER_DAY + " alerts per day");
            t.put("budget_alerts_per_day", BUDGET_PER_DAY);
            t.put("intervals_measured", measured);
            t.put("labelled_intervals_measured", positives);
            t.put("labelled_intervals_without_value", unmeasuredPositive);
            if (best < 0 || positives == 0) {
                t.putNull("expected_threshold");
                t.put("expected_note", "no labelled congestion interval or no threshold within the budget (history too small)");
            } else {
                t.put("expected_threshold", th[best]);
                t.put("expected_alerts", e[best][0]);
                t.put("expected_alerts_per_day", e[best][0] / (double) days);
                t.put("expected_tp", e[best][1]);
                t.put("expected_fp", e[best][2]);
                t.put("expected_fn", e[best][3]);
                t.put("expected_precision", (double) e[best][1] / e[best][0]);
                t.put("expected_recall", (double) e[best][1] / (e[best][1] + e[best][3]));
            }
            var table = t.putArray("expected_sweep");
            for (int i = 0; i < th.length; i++) {
                var row = table.addObject();
                row.put("threshold", th[i]);
                row.put("alerts", e[i][0]);
                row.put("tp", e[i][1]);
                row.put("fp", e[i][2]);
                row.put("fn", e[i][3]);
            }
            return m;
        }
    }
}
