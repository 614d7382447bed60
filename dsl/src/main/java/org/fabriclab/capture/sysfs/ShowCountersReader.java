package org.fabriclab.capture.sysfs;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.CommandLine;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.ShellPrompt;
import org.fabriclab.catalogue.Source;

/**
 * Reads the output of mlnx-tools' {@code show_counters <dev>} (MLNX_OFED's {@code /sbin/show_counters}, a bash script
 * that cats sysfs): per port a {@code Port <n> hw counters:} line, then one {@code <file>: <value>} line per file of
 * {@code /sys/class/infiniband/<dev>/ports/<n>/hw_counters/}; after all ports, {@code Port <n> cm counters:} sections
 * with the files of {@code /sys/class/infiniband_cm/<dev>/<n>/*}{@code /}. The hw counters become exactly the readings
 * the sysfs reader gives for those files ({@link Source#HW_COUNTERS}, the file name as counter name, {@code N/A} and an
 * empty value absent), on port {@code <dev>/<n>}, so a snapshot holding this output joins it like a sysfs dump.
 *
 * <p>The script prints no device name: it is taken from the {@code show_counters <dev>} command line in the text
 * (a paste of several runs switches device at each), else the command a bundle records for the file, else a file
 * named {@code show_counters_<dev>[.txt]}. The cm sections are not read (counted as noise, with one warning): the
 * script drops their folder ({@code cm_rx_msgs}, {@code cm_tx_retries}, ...), so {@code req: 3} is ambiguous. The
 * script's {@code Device <dev> not found} is kept as a warning.
 *
 * <pre>{@code
 * Capture c = new ShowCountersReader().read(Input.of(Path.of("show_counters_mlx5_0.txt")));
 * c.reading("mlx5_0/1", "out_of_buffer");
 * }</pre>
 *
 * @throws CaptureException (from {@link #read}) naming file and line for a {@code name: value} line before any
 *     {@code Port <n> ... counters:} line, a line in a hw section that is not {@code name: value}, a value that is not a
 *     count, hw counters with no device named, or a file with no {@code Port <n> hw counters:} section
 */
public final class ShowCountersReader implements CaptureReader {
    /** The script's two section headers: {@code echo "Port $port hw counters:"} and {@code "Port $port cm counters:"}. */
    static final Pattern HEADER = Pattern.compile("^Port (\\d+) (hw|cm) counters:$");
    /** An RDMA device name as a command operand or file name carries it. */
    private static final Pattern DEVICE = Pattern.compile("[A-Za-z][A-Za-z0-9_.\\-]*");
    private static final Pattern FILE_NAME = Pattern.compile("show_(?:rdma_)?counters[_\\-.]([A-Za-z][A-Za-z0-9_\\-]*?\\d)"
            + "(?:\\.[A-Za-z0-9]+)*");
    private static final String[] TOOLS = {"show_counters", "show_rdma_counters"};

    @Override public String format() { return "show_counters"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        List<String> head = in.head(10);
        for (String l : head) {
            Matcher h = HEADER.matcher(l.strip());
            if (h.matches()) return h.group(2).equals("hw") ? 92 : 70;
        }
        return 0;
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.SYSFS, file);
        SysfsPorts ports = new SysfsPorts(b);
        LineCursor c = new LineCursor(in.text());
        String dev = fromCommand(in.command());
        if (dev == null) dev = fromFileName(in.fileName());
        String port = null;
        boolean hw = false;
        int noise = 0, hwSections = 0, cmLines = 0;
        while (c.next()) {
            String t = c.line().strip();
            if (t.isEmpty()) { noise++; continue; }
            String named = commandDevice(c.line());
            if (named != null) { dev = named; port = null; noise++; continue; }
            if (isCommand(c.line()) || t.startsWith("Valid command is:") || t.equals("Example:")) { noise++; continue; }   // usage
            if (ShellPrompt.isPromptLine(t)) { noise++; continue; }
            Matcher h = HEADER.matcher(t);
            if (h.matches()) {
                port = h.group(1);
                hw = h.group(2).equals("hw");
                if (hw) {
                    hwSections++;
                    if (dev == null) {
                        throw new CaptureException(file, c.number(), "show_counters prints no device name; expected a "
                                + "'show_counters <dev>' command line before '" + t + "' (or a file named show_counters_<dev>)");
                    }
                }
                noise++;
                continue;
            }
            if (t.startsWith("Device ") && t.endsWith(" not found")) {
                b.warn(file + ":" + c.number() + ": show_counters said '" + SysfsReader.abbreviate(t) + "'");
                noise++;
                continue;
            }
            if (t.startsWith("cat: ") || t.startsWith("ls: ")) { noise++; continue; }   // with 2>&1: a file it could not read
            if (port == null) {
                throw new CaptureException(file, c.number(), "'" + SysfsReader.abbreviate(t) + "' before any 'Port <n> hw "
                        + "counters:' line (is the file cut at the start?)");
            }
            if (!hw) { cmLines++; noise++; continue; }
            int colon = t.indexOf(':');
            if (colon <= 0 || t.substring(0, colon).contains(" ")) {
                throw new CaptureException(file, c.number(), "expected '<hw_counters file>: <value>' as show_counters prints, "
                        + "found '" + SysfsReader.abbreviate(t) + "'");
            }
            ports.entry(dev + "/ports/" + port + "/hw_counters/" + t.substring(0, colon), t.substring(colon + 1), file,
                    c.number());
        }
        if (hwSections == 0) {
            throw new CaptureException(file, 0, "no 'Port <n> hw counters:' section found; expected show_counters output");
        }
        if (cmLines > 0) {
            b.warn(file + ": " + cmLines + " cm counter line(s) not read: show_counters prints them without their "
                    + "infiniband_cm folder (cm_rx_msgs, cm_tx_msgs, ...), so a name alone is ambiguous");
        }
        ports.finish();
        b.noise(noise + ports.ignored());
        return b.build();
    }

    /** The device operand of a {@code show_counters <dev>} line (with or without a prompt), or null. */
    private static String commandDevice(String line) {
        for (String tool : TOOLS) {
            String[] w = CommandLine.command(line, tool);
            if (w != null && w.length > 1 && DEVICE.matcher(w[1]).matches()) return w[1];
        }
        return null;
    }

    private static boolean isCommand(String line) {
        for (String tool : TOOLS) if (CommandLine.command(line, tool) != null) return true;
        return false;
    }

    private static String fromCommand(String command) {
        return command == null ? null : commandDevice(command);
    }

    /** {@code show_counters_mlx5_0.txt} to {@code mlx5_0}; null for any other name. */
    static String fromFileName(String name) {
        if (name == null) return null;
        Matcher m = FILE_NAME.matcher(name);
        return m.matches() ? m.group(1) : null;
    }
}
