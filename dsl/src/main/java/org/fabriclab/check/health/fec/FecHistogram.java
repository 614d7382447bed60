package org.fabriclab.check.health.fec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.CounterName;
import org.fabriclab.catalogue.Role;
import org.fabriclab.delta.Rules;
import org.fabriclab.delta.Status;
import org.fabriclab.series.Columns;
import org.fabriclab.series.Series;

/**
 * The RS-FEC error histogram of every port of a {@link Series}, over time: bin {@code k} counts the FEC
 * blocks received with {@code k} symbol errors (the seed's {@code hist{k}}; the catalogue's role
 * {@code fec-hist}, canonical {@code fec_hist0..fec_hist15}, the bin index from
 * {@link CounterName#bin()}). The bins are cumulative counters like any other column: the histogram of
 * one interval is the per-bin delta, and the delta rule decides whether it is one ({@link #interval}).
 * The bins a series carries are used (UFM streams may carry only {@code hist0..hist4}); they must run
 * from bin 0 without a hole.
 *
 * <pre>{@code
 * FecHistogram h = FecHistogram.of(series).orElseThrow();
 * long[] d = new long[h.bins()];
 * if (h.interval(row, d)) System.out.println(d[0] + " clean blocks, " + d[1] + " with one symbol error");
 * }</pre>
 */
public final class FecHistogram {
    /** Bits in one RS(544,514) FEC block: 544 symbols of 10 bits (used to turn blocks into received bits). */
    public static final long BITS_PER_BLOCK = 5440;

    private final Series series;
    private final long[][] bins;
    private final long[] caps;
    private final String[] names;

    private FecHistogram(Series series, List<String> names) {
        this.series = series;
        this.names = names.toArray(new String[0]);
        this.bins = new long[names.size()][];
        this.caps = new long[names.size()];
        for (int k = 0; k < names.size(); k++) {
            bins[k] = series.counter(names.get(k));
            caps[k] = series.column(names.get(k)).map(Columns::cap).orElse(0L);
        }
    }

    /**
     * The histogram of {@code s}, empty when it carries no {@code fec-hist} counter.
     *
     * @throws IllegalArgumentException when the bins carried do not run from 0 without a hole
     */
    public static Optional<FecHistogram> of(Series s) {
        TreeMap<Integer, String> byBin = new TreeMap<>();
        for (CounterName c : Catalogue.standard().counterNames(Role.FEC_HIST)) if (s.has(c.name())) byBin.put(c.bin(), c.name());
        if (byBin.isEmpty()) return Optional.empty();
        if (byBin.firstKey() != 0 || byBin.lastKey() != byBin.size() - 1) {
            throw new IllegalArgumentException(s.name() + ": FEC histogram bins " + byBin.keySet() + " do not run from 0 without a hole");
        }
        return Optional.of(new FecHistogram(s, new ArrayList<>(byBin.values())));
    }

    public Series series() { return series; }

    /** Number of bins carried (16 for UFM secondary telemetry and mlxlink). */
    public int bins() { return names.length; }

    /** The canonical counter of bin {@code k}. */
    public String counter(int k) { return names[k]; }

    /**
     * The histogram of the interval ending at row {@code r} (rows {@code r-1} and {@code r} of one port):
     * fills {@code out[k]} with the delta of bin {@code k}. False (and {@code out} unspecified) when
     * {@code r} is a port's first row or the delta rule finds any bin missing, reset or pegged.
     */
    public boolean interval(int r, long[] out) {
        for (int k = 0; k < names.length; k++) {
            long a = bins[k][r - 1], b = bins[k][r];
            if (Rules.status(a, b, caps[k]) != Status.READABLE) return false;
            out[k] = b - a;
        }
        return true;
    }

    /** The raw cumulative value of bin {@code k} at row {@code r} ({@link Rules#ABSENT} when absent). */
    public long value(int k, int r) { return bins[k][r]; }

    /**
     * A series of FEC histograms from mlxlink readouts ({@code --rx_fec_histogram --show_histogram}, text or
     * {@code --json}) taken at {@code timesMs}: the readers' {@code fec_histogram} table of each capture
     * (port, bin, occurrences) becomes the {@code fec_hist{b}} counters, one row per port and readout.
     *
     * @throws CaptureException naming the capture when it holds no {@code fec_histogram} table
     * @throws IllegalArgumentException when the times do not match the captures or do not increase
     */
    public static Series fromMlxlink(List<Capture> readouts, long... timesMs) {
        if (readouts.size() != timesMs.length) throw new IllegalArgumentException(readouts.size() + " readouts but " + timesMs.length + " times");
        for (int i = 1; i < timesMs.length; i++) {
            if (timesMs[i] <= timesMs[i - 1]) throw new IllegalArgumentException("times must increase: " + timesMs[i - 1] + " then " + timesMs[i]);
        }
        List<CounterName> binNames = Catalogue.standard().counterNames(Role.FEC_HIST);
        Map<String, long[][]> byPort = new LinkedHashMap<>();
        for (int i = 0; i < readouts.size(); i++) {
            Capture c = readouts.get(i);
            var t = c.measurements("fec_histogram").orElseThrow(() -> new CaptureException(c.file(), 0,
                    "expected an mlxlink readout with a FEC histogram (--rx_fec_histogram --show_histogram)"));
            for (int row = 0; row < t.rowCount(); row++) {
                String port = t.stringColumn("port").get(row);
                int bin = t.intColumn("bin").getInt(row);
                if (bin < 0 || bin >= binNames.size()) continue;
                long[][] v = byPort.computeIfAbsent(port, k -> newAbsent(binNames.size(), readouts.size()));
                v[bin][i] = t.longColumn("occurrences").isMissing(row) ? Rules.ABSENT : t.longColumn("occurrences").getLong(row);
            }
        }
        List<String> ports = new ArrayList<>(byPort.keySet());
        int n = ports.size() * readouts.size();
        long[] time = new long[n];
        int[] port = new int[n];
        Map<String, long[]> counters = new LinkedHashMap<>();
        for (CounterName b : binNames) counters.put(b.name(), new long[n]);
        int r = 0;
        for (int p = 0; p < ports.size(); p++) {
            long[][] v = byPort.get(ports.get(p));
            for (int i = 0; i < readouts.size(); i++, r++) {
                time[r] = timesMs[i];
                port[r] = p;
                for (int k = 0; k < binNames.size(); k++) counters.get(binNames.get(k).name())[r] = v[k][i];
            }
        }
        Map<String, org.fabriclab.catalogue.Source> sources = new LinkedHashMap<>();
        for (String c : counters.keySet()) sources.put(c, org.fabriclab.catalogue.Source.MLXLINK);
        return Series.of("mlxlink FEC histograms", ports, time, port, counters, sources, 0);
    }

    private static long[][] newAbsent(int bins, int samples) {
        long[][] v = new long[bins][samples];
        for (long[] a : v) java.util.Arrays.fill(a, Rules.ABSENT);
        return v;
    }

    @Override public String toString() { return "FecHistogram[" + names.length + " bins over " + series.portCount() + " ports]"; }
}
