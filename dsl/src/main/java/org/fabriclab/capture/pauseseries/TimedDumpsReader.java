package org.fabriclab.capture.pauseseries;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.DateOutput;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Measurement;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Reading;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.catalogue.Source;

import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.columns.Column;

/**
 * The log of a sampling loop, as an engineer collects a pause series by hand: a date, then a tool's output, again
 * and again ({@code while sleep 1; do date; ethtool -S eth0 | grep -E 'pause|discard'; done > pause.log}). A date line
 * is {@code date}'s output in any form {@link DateOutput} reads except bare epoch seconds (a {@code cat} of a counter
 * file prints a bare number too), alone on its line or inside a banner ({@code === Mon Dec  7 10:00:01 UTC 2026 ===},
 * {@code # 2026-12-07T10:00:01Z}). The output after each date, up to the next, is read by the reader that claims it
 * ({@code ethtool -S}, {@code perfquery -x}, a {@code grep -H} of sysfs, ...), at its own line numbers, and its
 * catalogued counters become one row per port of the {@link Telemetry} series at that date: the series the pause
 * analysis draws its duty-cycle distribution from when the log lies beside an incident's snapshots. Uncatalogued names
 * are left out of the series. Produces the {@code telemetry} table only (a series, not an instant).
 *
 * <pre>{@code
 * Capture c = Readers.standard().read(Path.of("pause.log"));
 * Series s = Series.of(c.measurements("telemetry").get());
 * }</pre>
 */
public final class TimedDumpsReader implements CaptureReader {
    /** Banner characters around a date line ({@code === date ===}, {@code # date}, {@code --- date ---}). */
    private static final String BANNER = "=#-*[] \t";
    @Override public String format() { return "timed-dumps"; }

    /** Epoch ms of a date line (see the class), else null. */
    public static Long dateLine(String line) {
        String t = line.strip();
        if (t.length() < 19 || t.length() > 60) return null;
        int s = 0, e = t.length();
        while (s < e && BANNER.indexOf(t.charAt(s)) >= 0) s++;
        while (e > s && BANNER.indexOf(t.charAt(e - 1)) >= 0) e--;
        String d = t.substring(s, e);
        // every file's first line is sniffed: only a line shaped as a date (ISO's 2026-12-07T..., date's or RFC's "Mon ...",
        // with an HH:MM:SS) goes to the date parser, whose first use loads java.time's locale data
        if (d.length() < 19 || !clock(d)) return null;
        boolean iso = Character.isDigit(d.charAt(0)) && d.charAt(4) == '-';
        boolean named = Character.isLetter(d.charAt(0)) && Character.isLetter(d.charAt(1)) && Character.isLetter(d.charAt(2))
                && (d.charAt(3) == ' ' || d.charAt(3) == ',');
        return iso || named ? DateOutput.epochMs(d) : null;
    }

    /** Whether {@code d} holds a time of day, {@code HH:MM:SS}. */
    private static boolean clock(String d) {
        for (int i = d.indexOf(':'); i > 1 && i + 5 < d.length(); i = d.indexOf(':', i + 1)) {
            if (Character.isDigit(d.charAt(i - 1)) && Character.isDigit(d.charAt(i + 1)) && d.charAt(i + 3) == ':'
                    && Character.isDigit(d.charAt(i + 4))) return true;
        }
        return false;
    }

    @Override public int sniff(Input in) {
        if (in.isDirectory() || in.partName() != null) return 0;
        List<String> head = in.head(1);
        if (head.isEmpty() || dateLine(head.get(0)) == null) return 0;
        // the second date may come thousands of lines down (ethtool -S of a NIC with many queues): the whole file is
        // scanned, which only a file whose first line is a date pays
        int dates = 0, other = 0;
        for (String l : in.lines()) {
            if (l.isBlank()) continue;
            if (dateLine(l) != null) {
                // two dates with output between them: a loop's log (a date file alone is one line: a snapshot's time, not
                // this) above a tool's own reader, which would take the dates for junk and one port's samples for one snapshot
                if (++dates >= 2 && other >= 1) return 96;
            } else {
                other++;
            }
        }
        return 0;
    }

    /**
     * One sample of a loop's log: the date at line {@code line} (1-based) and what the reader that claims the output
     * after it made of it, at the log's own line numbers; {@code capture} is null when nothing follows the date.
     */
    public record Sample(long epochMs, int line, String date, Capture capture) {}

    /**
     * Whether {@code in} is a sampling loop's log (two or more date lines with output between them), as {@link #sniff}
     * decides.
     */
    public static boolean isLog(Input in) { return new TimedDumpsReader().sniff(in) > 0; }

    /**
     * The samples of the log {@code in}, in file order, each output read by the reader that claims it.
     *
     * @throws CaptureException when the dates are not in time order, fewer than two, or an output is no capture
     */
    public static List<Sample> samples(Input in) {
        String file = in.name();
        List<String> lines = in.lines();
        List<Integer> at = new ArrayList<>();
        List<Long> times = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Long t = dateLine(lines.get(i));
            if (t == null) continue;
            if (!times.isEmpty() && t <= times.get(times.size() - 1)) {
                throw new CaptureException(file, i + 1, "date " + lines.get(i).strip() + " is not later than the one at line "
                        + (at.get(at.size() - 1) + 1) + "; expected a sampling loop's dates in time order");
            }
            at.add(i);
            times.add(t);
        }
        if (times.size() < 2) throw new CaptureException(file, 1, "expected two or more date lines, each followed by a tool's output");
        Readers readers = Readers.standard();
        List<Sample> out = new ArrayList<>();
        for (int k = 0; k < at.size(); k++) {
            int from = at.get(k) + 1, to = k + 1 < at.size() ? at.get(k + 1) : lines.size();
            Input output = Input.slice(in, from, to);   // the output keeps its line numbers in the log
            String date = lines.get(from - 1).strip();
            if (output.text().isBlank()) {
                out.add(new Sample(times.get(k), from, date, null));
                continue;
            }
            try {
                out.add(new Sample(times.get(k), from, date, readers.read(output)));
            } catch (org.fabriclab.capture.NotACaptureException e) {
                int first = from;
                while (first < to && lines.get(first).isBlank()) first++;
                throw new CaptureException(file, first + 1, "the output after the date at line " + from + " is no capture fabriclab reads "
                        + "(first line '" + org.fabriclab.capture.Values.abbreviate(lines.get(first).strip()) + "')");
            }
        }
        return out;
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        List<Sample> got = samples(in);
        // per sample: port -> counter -> value, in file order
        List<Map<String, Map<String, Long>>> samples = new ArrayList<>();
        List<Long> times = new ArrayList<>();
        TreeSet<String> counters = new TreeSet<>();
        List<String> warnings = new ArrayList<>();
        for (Sample s : got) {
            Map<String, Map<String, Long>> sample = new LinkedHashMap<>();
            samples.add(sample);
            times.add(s.epochMs());
            if (s.capture() == null) {
                warnings.add(file + ":" + s.line() + ": nothing after the date " + s.date() + "; no sample there");
                continue;
            }
            for (Reading r : s.capture().readings()) {
                if (!r.catalogued() || r.isQueue()) continue;
                sample.computeIfAbsent(r.port(), p -> new LinkedHashMap<>()).putIfAbsent(r.counter(), r.value());
                counters.add(r.counter());
            }
        }
        if (counters.isEmpty()) {
            throw new CaptureException(file, got.get(0).line(), "no counter the catalogue knows in the output after the dates; "
                    + "expected a tool's counters (ethtool -S, perfquery -x, sysfs) after each date");
        }
        // rows by port, then time (the telemetry contract)
        TreeMap<String, List<Integer>> byPort = new TreeMap<>();
        for (int k = 0; k < samples.size(); k++) for (String p : samples.get(k).keySet()) byPort.computeIfAbsent(p, x -> new ArrayList<>()).add(k);
        LongColumn ts = LongColumn.create(Telemetry.TIMESTAMP);
        StringColumn port = StringColumn.create(Telemetry.PORT);
        Map<String, LongColumn> cols = new LinkedHashMap<>();
        for (String c : counters) cols.put(c, LongColumn.create(c));
        byPort.forEach((p, ks) -> {
            for (int k : ks) {
                ts.append(times.get(k));
                port.append(p);
                Map<String, Long> v = samples.get(k).get(p);
                for (Map.Entry<String, LongColumn> e : cols.entrySet()) {
                    Long x = v.get(e.getKey());
                    if (x == null) e.getValue().appendMissing(); else e.getValue().append(x);
                }
            }
        });
        List<Column<?>> all = new ArrayList<>();
        all.add(ts);
        all.add(port);
        all.addAll(cols.values());
        Measurement t = Measurement.of(file, all);
        Telemetry.validate(t, file);
        Capture.Builder b = Capture.builder(Source.GIVEN, file).measurements(Telemetry.NAME, t);
        for (String w : warnings) b.warn(w);
        return b.build();
    }
}
