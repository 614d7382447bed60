package org.fabriclab.capture.mlnxperf;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.CommandLine;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Source;

/**
 * Reads {@code mlnx_perf -i <netdev> [-t S] [-c N]} (mlnx-tools, {@code python/mlnx_perf}; the same layout
 * since its first release in MLNX_OFED 4.x). mlnx_perf samples {@code ethtool -S} every {@code -t} seconds
 * (default 1) and prints, per interval, one line per counter that went up: its change divided by the
 * interval, a <em>per-second rate</em>, never the counter's value. A name with {@code bytes} in it reads
 * {@code name: 4,915,200,000 Bps = 39,321.59 Mbps}, any other {@code name: 600}; numbers are mlnx_perf's
 * ({@link PerfNumber}: commas, and hundredths after the dot). An interval that printed a non-bytes line ends
 * with the {@code UP n: ... Mbps = P%} and {@code UP n: ... Tran/sec = P%} shares of the {@code tx_prio*}
 * lines (derived, skipped as noise) and a {@code --------} line; one that printed only bytes lines ends
 * without it, where the next interval starts with a name printed again; an interval where nothing moved
 * prints nothing at all.
 *
 * <p>So the capture holds no counter readings (a snapshot would take a rate for a cumulative value): it
 * gives the {@code rates} table and the {@code change} table ({@link RateTables}), each row naming its
 * counter, unit and meaning through the catalogue. The port is {@code netdev <if>} from the command line
 * ({@code $ mlnx_perf -i ens1f0np0 -t 2}), else {@code netdev ?}; the interval is the command's {@code -t},
 * else mlnx_perf's default 1 s (said in a warning). {@code Initializing mlnx_perf...} and
 * {@code Sampling started.} are noise; so is the traceback Python prints when mlnx_perf is stopped with
 * Ctrl-C (a traceback of another error is kept as a warning).
 *
 * <pre>{@code
 * Capture c = new MlnxPerfReader().read(Input.of(Path.of("mlnx_perf.txt")));
 * c.measurements("rates").get();    // port, sample, line, counter, raw_name, queue, layer, rate, unit, meaning
 * c.measurements("change").get();   // per counter: the sum of the rates x the interval, and its basis
 * }</pre>
 */
public final class MlnxPerfReader implements CaptureReader {
    static final String UNNAMED = "netdev ?";
    static final String TOOL = "mlnx_perf";
    private static final String INIT = "Initializing mlnx_perf...", STARTED = "Sampling started.";
    private static final String TRACEBACK = "Traceback (most recent call last):";
    /** mlnx_perf's default {@code -t}, in seconds. */
    static final double DEFAULT_INTERVAL_S = 1.0;

    @Override public String format() { return "mlnx_perf"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        int bytesLines = 0, upLines = 0, rateLines = 0, separators = 0, other = 0;
        for (String l : in.head(25)) {
            String t = l.strip();
            if (t.isEmpty()) continue;
            if (t.equals(INIT) || t.equals(STARTED) || CommandLine.command(l, TOOL) != null) return 95;
            if (isUpShare(t)) upLines++;
            else if (isSeparator(t)) separators++;
            else {
                Parsed p = parse(t);
                if (p == null) other++;
                else if (p.bytesForm) { bytesLines++; rateLines++; }
                else rateLines++;
            }
        }
        // a paste of the blocks alone: a 'Bps = ... Mbps' line, an 'UP n:' share or the '--------' between intervals
        // is mlnx_perf's own (ethtool -S prints none of them, and would read the rates as counter values)
        if ((bytesLines > 0 || upLines > 0 || separators > 0) && other == 0 && rateLines > 0) return 85;
        return 0;
    }

    /** A rate line split: the ethtool name, the rate in hundredths per second, whether it was printed in Bps. */
    private record Parsed(String name, long hundredths, boolean bytesForm) {}

    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.MLNX_PERF, file);
        LineCursor c = new LineCursor(in.text());
        List<RateTables.Rate> rates = new ArrayList<>();
        Map<String, RateTables.Sampling> sampling = new LinkedHashMap<>();
        String port = UNNAMED;
        int sample = 1;
        Set<String> inSample = new HashSet<>();
        boolean started = false;      // a banner or command line seen
        boolean foreign = false;      // after another command's line in a paste: its output, up to mlnx_perf's next
        boolean traceback = false;
        int noise = 0;
        while (c.next()) {
            String line = c.line();
            String t = line.strip();
            int n = c.number();
            if (t.isEmpty()) { noise++; continue; }
            String[] cmd = CommandLine.command(line, TOOL);
            if (cmd != null) {
                String dev = CommandLine.after(cmd, "-i", "--interface");
                port = dev == null ? UNNAMED : "netdev " + dev;
                if (dev != null) b.attr(port, PortAttr.NETDEV, dev, n);
                sampling.put(port, sampling(cmd, file, n));
                if (sampling.get(port).intervalGiven()) b.attr(port, "interval_s", Double.toString(sampling.get(port).intervalS()), n);
                sample = 1;
                inSample.clear();
                started = true;
                foreign = false;
                traceback = false;
                noise++;
                continue;
            }
            if (CommandLine.otherCommand(line, TOOL)) { foreign = true; noise++; continue; }
            if (foreign) { noise++; continue; }
            if (t.equals(INIT) || t.equals(STARTED)) { started = true; noise++; continue; }
            if (traceback) {
                // Python's traceback: indented frames, then the exception's own line, unindented
                noise++;
                if (!Character.isWhitespace(line.charAt(0))) {
                    traceback = false;
                    if (!t.equals("KeyboardInterrupt")) b.warn(file + ":" + n + ": mlnx_perf stopped with '" + Values.abbreviate(t) + "'");
                }
                continue;
            }
            if (t.endsWith(TRACEBACK)) { traceback = true; noise++; continue; }   // "^CTraceback (most recent call last):"
            if (isSeparator(t)) {
                if (!inSample.isEmpty()) { sample++; inSample.clear(); }
                noise++;
                continue;
            }
            if (isUpShare(t)) { noise++; continue; }   // derived from the tx_prio lines of the same interval
            if (t.startsWith("error running ethtool")) {
                b.warn(file + ":" + n + ": mlnx_perf could not run ethtool -S: '" + Values.abbreviate(t) + "'");
                noise++;
                continue;
            }
            Parsed p = parse(t);
            if (p == null) {
                throw new CaptureException(file, n, "expected mlnx_perf's 'name: rate' or 'name: rate Bps = rate Mbps' "
                        + "(rate as 1,234.5), a '--------' line or an 'UP n:' share, found '" + Values.abbreviate(t) + "'");
            }
            if (!inSample.add(p.name())) {
                // the interval before printed only bytes lines, which end without '--------'
                sample++;
                inSample.clear();
                inSample.add(p.name());
            }
            sampling.putIfAbsent(port, new RateTables.Sampling(DEFAULT_INTERVAL_S, 0, -1));
            rates.add(new RateTables.Rate(port, sample, n, p.name(), p.hundredths(), p.bytesForm()));
        }
        if (rates.isEmpty()) {
            if (!started) throw new CaptureException(file, 0, "no mlnx_perf rate lines found; expected 'name: rate' lines as mlnx_perf -i X prints");
            b.warn(file + ": mlnx_perf printed no rate: no counter went up while it sampled (or it was stopped before the first interval ended)");
        }
        if (!rates.isEmpty()) {
            // said where snapshots and classify print their notes: this file adds no counter to a before/after delta
            b.warn(file + ": mlnx_perf prints per-second rates over its intervals, not counter values: no counter reading is "
                    + "taken from it (its 'change' table estimates each counter's change over the capture)");
        }
        for (Map.Entry<String, RateTables.Sampling> e : sampling.entrySet()) {
            if (!e.getValue().intervalGiven() && rates.stream().anyMatch(r -> r.port().equals(e.getKey()))) {
                b.warn("no mlnx_perf command line with -t for " + e.getKey() + ": its default interval of 1 s is assumed for the change over the capture");
            }
        }
        b.measurements(RateTables.RATES, RateTables.rates(rates));
        b.measurements(RateTables.CHANGE, RateTables.change(rates, sampling, file));
        b.noise(noise);
        return b.build();
    }

    /** The {@code -t} and {@code -c} of a command line (mlnx_perf's optparse: {@code -t 2}, {@code --interval=2}). */
    private static RateTables.Sampling sampling(String[] cmd, String file, int line) {
        String t = CommandLine.after(cmd, "-t", "--interval");
        String c = CommandLine.after(cmd, "-c", "--count");
        double interval = DEFAULT_INTERVAL_S;
        int intervalLine = 0;
        if (t != null) {
            try {
                interval = Double.parseDouble(t);
            } catch (NumberFormatException e) {
                throw new CaptureException(file, line, "mlnx_perf's -t is '" + t + "'; expected the interval in seconds");
            }
            if (!(interval > 0) || Double.isInfinite(interval)) {
                throw new CaptureException(file, line, "mlnx_perf's -t is '" + t + "'; expected an interval above 0 s");
            }
            intervalLine = line;
        }
        long count = -1;
        if (c != null) {
            try {
                count = Long.parseLong(c);
            } catch (NumberFormatException e) {
                throw new CaptureException(file, line, "mlnx_perf's -c is '" + c + "'; expected a number of intervals");
            }
        }
        return new RateTables.Sampling(interval, intervalLine, count);
    }

    /** {@code name: 1,234} or {@code name: 1,234 Bps = 0.98 Mbps}, or null. */
    private static Parsed parse(String t) {
        int sep = t.indexOf(": ");
        if (sep <= 0) return null;
        String name = t.substring(0, sep);
        for (int i = 0; i < name.length(); i++) if (Character.isWhitespace(name.charAt(i))) return null;
        String rest = t.substring(sep + 2).strip();
        int bps = rest.indexOf(" Bps");
        if (bps < 0) {
            long h = PerfNumber.hundredths(rest);
            return h < 0 ? null : new Parsed(name, h, false);
        }
        long h = PerfNumber.hundredths(rest.substring(0, bps));
        String mbps = rest.substring(bps + 4).strip();
        if (h < 0 || !mbps.startsWith("=") || !mbps.endsWith(" Mbps")) return null;
        if (PerfNumber.hundredths(mbps.substring(1, mbps.length() - 5).strip()) < 0) return null;
        return new Parsed(name, h, true);
    }

    /** mlnx_perf's interval end: a run of dashes ({@code --------}). */
    private static boolean isSeparator(String t) {
        if (t.length() < 3) return false;
        for (int i = 0; i < t.length(); i++) if (t.charAt(i) != '-') return false;
        return true;
    }

    /** {@code UP 3: 39,321.59 Mbps = 100.00%} or {@code UP 3: 600 Tran/sec = 100.00%}: a share derived from tx_prio lines. */
    private static boolean isUpShare(String t) {
        if (!t.startsWith("UP ") || !t.endsWith("%")) return false;
        int colon = t.indexOf(':');
        if (colon < 4) return false;
        for (int i = 3; i < colon; i++) if (!Character.isDigit(t.charAt(i))) return false;
        return t.contains(" Mbps = ") || t.contains(" Tran/sec = ");
    }
}
