package org.fabriclab.capture.sonic;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.CommandLine;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.ShellPrompt;
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Source;

/**
 * Reads SONiC's {@code show interfaces counters detailed EthernetN} ({@code portstat -l -i EthernetN}): one port's
 * counters as {@code Label..... value} lines in groups (packet sizes, totals, unicast/multicast/broadcast, errors, WRED
 * drops, trimming), ending in {@code Time Since Counters Last Cleared..... T} ({@code None} when never cleared; else
 * kept as {@code counters_since}). Each value is the counter of source {@link Source#SONIC} named by its label; the
 * catalogue gives meaning to the ones it knows ({@code Total Packets Received Without Errors} is portstat's
 * {@code RX_OK}), the others are read as uncatalogued counters under their label. portstat prints no port name here:
 * it is taken from the command line in the text ({@code show interfaces counters detailed Ethernet4},
 * {@code portstat -l -i Ethernet4}) or the one a bundle records, else the port is {@code switch ?}, with a warning.
 *
 * <pre>{@code
 * Capture c = new SonicPortDetailReader().read(Input.of(Path.of("detailed_Ethernet4.txt")));
 * c.reading("switch Ethernet4", "sonic_wred_drop_total");
 * }</pre>
 */
public final class SonicPortDetailReader implements CaptureReader {
    private static final Pattern LINE = Pattern.compile("([A-Z][A-Za-z0-9 ()\\-]*?)\\.{3,} (.*)");
    private static final String CLEARED = "Time Since Counters Last Cleared";
    private static final Pattern SIZE = Pattern.compile("Packets (?:Received|Transmitted) \\d+(?:-\\d+)? Octets");

    @Override public String format() { return "sonic-portstat-detail"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        List<String> head = in.head(14);
        int dotted = 0;
        boolean portstat = false;
        for (String l : head) {
            Matcher m = LINE.matcher(l.strip());
            if (!m.matches()) continue;
            dotted++;
            String label = m.group(1);
            portstat |= SIZE.matcher(label).matches() || label.equals("Total Packets Received Without Errors");
        }
        return portstat && dotted >= 3 ? 90 : 0;
    }

    /**
     * @throws CaptureException naming file and line for a line that is not {@code Label..... value} among them, a value
     *         that is neither a count nor {@code N/A}, or no counter at all
     */
    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.SONIC, file);
        String name = portOf(in.command());
        String port = null, cleared = null;
        int noise = 0, read = 0, clearedLine = 0;
        List<String> lines = in.lines();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i), t = l.strip();
            int n = i + 1;
            if (t.isEmpty()) { noise++; continue; }
            if (ShellPrompt.isPromptLine(l) || CommandLine.command(l, "show") != null || CommandLine.command(l, "portstat") != null) {
                String named = portOf(l);
                if (named != null) { name = named; port = null; }
                noise++;
                continue;
            }
            if (t.startsWith(SonicTable.CACHED) || SonicTable.isNote(t)) { noise++; continue; }
            Matcher m = LINE.matcher(t);
            if (!m.matches()) {
                throw new CaptureException(file, n, "expected 'Label..... value' as portstat -l prints, found '" + Values.abbreviate(t) + "'");
            }
            String label = m.group(1).strip(), value = m.group(2).strip();
            if (port == null) {
                if (name == null) b.warn(file + ": no port named (no 'show interfaces counters detailed EthernetN' line): read as 'switch ?'");
                port = name == null ? SonicTable.port("?") : SonicTable.start(b, name, file, n, null);
            }
            if (label.equals(CLEARED)) {
                if (!value.equals("None")) { cleared = value; clearedLine = n; }
                noise++;
                continue;
            }
            SonicTable.counter(b, port, label, value, label, file, n);
            read++;
        }
        if (read == 0) throw new CaptureException(file, 0, "no 'Label..... value' line found; expected portstat -l (show interfaces counters detailed)");
        if (cleared != null) b.attr(port, "counters_since", cleared, clearedLine);
        b.noise(noise);
        return b.build();
    }

    /** The port a {@code show interfaces counters detailed X} or {@code portstat -l -i X} command line names, or null. */
    static String portOf(String line) {
        if (line == null) return null;
        String[] w = CommandLine.command(line, "portstat");
        if (w != null) return CommandLine.after(w, "-i", "--interface");
        w = CommandLine.command(line, "show");
        if (w == null) return null;
        for (int i = 1; i + 1 < w.length; i++) if (w[i].equals("detailed")) return w[i + 1];
        return null;
    }
}
