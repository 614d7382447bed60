package org.fabriclab.capture.qos;

import java.util.Set;

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
 * Reads iproute2's {@code dcb} text output ({@code dcb/dcb_pfc.c}, {@code dcb/dcb_ets.c}): {@code dcb pfc show
 * dev X} prints {@code pfc-cap 8 macsec-bypass off delay 0} and {@code prio-pfc 0:off 1:off 2:off 3:on ...};
 * with {@code -s} also {@code requests 0:0 1:0 ...} (PFC frames sent per priority) and {@code indications ...}
 * (received); {@code dcb ets show dev X} prints {@code willing off ets-cap 8 cbs off}, {@code tc-bw},
 * {@code pg-bw}, {@code tc-tsa}, {@code prio-tc} and the {@code reco-} copies. Every line is keywords, each
 * followed by one value or by {@code index:value} pairs. The settings become port attributes
 * ({@link PortAttr#PFC_ENABLED}, {@link PortAttr#PRIO_TC}, {@link PortAttr#TC_TSA}, {@link PortAttr#TC_BW},
 * {@code pfc_cap}, {@code pfc_delay}); the counters of the priorities with PFC on are readings named {@code requests N} and
 * {@code indications N}, which the catalogue binds (source {@code dcb}). The port is {@code netdev <if>} from
 * a command line naming {@code dev <if>}, else {@code netdev ?}. A keyword this reader does not know is
 * skipped with a warning.
 *
 * <pre>{@code
 * Capture c = new DcbReader().read(Input.of(Path.of("dcb-pfc.txt")));
 * c.attr("netdev eth0", PortAttr.PFC_ENABLED);   // Optional[3]
 * }</pre>
 */
public final class DcbReader implements CaptureReader {
    static final String UNNAMED = "netdev ?";
    /** Keywords whose value is read elsewhere or carries nothing for the report: accepted, not kept. */
    private static final Set<String> SKIPPED = Set.of("macsec-bypass", "pg-bw", "reco-tc-bw", "reco-tc-tsa", "reco-prio-tc", "cbs");
    /** The first keyword of each line {@code dcb pfc show} and {@code dcb ets show} print: how the format is recognised. */
    private static final Set<String> FIRST = Set.of("pfc-cap", "prio-pfc", "requests", "indications", "willing", "ets-cap",
            "tc-bw", "tc-tsa", "prio-tc", "pg-bw");

    @Override public String format() { return "dcb"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        int lines = 0, known = 0;
        for (String l : in.head(12)) {
            String t = l.strip();
            if (t.isEmpty()) continue;
            String[] cmd = CommandLine.command(l, "dcb");
            if (cmd != null && CommandLine.operandAfter(cmd, "dev") != null) return json(cmd) ? 0 : 95;
            if (t.startsWith("{") || t.startsWith("[")) return 0;   // dcb -j: DcbJsonReader's
            lines++;
            String[] w = Words.split(t);
            if (FIRST.contains(w[0]) && w.length >= 2) known++;
        }
        return known > 0 && known == lines ? 90 : known > 0 && known * 2 >= lines ? 60 : 0;
    }

    /** Whether a dcb command line asks for JSON ({@code -j}, {@code --json}, {@code -js}). */
    static boolean json(String[] cmd) {
        for (String w : cmd) {
            if (w.equals("--json")) return true;
            if (w.startsWith("-") && !w.startsWith("--") && w.indexOf('j') > 0) return true;
        }
        return false;
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.DCB, file);
        LineCursor c = new LineCursor(in.text());
        String port = UNNAMED;
        int facts = 0, noise = 0;
        boolean foreign = false;   // another command's output in a paste, up to dcb's next command line
        PfcCounters pfc = new PfcCounters();
        while (c.next()) {
            String line = c.line();
            String t = line.strip();
            int n = c.number();
            if (t.isEmpty()) { noise++; continue; }
            String[] cmd = CommandLine.command(line, "dcb");
            if (cmd != null) {
                String dev = CommandLine.operandAfter(cmd, "dev");
                if (dev != null) {
                    port = "netdev " + dev;
                    b.attr(port, PortAttr.NETDEV, dev, n);
                }
                foreign = false;
                noise++;
                continue;
            }
            if (CommandLine.otherCommand(line, "dcb")) { foreign = true; noise++; continue; }
            if (foreign || t.startsWith("#") || t.startsWith("$")) { noise++; continue; }
            String[] w = Words.split(t);
            int i = 0;
            while (i < w.length) {
                String key = w[i];
                if (key.indexOf(':') >= 0) {
                    throw new CaptureException(file, n, "'" + key + "' where a dcb keyword was expected (pfc-cap, prio-pfc, tc-bw, ...); found '"
                            + Values.abbreviate(t) + "'");
                }
                int j = i + 1;
                while (j < w.length && w[j].indexOf(':') > 0) j++;
                if (j == i + 1) {
                    // a scalar: "pfc-cap 8", "delay 0", "willing off"
                    if (j >= w.length) throw new CaptureException(file, n, "dcb keyword '" + key + "' has no value (is the line cut?)");
                    scalar(b, port, key, w[j], file, n);
                    i = j + 1;
                } else {
                    array(b, pfc, port, key, w, i + 1, j, file, n);
                    i = j;
                }
                facts++;
            }
        }
        if (facts == 0) throw new CaptureException(file, 0, "no dcb settings found; expected dcb pfc show / dcb ets show output (pfc-cap, prio-pfc, ...)");
        pfc.emit(b);
        b.noise(noise);
        return b.build();
    }

    static void scalar(Capture.Builder b, String port, String key, String v, String file, int n) {
        switch (key) {
            case "pfc-cap" -> b.attr(port, "pfc_cap", number(v, key, file, n), n);
            case "delay" -> b.attr(port, "pfc_delay", number(v, key, file, n), n);
            case "ets-cap" -> b.attr(port, "ets_cap", number(v, key, file, n), n);
            case "willing" -> b.attr(port, "ets_willing", onOff(v, key, file, n), n);
            default -> {
                if (SKIPPED.contains(key)) return;
                b.warn(file + ":" + n + ": dcb keyword '" + key + " " + v + "' is not one this reader knows; skipped");
            }
        }
    }

    /**
     * {@code key 0:a 1:b ...}: words {@code [from, to)} of {@code w}, each {@code index:value}; also what
     * {@link DcbJsonReader} passes for a JSON array (its elements numbered in order).
     */
    static void array(Capture.Builder b, PfcCounters pfc, String port, String key, String[] w, int from, int to, String file, int n) {
        switch (key) {
            case "prio-pfc" -> {
                int mask = 0;
                for (int k = from; k < to; k++) {
                    int colon = w[k].indexOf(':');
                    int prio = index(w[k].substring(0, colon), key, file, n);
                    if (onOff(w[k].substring(colon + 1), key, file, n).equals("on")) mask |= 1 << prio;
                }
                b.attr(port, PortAttr.PFC_ENABLED, PortAttr.pfcEnabled(mask), n);
                pfc.pfc(port, mask);
            }
            case "requests", "indications" -> {
                for (int k = from; k < to; k++) {
                    int colon = w[k].indexOf(':');
                    int prio = index(w[k].substring(0, colon), key, file, n);
                    pfc.counter(port, key + " " + prio, prio, Values.parseCounter(w[k].substring(colon + 1), file, n), n);
                }
            }
            case "prio-tc", "tc-tsa", "tc-bw" -> {
                StringBuilder sb = new StringBuilder();
                for (int k = from; k < to; k++) {
                    int colon = w[k].indexOf(':');
                    index(w[k].substring(0, colon), key, file, n);
                    String v = w[k].substring(colon + 1);
                    if (v.isEmpty()) throw new CaptureException(file, n, "'" + w[k] + "' of " + key + " has no value; expected index:value");
                    if (sb.length() > 0) sb.append(' ');
                    sb.append(w[k]);
                }
                b.attr(port, key.equals("prio-tc") ? PortAttr.PRIO_TC : key.equals("tc-tsa") ? PortAttr.TC_TSA : PortAttr.TC_BW, sb.toString(), n);
            }
            default -> {
                if (SKIPPED.contains(key)) return;
                b.warn(file + ":" + n + ": dcb keyword '" + key + "' is not one this reader knows; skipped");
            }
        }
    }

    private static int index(String s, String key, String file, int n) {
        if (s.length() != 1 || s.charAt(0) < '0' || s.charAt(0) > '7') {
            throw new CaptureException(file, n, key + " index '" + s + "'; expected a priority or traffic class 0..7");
        }
        return s.charAt(0) - '0';
    }

    private static String onOff(String v, String key, String file, int n) {
        if (!v.equals("on") && !v.equals("off")) throw new CaptureException(file, n, key + " value '" + v + "'; expected on or off");
        return v;
    }

    private static String number(String v, String key, String file, int n) {
        if (v.isEmpty() || !v.chars().allMatch(Character::isDigit)) throw new CaptureException(file, n, key + " '" + v + "'; expected a number");
        return v;
    }
}
