package org.fabriclab.capture.mlxlink;

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
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Source;


/**
 * Reads {@code mlxlink} / {@code mstlink} text output ({@code -d <dev> [-p <port>] -c -m}): sections
 * (a title line underlined with dashes) of {@code Key : value} lines (colour codes are gone before any reader: {@code Pasted}).
 * Measurement tables:
 * <ul>
 * <li>{@value #BER}: port, file, time_since_clear_min, raw_ber, effective_ber, symbol_ber (doubles;
 * mlxlink writes BER as {@code <coefficient>E-<magnitude>}, e.g. {@code 15E-255} = 1.5e-254),
 * raw_errors (sum over lanes), effective_errors, symbol_errors (longs);</li>
 * <li>{@value #LANES}: port, lane, raw_errors;</li>
 * <li>{@value #MODULE}: port, temperature_c, voltage_mv, vendor, part_number;</li>
 * <li>{@value #OPERATIONAL}: port, state, physical_state, speed, width, fec, loopback;</li>
 * <li>{@code pcie} ({@code --port_type PCIE}): the PCIe link's speed and width, active and enabled (see {@link MlxlinkPcie}).</li>
 * </ul>
 * Effective and symbol error counts (and the link down / error recovery counters when printed) are
 * also readings, and so is each lane's raw errors ({@code raw_physical_errors_lane<k>}, the catalogue's PPCNT lane
 * counter; an empty or N/A lane is absent) beside their sum {@code raw_physical_errors}; Troubleshooting Info's {@code Recommendation} is the port attribute
 * {@value MlxlinkTables#RECOMMENDATION}. The port is named from a command line in the file
 * ({@code mlxlink -d mlx5_0 -p 1 ...}): an RDMA device name gives the device form {@code mlx5_0/1}
 * (mlxlink's default port is 1), any other device (PCI address, {@code /dev/mst/...}) gives
 * {@code mlxlink <device>}; without a command line the port is {@code mlxlink <file name stem>}.
 * Several outputs in one file are split at each command line.
 * <p>Field names follow mstflint's {@code mlxlink/modules/mlxlink_commander.cpp} ({@code setPrintVal}
 * calls); module values print as {@code value [low..high]} when the module has diagnostics
 * ({@code getValueAndThresholdsStr}), older tools print {@code 45C}: the leading number is taken. The test
 * fixtures were written from that source and from public mlxlink text output (never copied).
 *
 * <pre>{@code
 * Capture c = new MlxlinkReader().read(Input.of(Path.of("mlxlink_mlx5_0.txt")));
 * c.measurements("ber").get().doubleColumn("effective_ber");
 * }</pre>
 */
public final class MlxlinkReader implements CaptureReader {
    public static final String BER = "ber";
    public static final String LANES = "ber_lanes";
    public static final String MODULE = "module";
    public static final String OPERATIONAL = "operational";
    public static final String FEC_HISTOGRAM = "fec_histogram";

    static final String OPERATIONAL_INFO = "Operational Info";
    static final String COUNTERS_INFO = "Physical Counters and BER Info";
    static final String MODULE_INFO = "Module Info";
    static final String TROUBLESHOOTING_INFO = "Troubleshooting Info";
    private static final Pattern COMMAND = Pattern.compile("(?:^|[\\s/$#])(?:mlxlink|mstlink)\\s+(.*)$");
    private static final Pattern RDMA_DEVICE = Pattern.compile("^[a-z][a-z0-9]*_\\d+$");

    @Override public String format() { return "mlxlink"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        int score = 0;
        List<String> head = in.head(80);
        for (int i = 0; i < head.size(); i++) {
            String l = head.get(i).trim();
            boolean underlined = i + 1 < head.size() && isDashes(head.get(i + 1).trim());
            if (l.equals(OPERATIONAL_INFO) || l.equals(COUNTERS_INFO) || l.equals(MlxlinkPcie.INFO)) score += 50;
            // 'mlxlink -m' prints Module Info (and the default Troubleshooting Info) without the two sections above
            else if ((l.equals(MODULE_INFO) || l.equals(TROUBLESHOOTING_INFO)) && underlined) score += 50;
            else if ((l.startsWith("Physical state") || l.startsWith("Effective Physical BER") || l.startsWith("Raw Physical BER"))
                    && l.contains(" : ")) score += 20;   // mlxlink pads keys to a column: "Physical state    : LinkUp"
            else if (COMMAND.matcher(l).find()) score += 20;
        }
        return Math.min(score, 95);
    }

    /** What one mlxlink run said about one port. */
    private static final class Port {
        final String id;
        final int line;
        final Map<String, Map<String, MlxlinkTables.Value>> sections = new LinkedHashMap<>();

        Port(String id, int line) { this.id = id; this.line = line; }
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        List<String> lines = in.lines();
        List<Port> ports = new ArrayList<>();
        Port current = null;
        String section = null;
        int sectionLine = 0;
        int noise = 0;
        int toolErrors = 0;
        String firstToolError = null;
        for (int i = 0; i < lines.size(); i++) {
            int lineNo = i + 1;
            String l = lines.get(i).strip();
            if (l.isEmpty()) { continue; }
            if (isRule(l)) continue;
            String device = deviceHeader(l);
            if (device != null) {
                // a collection script's banner: "========== mt4123_pciconf1 ==========" names the next output's device
                checkSection(file, current, section, sectionLine);
                current = new Port(devicePort(device), lineNo);
                ports.add(current);
                section = null;
                continue;
            }
            if (l.startsWith("-E-") || l.startsWith("-W-")) {
                toolErrors++;
                if (firstToolError == null) firstToolError = file + ":" + lineNo + ": " + Values.abbreviate(l);
                noise++;
                continue;
            }
            Matcher cmd = COMMAND.matcher(l);
            if (l.indexOf(" : ") < 0 && cmd.find()) {
                checkSection(file, current, section, sectionLine);
                String id = portId(cmd.group(1), in);
                current = new Port(id, lineNo);
                ports.add(current);
                section = null;
                continue;
            }
            boolean underlined = i + 1 < lines.size() && isDashes(lines.get(i + 1).strip());
            if (underlined && l.endsWith(":")) {
                // another tool's underlined heading in a session log ('MST modules:' of mst status, 'Device #1:' of
                // mlxfwmanager): no mlxlink section title ends with a colon; it ends the section before it, and the lines
                // under it are not mlxlink's
                checkSection(file, current, section, sectionLine);
                section = null;
                noise++;
                continue;
            }
            int colon = l.indexOf(':');
            if (underlined || colon <= 0) {
                if (underlined || l.endsWith("Info") || l.equals(OPERATIONAL_INFO) || l.equals(COUNTERS_INFO)
                        || l.equals(MlxlinkTables.FEC_HISTOGRAM)) {
                    checkSection(file, current, section, sectionLine);
                    if (current == null) { current = new Port(fallbackPort(in), lineNo); ports.add(current); }
                    if (current.sections.containsKey(l)) {
                        throw new CaptureException(file, lineNo, "second '" + l + "' section for port " + current.id
                                + " without a new mlxlink command line; expected one output per device");
                    }
                    section = l;
                    sectionLine = lineNo;
                    current.sections.put(l, new LinkedHashMap<>());
                } else {
                    noise++;
                }
                continue;
            }
            if (section == null) { noise++; continue; }
            String key = l.substring(0, colon).strip();
            String value = l.substring(colon + 1).strip();
            current.sections.get(section).put(key, MlxlinkTables.Value.scalar(value, lineNo));
        }
        checkSection(file, current, section, sectionLine);
        ports.removeIf(p -> p.sections.isEmpty());
        if (ports.isEmpty()) {
            throw new CaptureException(file, 1, "no mlxlink section found; expected '" + OPERATIONAL_INFO + "', '" + COUNTERS_INFO
                    + "', '" + MODULE_INFO + "' or '" + MlxlinkPcie.INFO + "' followed by 'Key : value' lines");
        }
        Capture.Builder b = Capture.builder(Source.MLXLINK, file);
        new MlxlinkTables(file).emit(b, ports.stream().map(p -> new MlxlinkTables.PortOutput(p.id, p.line, p.sections)).toList());
        b.noise(noise);
        if (toolErrors > 0) b.warn(toolErrors + " mlxlink error/warning line(s) (-E-/-W-), first: " + firstToolError);
        return b.build();
    }

    private static void checkSection(String file, Port p, String section, int line) {
        if (p != null && section != null && p.sections.get(section).isEmpty()) {
            throw new CaptureException(file, line, "section '" + section + "' has no 'Key : value' lines (file truncated?)");
        }
    }

    private static boolean isRule(String l) {
        for (int k = 0; k < l.length(); k++) if (l.charAt(k) != '-' && l.charAt(k) != '=') return false;
        return true;
    }

    private static boolean isDashes(String l) {
        if (l.length() < 3) return false;
        for (int k = 0; k < l.length(); k++) if (l.charAt(k) != '-') return false;
        return true;
    }

    /** {@code ========== mt4123_pciconf1 ==========}: the name between the rules, else null. */
    static String deviceHeader(String l) {
        if (!l.startsWith("===") || !l.endsWith("===")) return null;
        int a = 0, b = l.length();
        while (a < b && l.charAt(a) == '=') a++;
        while (b > a && l.charAt(b - 1) == '=') b--;
        String name = l.substring(a, b).strip();
        return name.isEmpty() ? null : name;
    }

    /**
     * The port a banner names: {@code mlx5_0 FEC Counters} gives {@code mlx5_0/1}, {@code mt4123_pciconf1} {@code mlxlink mt4123_pciconf1};
     * a leading label ending in a colon names the device after it ({@code Device: 0000:05:00.0} gives {@code mlxlink 0000:05:00.0}).
     */
    private static String devicePort(String banner) {
        String[] words = banner.split("\\s+");
        String dev = words[0].endsWith(":") && words.length > 1 ? words[1] : words[0];
        if (dev.startsWith("/dev/mst/")) dev = dev.substring(9);
        if (RDMA_DEVICE.matcher(dev).matches()) return dev + "/1";
        return "mlxlink " + dev;
    }

    private static String portId(String args, Input in) {
        String[] w = args.trim().split("\\s+");
        String dev = null, port = null;
        for (int k = 0; k < w.length; k++) {
            String a = w[k];
            if ((a.equals("-d") || a.equals("--device")) && k + 1 < w.length) dev = w[++k];
            else if (a.startsWith("--device=")) dev = a.substring(9);
            else if ((a.equals("-p") || a.equals("--port")) && k + 1 < w.length) port = w[++k];
            else if (a.startsWith("--port=")) port = a.substring(7);
        }
        if (dev == null) return fallbackPort(in);
        if (RDMA_DEVICE.matcher(dev).matches()) return dev + "/" + (port == null ? "1" : port);
        return "mlxlink " + dev + (port == null ? "" : "/" + port);
    }

    /**
     * The port of a readout whose command line is not in the file: an RDMA device named in the file
     * name ({@code mlxlink-mlx5_0-1.txt}, {@code mlx5_2.mlxlink}, {@code mlxlink_mlx5_0_p2.json}) is that
     * port ({@code mlx5_0/1}; mlxlink's own default port 1 when the name gives none), so a hand-collected
     * readout joins the device's counters; else {@code mlxlink STEM}.
     */
    static String fallbackPort(Input in) {
        if (in.command() != null) {
            // the command recorded outside the file (a sosreport's mlxlink_-d_0000_08_00.0)
            Matcher cmd = COMMAND.matcher(in.command());
            if (cmd.find() && cmd.group(1).matches(".*(?:^|\\s)(?:-d|--device)[\\s=]\\S.*")) return portId(cmd.group(1), Input.ofText(in.name(), ""));
        }
        String n = in.fileName();
        int dot = n.lastIndexOf('.');
        String stem = dot > 0 ? n.substring(0, dot) : n;
        Matcher m = NAMED_DEVICE.matcher(n);
        if (m.find()) return m.group(1) + "/" + (m.group(2) != null ? Integer.parseInt(m.group(2)) : 1);
        return "mlxlink " + stem;
    }

    /** An mlx4/mlx5 RDMA device in a file name, then optionally a separator, {@code p}/{@code port} and the port number. */
    private static final Pattern NAMED_DEVICE = Pattern.compile("(?<![A-Za-z0-9])(mlx[45]_\\d+)(?:[-_.](?:p|port)?(\\d{1,3}))?(?![0-9])");

}
