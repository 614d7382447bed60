package org.fabriclab.capture.qos;

import java.util.Locale;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.CommandLine;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Values;
import org.fabriclab.capture.Words;
import org.fabriclab.catalogue.Source;

/**
 * Reads lldpad's {@code lldptool -t -i X [-V PFC|ETS-CFG]} (lldpad lldp_8021qaz_cmds.c): TLV headers at
 * the line start, their fields indented. Of the IEEE DCBX TLVs it keeps {@code IEEE 8021QAZ PFC TLV}
 * ({@code PFC enabled: 1 2 5 7} or {@code none}, {@code PFC capable traffic classes: 8}, {@code Willing})
 * and {@code IEEE 8021QAZ ETS Configuration TLV} ({@code PRIO_MAP: 0:0 1:0 ...}, {@code TSA_MAP: 0:ets ...},
 * {@code TC Bandwidth: 25% 25% ...}, {@code Willing}); every other TLV (chassis, port, APP, the ETS
 * recommendation, CEE) is skipped. With {@code -n} lldptool shows what the neighbour (the switch)
 * advertises: those become {@code peer_pfc_enabled}, {@code peer_prio_tc}, ... so the switch's PFC is never
 * taken for the host's; without {@code -n} they are the host's own ({@link PortAttr#PFC_ENABLED}, ...). A
 * paste without the command line is read as the host's own, with a warning. The port is
 * {@code netdev <if>} from {@code -i <if>}, else {@code netdev ?}.
 *
 * <pre>{@code
 * Capture c = new LldptoolReader().read(Input.of(Path.of("lldptool.txt")));
 * c.attr("netdev eth1", PortAttr.PFC_ENABLED);   // Optional[3]
 * }</pre>
 */
public final class LldptoolReader implements CaptureReader {
    private static final String PFC_TLV = "IEEE 8021QAZ PFC TLV";
    private static final String ETS_TLV = "IEEE 8021QAZ ETS Configuration TLV";

    @Override public String format() { return "lldptool"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        for (String l : in.head(40)) {
            String t = l.strip();
            if (t.equals(PFC_TLV) || t.equals(ETS_TLV)) return 95;
            if (CommandLine.command(l, "lldptool") != null) return 95;
        }
        return 0;
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.LLDPTOOL, file);
        LineCursor c = new LineCursor(in.text());
        String port = "netdev ?";
        String prefix = "";
        boolean commandSeen = false;
        String tlv = null;   // the TLV whose fields follow: PFC_TLV, ETS_TLV, or another (skipped)
        int facts = 0, noise = 0;
        while (c.next()) {
            String line = c.line();
            String t = line.strip();
            int n = c.number();
            if (t.isEmpty()) { noise++; continue; }
            String[] cmd = CommandLine.command(line, "lldptool");
            if (cmd != null) {
                String dev = CommandLine.after(cmd, "-i");
                if (dev != null) {
                    port = "netdev " + dev;
                    b.attr(port, PortAttr.NETDEV, dev, n);
                }
                prefix = neighbour(cmd) ? "peer_" : "";
                commandSeen = true;
                tlv = null;
                noise++;
                continue;
            }
            // a header starts the line, unless the whole paste is indented: then it is told by its "TLV" ending
            boolean header = !Character.isWhitespace(line.charAt(0)) || t.endsWith(" TLV") || t.endsWith(" LTV");
            if (header) {
                // a TLV header ("Chassis ID TLV", "IEEE 8021QAZ PFC TLV", "End of LLDPDU TLV") or a comment
                tlv = t;
                noise++;
                continue;
            }
            if (!PFC_TLV.equals(tlv) && !ETS_TLV.equals(tlv)) { noise++; continue; }
            int colon = t.indexOf(':');
            if (colon <= 0) throw new CaptureException(file, n, "expected 'Name: value' under " + tlv + ", found '" + Values.abbreviate(t) + "'");
            String key = t.substring(0, colon).strip();
            String v = t.substring(colon + 1).strip();
            String attr = null, value = v;
            if (PFC_TLV.equals(tlv)) {
                switch (key) {
                    case "PFC enabled" -> { attr = PortAttr.PFC_ENABLED; value = enabled(v, file, n); }
                    case "PFC capable traffic classes" -> attr = "pfc_cap";
                    case "Willing" -> attr = "pfc_willing";
                    default -> { }
                }
            } else {
                switch (key) {
                    case "PRIO_MAP" -> { attr = PortAttr.PRIO_TC; value = String.join(" ", Words.split(v)); }
                    case "TSA_MAP" -> { attr = PortAttr.TC_TSA; value = String.join(" ", Words.split(v)); }
                    case "TC Bandwidth" -> { attr = PortAttr.TC_BW; value = bandwidths(v, file, n); }
                    case "Willing" -> attr = "ets_willing";
                    default -> { }
                }
            }
            if (attr == null) { noise++; continue; }
            b.attr(port, prefix + attr, value.toLowerCase(Locale.ROOT), n);
            facts++;
        }
        if (facts == 0) throw new CaptureException(file, 0, "no " + PFC_TLV + " or " + ETS_TLV + " fields; expected lldptool -t -i X -V PFC output");
        if (!commandSeen) {
            b.warn(file + ": no lldptool command line: the TLVs are taken as the host's own (lldptool -t); a neighbour's (-n) would be the switch's");
        }
        b.noise(noise);
        return b.build();
    }

    /** Whether the command asks for the neighbour's TLVs ({@code -n}, {@code -tn}, {@code --neighbor}). */
    private static boolean neighbour(String[] cmd) {
        for (String w : cmd) {
            if (w.equals("--neighbor") || w.equals("--neighbour")) return true;
            if (w.startsWith("-") && !w.startsWith("--") && w.indexOf('n') > 0) return true;
        }
        return false;
    }

    /** {@code 1 2 5 7} or {@code none} as a {@link PortAttr#PFC_ENABLED} value. */
    private static String enabled(String v, String file, int n) {
        if (v.equalsIgnoreCase("none")) return "none";
        int mask = 0;
        for (String w : Words.split(v)) {
            if (w.length() != 1 || w.charAt(0) < '0' || w.charAt(0) > '7') {
                throw new CaptureException(file, n, "PFC enabled names '" + w + "'; expected priorities 0..7 or none");
            }
            mask |= 1 << (w.charAt(0) - '0');
        }
        return PortAttr.pfcEnabled(mask);
    }

    /** {@code 25% 25% 50% 0% ...} as {@code tc:percent} pairs. */
    private static String bandwidths(String v, String file, int n) {
        String[] w = Words.split(v);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < w.length; i++) {
            String p = w[i].endsWith("%") ? w[i].substring(0, w[i].length() - 1) : w[i];
            if (p.isEmpty() || !p.chars().allMatch(Character::isDigit)) {
                throw new CaptureException(file, n, "TC Bandwidth '" + w[i] + "'; expected a percentage per traffic class");
            }
            if (sb.length() > 0) sb.append(' ');
            sb.append(i).append(':').append(p);
        }
        return sb.toString();
    }
}
