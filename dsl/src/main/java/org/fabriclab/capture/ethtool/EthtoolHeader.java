package org.fabriclab.capture.ethtool;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Values;

/**
 * ethtool's line that heads one device's output and names it: {@code Settings for X:}, {@code FEC parameters for X:},
 * {@code Pause parameters for X:}. The readers of those outputs name the port {@code netdev X} after it.
 *
 * <pre>{@code
 * EthtoolHeader.device("Settings for ens1f0np0:", "Settings for ", "ethtool.txt", 1);   // "ens1f0np0"
 * }</pre>
 */
public final class EthtoolHeader {
    private EthtoolHeader() {}

    /**
     * The device the stripped line {@code t} names after {@code lead}, or null when {@code t} is no such header.
     *
     * @throws CaptureException naming {@code file} and {@code line} when the header names no interface (none, or words)
     */
    public static String device(String t, String lead, String file, int line) {
        if (!t.startsWith(lead) || !t.endsWith(":")) return null;
        String dev = t.substring(lead.length(), t.length() - 1).strip();
        if (dev.isEmpty() || dev.contains(" ")) throw new CaptureException(file, line, "'" + Values.abbreviate(t) + "' names no interface");
        return dev;
    }
}
