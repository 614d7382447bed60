package org.fabriclab.capture.topology;

import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.Measurement;
import org.fabriclab.catalogue.Source;

import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;

/**
 * Reads ibqueryerrors' threshold file ({@code --threshold-file}, default
 * {@code /etc/infiniband-diags/error_thresholds}): {@code name=value} lines, {@code #} comments. The
 * semantics are ibqueryerrors' ({@code set_thresholds}): the value is read as C's
 * {@code strtoul(s, NULL, 0)} does ({@code 0x10} hex, {@code 010} octal, else decimal), a name is one
 * of the error fields {@link #FIELDS} (others are ignored by the tool, here warned), and a field the
 * file does not name has threshold 0: a port is reported when a field is <em>above</em> its
 * threshold. No counters: the table {@value IbqueryerrorsReader#THRESHOLDS} (counter, threshold, line).
 *
 * <pre>{@code
 * Capture t = new ErrorThresholdsReader().read(Input.of(Path.of("error_thresholds")));
 * t.measurements("thresholds").get();
 * }</pre>
 */
public final class ErrorThresholdsReader implements CaptureReader {
    /** The fields ibqueryerrors takes thresholds for ({@code IB_PC_EXT_ERR_SYM_F .. IB_PC_EXT_XMT_WAIT_F}). */
    public static final List<String> FIELDS = List.of("SymbolErrorCounter", "LinkErrorRecoveryCounter", "LinkDownedCounter",
            "PortRcvErrors", "PortRcvRemotePhysicalErrors", "PortRcvSwitchRelayErrors", "PortXmitDiscards", "PortXmitConstraintErrors",
            "PortRcvConstraintErrors", "LocalLinkIntegrityErrors", "ExcessiveBufferOverrunErrors", "VL15Dropped", "PortXmitWait");

    @Override public String format() { return "error-thresholds"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        int known = 0;
        for (String l : in.head(30)) {
            String t = l.strip();
            if (t.startsWith("# Define error thresholds") || t.startsWith("# Define thresholds")) return 80;
            String u = t.startsWith("#") ? t.substring(1).strip() : t;
            int eq = u.indexOf('=');
            if (eq > 0 && FIELDS.contains(u.substring(0, eq).strip())) known++;
            else if (!t.startsWith("#")) return 0;
        }
        return known >= 1 ? 60 : 0;
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.PERFQUERY, file);
        StringColumn name = StringColumn.create("counter");
        LongColumn value = LongColumn.create("threshold");
        IntColumn line = IntColumn.create("line");
        LineCursor c = new LineCursor(in.text());
        int noise = 0;
        while (c.next()) {
            String t = c.line().strip();
            if (t.isEmpty() || t.startsWith("#")) { noise++; continue; }
            int eq = t.indexOf('=');
            if (eq <= 0) throw new CaptureException(file, c.number(), "expected 'Name=value' (ibqueryerrors threshold file), found '"
                    + LinkTable.abbreviate(t) + "'");
            String n = t.substring(0, eq).strip();
            long v = strtoul(t.substring(eq + 1).strip(), file, c.number());
            if (!FIELDS.contains(n)) {
                b.warn(file + ":" + c.number() + ": '" + n + "' is not an error field ibqueryerrors takes a threshold for; ignored");
                continue;
            }
            name.append(n); value.append(v); line.append(c.number());
        }
        b.measurements(IbqueryerrorsReader.THRESHOLDS, Measurement.of(IbqueryerrorsReader.THRESHOLDS, name, value, line));
        b.noise(noise);
        return b.build();
    }

    /** C's {@code strtoul(s, NULL, 0)} on a whole value: {@code 0x} hex, leading {@code 0} octal, else decimal. */
    static long strtoul(String s, String file, int line) {
        try {
            if (s.startsWith("0x") || s.startsWith("0X")) return Long.parseUnsignedLong(check(s.substring(2), 16), 16);
            if (s.length() > 1 && s.startsWith("0")) return Long.parseUnsignedLong(check(s.substring(1), 8), 8);
            return Long.parseUnsignedLong(check(s, 10));
        } catch (NumberFormatException e) {
            throw new CaptureException(file, line, "expected a threshold (decimal, 0x hex or 0 octal, as strtoul reads it), found '"
                    + LinkTable.abbreviate(s) + "'");
        }
    }

    private static String check(String digits, int radix) {
        if (digits.isEmpty() || digits.length() > 20) throw new NumberFormatException();
        for (int i = 0; i < digits.length(); i++) if (Character.digit(digits.charAt(i), radix) < 0) throw new NumberFormatException();
        if (Long.parseUnsignedLong(digits, radix) < 0) throw new NumberFormatException();
        return digits;
    }
}
