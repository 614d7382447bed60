package org.fabriclab.capture.qos;

import java.util.Arrays;
import java.util.Locale;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.CommandLine;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Values;
import org.fabriclab.capture.ethtool.EthtoolHeader;
import org.fabriclab.catalogue.Source;

/**
 * Reads {@code ethtool -a X} / {@code ethtool --show-pause X} (link-level 802.3x pause) and its
 * {@code -I} / {@code --include-statistics} form: {@code Pause parameters for X:} (which names the port),
 * {@code Autonegotiate:}, {@code RX:}, {@code TX:} ({@code on}/{@code off}), from ethtool 5.6 (netlink)
 * {@code RX negotiated:} / {@code TX negotiated:}, and with {@code -I} a {@code Statistics:} block of
 * {@code name: value} lines ({@code tx_pause_frames}, {@code rx_pause_frames}: the kernel's
 * {@code struct ethtool_pause_stats}). The settings are attributes ({@link PortAttr#PAUSE_AUTONEG},
 * {@link PortAttr#PAUSE_RX}, {@link PortAttr#PAUSE_TX}); the statistics are readings of source
 * {@code ethtool_pause}, a source of their own because the same names mean different registers in
 * {@code ethtool -S} (bnxt_en's link-level {@code tx_pause_frames}) and here (the MAC's PAUSE control
 * frames, which on mlx5 include PFC frames). A port without the header is {@code netdev ?}. ethtool's own refusal
 * ({@code Cannot get device pause settings: Operation not supported}, a {@code netlink error}) is a warning naming
 * the port: a loop over every interface meets NICs without pause support.
 *
 * <pre>{@code
 * Capture c = new EthtoolPauseReader().read(Input.of(Path.of("pause.txt")));
 * c.attr("netdev eth0", PortAttr.PAUSE_RX);   // Optional[on]
 * }</pre>
 */
public final class EthtoolPauseReader implements CaptureReader {
    static final String UNNAMED = "netdev ?";
    private static final String HEADER = "Pause parameters for ";

    @Override public String format() { return "ethtool-pause"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        for (String l : in.head(6)) {
            String t = l.strip();
            if (t.startsWith(HEADER) && t.endsWith(":")) return 95;
            String[] cmd = CommandLine.command(l, "ethtool");
            // ethtool --json -a prints JSON: the ethtool-pause-json reader's, whatever its command line says
            if (cmd != null && Arrays.asList(cmd).contains("--json")) return 0;
            if (cmd != null && CommandLine.operandAfter(cmd, "-a", "--show-pause") != null) return 95;
        }
        return 0;
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.ETHTOOL_PAUSE, file);
        LineCursor c = new LineCursor(in.text());
        String port = UNNAMED;
        boolean stats = false;
        int facts = 0, noise = 0, refused = 0;
        String named = null;   // the netdev a header or command line named, its attribute not yet given
        int namedLine = 0;
        boolean foreign = false;   // another command's output in a paste (ethtool -S too), up to the next ethtool -a
        while (c.next()) {
            String line = c.line();
            String t = line.strip();
            int n = c.number();
            if (t.isEmpty()) { noise++; continue; }
            String[] cmd = CommandLine.command(line, "ethtool");
            if (cmd != null) {
                String dev = CommandLine.operandAfter(cmd, "-a", "--show-pause");
                if (dev != null) {
                    port = "netdev " + dev;
                    named = dev;
                    namedLine = n;
                }
                // an ethtool command that is no pause query (-S, -m) behind a prompt: its output is not ours
                foreign = dev == null && CommandLine.otherCommand(line, "");
                stats = false;
                noise++;
                continue;
            }
            if (CommandLine.otherCommand(line, "ethtool")) { foreign = true; noise++; continue; }
            if ((foreign && !t.startsWith(HEADER)) || t.startsWith("#") || t.startsWith("$")) { noise++; continue; }
            String dev = EthtoolHeader.device(t, HEADER, file, n);
            if (dev != null) {
                foreign = false;
                port = "netdev " + dev;
                named = dev;   // the port's netdev attribute comes with its first fact: a refused port is no port
                namedLine = n;
                stats = false;
                noise++;
                continue;
            }
            if (t.startsWith("Cannot get") || t.startsWith("netlink error")) {
                // a NIC without pause support (a virtual or wireless one in a loop over every interface): that port's
                // settings are unknown, the others' still read
                b.warn(file + ":" + n + ": ethtool could not read the pause settings of " + port + ": '" + Values.abbreviate(t) + "'");
                refused++;
                named = null;
                noise++;
                continue;
            }
            if (t.equals("Statistics:")) { stats = true; noise++; continue; }
            int colon = t.indexOf(':');
            if (colon <= 0) {
                throw new CaptureException(file, n, "expected ethtool -a output ('Autonegotiate:', 'RX:', 'TX:', 'Statistics:'), found '"
                        + Values.abbreviate(t) + "'");
            }
            String key = t.substring(0, colon).strip();
            String v = t.substring(colon + 1).strip();
            if (stats) {
                if (v.isEmpty()) throw new CaptureException(file, n, "pause statistic '" + key + "' has no value (is the file cut?)");
                if (named != null) { b.attr(port, PortAttr.NETDEV, named, namedLine); named = null; }
                b.counter(port, key, Values.parseCounter(v, file, n), n);
                facts++;
                continue;
            }
            String attr = switch (key) {
                case "Autonegotiate" -> PortAttr.PAUSE_AUTONEG;
                case "RX" -> PortAttr.PAUSE_RX;
                case "TX" -> PortAttr.PAUSE_TX;
                case "RX negotiated" -> "pause_rx_negotiated";
                case "TX negotiated" -> "pause_tx_negotiated";
                default -> null;
            };
            if (attr == null) {
                b.warn(file + ":" + n + ": '" + Values.abbreviate(t) + "' is not an ethtool -a line this reader knows; skipped");
                noise++;
                continue;
            }
            String onOff = v.toLowerCase(Locale.ROOT);
            if (!onOff.equals("on") && !onOff.equals("off")) {
                throw new CaptureException(file, n, key + " is '" + v + "'; expected on or off");
            }
            if (named != null) { b.attr(port, PortAttr.NETDEV, named, namedLine); named = null; }
            b.attr(port, attr, onOff, n);
            facts++;
        }
        if (facts == 0 && refused == 0) {
            throw new CaptureException(file, 0, "no pause settings found; expected ethtool -a output (Autonegotiate:, RX:, TX:)");
        }
        b.noise(noise);
        return b.build();
    }
}
