package org.fabriclab.capture.pauseseries;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
 * is {@code date}'s output in any form {@link DateOutput#stamp} reads ({@code date}, {@code date -R}, {@code -Is},
 * {@code --rfc-3339=ns}, {@code +%FT%T%z}, en_US's {@code 10:00:01 PM}; {@code date '+%F %T'} and {@code +%c}, which
 * name no zone, read as UTC with a warning), alone on its line or inside a banner
 * ({@code === Mon Dec  7 10:00:01 UTC 2026 ===}, {@code # 2026-12-07T10:00:01Z}); or watch's header when its screens
 * were recorded ({@code Every 10.0s: ethtool -S eth0      host1: Mon Dec  7 10:00:01 2026}, procps's without the host,
 * busybox's with {@code 2026-12-07 10:00:01}: the date at its end, read as UTC; the header stays its output's first
 * line, as the command that names the port); or, in a log whose first line is one, a bare epoch number
 * ({@code date +%s}, {@code +%s.%N}, {@code +%s%3N}, {@code +%s%N}: {@link DateOutput#epochNumberMs}, 2001..2099)
 * whose next line is shaped as the one after the first (digits aside): a counter file's value is a bare number too, but
 * under {@code head} the next file's header follows it, and a {@code cat} of counter files (a bare number after the
 * first) has no date line at all. The output after each date, up to the next, is read by the reader that claims it
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
    /** watch's header: {@code Every 10.0s: } (busybox: {@code Every 10s: }, a locale's comma: {@code 10,0s}), then the command. */
    private static final Pattern WATCH = Pattern.compile("Every \\d+(?:[.,]\\d+)?s: ");
    /** The date at the end of watch's header: C's ctime (procps, procps-ng to 4.0.4) or busybox's {@code %Y-%m-%d %H:%M:%S}. */
    private static final Pattern WATCH_DATE = Pattern.compile(
            "\\s((?:[A-Z][a-z]{2} [A-Z][a-z]{2} +\\d{1,2} |\\d{4}-\\d{2}-\\d{2} )\\d{2}:\\d{2}:\\d{2}(?: \\d{4})?)$");
    /** A terminal's control sequence ({@code ESC [ H}, {@code ESC [ J}: busybox's watch clears the screen before its header). */
    private static final Pattern CSI = Pattern.compile("^(?:\\u001b\\[[0-9;?]*[A-Za-z])+");

    @Override public String format() { return "timed-dumps"; }

    /**
     * Epoch ms of a date line (see the class; a form with no zone read as UTC), else null. A bare epoch number is no
     * date line here: whether it is one depends on where it stands ({@link #samples}).
     */
    public static Long dateLine(String line) {
        Stamp s = stamp(line);
        return s == null ? null : s.epochMs();
    }

    /**
     * A date line's time, whether it names its zone, whether it is also the first line of its output (watch's header),
     * and its text (the line, or the date at the end of watch's header).
     */
    private record Stamp(long epochMs, boolean zoned, boolean watch, String text) {}

    /** The date line {@code line} (see the class) as a stamp, else null. */
    private static Stamp stamp(String line) {
        String t = line.strip();
        if (t.length() < 19) return null;
        Stamp w = watchHeader(t);
        if (w != null || t.length() > 60) return w;
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
        if (!iso && !named) return null;
        DateOutput.Stamp st = DateOutput.stamp(d);
        return st == null ? null : new Stamp(st.epochMs(), st.zoned(), false, t);
    }

    /**
     * watch's header ({@code Every 10.0s: ethtool -S eth0      host1: Mon Dec  7 22:40:46 2026}; procps without the host,
     * busybox with {@code 2026-12-07 22:40:46}) as the time at its end, which names no zone; else null.
     */
    private static Stamp watchHeader(String t) {
        if (t.charAt(0) == '\u001b') t = CSI.matcher(t).replaceFirst("");
        if (!t.startsWith("Every ")) return null;
        Matcher w = WATCH.matcher(t);
        if (!w.lookingAt()) return null;
        Matcher d = WATCH_DATE.matcher(t);
        if (!d.find(w.end() - 1)) return null;
        DateOutput.Stamp st = DateOutput.stamp(d.group(1));
        return st == null ? null : new Stamp(st.epochMs(), st.zoned(), true, d.group(1));
    }

    /** Whether {@code d} holds a time of day, {@code HH:MM:SS}. */
    private static boolean clock(String d) {
        for (int i = d.indexOf(':'); i > 1 && i + 5 < d.length(); i = d.indexOf(':', i + 1)) {
            if (Character.isDigit(d.charAt(i - 1)) && Character.isDigit(d.charAt(i + 1)) && d.charAt(i + 3) == ':'
                    && Character.isDigit(d.charAt(i + 4))) return true;
        }
        return false;
    }

    /**
     * The date lines of a log, by index in {@code lines}: the lines {@link #stamp} reads; or, when the first non-blank
     * line is a bare epoch number ({@code date +%s}, {@code +%s.%N}, {@code +%s%3N}: {@link DateOutput#epochNumberMs}),
     * the bare epoch numbers whose next non-blank line is shaped as the one after the first (the loop's tool starts its
     * output the same way each time; digits aside). A counter's value printed bare ({@code head} or {@code tail} of
     * sysfs files, a ttar archive) is followed by the next file's header, which is no such line; and when the first
     * number is followed by another bare number ({@code cat} of counter files, whose values name no counter) there is
     * no date line at all.
     */
    private static TreeMap<Integer, Stamp> stamps(List<String> lines) {
        TreeMap<Integer, Stamp> out = new TreeMap<>();
        int first = nextNonBlank(lines, 0);
        String opener = first < 0 ? null : bareOpener(lines, first);
        if (first < 0 || NO_DATES.equals(opener)) return out;
        for (int i = first; i < lines.size(); i++) {
            Stamp s = stampAt(lines, i, opener);
            if (s != null) out.put(i, s);
        }
        return out;
    }

    /** {@link #bareOpener}'s answer for a log whose first line is a bare number with no output shaped to follow it. */
    private static final String NO_DATES = "";

    /**
     * For a log whose first non-blank line (at {@code first}) is a bare epoch number, the shape of the line after it
     * ({@link #opener}; {@link #NO_DATES} when there is none, so the log has no date line); null when that first line is
     * no bare number (the log's dates are the lines {@link #stamp} reads).
     */
    private static String bareOpener(List<String> lines, int first) {
        if (DateOutput.epochNumberMs(lines.get(first)) == null) return null;
        String o = opener(lines, first);
        return o == null ? NO_DATES : o;
    }

    /** The date line at {@code i} of a log whose {@link #bareOpener} is {@code opener}, else null. */
    private static Stamp stampAt(List<String> lines, int i, String opener) {
        if (opener == null) return stamp(lines.get(i));
        Long ms = DateOutput.epochNumberMs(lines.get(i));
        return ms != null && opener.equals(opener(lines, i)) ? new Stamp(ms, true, false, lines.get(i).strip()) : null;
    }

    /**
     * The shape (digits as {@code #}) of the first non-blank line after the bare number at {@code at}, or null when there
     * is none or it is a bare number too.
     */
    private static String opener(List<String> lines, int at) {
        int o = nextNonBlank(lines, at + 1);
        if (o < 0) return null;
        String t = lines.get(o).strip();
        if (t.chars().allMatch(c -> Character.isDigit(c) || c == '.')) return null;
        return t.replaceAll("\\d+", "#");
    }

    private static int nextNonBlank(List<String> lines, int from) {
        for (int i = from; i < lines.size(); i++) if (!lines.get(i).isBlank()) return i;
        return -1;
    }

    @Override public int sniff(Input in) {
        if (in.isDirectory() || in.partName() != null) return 0;
        List<String> head = in.head(2);
        if (head.isEmpty()) return 0;
        String first = head.get(0);
        boolean bare = DateOutput.epochNumberMs(first) != null;
        if (bare ? head.size() < 2 || opener(head, 0) == null : stamp(first) == null) return 0;
        // the second date may come thousands of lines down (ethtool -S of a NIC with many queues): the file is scanned
        // up to it, which only a file whose first line is a date pays
        List<String> lines = in.lines();
        int from = nextNonBlank(lines, 0);
        String opener = bareOpener(lines, from);
        // two dates with output between them: a loop's log (a date file alone is one line: a snapshot's time, not
        // this) above a tool's own reader, which would take the dates for junk and one port's samples for one snapshot
        // (watch's header is a command line that ethtool's reader takes too: its second one makes the file a log)
        boolean output = false;
        for (int i = from + 1; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) continue;
            if (stampAt(lines, i, opener) == null) output = true;
            else if (output) return 96;
        }
        return 0;
    }

    /**
     * One sample of a loop's log: the date at line {@code line} (1-based) and what the reader that claims the output
     * after it made of it, at the log's own line numbers; {@code capture} is null when nothing follows the date;
     * {@code zoned} false when the date names no zone (read as UTC).
     */
    public record Sample(long epochMs, int line, String date, Capture capture, boolean zoned) {}

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
        TreeMap<Integer, Stamp> stamps = stamps(lines);
        List<Integer> at = new ArrayList<>(stamps.keySet());
        long last = Long.MIN_VALUE;
        for (Map.Entry<Integer, Stamp> e : stamps.entrySet()) {
            int i = e.getKey();
            if (i != at.get(0) && e.getValue().epochMs() <= last) {
                throw new CaptureException(file, i + 1, "date " + e.getValue().text() + " is not later than the one at line "
                        + (stamps.lowerKey(i) + 1) + "; expected a sampling loop's dates in time order");
            }
            last = e.getValue().epochMs();
        }
        if (at.size() < 2) throw new CaptureException(file, 1, "expected two or more date lines, each followed by a tool's output");
        Readers readers = Readers.standard();
        List<Sample> out = new ArrayList<>();
        for (int k = 0; k < at.size(); k++) {
            Stamp st = stamps.get(at.get(k));
            int from = at.get(k) + 1, to = k + 1 < at.size() ? at.get(k + 1) : lines.size();
            String date = st.text();
            if (Input.slice(in, from, to).text().isBlank()) {
                out.add(new Sample(st.epochMs(), from, date, null, st.zoned()));
                continue;
            }
            // the output keeps its line numbers in the log; watch's header stays its first line (the command names the port)
            Input output = Input.slice(in, st.watch() ? from - 1 : from, to);
            try {
                out.add(new Sample(st.epochMs(), from, date, readers.read(output), st.zoned()));
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
        List<Sample> unzoned = new ArrayList<>();
        for (Sample s : got) {
            Map<String, Map<String, Long>> sample = new LinkedHashMap<>();
            samples.add(sample);
            times.add(s.epochMs());
            if (!s.zoned()) unzoned.add(s);
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
        if (!unzoned.isEmpty()) {
            warnings.add(0, file + ":" + unzoned.get(0).line() + ": " + (unzoned.size() == got.size() ? "the dates name" : unzoned.size() + " of the dates name")
                    + " no zone (" + unzoned.get(0).date() + "); read as UTC");
        }
        for (String w : warnings) b.warn(w);
        return b.build();
    }
}
