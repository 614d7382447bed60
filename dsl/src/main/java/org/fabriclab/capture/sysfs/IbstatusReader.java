package org.fabriclab.capture.sysfs;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.CommandLine;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.catalogue.Source;

/**
 * Reads {@code ibstatus} (the infiniband-diags script): per port an
 * {@code Infiniband device 'mlx5_0' port 1 status:} line, then tab-indented {@code key:\t value}
 * lines. The script prints sysfs files of the port ({@code default gid} = {@code gids/0},
 * {@code base lid} = {@code lid}, {@code sm lid}, {@code state}, {@code phys state}, {@code rate},
 * {@code link_layer}), so they become the same port attributes as the sysfs reader's: {@code lid}
 * (decimal; 0 and a down port's {@code 0xffff} are not kept), {@code sm_lid}, {@code state} +
 * {@code state_id}, {@code phys_state} + {@code phys_state_id}, {@code rate} + {@code rate_gbps}, {@code link_layer}, and
 * {@code default_gid}. Attributes only, no counters. Port ids are {@code <dev>/<port>}.
 *
 * <pre>{@code
 * Capture c = new IbstatusReader().read(Input.of(Path.of("ibstatus.txt")));
 * c.attr("mlx5_0/1", "state");   // Optional[ACTIVE]
 * }</pre>
 *
 * A pasted capture's {@code ibstatus} command line (with or without its prompt) and a bare prompt after it
 * are noise. A file cut right after its last port header keeps the ports before it, with a warning.
 *
 * @throws CaptureException (from {@link #read}) for a field line before any port header, a line that
 *     is not {@code key: value}, or a port header with no fields under it in the middle of the file (or
 *     as the file's only port)
 */
public final class IbstatusReader implements CaptureReader {
    private static final Pattern HEADER = Pattern.compile("^Infiniband device '([^'\\s]+)' port (\\d+) status:$");
    /** ibstatus' labels and the sysfs file each prints. */
    private static final Map<String, String> FILES = Map.of("base lid", "lid", "sm lid", "sm_lid", "state", "state",
            "phys state", "phys_state", "rate", "rate", "link_layer", "link_layer");

    @Override public String format() { return "ibstatus"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        List<String> head = in.head(5);
        for (String l : head) if (HEADER.matcher(l.strip()).matches()) return 95;
        return 0;
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.SYSFS, file);
        SysfsPorts ports = new SysfsPorts(b);
        LineCursor c = new LineCursor(in.text());
        String dev = null, num = null;
        int headerLine = 0, fields = 0, blocks = 0, noise = 0;
        while (c.next()) {
            String t = c.line().strip();
            if (t.isEmpty()) { noise++; continue; }
            if (CommandLine.ownCommandOrPrompt(c.line(), "ibstatus")) { noise++; continue; }   // a paste's prompt
            Matcher h = HEADER.matcher(t);
            if (h.matches()) {
                checkBlock(dev, num, fields, file, headerLine);
                dev = h.group(1);
                num = h.group(2);
                headerLine = c.number();
                fields = 0;
                blocks++;
                continue;
            }
            int colon = t.indexOf(':');
            if (colon <= 0) {
                throw new CaptureException(file, c.number(), "expected 'key: value' as ibstatus prints, found '"
                        + SysfsReader.abbreviate(t) + "'");
            }
            if (dev == null) {
                throw new CaptureException(file, c.number(), "'" + SysfsReader.abbreviate(t) + "' before any "
                        + "\"Infiniband device '<dev>' port <n> status:\" line (is the file cut at the start?)");
            }
            String key = t.substring(0, colon).strip(), value = t.substring(colon + 1).strip();
            fields++;
            String sysfs = FILES.get(key);
            if (sysfs != null) ports.entry(dev + "/ports/" + num + "/" + sysfs, value, file, c.number());
            else if (key.equals("default gid")) b.attr(dev + "/" + num, "default_gid", value, c.number());
            else noise++;
        }
        if (dev != null && fields == 0 && blocks > 1) {
            // ibstatus prints every field under the header; none at the end of the file is a cut capture
            b.warn(file + ":" + headerLine + ": the file ends after the status line of " + dev + "/" + num + " (is it cut?); "
                    + "that port is left out");
        } else {
            checkBlock(dev, num, fields, file, headerLine);
        }
        if (blocks == 0) {
            throw new CaptureException(file, 0, "no \"Infiniband device '<dev>' port <n> status:\" line found; expected "
                    + "ibstatus output");
        }
        ports.finish();
        b.noise(noise + ports.ignored());
        return b.build();
    }

    private static void checkBlock(String dev, String num, int fields, String file, int line) {
        if (dev != null && fields == 0) {
            throw new CaptureException(file, line, "ibstatus block for " + dev + "/" + num + " holds no fields (is the file "
                    + "cut here?)");
        }
    }
}
