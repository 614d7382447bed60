package org.fabriclab.capture.perftest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Measurement;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.ShellPrompt;
import org.fabriclab.capture.Words;
import org.fabriclab.catalogue.Source;

import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.columns.Column;

/**
 * Reads perftest output ({@code ib_write_bw}, {@code ib_read_lat}, ...), including a server's and a
 * client's output interleaved in one log. No counter readings; three measurement tables whose column
 * names other code relies on:
 * <ul>
 * <li>{@value #RUN}: file, role, test, device, ib_port, local_lid, link_type, mtu, qps, connection_type,
 * duration_s, unit, bidirectional (one row per test header); local_lid is the LID of the
 * {@code local address:} lines when the file names exactly one non-zero LID (a client log, or a
 * loopback test's both sides), else missing (RoCE prints LID 0; two hosts' logs name two);</li>
 * <li>{@value #BANDWIDTH}: file, role, msg_bytes, iterations, bw_peak, bw_average, msg_rate_mpps,
 * unit, bw_average_bytes_per_sec (see {@link PerftestUnits});</li>
 * <li>{@value #LATENCY}: file, role, msg_bytes, iterations, t_min_us, t_max_us, t_typical_us,
 * t_avg_us, t_stdev_us, p99_us, p99_9_us.</li>
 * </ul>
 * A run that failed ({@code Completion with error at client}, {@code Failed status 12: ...}, see
 * {@link PerftestFailure}) is a {@link CaptureException} naming the failure and its completion status when no
 * result row came before it, and a warning when the rows before it are read.
 * Interleaving: each {@code ... Test} title opens a run; a header field goes to the first run that
 * lacks it; a result row goes to the first run whose table has no row yet or whose last message size
 * is smaller, else (a {@code --run_infinitely} run's next print period) to the run whose last row has its size.
 * A perftest command line after a result row starts a new invocation (a terminal session of several tests):
 * the runs before it take no more rows or fields, and each invocation has its own command options and roles.
 * A run after {@code WARNING: BW peak won't be measured in this run} (duration mode) has no bw_peak (perftest
 * prints 0.00 there): NaN; so has a run in duration mode ({@code -D}) whose paste lost the warning. A peak printed
 * other than 0.00 is a measurement, whichever side printed the warning above it (a server's and a client's output pasted
 * one after the other).
 * The client is the run that prints {@code TX depth} (perftest prints it only for the
 * client or a bidirectional test); the other run of a pair is the server. A run the header leaves undecided takes its
 * role from its command line: one that names the server (its one positional word, {@code ib_write_bw -d mlx5_0 node2})
 * is the client, one that names none is the server; an option the reader does not know, followed by a word, leaves it
 * undecided (that word may be the option's value or the server). The header prints neither
 * the port nor {@code -D}: they come from a command line in the log when there is one
 * ({@code ib_write_bw -d mlx5_0 -i 1 -D 10 ...}), else ib_port is missing and duration_s NaN.
 *
 * <pre>{@code
 * Capture c = new PerftestReader().read(Input.of(Path.of("bw.log")));
 * c.measurements("bandwidth").get().doubleColumn("bw_average").get(0);
 * }</pre>
 */
public final class PerftestReader implements CaptureReader {
    public static final String RUN = "perftest_run";
    public static final String BANDWIDTH = "bandwidth";
    public static final String LATENCY = "latency";

    private static final Pattern TITLE = Pattern.compile("^\\s*(\\S.*?(?:BW|Latency)(?: \\w+)*) Test\\s*$");
    private static final Pattern COLUMN = Pattern.compile(
            "#\\w+|BW (?:peak|average|Port\\d)\\[[^\\]]*\\]|MsgRate(?: Port\\d)?\\[[^\\]]*\\]|t_\\w+\\[[^\\]]*\\]"
                    + "|99(?:\\.9)?% percentile\\[[^\\]]*\\]|tps average");
    private static final Pattern LOCAL_LID = Pattern.compile("^local address:\\s*LID\\s+(?:0x)?([0-9a-fA-F]+)\\b");
    private static final Pattern COMMAND = Pattern.compile("\\b(ib_\\w+_(?:bw|lat)|raw_ethernet_\\w+)\\b(.*)$");
    private static final Pattern PLAIN_NUMBER = Pattern.compile("\\d{1,30}(?:\\.\\d{1,30})?");
    private static final String CPU_FREQ = "Conflicting CPU frequency values detected";
    private static final String NO_PEAK = "BW peak won't be measured";

    @Override public String format() { return "perftest"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        int score = 0;
        boolean command = false, failed = false;
        for (String l : in.head(60)) {
            String t = l.trim();
            Matcher cm = COMMAND.matcher(t);
            if (cm.find() && isCommandLine(t, cm.start())) command = true;
            // a run that failed before its title prints only its command line (in a paste) and the failure
            else if (command && new PerftestFailure().offer(t, 0)) failed = true;
            if (t.endsWith("Test") && TITLE.matcher(t).matches()) score += 40;
            else if (t.startsWith("#bytes") && (t.contains("BW peak") || t.contains("t_min") || t.contains("t_avg"))) score += 50;
            else if (t.startsWith("Dual-port") || t.startsWith("Number of qps") || t.startsWith("Connection type")) score += 10;
        }
        return failed ? Math.max(Math.min(score, 95), 90) : Math.min(score, 95);
    }

    /** One perftest process's output. */
    private static final class Run {
        final int line;
        final String test;
        final Map<String, String> header = new LinkedHashMap<>();
        List<String> columns;
        boolean latency;
        final List<double[]> rows = new ArrayList<>();
        final List<long[]> sizes = new ArrayList<>();
        String role = "unknown";
        /** The options of the command lines of this run's invocation (shared by a server/client pair). */
        Map<String, String> cmd;
        /** perftest said {@code BW peak won't be measured in this run} (duration mode): its peak column is a placeholder 0.00. */
        boolean noPeak;

        Run(int line, String test, Map<String, String> cmd) { this.line = line; this.test = test; this.cmd = cmd; }

        long lastSize() { return sizes.isEmpty() ? -1 : sizes.get(sizes.size() - 1)[0]; }
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.PERFTEST, file);
        List<String> lines = in.lines();
        List<Run> runs = new ArrayList<>();
        // the runs of the current invocation: a perftest command line after a result row starts the next one
        List<Run> current = new ArrayList<>();
        List<List<Run>> invocations = new ArrayList<>(List.of(current));
        Map<String, String> cmd = new LinkedHashMap<>();
        java.util.Set<Integer> waiting = new java.util.HashSet<>();   // the invocations that printed 'Waiting for client'
        boolean titled = false, noPeak = false;
        List<Object[]> pending = new ArrayList<>();
        int cpuFreq = 0, noise = 0, repeats = 0;
        java.util.Set<Integer> localLids = new java.util.TreeSet<>();
        int lastTableLine = 0;
        PerftestFailure failure = new PerftestFailure();
        for (int i = 0; i < lines.size(); i++) {
            int lineNo = i + 1;
            String t = lines.get(i).trim();   // colour codes are gone before any reader (Pasted)
            if (t.isEmpty() || t.chars().allMatch(c -> c == '-')) continue;
            if (t.contains(CPU_FREQ)) { cpuFreq++; noise++; continue; }
            if (t.contains(NO_PEAK)) { noPeak = true; noise++; continue; }
            if (failure.offer(t, lineNo)) { noise++; continue; }
            if (t.startsWith("*")) { if (t.contains("Waiting for client")) waiting.add(invocations.size() - 1); noise++; continue; }
            Matcher title = t.endsWith("Test") ? TITLE.matcher(t) : null;
            if (title != null && title.matches()) {
                Run run = new Run(lineNo, title.group(1).trim(), cmd);
                runs.add(run);
                current.add(run);
                run.noPeak = noPeak;
                noPeak = false;
                if (!titled) { noise += pending.size(); pending.clear(); titled = true; }
                continue;
            }
            if (t.startsWith("#bytes") || t.startsWith("#flows")) {
                List<String> cols = new ArrayList<>();
                Matcher c = COLUMN.matcher(t);
                while (c.find()) cols.add(c.group());
                if (cols.size() < 3 || !cols.get(0).equals("#bytes")) {
                    throw new CaptureException(file, lineNo, "expected a perftest result header '#bytes #iterations ...', found '"
                            + abbreviate(t) + "'");
                }
                flushPending(runs, current, cmd, pending);
                Run r = null;
                for (Run x : current) if (x.columns == null) { r = x; break; }
                if (r == null) { r = new Run(lineNo, "unknown", cmd); runs.add(r); current.add(r); }
                r.columns = cols;
                r.latency = cols.stream().anyMatch(x -> x.startsWith("t_"));
                lastTableLine = lineNo;
                continue;
            }
            if (Character.isDigit(t.charAt(0))) {
                String[] tok = Words.split(t);
                double[] v = new double[tok.length];
                for (int k = 0; k < tok.length; k++) {
                    // perftest prints plain non-negative decimals; NaN, Infinity, 1e3 or -5 is not a measurement
                    if (!PLAIN_NUMBER.matcher(tok[k]).matches()) {
                        throw new CaptureException(file, lineNo, "expected a non-negative decimal in column " + (k + 1)
                                + " of a perftest result row, found '" + abbreviate(tok[k]) + "'");
                    }
                    v[k] = Double.parseDouble(tok[k]);
                }
                long size = parseLong(tok[0], "message size (#bytes)", file, lineNo);
                Run r = null;
                for (Run x : current) {
                    if (x.columns != null && x.columns.size() == tok.length && (x.sizes.isEmpty() || x.lastSize() < size)) { r = x; break; }
                }
                if (r == null) {
                    // --run_infinitely prints a row per print period, every one of the same size: a repeat of the
                    // last row's size goes to the run that printed it, when no run can take it as a new size
                    for (Run x : current) {
                        if (x.columns != null && x.columns.size() == tok.length && !x.sizes.isEmpty() && x.lastSize() == size) r = x;
                    }
                    if (r != null) repeats++;
                }
                if (r == null) {
                    boolean anyTable = current.stream().anyMatch(x -> x.columns != null);
                    String expected = anyTable ? current.stream().filter(x -> x.columns != null).findFirst().get().columns.size()
                            + " columns as in the result header at line " + lastTableLine : "a '#bytes #iterations ...' header before it";
                    throw new CaptureException(file, lineNo, "perftest result row '" + abbreviate(t) + "' does not fit: expected "
                            + expected);
                }
                int itersAt = r.columns.indexOf("#iterations");
                long iters = itersAt >= 0 ? parseLong(tok[itersAt], "#iterations", file, lineNo) : 0;
                r.rows.add(v);
                r.sizes.add(new long[] {size, iters});
                continue;
            }
            Matcher cm = COMMAND.matcher(t);
            if (cm.find() && isCommandLine(t, cm.start())) {
                if (current.stream().anyMatch(x -> !x.rows.isEmpty())) {
                    // a terminal session: the runs before this command line are finished and take no more rows,
                    // header fields or command options
                    flushPending(runs, current, cmd, pending);
                    current = new ArrayList<>();
                    invocations.add(current);
                    cmd = new LinkedHashMap<>();
                    // fields before the next invocation's title are its status lines (Connected:, "Using ROCm Device
                    // with ID: 0, Name: ..."), not a run of their own
                    titled = false;
                }
                // a one-liner of several perftest commands ((server >> /dev/null &); sleep 1; client): the output is that of
                // the last one whose output is not redirected
                Matcher printed = printingCommand(t, cm);
                cmd.put(PROGRAM, printed.group(1));
                commandOptions(printed.group(2).trim(), cmd);
                continue;
            }
            if (t.startsWith("local address")) {
                Matcher lm = LOCAL_LID.matcher(t);
                // a LID is 16 bits; RoCE prints LID 0000 (addressed by GID); anything else is no LID to join by
                if (lm.find() && lm.group(1).length() <= 4) {
                    int lid = Integer.parseInt(lm.group(1), 16);
                    if (lid > 0) localLids.add(lid);
                }
                continue;
            }
            if (t.startsWith("remote address") || t.startsWith("GID")) continue;
            List<String[]> kvs = headerFields(t);
            if (!kvs.isEmpty() && !titled) {
                // perftest prints its header after the title; fields before it are status lines
                // ("Connected: <date>" of perftest >= 4.5) unless no title ever comes (a cut log)
                for (String[] kv : kvs) pending.add(new Object[] {lineNo, kv});
                continue;
            }
            for (String[] kv : kvs) {
                if (isStatusKey(kv[0])) continue;
                addField(runs, current, cmd, lineNo, kv);
            }
            if (kvs.isEmpty()) noise++;
        }
        flushPending(runs, current, cmd, pending);
        List<Run> results = runs.stream().filter(r -> r.columns != null).toList();
        if (runs.isEmpty() && failure.failed()) {
            // it failed before its title: the connection to the server, the device (Couldn't connect to host:18515)
            throw new CaptureException(file, failure.line(), "perftest run failed before its test began: " + failure.describe(file));
        }
        if (runs.isEmpty()) {
            String first = in.head(1).stream().findFirst().orElse("");
            throw new CaptureException(file, 1, "not perftest output: no '... BW Test' / '... Latency Test' header and no '#bytes' "
                    + "result table; first line '" + abbreviate(first.trim()) + "'");
        }
        boolean noRows = results.isEmpty() || results.stream().anyMatch(r -> r.rows.isEmpty());
        if (failure.failed() && noRows) {
            throw new CaptureException(file, failure.line(), "perftest run failed before a result row: " + failure.describe(file));
        }
        if (results.isEmpty()) {
            throw new CaptureException(file, 0, "no perftest result table ('#bytes #iterations BW peak...' or '... t_min ...') found");
        }
        for (Run r : results) {
            if (r.rows.isEmpty()) {
                throw new CaptureException(file, lastTableLine, "perftest result table has no rows (file truncated?)");
            }
        }
        if (repeats > 0) {
            b.warn(repeats + " result row(s) repeat the message size of the row before them (perftest --run_infinitely prints one "
                    + "row per print period): read as further samples of that size");
        }
        if (failure.failed()) {
            b.warn("perftest run failed after its last result row: " + failure.describe(file)
                    + "; the message sizes after that row were not measured");
        }
        for (int k = 0; k < invocations.size(); k++) {
            List<Run> inv = invocations.get(k);
            assignRoles(inv, waiting.contains(k));
            // one run left undecided by its header: its command line names the server only on the client's side (a log of
            // both sides holds one command line for two runs, so it decides nothing there)
            List<Run> tests = inv.stream().filter(r -> !r.test.equals("unknown")).toList();
            if (tests.size() == 1 && tests.get(0).cmd.get(ROLE_FLAG) != null && tests.get(0).cmd.getOrDefault(PROGRAM, "").startsWith("raw_ethernet")) {
                // raw_ethernet_* take their role from --server/--client (both sides print TX depth); the other tests
                // from naming a server, whatever -Z/-P say (perftest_parameters.c)
                tests.get(0).role = tests.get(0).cmd.get(ROLE_FLAG);
            } else if (tests.size() == 1 && tests.get(0).role.equals("unknown") && tests.get(0).cmd.get(SERVER_NAMED) != null) {
                tests.get(0).role = tests.get(0).cmd.get(SERVER_NAMED).equals("true") ? "client" : "server";
            }
        }
        emit(b, file, runs, localLids.size() == 1 ? localLids.iterator().next() : null);
        b.noise(noise);
        if (cpuFreq > 0) {
            b.warn(cpuFreq + " 'Conflicting CPU frequency values detected' line(s): perftest's cycle-to-time conversion may be "
                    + "off (CPU frequency scaling); latency and bandwidth figures are less reliable");
        }
        return b.build();
    }

    /** A header field goes to the first run that lacks it (interleaved server and client logs). */
    private static void addField(List<Run> runs, List<Run> current, Map<String, String> cmd, int lineNo, String[] kv) {
        Run r = null;
        for (Run x : current) if (!x.header.containsKey(kv[0])) { r = x; break; }
        if (r == null) { r = new Run(lineNo, "unknown", cmd); runs.add(r); current.add(r); }
        r.header.put(kv[0], kv[1]);
    }

    /** Fields seen before any title: a log cut above the title still reads them as an untitled run. */
    private static void flushPending(List<Run> runs, List<Run> current, Map<String, String> cmd, List<Object[]> pending) {
        for (Object[] p : pending) {
            String[] kv = (String[]) p[1];
            if (!isStatusKey(kv[0])) addField(runs, current, cmd, (Integer) p[0], kv);
        }
        pending.clear();
    }

    /**
     * The run-status lines newer perftest prints around a run ({@code Connected: <date>},
     * {@code Completed: <date>}, {@code Total run time: 187.693s}): not header fields.
     */
    private static boolean isStatusKey(String key) {
        return key.equals("Connected") || key.equals("Completed") || key.equals("Total run time");
    }

    private static void assignRoles(List<Run> runs, boolean waiting) {
        List<Run> titled = runs.stream().filter(r -> !r.test.equals("unknown")).toList();
        if (titled.size() == 2) {
            Run a = titled.get(0), c = titled.get(1);
            boolean aTx = a.header.containsKey("TX depth"), cTx = c.header.containsKey("TX depth");
            if (aTx != cTx) { a.role = aTx ? "client" : "server"; c.role = cTx ? "client" : "server"; return; }
        }
        if (titled.size() == 1) {
            Run r = titled.get(0);
            boolean bidi = r.test.contains("Bidirectional");
            if (r.header.containsKey("TX depth") && !bidi && !waiting) r.role = "client";
            else if (waiting && (!r.header.containsKey("TX depth") || bidi)) r.role = "server";
        }
    }

    private static void emit(Capture.Builder b, String file, List<Run> runs, Integer localLid) {
        StringColumn rFile = StringColumn.create("file"), rRole = StringColumn.create("role"), rTest = StringColumn.create("test");
        // the run's ordinal in the file (1, 2, ...): a terminal session holds several runs of one role, and only this
        // ties each bandwidth or latency row to its run
        IntColumn rRun = IntColumn.create("run"), bRun = IntColumn.create("run"), lRun = IntColumn.create("run");
        int ordinal = 0;
        StringColumn rDev = StringColumn.create("device"), rLink = StringColumn.create("link_type"), rConn = StringColumn.create("connection_type");
        StringColumn rUnit = StringColumn.create("unit");
        IntColumn rPort = IntColumn.create("ib_port"), rMtu = IntColumn.create("mtu"), rQps = IntColumn.create("qps");
        IntColumn rLid = IntColumn.create("local_lid");
        DoubleColumn rDur = DoubleColumn.create("duration_s");
        BooleanColumn rBidi = BooleanColumn.create("bidirectional");

        StringColumn bFile = StringColumn.create("file"), bRole = StringColumn.create("role"), bUnit = StringColumn.create("unit");
        LongColumn bBytes = LongColumn.create("msg_bytes"), bIters = LongColumn.create("iterations");
        DoubleColumn bPeak = DoubleColumn.create("bw_peak"), bAvg = DoubleColumn.create("bw_average");
        DoubleColumn bRate = DoubleColumn.create("msg_rate_mpps"), bBps = DoubleColumn.create("bw_average_bytes_per_sec");

        StringColumn lFile = StringColumn.create("file"), lRole = StringColumn.create("role");
        LongColumn lBytes = LongColumn.create("msg_bytes"), lIters = LongColumn.create("iterations");
        String[] latNames = {"t_min_us", "t_max_us", "t_typical_us", "t_avg_us", "t_stdev_us", "p99_us", "p99_9_us"};
        String[] latCols = {"t_min[usec]", "t_max[usec]", "t_typical[usec]", "t_avg[usec]", "t_stdev[usec]", "99% percentile[usec]",
                "99.9% percentile[usec]"};
        DoubleColumn[] lat = new DoubleColumn[latNames.length];
        for (int k = 0; k < lat.length; k++) lat[k] = DoubleColumn.create(latNames[k]);

        for (Run r : runs) {
            if (r.test.equals("unknown") && r.columns == null) continue;
            ordinal++;
            rRun.append(ordinal);
            Map<String, String> cmd = r.cmd;
            Integer cmdPort = cmd.containsKey("ib_port") ? parseIntOrNull(cmd.get("ib_port")) : null;
            double dur = cmd.containsKey("duration") ? parseDoubleOrNaN(cmd.get("duration")) : Double.NaN;
            boolean cmdBidi = cmd.containsKey("bidirectional");
            String unit = unitOf(r);
            // the header names the device perftest opened; the command line's -d only where the header is cut (a
            // one-liner of a background server and a client names two devices, of which the output is one's)
            String device = r.header.getOrDefault("Device", "");
            if (device.isEmpty()) device = cmd.getOrDefault("device", "");
            rFile.append(file); rRole.append(r.role); rTest.append(r.test); rDev.append(device);
            if (cmdPort != null) rPort.append(cmdPort); else rPort.appendMissing();
            if (localLid != null) rLid.append(localLid); else rLid.appendMissing();
            rLink.append(r.header.getOrDefault("Link type", ""));
            Integer mtu = parseIntOrNull(r.header.getOrDefault("Mtu", "").replace("[B]", ""));
            if (mtu != null) rMtu.append(mtu); else rMtu.appendMissing();
            Integer qps = parseIntOrNull(r.header.getOrDefault("Number of qps", ""));
            if (qps != null) rQps.append(qps); else rQps.appendMissing();
            rConn.append(r.header.getOrDefault("Connection type", ""));
            rDur.append(dur);
            rUnit.append(unit);
            rBidi.append(cmdBidi || r.test.contains("Bidirectional"));
            if (!device.isEmpty() && cmdPort != null) {
                String port = device + "/" + cmdPort;
                b.attr(port, PortAttr.DEVICE, device, r.line);
                b.attr(port, PortAttr.PORT_NUM, Integer.toString(cmdPort), r.line);
            }
            if (r.columns == null) continue;
            int peak = r.columns.indexOf(find(r.columns, "BW peak")), avg = r.columns.indexOf(find(r.columns, "BW average"));
            int rate = r.columns.indexOf(find(r.columns, "MsgRate["));
            for (int k = 0; k < r.rows.size(); k++) {
                double[] v = r.rows.get(k);
                long[] s = r.sizes.get(k);
                if (r.latency) {
                    lFile.append(file); lRole.append(r.role); lRun.append(ordinal); lBytes.append(s[0]); lIters.append(s[1]);
                    for (int c = 0; c < latCols.length; c++) {
                        int idx = r.columns.indexOf(latCols[c]);
                        lat[c].append(idx >= 0 ? v[idx] : Double.NaN);
                    }
                } else {
                    bFile.append(file); bRole.append(r.role); bRun.append(ordinal); bBytes.append(s[0]); bIters.append(s[1]);
                    // perftest prints 0.00 for the peak it does not measure: after its warning, or in duration mode (-D) when
                    // the paste lost the warning; a peak it printed is a measurement (the warning was the other side's)
                    boolean placeholder = peak >= 0 && v[peak] == 0.0 && (r.noPeak || !Double.isNaN(dur));
                    bPeak.append(peak >= 0 && !placeholder ? v[peak] : Double.NaN);
                    double a = avg >= 0 ? v[avg] : Double.NaN;
                    bAvg.append(a);
                    bRate.append(rate >= 0 ? v[rate] : Double.NaN);
                    bUnit.append(unit);
                    bBps.append(PerftestUnits.bytesPerSecond(a, unit));
                }
            }
        }
        b.measurements(RUN, Measurement.of(RUN, rFile, rRole, rRun, rTest, rDev, rPort, rLid, rLink, rMtu, rQps, rConn, rDur, rUnit, rBidi));
        if (!bFile.isEmpty()) {
            b.measurements(BANDWIDTH, Measurement.of(BANDWIDTH, bFile, bRole, bRun, bBytes, bIters, bPeak, bAvg, bRate, bUnit, bBps));
        }
        if (!lFile.isEmpty()) {
            List<Column<?>> cols = new ArrayList<>(List.<Column<?>>of(lFile, lRole, lRun, lBytes, lIters));
            cols.addAll(List.of(lat));
            b.measurements(LATENCY, Measurement.of(LATENCY, cols));
        }
    }

    /**
     * The {@code Key : value} fields of a perftest header line, in one linear pass (perftest prints
     * two per line: {@code Number of qps   : 1\t\tTransport type : IB}). A key starts with a letter
     * and runs to the first colon (blanks before the colon belong to the padding; a tab inside a
     * key ends it); the value runs to two blanks, a tab or the end of the line. A line without a
     * colon has no fields.
     */
    static List<String[]> headerFields(String t) {
        List<String[]> out = new ArrayList<>(2);
        int n = t.length();
        int i = 0;
        while (i < n) {
            while (i < n && !isLetter(t.charAt(i))) i++;
            if (i >= n) break;
            int j = i;
            while (j < n && t.charAt(j) != ':' && t.charAt(j) != '\t') j++;
            int colon = j;
            if (j < n && t.charAt(j) == '\t') {
                colon = j;
                while (colon < n && (t.charAt(colon) == ' ' || t.charAt(colon) == '\t')) colon++;
                if (colon >= n || t.charAt(colon) != ':') { i = j + 1; continue; }
            }
            if (colon >= n) break;
            int v = colon + 1;
            while (v < n && Character.isWhitespace(t.charAt(v))) v++;
            if (v >= n) break;
            int e = v;
            while (e < n) {
                char ch = t.charAt(e);
                if (ch == '\t') break;
                if (Character.isWhitespace(ch) && (e + 1 >= n || Character.isWhitespace(t.charAt(e + 1)))) break;
                e++;
            }
            String key = t.substring(i, j).strip();
            if (!key.isEmpty()) out.add(new String[] {key, t.substring(v, e).strip()});
            i = e;
        }
        return out;
    }

    private static boolean isLetter(char c) { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'; }

    private static String unitOf(Run r) {
        if (r.columns == null) return "";
        if (r.latency) return "usec";
        String avg = find(r.columns, "BW average");
        if (avg == null) return "";
        return avg.substring(avg.indexOf('[') + 1, avg.length() - 1);
    }

    private static String find(List<String> cols, String prefix) {
        for (String c : cols) if (c.startsWith(prefix)) return c;
        return null;
    }

    /**
     * Whether a line naming a perftest binary at {@code at} is its command line: the binary starts the line,
     * follows a shell prompt ({@code $ }, {@code [root@h ~]# }, {@code root@h:~# }: {@link ShellPrompt}) or
     * {@code sudo}, or is called by path ({@code /usr/bin/ib_write_bw}).
     */
    /**
     * Of the perftest commands on one line ({@code first} found), the last whose standard output is not redirected (to a
     * file or {@code /dev/null}): the one whose output follows; the first when each is redirected.
     */
    private static Matcher printingCommand(String t, Matcher first) {
        Matcher best = null;
        Matcher m = COMMAND.matcher(t);
        int from = first.start();
        while (from < t.length() && m.find(from)) {
            int end = t.length();
            for (String sep : new String[] {";", "&&", "||", "|"}) {
                int k = t.indexOf(sep, m.end(1));
                if (k >= 0 && k < end) end = k;
            }
            String own = t.substring(m.end(1), end);
            boolean redirected = own.matches(".*(^|[^0-9&])>>?.*");
            if (!redirected) best = COMMAND.matcher(t.substring(0, end)).region(m.start(), end);
            from = end + 1;
        }
        return best != null && best.find() ? best : first;
    }

    static boolean isCommandLine(String t, int at) {
        if (at == 0 || t.startsWith("$") || t.startsWith("#") || t.contains("/ib_")) return true;
        int cmd = ShellPrompt.commandStart(t);
        String rest = t.substring(cmd < 0 ? 0 : cmd, at).strip();
        return (cmd >= 0 && rest.isEmpty()) || rest.equals("sudo");
    }

    /** Key of a command line's options: "true" when it names the server (a client), "false" when it names none; absent when unsure. */
    static final String SERVER_NAMED = "server_named";
    /** Key of a command line's options: the role its {@code --server}/{@code --client} flag gives. */
    static final String ROLE_FLAG = "role_flag";
    /** Key of a command line's options: the perftest program it runs ({@code ib_write_bw}, {@code raw_ethernet_lat}). */
    static final String PROGRAM = "program";
    /** perftest's short options that take a value (its getopt string), and long ones often given without {@code =}. */
    private static final java.util.Set<String> VALUE_OPTIONS = java.util.Set.of("-w", "-y", "-p", "-d", "-i", "-m", "-s", "-n", "-t",
            "-u", "-S", "-x", "-c", "-q", "-I", "-o", "-M", "-r", "-Q", "-A", "-l", "-D", "-f", "-B", "-T", "-E", "-J", "-j", "-K", "-k",
            "-L", "-W", "-X", "--port", "--ib-dev", "--ib-port", "--mtu", "--size", "--iters", "--tx-depth", "--qp-timeout", "--sl",
            "--gid-index", "--connection", "--qp", "--inline_size", "--outs", "--mcg", "--rx-depth", "--cq-mod", "--post_list",
            "--duration", "--margin", "--source_mac", "--dest_mac", "--tos", "--source_ip", "--dest_ip", "--source_port", "--dest_port",
            "--flows", "--limit_bw", "--limit_msgrate", "--use_cuda", "--use_rocm", "--use_neuron", "--out_json_file", "--dlid",
            "--mmap", "--mmap-offset", "--latency_gap", "--retry_count", "--dont_xchg_versions", "--ipv6-addr");
    /** perftest's options that take no value. */
    private static final java.util.Set<String> FLAG_OPTIONS = java.util.Set.of("-a", "-F", "-e", "-g", "-z", "-R", "-v", "-h", "-b", "-N",
            "-V", "-C", "-H", "-U", "-O", "-Z", "-P", "--all", "--bidirectional", "--report_gbits", "--run_infinitely", "--ipv6",
            "--report-both", "--cpu_util", "--odp", "--use_hugepages", "--perform_warm_up", "--out_json", "--use_old_post_send",
            "--report_per_port", "--promiscuous", "--raw_mcast", "--reversed", "--rdma_cm", "--noPeak", "--CPU-freq", "--connection_type",
            "--use-srq", "--use_srq", "--tclass", "--source", "--report-histogram", "--report-unsorted", "--disable_pcie_relaxed",
            "--use_data_direct", "--no_lock", "--help", "--version", "--server", "--client");

    /** Options of a perftest command line that the header does not print. */
    private static void commandOptions(String args, Map<String, String> out) {
        String[] w = Words.split(args);
        int positional = 0;
        boolean unsure = false;
        for (int k = 0; k < w.length; k++) {
            String a = w[k];
            if (a.equals("|") || a.equals(";") || a.equals("&") || a.equals("&&") || a.startsWith(">") || a.startsWith("2>") || a.startsWith("1>")) break;
            String next = k + 1 < w.length ? w[k + 1] : null;
            String eqv = a.contains("=") ? a.substring(a.indexOf('=') + 1) : null;
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            switch (name) {
                case "-d", "--ib-dev" -> { String v = eqv != null ? eqv : next; if (v != null) out.put("device", v); if (eqv == null) k++; }
                case "-i", "--ib-port" -> { String v = eqv != null ? eqv : next; if (v != null) out.put("ib_port", v); if (eqv == null) k++; }
                case "-D", "--duration" -> { String v = eqv != null ? eqv : next; if (v != null) out.put("duration", v); if (eqv == null) k++; }
                case "-b", "--bidirectional" -> out.put("bidirectional", "true");
                // perftest's -Z/--server and -P/--client (raw_ethernet_*, where both sides print TX depth) say the role
                case "-Z", "--server" -> out.put(ROLE_FLAG, "server");
                case "-P", "--client" -> out.put(ROLE_FLAG, "client");
                default -> {
                    if (!a.startsWith("-")) positional++;
                    else if (eqv == null && VALUE_OPTIONS.contains(name)) k++;
                    else if (eqv == null && !FLAG_OPTIONS.contains(name) && next != null && !next.startsWith("-")) unsure = true;
                }
            }
        }
        if (!unsure && positional <= 1) out.put(SERVER_NAMED, Boolean.toString(positional == 1));
    }

    private static long parseLong(String s, String what, String file, int line) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new CaptureException(file, line, "expected an integer " + what + ", found '" + abbreviate(s) + "'");
        }
    }

    private static Integer parseIntOrNull(String s) {
        try { return Integer.parseInt(s.trim()); } catch (NumberFormatException e) { return null; }
    }

    private static double parseDoubleOrNaN(String s) {
        try { return Double.parseDouble(s.trim()); } catch (NumberFormatException e) { return Double.NaN; }
    }

    private static String abbreviate(String s) { return s.length() <= 60 ? s : s.substring(0, 57) + "..."; }
}
