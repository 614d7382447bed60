package org.fabriclab.capture.topology;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.ShellPrompt;
import org.fabriclab.capture.Measurement;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Source;

import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;

/**
 * Reads {@code ibqueryerrors}: per node with errors {@code Errors for 0x<GUID> "<desc>"} (a switch)
 * or {@code Errors for "<desc>"}, per port {@code GUID 0x<port GUID> port 13: [SymbolErrorCounter == 1234]
 * [LinkDownedCounter == 3 (3.000 )]}, then the summary {@code ## Summary: 4 nodes checked, 2 bad nodes
 * found}, {@code ## 40 ports checked, 2 ports have errors beyond threshold}, {@code ## Thresholds:
 * [SymbolErrorCounter = 10]}, {@code ## Suppressed: ...}. {@code --counters} prints, instead of the
 * errors, {@code Data Counters for 0x<node GUID> "<desc>"} and every port's data counters (zeros
 * too, each with its human-readable form), named by the node GUID: read as counters, not port errors.
 * Layout and semantics from infiniband-diags
 * {@code ibqueryerrors.c} ({@code print_results}, {@code check_threshold}, {@code set_thresholds},
 * {@code print_data_cnts}, {@code print_summary}):
 * <ul>
 * <li>a field is printed only when its value is <em>above</em> its threshold ({@code val > thres}); the
 * threshold of a field the threshold file does not name is 0 (and every threshold is 0 without a
 * file: the summary then prints {@code ## (null)}). So the printed values are exact counter readings,
 * and an unprinted checked field ({@link CheckedFields}) of a printed port is at most its threshold:
 * with threshold 0, and not in the {@code ## Suppressed:} list, it is exactly 0 and is read as 0;
 * above 0 it is not read. Zeros are inferred only when the summary's thresholds and suppressed lines
 * are there, and PortXmitWait only from extended counters (the classic copy is cleared when CapMask
 * does not advertise it). Ports not printed at all are not read;</li>
 * <li>the threshold file ({@code --threshold-file}, default {@code error_thresholds}) is
 * {@code name=value} lines, {@code #} comments; the run's thresholds are the summary's
 * {@code Thresholds:} line, the table {@value #THRESHOLDS};</li>
 * <li>a value printed with a human-readable form ({@code == 3 (3.000 )}) came from the extended
 * (64-bit) counters (CapMask2 advertises them): source {@code perfquery_x}; without it the 32-bit
 * classic counters, source {@code perfquery}; {@code port ALL} is port 255 (aggregated).</li>
 * </ul>
 * With {@code --details} each port line is followed by its {@code Link info:} (iblinkinfo's link line): the port's own
 * LID becomes its {@code lid} attribute, so its counters join {@code perfquery}'s {@code lid N/P} of the same port; the
 * rest of that line (the peer) is not read. A list of nodes pasted above ({@code ibhosts}' {@code Ca : 0x... ports 2
 * "desc"}) is noise.
 * Tables: {@value #PORT_ERRORS} (port, guid, port_num, node_desc, counter, value, threshold, line),
 * {@value #THRESHOLDS} (counter, threshold) and {@value #SUMMARY} (key, value). Ports are
 * {@code guid <port GUID>/<port>}.
 *
 * <pre>{@code
 * Capture c = new IbqueryerrorsReader().read(Input.of(Path.of("ibqueryerrors.txt")));
 * c.reading("guid 0x0002c903000c0b8c/13", "SymbolErrorCounter");
 * }</pre>
 */
public final class IbqueryerrorsReader implements CaptureReader {
    public static final String PORT_ERRORS = "port_errors";
    public static final String THRESHOLDS = "thresholds";
    public static final String SUMMARY = "ibqueryerrors_summary";

    private static final Pattern NODE = Pattern.compile("^Errors for (?:(0x[0-9a-fA-F]{1,16}) )?\"(.*)\"$");
    /** {@code --counters}: {@code print_data_cnts} heads each node with its node GUID. */
    private static final Pattern DATA = Pattern.compile("^Data Counters for (0x[0-9a-fA-F]{1,16}) \"(.*)\"$");
    private static final Pattern PORT = Pattern.compile("^GUID (0x[0-9a-fA-F]{1,16}) port (\\d{1,3}|ALL):(.*)$");
    private static final Pattern FIELD = Pattern.compile("\\[([A-Za-z][A-Za-z0-9]*) == ([^\\]\\s(]+)(\\s*\\([^)]*\\))?\\]");
    private static final Pattern THRESHOLD = Pattern.compile("\\[([A-Za-z][A-Za-z0-9]*) = (\\d{1,20})\\]");
    /** {@code --details} (-k/-K): {@code Link info:    122   1[  ] ==( 4X 10.0 Gbps Active/  LinkUp)==>  0x... 2 34[  ] "peer"}. */
    private static final Pattern LINK_INFO = Pattern.compile("^Link info:\\s+(\\d{1,9})\\s+(\\d{1,4})\\[[^\\]]*\\]\\s+==\\(.*");
    /** ibhosts, ibswitches or ibnodes output, often pasted above: {@code Ca\t: 0x... ports 2 "node HCA-1"}. */
    private static final Pattern NODE_LIST = Pattern.compile("^(?:Ca|Switch|Router)\\s*: 0x[0-9a-fA-F]{1,16} ports \\d{1,3} \".*");
    private static final Pattern NODES = Pattern.compile("^## Summary: (\\d+) nodes checked, (\\d+) bad nodes found$");
    private static final Pattern PORTS = Pattern.compile("^##\\s+(\\d+) ports checked, (\\d+) ports have errors beyond threshold$");

    @Override public String format() { return "ibqueryerrors"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        // a list of nodes pasted above (ibhosts) does not count towards the head
        for (String l : in.head(20, IbqueryerrorsReader::nodeListLine)) {
            String t = l.strip();
            if (NODE.matcher(t).matches() || DATA.matcher(t).matches() || NODES.matcher(t).matches()) return 95;
        }
        // a summary without node lines (every node clean): its counts line follows the "## Summary:" line,
        // so one scan of a file that is not this format, and the rest searched from there only
        String t = in.text();
        int at = t.indexOf("\n## Summary: ");
        return at >= 0 && t.indexOf("ports have errors beyond threshold", at) >= 0 ? 90 : 0;
    }

    /** A line of {@code ibhosts}/{@code ibswitches}/{@code ibnodes} output. */
    private static boolean nodeListLine(String line) { return NODE_LIST.matcher(line.strip()).matches(); }

    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.PERFQUERY, file);
        LineCursor c = new LineCursor(in.text());
        StringColumn ePort = StringColumn.create("port"), eGuid = StringColumn.create("guid"), eDesc = StringColumn.create("node_desc");
        StringColumn eCounter = StringColumn.create("counter");
        IntColumn eNum = IntColumn.create("port_num"), eLine = IntColumn.create("line");
        LongColumn eValue = LongColumn.create("value"), eThr = LongColumn.create("threshold");
        BooleanColumn eExt = BooleanColumn.create("extended");
        Map<String, Long> thresholds = new LinkedHashMap<>();
        StringColumn sKey = StringColumn.create("key"), sValue = StringColumn.create("value");
        String desc = null;
        boolean dataOnly = false;
        boolean summary = false;
        int noise = 0;
        int thresholdsLine = 0;
        int portLines = 0;
        // each error port line: its port, the names it printed, whether they came from the extended counters
        java.util.List<Printed> printed = new java.util.ArrayList<>();
        java.util.Set<String> suppressed = new java.util.HashSet<>();
        boolean suppressedLine = false;
        String lastPort = null, lastNum = null;   // the port line a Link info line (--details) below it describes
        while (c.next()) {
            String t = c.line().strip();
            if (t.isEmpty()) { noise++; continue; }
            Matcher m;
            if ((m = NODE.matcher(t)).matches()) { desc = m.group(2); dataOnly = false; continue; }
            if ((m = DATA.matcher(t)).matches()) { desc = m.group(2); dataOnly = true; continue; }
            if ((m = PORT.matcher(t)).matches()) {
                if (desc == null) {
                    throw new CaptureException(file, c.number(), "port line before any 'Errors for ...' or 'Data Counters for ...' line");
                }
                String guid = LinkTable.guid(m.group(1), file, c.number());
                int num = m.group(2).equals("ALL") ? 255 : LinkTable.number(m.group(2), false, "a port number", file, c.number());
                String port = "guid " + guid + "/" + num;
                lastPort = port;
                lastNum = Integer.toString(num);
                portLines++;
                // an error line names the port's GUID; a --counters line the node's (print_data_cnts prints node->guid)
                b.attr(port, dataOnly ? PortAttr.NODE_GUID : PortAttr.GUID, guid, c.number());
                b.attr(port, PortAttr.PORT_NUM, Integer.toString(num), c.number());
                if (!desc.isEmpty()) b.attr(port, PortAttr.NODE_DESC, desc, c.number());
                if (num == 255) b.warn(file + ":" + c.number() + ": counters aggregated over all ports (port ALL), read as port 255");
                Matcher f = FIELD.matcher(m.group(3));
                int fields = 0;
                java.util.Set<String> names = new java.util.HashSet<>();
                boolean extChecked = false;
                while (f.find()) {
                    fields++;
                    boolean ext = f.group(3) != null;
                    names.add(f.group(1));
                    if (ext && CheckedFields.ALL.contains(f.group(1))) extChecked = true;
                    Source source = ext ? Source.PERFQUERY_X : Source.PERFQUERY;
                    if (Values.isWide(f.group(2))) {
                        b.absent(source, port, f.group(1), c.number(), "value " + f.group(2) + " is above 2^63-1, which "
                                + "fabriclab does not hold exactly (a 64-bit counter stops at 2^64-1 when it saturates)");
                        continue;
                    }
                    long v = Values.parseCounter(f.group(2), file, c.number());
                    b.counter(source, port, f.group(1), v, c.number());
                    // --counters prints every data counter, zeros included, and no threshold applies: not port errors
                    if (dataOnly) continue;
                    ePort.append(port); eGuid.append(guid); eNum.append(num); eDesc.append(desc); eCounter.append(f.group(1));
                    eValue.append(v); eExt.append(ext); eLine.append(c.number());
                }
                if (fields == 0) {
                    throw new CaptureException(file, c.number(), "port line without '[Name == value]' fields (is the line cut?)");
                }
                if (!dataOnly) printed.add(new Printed(port, names, extChecked, c.number()));
                continue;
            }
            if (t.startsWith("##")) {
                summary = true;
                if ((m = NODES.matcher(t)).matches()) {
                    sKey.append("nodes_checked"); sValue.append(m.group(1)); sKey.append("bad_nodes"); sValue.append(m.group(2));
                } else if ((m = PORTS.matcher(t)).matches()) {
                    sKey.append("ports_checked"); sValue.append(m.group(1)); sKey.append("bad_ports"); sValue.append(m.group(2));
                } else if (t.startsWith("## Thresholds:")) {
                    thresholdsLine = c.number();
                    Matcher x = THRESHOLD.matcher(t);
                    while (x.find()) thresholds.put(x.group(1), Values.parseCounter(x.group(2), file, c.number()));
                } else if (t.equals("## (null)")) {
                    // no threshold file: print_summary prints its NULL threshold string; every threshold is 0
                    thresholdsLine = c.number();
                } else if (t.startsWith("## Suppressed:")) {
                    suppressedLine = true;
                    sKey.append("suppressed"); sValue.append(t.substring(14).strip());
                    suppressed.addAll(java.util.Arrays.asList(org.fabriclab.capture.Words.split(t.substring(14).strip())));
                } else {
                    noise++;
                }
                continue;
            }
            if ((m = LINK_INFO.matcher(t)).matches() && lastPort != null && m.group(2).equals(lastNum) && !m.group(1).equals("0")) {
                // the port's own LID, so its counters join perfquery's lid N/P of the same port
                b.attr(lastPort, PortAttr.LID, m.group(1), c.number());
                noise++;
                continue;
            }
            if (t.startsWith("Link info:") || t.startsWith("Data Counters for") || t.startsWith("ibwarn") || t.contains("ibwarn:")
                    || nodeListLine(t)) {
                noise++;
                continue;
            }
            // a pasted session's prompt and command line ([root@sm ~]# ibqueryerrors, # ibqueryerrors -c), or a bare prompt
            if (ShellPrompt.isPromptLine(t)) { noise++; continue; }
            throw new CaptureException(file, c.number(), "expected ibqueryerrors output ('Errors for ...', '   GUID 0x... port N: [Name == "
                    + "value]', '## Summary: ...'), found '" + LinkTable.abbreviate(t) + "'");
        }
        if (portLines == 0 && !summary) {
            throw new CaptureException(file, 0, "no 'Errors for ...' or 'Data Counters for ...' block and no '## Summary:' line");
        }
        // every field's threshold: the file's value, else 0 (ibqueryerrors' default)
        for (int i = 0; i < eCounter.size(); i++) eThr.append(thresholds.getOrDefault(eCounter.get(i), 0L));
        if (thresholdsLine > 0 && suppressedLine) inferZeros(b, printed, thresholds, suppressed, thresholdsLine);
        b.measurements(PORT_ERRORS, Measurement.of(PORT_ERRORS, ePort, eGuid, eNum, eDesc, eCounter, eValue, eThr, eExt, eLine));
        StringColumn tName = StringColumn.create("counter");
        LongColumn tValue = LongColumn.create("threshold");
        thresholds.forEach((k, v) -> { tName.append(k); tValue.append(v); });
        b.measurements(THRESHOLDS, Measurement.of(THRESHOLDS, tName, tValue));
        if (!sKey.isEmpty()) b.measurements(SUMMARY, Measurement.of(SUMMARY, sKey, sValue));
        for (int i = 0; i < eValue.size(); i++) {
            if (eValue.get(i) <= eThr.get(i)) {
                b.warn(file + ":" + eLine.get(i) + ": " + eCounter.get(i) + " = " + eValue.get(i) + " printed although not above the "
                        + "threshold " + eThr.get(i) + (thresholdsLine > 0 ? " of line " + thresholdsLine : ""));
            }
        }
        b.noise(noise);
        return b.build();
    }

    private record Printed(String port, java.util.Set<String> names, boolean ext, int line) {}

    /**
     * A checked field that a printed port line leaves out is at most its threshold ({@code val > thres}
     * prints it): with threshold 0 and not suppressed it is exactly 0, read as 0 from the port's line.
     * Only when the summary gave the thresholds and the suppressed fields. PortXmitWait is inferred on
     * the extended path only: the classic path clears it to 0 when CapMask does not advertise it. A field
     * left out under a threshold above 0, or suppressed, is absent with that reason (checked, not known),
     * not "not in the capture".
     */
    private static void inferZeros(Capture.Builder b, java.util.List<Printed> printed, Map<String, Long> thresholds,
            java.util.Set<String> suppressed, int thresholdsLine) {
        for (Printed p : printed) {
            for (String f : CheckedFields.ALL) {
                if (p.names().contains(f)) continue;
                if (f.equals(CheckedFields.XMIT_WAIT) && !p.ext()) continue;
                Source src = p.ext() ? Source.PERFQUERY_X : Source.PERFQUERY;
                long thr = thresholds.getOrDefault(f, 0L);
                if (suppressed.contains(f)) {
                    b.absent(src, p.port(), f, p.line(), "suppressed in this ibqueryerrors run (its '## Suppressed:' line): not checked, value unknown");
                } else if (thr != 0) {
                    b.absent(src, p.port(), f, p.line(), "not printed by ibqueryerrors, so at most its threshold " + thr + " (line "
                            + thresholdsLine + "; it prints a field only above it): value unknown");
                } else {
                    b.counter(src, p.port(), f, 0, p.line());
                }
            }
        }
    }
}
