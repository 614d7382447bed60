package org.fabriclab.capture.script;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Binding;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Source;

/**
 * Reads the output of a collection script: lines {@code name: value}, {@code name value} or
 * {@code name=value} whose name the catalogue knows in some source (looked up source by source in
 * {@link Source} order, the first binding wins: {@code symbol_error} is sysfs's, {@code PortXmitWait}
 * perfquery's), under the script's own header lines ({@code === host1 mlx5_0 port 1 ===},
 * {@code # mlx5_1/1}). Every other line is noise: the reader binds only names the catalogue knows.
 * A header naming an RDMA device ({@code mlx5_0}, with {@code port N} or {@code /N}, default port 1)
 * starts the port {@code mlx5_0/N}; another header starts {@code script <header>}; before any header
 * the port is {@code script <file name stem>}. A known name with a value that is not a non-negative
 * integer is an error naming the line ({@code N/A} is absent). Sniffing scores at most
 * {@value #MAX_SCORE}, below every specific reader.
 *
 * <pre>{@code
 * Capture c = new ScriptReader().read(Input.ofText("x.log", "=== mlx5_0 port 1 ===\nsymbol_error: 3\n"));
 * c.reading("mlx5_0/1", "SymbolErrorCounter");   // 3
 * }</pre>
 */
public final class ScriptReader implements CaptureReader {
    static final int MAX_SCORE = 30;
    private static final Pattern DEVICE = Pattern.compile("\\b([a-z][a-z0-9]*_\\d{1,3})(?:\\s*/\\s*(\\d{1,3})|\\s+port\\s+(\\d{1,3}))?\\b");

    @Override public String format() { return "script"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        int known = 0, lines = 0;
        for (String l : in.head(60)) {
            lines++;
            Pair p = pair(l.strip());
            if (p != null && bind(p.name()).isPresent()) known++;
        }
        if (known < 3 || known * 4 < lines) return 0;
        return Math.min(MAX_SCORE, 10 + known);
    }

    /** A {@code name: value}, {@code name value} or {@code name=value} line, or null. */
    record Pair(String name, String value) {}

    static Pair pair(String t) {
        if (t.isEmpty()) return null;
        int sep = -1, valueAt = -1;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == ':' || c == '=') { sep = i; valueAt = i + 1; break; }
            if (Character.isWhitespace(c)) { sep = i; valueAt = i; break; }
        }
        if (sep <= 0) return null;
        String name = t.substring(0, sep);
        String value = t.substring(valueAt).strip();
        if (value.isEmpty() || value.indexOf(' ') >= 0 || value.indexOf('\t') >= 0) return null;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '-' || c == '[' || c == ']')) return null;
        }
        return new Pair(name, value);
    }

    /** The first source whose catalogue binding knows {@code name}. */
    static Optional<Binding> bind(String name) {
        Catalogue cat = Catalogue.standard();
        for (Source s : Source.values()) {
            if (s == Source.GIVEN) continue;
            Optional<Binding> b = cat.lookup(s, name);
            if (b.isPresent()) return b;
        }
        return Optional.empty();
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        String stem = in.fileName();
        int dot = stem.lastIndexOf('.');
        String port = "script " + (dot > 0 ? stem.substring(0, dot) : stem);
        Capture.Builder b = Capture.builder(Source.GIVEN, file);
        LineCursor c = new LineCursor(in.text());
        int noise = 0, counters = 0;
        boolean described = false;
        while (c.next()) {
            String t = c.line().strip();
            if (t.isEmpty()) { noise++; continue; }
            Pair p = pair(t);
            Optional<Binding> bd = p == null ? Optional.empty() : bind(p.name());
            if (bd.isEmpty()) {
                noise++;
                if (p == null) {
                    // a header line of the script: a device in it names the port of what follows
                    String h = header(t);
                    if (h != null) { port = h; described = false; }
                }
                continue;
            }
            if (!described && !port.startsWith("script ")) {
                int slash = port.lastIndexOf('/');
                b.attr(port, PortAttr.DEVICE, port.substring(0, slash), c.number());
                b.attr(port, PortAttr.PORT_NUM, port.substring(slash + 1), c.number());
                described = true;
            }
            Source src = bd.get().source();
            String v = p.value();
            if (v.equalsIgnoreCase("N/A") || v.equalsIgnoreCase("NA") || v.startsWith("N/A")) {
                b.absent(src, port, p.name(), c.number(), "'" + v + "' in the script output");
            } else {
                b.counter(src, port, p.name(), Values.parseCounter(v, file, c.number()), c.number());
            }
            counters++;
        }
        if (counters == 0) {
            throw new CaptureException(file, 0, "no line 'name: value' with a counter name the catalogue knows");
        }
        b.noise(noise);
        return b.build();
    }

    /** The port a header line names ({@code mlx5_0/1}), {@code script <header>} for another header, or null for no header. */
    private static String header(String t) {
        int a = 0, e = t.length();
        while (a < e && "=#*- \t".indexOf(t.charAt(a)) >= 0) a++;
        while (e > a && "=#*- \t:".indexOf(t.charAt(e - 1)) >= 0) e--;
        String h = t.substring(a, e);
        if (h.isEmpty()) return null;
        Matcher m = DEVICE.matcher(h);
        if (m.find()) {
            String num = m.group(2) != null ? m.group(2) : m.group(3) != null ? m.group(3) : "1";
            return m.group(1) + "/" + num;
        }
        return "script " + Values.abbreviate(h);
    }
}
