package org.fabriclab.capture.mlnxperf;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Measurement;
import org.fabriclab.catalogue.Binding;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Source;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;

/**
 * The two tables an mlnx_perf capture gives, each row naming what its value means through the catalogue
 * (mlnx_perf prints {@code ethtool -S}'s names, so they are looked up as {@link Source#ETHTOOL} names):
 * <ul>
 * <li>{@code rates}: one row per printed line, a per-second rate over one sampling interval:
 * {@code port, sample, line, counter, raw_name, queue, layer, rate, unit, meaning} ({@code unit} is the
 * counter's unit per second: {@code bytes/s}, {@code count/s}, {@code us/s} for a pause duration);</li>
 * <li>{@code change}: per port and counter, the change over the whole capture the rates account for:
 * the sum of its printed rates times the interval ({@code -t}, or mlnx_perf's default 1 s when the file has
 * no command line), with the basis of that figure. An interval in which the counter did not move, or went
 * down (a reset), prints nothing, so it adds nothing; the rates are truncated to hundredths and, from 2021
 * on, divided by the measured time rather than {@code -t}: the change is an estimate, not a counter
 * reading, and never a cumulative value.</li>
 * </ul>
 */
final class RateTables {
    static final String RATES = "rates", CHANGE = "change";
    static final String UNCATALOGUED = "not in the catalogue";

    /** One printed rate: its port, interval (1-based), line, ethtool name and value in hundredths per second. */
    record Rate(String port, int sample, int line, String raw, long hundredths, boolean bytesForm) {}

    /** What the command line of a port's block said about its sampling (interval in s, count; -1 when not given). */
    record Sampling(double intervalS, int intervalLine, long count) {
        boolean intervalGiven() { return intervalLine > 0; }
    }

    private RateTables() {}

    static Measurement rates(List<Rate> rates) {
        Catalogue cat = Catalogue.standard();
        StringColumn port = StringColumn.create("port"), counter = StringColumn.create("counter"), raw = StringColumn.create("raw_name");
        StringColumn layer = StringColumn.create("layer"), unit = StringColumn.create("unit"), meaning = StringColumn.create("meaning");
        LongColumn sample = LongColumn.create("sample"), line = LongColumn.create("line"), queue = LongColumn.create("queue");
        DoubleColumn rate = DoubleColumn.create("rate");
        for (Rate r : rates) {
            Optional<Binding> b = cat.lookup(Source.ETHTOOL, r.raw());
            port.append(r.port());
            sample.append(r.sample());
            line.append(r.line());
            counter.append(b.map(Binding::canonical).orElse(r.raw()));
            raw.append(r.raw());
            if (b.isPresent() && b.get().queue() != Binding.NO_QUEUE) queue.append(b.get().queue()); else queue.appendMissing();
            layer.append(b.map(x -> x.layer().toString()).orElse("-"));
            rate.append(r.hundredths() / 100.0);
            unit.append(unitOf(b, r.bytesForm()) + "/s");
            meaning.append(b.map(x -> x.def().help()).orElse(UNCATALOGUED));
        }
        return Measurement.of(RATES, port, sample, line, counter, raw, queue, layer, rate, unit, meaning);
    }

    /**
     * The change per port and counter over the capture: the sum of the printed rates (in hundredths, exact) times
     * the port's interval, rounded to a whole count.
     */
    static Measurement change(List<Rate> rates, Map<String, Sampling> sampling, String file) {
        Catalogue cat = Catalogue.standard();
        Map<String, long[]> sums = new LinkedHashMap<>();      // port + raw -> {hundredths, intervals}
        Map<String, Rate> first = new LinkedHashMap<>();
        for (Rate r : rates) {
            String k = r.port() + "\u0000" + r.raw();
            long[] s = sums.computeIfAbsent(k, x -> new long[2]);
            if (s[0] > Long.MAX_VALUE - r.hundredths()) {
                throw new CaptureException(file, r.line(), "the rates of " + r.raw() + " add up beyond what a count holds (2^63 hundredths)");
            }
            s[0] += r.hundredths();
            s[1]++;
            first.putIfAbsent(k, r);
        }
        StringColumn port = StringColumn.create("port"), counter = StringColumn.create("counter"), raw = StringColumn.create("raw_name");
        StringColumn unit = StringColumn.create("unit"), basis = StringColumn.create("basis");
        LongColumn queue = LongColumn.create("queue"), intervals = LongColumn.create("intervals"), change = LongColumn.create("change");
        DoubleColumn rateSum = DoubleColumn.create("rate_sum"), intervalS = DoubleColumn.create("interval_s");
        List<String> keys = new ArrayList<>(sums.keySet());
        for (String k : keys) {
            Rate r = first.get(k);
            long[] s = sums.get(k);
            Sampling sm = sampling.get(r.port());
            Optional<Binding> b = cat.lookup(Source.ETHTOOL, r.raw());
            port.append(r.port());
            counter.append(b.map(Binding::canonical).orElse(r.raw()));
            raw.append(r.raw());
            if (b.isPresent() && b.get().queue() != Binding.NO_QUEUE) queue.append(b.get().queue()); else queue.appendMissing();
            unit.append(unitOf(b, r.bytesForm()));
            intervals.append(s[1]);
            rateSum.append(s[0] / 100.0);
            intervalS.append(sm.intervalS());
            // exact: hundredths x the interval, rounded once (a double product loses units past 2^53)
            BigDecimal total = new BigDecimal(s[0]).multiply(BigDecimal.valueOf(sm.intervalS())).movePointLeft(2).setScale(0, RoundingMode.HALF_UP);
            if (total.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
                throw new CaptureException(file, r.line(), "the change of " + r.raw() + " over the capture is beyond what a count holds (2^63)");
            }
            change.append(total.longValue());
            basis.append(basis(s[1], sm));
        }
        return Measurement.of(CHANGE, port, counter, raw, queue, unit, intervals, rateSum, intervalS, change, basis);
    }

    private static String basis(long printed, Sampling s) {
        String t = s.intervalGiven() ? "-t " + seconds(s.intervalS()) + " (line " + s.intervalLine() + ")"
                : "mlnx_perf's default interval of 1 s (no command line with -t in the file)";
        String over = s.count() > 0
                ? "; the capture covers -c " + s.count() + " intervals, " + seconds(s.count() * s.intervalS()) + " s"
                : "";
        return "estimate: the sum of " + printed + " printed per-second rate(s) x " + t
                + "; an interval where the counter did not move or went down prints nothing" + over;
    }

    private static String seconds(double s) {
        return s == Math.rint(s) && Math.abs(s) < 1e15 ? Long.toString((long) s) : Double.toString(s);
    }

    /** The counter's unit: the catalogue's, else bytes for a line mlnx_perf printed in Bps, else a count. */
    private static String unitOf(Optional<Binding> b, boolean bytesForm) {
        if (b.isPresent()) return b.get().def().unit();
        return bytesForm ? "bytes" : "count";
    }
}
