package org.fabriclab.capture.ethtool;

import java.util.regex.Pattern;

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
 * Reads {@code ethtool --show-fec X}: {@code FEC parameters for X:} (which names the port), then
 * {@code Supported/Configured FEC encodings: Auto RS} ({@code Configured FEC encodings:} in the ioctl code of
 * ethtool before 5.7) and {@code Active FEC encoding: RS}, as ethtool.c's do_gfec and netlink/fec.c print them.
 * Kept, as attributes of {@code netdev X}: the active encoding as {@link PortAttr#FEC_MODE} ({@code RS},
 * {@code BaseR}, {@code LLRS}, {@code Off}; {@code None}, which ethtool prints when the driver reports no active
 * mode, as on a link that is down, leaves it absent) and the configured ones as {@link PortAttr#FEC_CONFIGURED}
 * ({@code Auto RS}). The {@code -I} ({@code --include-statistics}) block's corrected and uncorrectable block
 * counts are read past, with a warning: they count what the driver's own {@code ethtool -S} names count
 * ({@code rx_corrected_bits_phy}, bnxt_en's {@code rx_fec_corrected_blocks}), so keeping both would hold one
 * counter twice. Another command's output in a paste is skipped up to the next header.
 *
 * <pre>{@code
 * Capture c = new EthtoolFecReader().read(Input.of(Path.of("fec.txt")));
 * c.attr("netdev ens1f0np0", PortAttr.FEC_MODE);   // Optional[RS]
 * }</pre>
 */
public final class EthtoolFecReader implements CaptureReader {
    private static final String HEADER = "FEC parameters for ";
    /** ethtool's FEC encoding names (netlink/fec.c renames None to Off and BASER to BaseR; the ioctl code prints these). */
    private static final Pattern ENCODINGS = Pattern.compile("^(?:(?:Auto|Off|None|RS|BaseR|BASER|LLRS|BIT\\d+)\\s*)+$");

    @Override public String format() { return "ethtool-fec"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        for (String l : in.head(8)) {
            String t = l.strip();
            if (t.startsWith(HEADER) && t.endsWith(":")) return 95;
            String[] cmd = CommandLine.command(l, "ethtool");
            if (cmd != null && !java.util.Arrays.asList(cmd).contains("--json") && CommandLine.operandAfter(cmd, "--show-fec") != null) return 95;
        }
        return 0;
    }

    /**
     * Reads every interface's FEC block.
     *
     * @throws CaptureException naming the file, the line and what was expected: an encoding ethtool does not print,
     *         ethtool's own error, or a file with no FEC settings
     */
    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.ETHTOOL, file);
        LineCursor c = new LineCursor(in.text());
        EthtoolSession session = new EthtoolSession(b, file, HEADER, cmd -> CommandLine.operandAfter(cmd, "--show-fec"));
        boolean stats = false;
        int facts = 0, noise = 0;
        while (c.next()) {
            String line = c.line();
            String t = line.strip();
            int n = c.number();
            EthtoolSession.Line kind = session.line(line, t, n);
            if (kind != EthtoolSession.Line.BODY) {
                if (kind == EthtoolSession.Line.BOUNDARY) stats = false;
                noise++;
                continue;
            }
            String port = session.port();
            if (t.startsWith("Cannot get") || t.startsWith("netlink error")) {
                throw new CaptureException(file, n, "ethtool could not read the FEC settings: '" + Values.abbreviate(t) + "'");
            }
            if (t.equals("Statistics:")) {
                stats = true;
                b.warn(file + ":" + n + ": the FEC statistics (ethtool --show-fec -I) are not read: ethtool -S counts the same blocks");
                noise++;
                continue;
            }
            if (stats) { noise++; continue; }
            int colon = t.indexOf(':');
            if (colon <= 0) {
                throw new CaptureException(file, n, "expected ethtool --show-fec output ('Supported/Configured FEC encodings:', 'Active FEC encoding:'), found '"
                        + Values.abbreviate(t) + "'");
            }
            if (port == null) throw new CaptureException(file, n, "expected a 'FEC parameters for X:' header before '" + Values.abbreviate(t) + "'");
            String key = t.substring(0, colon).strip();
            String v = t.substring(colon + 1).strip().replaceAll("\\s+", " ");
            boolean configured = key.equals("Supported/Configured FEC encodings") || key.equals("Configured FEC encodings");
            if (!configured && !key.equals("Active FEC encoding")) {
                b.warn(file + ":" + n + ": '" + Values.abbreviate(t) + "' is not an ethtool --show-fec line this reader knows; skipped");
                continue;
            }
            if (!ENCODINGS.matcher(v).matches()) {
                throw new CaptureException(file, n, key + " is '" + Values.abbreviate(v) + "'; expected FEC encodings (Auto, Off, RS, BaseR, LLRS, None)");
            }
            if (configured) b.attr(port, PortAttr.FEC_CONFIGURED, v, n);
            else if (!v.equals("None")) b.attr(port, PortAttr.FEC_MODE, v, n);
            facts++;
        }
        if (facts == 0) throw new CaptureException(file, 0, "no FEC settings found; expected ethtool --show-fec output (Active FEC encoding:)");
        b.noise(noise);
        return b.build();
    }
}
