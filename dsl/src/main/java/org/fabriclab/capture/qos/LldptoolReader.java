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
 * {@code TC Bandwidth: 25% 25% ...}, {@code Willing}). Of the pre-IEEE {@code CEE DCBX TLV} (older switches advertise
 * it) it keeps the Priority Flow Control sub-TLV ({@code PFC enabled priorities: 2, 3, 4, 6}, the status line's
 * {@code Willing}, {@code Number of TC's supported}) and the Priority Groups sub-TLV ({@code PGID Priorities: 0:[0,1,5,7]
 * 1:[3]} as each priority's group, {@code PGID Percentages}), into the same attributes. Every other TLV (chassis, port,
 * APP, the ETS recommendation) is skipped. With {@code -n} lldptool shows what the neighbour (the switch)
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
    /** The pre-IEEE (CEE) DCBX TLV and the two of its sub-TLVs kept, named as the reader tracks them. */
    private static final String CEE_TLV = "CEE DCBX TLV";
    private static final String CEE_PFC = CEE_TLV + ": Priority Flow Control TLV";
    private static final String CEE_PG = CEE_TLV + ": Priority Groups TLV";
    /** A CEE sub-TLV's status line: {@code Enabled, Not Willing, No Error}. */
    private static final java.util.regex.Pattern CEE_STATUS = java.util.regex.Pattern.compile("^(Enabled|Disabled), (Not )?Willing, (No )?Error$");

    @Override public String format() { return "lldptool"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        for (String l : in.head(40)) {
            String t = l.strip();
            if (t.equals(PFC_TLV) || t.equals(ETS_TLV) || t.equals(CEE_TLV)) return 95;
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
            if (tlv != null && tlv.startsWith(CEE_TLV) && t.endsWith(" TLV:")) {
                tlv = CEE_TLV + ": " + t.substring(0, t.length() - 1);   // a sub-TLV of CEE's (Priority Flow Control TLV:)
                noise++;
                continue;
            }
            if (CEE_PFC.equals(tlv) || CEE_PG.equals(tlv)) {
                String attr = cee(tlv, t, file, n, b, port, prefix);
                if (attr == null) noise++; else facts++;
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
        if (facts == 0) {
            throw new CaptureException(file, 0, "no " + PFC_TLV + ", " + ETS_TLV + " or " + CEE_TLV + " fields; expected lldptool -t -i X "
                    + "-V PFC output");
        }
        if (!commandSeen) {
            b.warn(file + ": no lldptool command line: the TLVs are taken as the host's own (lldptool -t); a neighbour's (-n) would be the switch's");
        }
        b.noise(noise);
        return b.build();
    }

    /**
     * A line of CEE's Priority Flow Control or Priority Groups sub-TLV, given as the attributes the IEEE TLVs give: its status
     * line's {@code Willing}, {@code PFC enabled priorities: 2, 3, 4, 6} ({@code none}), {@code Number of TC's supported},
     * {@code PGID Priorities:  0:[0,1,5,7] 1:[3]} (each priority's group, as {@code PRIO_MAP}'s {@code prio:tc}) and
     * {@code PGID Percentages: 0:20% 1:10%} (as {@code TC Bandwidth}'s). The attribute set, or null for a line not kept.
     */
    private static String cee(String tlv, String t, String file, int n, Capture.Builder b, String port, String prefix) {
        boolean pfc = CEE_PFC.equals(tlv);
        java.util.regex.Matcher st = CEE_STATUS.matcher(t);
        if (st.matches()) {
            String attr = pfc ? "pfc_willing" : "ets_willing";
            b.attr(port, prefix + attr, st.group(2) == null ? "yes" : "no", n);
            return attr;
        }
        int colon = t.indexOf(':');
        if (colon <= 0) return null;
        String key = t.substring(0, colon).strip(), v = t.substring(colon + 1).strip();
        String attr, value;
        if (pfc && key.equals("PFC enabled priorities")) {
            attr = PortAttr.PFC_ENABLED;
            value = enabled(v.replace(',', ' '), file, n);
        } else if (pfc && key.equals("Number of TC's supported")) {
            attr = "pfc_cap";
            value = v;
        } else if (!pfc && key.equals("PGID Priorities")) {
            attr = PortAttr.PRIO_TC;
            value = groups(v, file, n);
        } else if (!pfc && key.equals("PGID Percentages")) {
            attr = PortAttr.TC_BW;
            StringBuilder sb = new StringBuilder();
            for (String w : Words.split(v)) {
                int c = w.indexOf(':');
                String g = c > 0 ? w.substring(0, c) : "", pct = c > 0 && w.endsWith("%") ? w.substring(c + 1, w.length() - 1) : "";
                if (g.isEmpty() || pct.isEmpty() || !(g + pct).chars().allMatch(Character::isDigit)) {
                    throw new CaptureException(file, n, "PGID Percentages '" + w + "'; expected group:percent% per priority group");
                }
                if (sb.length() > 0) sb.append(' ');
                sb.append(g).append(':').append(pct);
            }
            value = sb.toString();
        } else {
            return null;
        }
        b.attr(port, prefix + attr, value.toLowerCase(Locale.ROOT), n);
        return attr;
    }

    /** {@code 0:[0,1,5,7] 1:[3] 2:[4]} (group: its priorities) as {@code prio:group} pairs in priority order. */
    private static String groups(String v, String file, int n) {
        String[] of = new String[8];
        for (String w : Words.split(v)) {
            int c = w.indexOf(":[");
            if (c <= 0 || !w.endsWith("]")) throw new CaptureException(file, n, "PGID Priorities '" + w + "'; expected group:[priorities]");
            String g = w.substring(0, c);
            String inner = w.substring(c + 2, w.length() - 1);
            if (inner.isEmpty()) continue;
            for (String pr : inner.split(",")) {
                String q = pr.strip();
                if (q.length() != 1 || q.charAt(0) < '0' || q.charAt(0) > '7' || !g.chars().allMatch(Character::isDigit)) {
                    throw new CaptureException(file, n, "PGID Priorities '" + w + "'; expected priorities 0..7 in a numbered group");
                }
                of[q.charAt(0) - '0'] = g;
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int p = 0; p < 8; p++) {
            if (of[p] == null) continue;
            if (sb.length() > 0) sb.append(' ');
            sb.append(p).append(':').append(of[p]);
        }
        return sb.toString();
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
