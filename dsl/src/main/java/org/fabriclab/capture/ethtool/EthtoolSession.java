package org.fabriclab.capture.ethtool;

import java.util.function.Function;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CommandLine;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.ShellPrompt;

/**
 * A pasted ethtool session read line by line by the reader of one ethtool query's text output (the link settings,
 * {@code --show-fec}). The query's own command line and its header ({@code Settings for X:}) name the port; another
 * ethtool query's command line or header, or another command's, starts output that is not the reader's, skipped up to
 * the next of its own. Blank lines, bare prompts and comments are skipped.
 *
 * <pre>{@code
 * EthtoolSession s = new EthtoolSession(b, file, "Settings for ", EthtoolSettingsReader::device);
 * switch (s.line(line, line.strip(), n)) { case BODY -> ...; case BOUNDARY -> list = false; case SKIPPED -> { } }
 * }</pre>
 */
final class EthtoolSession {
    /** What a line is to the reader: skipped, a command line or header (the reader's own state starts again), or its output. */
    enum Line { SKIPPED, BOUNDARY, BODY }

    private final Capture.Builder b;
    private final String file;
    private final String header;
    private final Function<String[], String> device;
    private String port;
    private boolean foreign;

    /**
     * @param header the query's header before its interface ({@code "Settings for "})
     * @param device the interface an {@code ethtool} command line queries in this reader's way, or null for another query
     */
    EthtoolSession(Capture.Builder b, String file, String header, Function<String[], String> device) {
        this.b = b;
        this.file = file;
        this.header = header;
        this.device = device;
    }

    /** The port the last command line or header named ({@code netdev X}); null before either. */
    String port() { return port; }

    /** Classifies line {@code n} ({@code t} stripped), naming the port (and its {@code netdev} attribute) where it says one. */
    Line line(String line, String t, int n) {
        if (t.isEmpty() || ShellPrompt.isBare(line)) return Line.SKIPPED;
        String[] cmd = CommandLine.command(line, "ethtool");
        if (cmd != null) {
            // the query's command line (it names the port until a header does: ethtool X | grep Speed has none), or
            // another ethtool query, whose output is not ours
            String dev = device.apply(cmd);
            foreign = dev == null;
            if (dev != null) name(dev, n);
            return Line.BOUNDARY;
        }
        if (CommandLine.otherCommand(line, "ethtool")) { foreign = true; return Line.BOUNDARY; }
        String dev = EthtoolHeader.device(t, header, file, n);
        if (dev != null) {
            name(dev, n);
            foreign = false;
            return Line.BOUNDARY;
        }
        if (!Character.isWhitespace(line.charAt(0)) && EthtoolSettingsReader.OTHER_HEADER.matcher(t).matches()) {
            foreign = true;
            return Line.BOUNDARY;
        }
        return foreign || t.startsWith("#") ? Line.SKIPPED : Line.BODY;
    }

    private void name(String dev, int n) {
        port = "netdev " + dev;
        b.attr(port, PortAttr.NETDEV, dev, n);
    }
}
