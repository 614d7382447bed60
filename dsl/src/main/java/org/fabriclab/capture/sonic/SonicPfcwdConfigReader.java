package org.fabriclab.capture.sonic;

import java.util.ArrayList;
import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.catalogue.Source;

/**
 * Reads SONiC's {@code show pfcwd config} (sonic-utilities' {@code pfcwd show config}): one row per switch port the PFC
 * watchdog is configured on, attributes only, no counter. Per port {@code switch EthernetN}: {@code pfcwd_action}
 * ({@code drop}, {@code forward} or {@code alert}: what the watchdog does to a stormed queue), {@code
 * pfcwd_detection_time_ms} and {@code pfcwd_restoration_time_ms} (milliseconds, as printed; a restoration time the
 * switch's config leaves unset is printed {@code infinite} and kept so), {@code pfcwd_history} ({@code enable} or
 * {@code disable}: whether the PFC history {@code show pfc counters --history} reads is kept; older sonic-utilities
 * print no such column). The lines above the table, {@code Changed polling interval to Nms} and
 * {@code BIG_RED_SWITCH status is S}, hold for the whole switch and are put on every port as {@code
 * pfcwd_poll_interval_ms} (milliseconds) and {@code pfcwd_big_red_switch}. {@code N/A} (no value configured) is no
 * attribute. A header with no row (no port has the watchdog) is read with a warning.
 *
 * <pre>{@code
 * Capture c = new SonicPfcwdConfigReader().read(Input.of(Path.of("pfcwd_config.txt")));
 * c.attr("switch Ethernet0", "pfcwd_detection_time_ms");    // "200"
 * }</pre>
 */
public final class SonicPfcwdConfigReader implements CaptureReader {
    private static final String PORT = "PORT", ACTION = "ACTION", DETECTION = "DETECTION TIME";
    private static final String[][] KEYS = {
        {ACTION, "pfcwd_action"}, {DETECTION, "pfcwd_detection_time_ms"}, {"RESTORATION TIME", "pfcwd_restoration_time_ms"},
        {"HISTORY", "pfcwd_history"}};

    @Override public String format() { return "sonic-pfcwd-config"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        String[] l = SonicTable.sniffHeader(in.head(8), 6);
        return l != null && l.length > 2 && l[0].equals(PORT) && l[1].equals(ACTION) && l[2].equals(DETECTION) ? 95 : 0;
    }

    /**
     * @throws org.fabriclab.capture.CaptureException naming file and line for a header that is not pfcwd's
     *         {@code PORT  ACTION  DETECTION TIME ...}, a row of another number of cells, or a line before any header
     */
    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.SONIC, file);
        String poll = null, brs = null;
        int pollLine = 0, brsLine = 0;
        List<String> lines = in.lines();
        for (int i = 0; i < lines.size(); i++) {
            String t = lines.get(i).strip();
            if (t.startsWith(SonicTable.POLL) && poll == null) {
                poll = first(t.substring(SonicTable.POLL.length()));
                if (poll.endsWith("ms")) poll = poll.substring(0, poll.length() - 2);
                pollLine = i + 1;
            } else if (t.startsWith(SonicTable.BIG_RED_SWITCH) && brs == null) {
                brs = first(t.substring(SonicTable.BIG_RED_SWITCH.length()));
                brsLine = i + 1;
            }
        }
        List<String> ports = new ArrayList<>();
        int rows = SonicTable.read(in, b, new SonicTable.Rows() {
            @Override public boolean accepts(SonicTable.Columns c) {
                return c.size() > 2 && c.labels[0].equals(PORT) && c.labels[1].equals(ACTION) && c.labels[2].equals(DETECTION);
            }

            @Override public boolean mayBeEmpty() { return true; }

            @Override public void row(SonicTable.Columns c, String[] cells, int n, String cleared) {
                String p = SonicTable.start(b, cells[0], file, n, cleared);
                ports.add(p);
                for (int i = 1; i < cells.length; i++) {
                    if (cells[i].equals(SonicTable.NA)) continue;
                    String key = null;
                    for (String[] k : KEYS) if (k[0].equals(c.labels[i])) key = k[1];
                    b.attr(p, key != null ? key : "pfcwd " + c.labels[i], cells[i], n);
                }
            }
        }, "pfcwd show config's table (PORT  ACTION  DETECTION TIME  RESTORATION TIME ...)");
        for (String p : ports) {
            if (poll != null) b.attr(p, "pfcwd_poll_interval_ms", poll, pollLine);
            if (brs != null) b.attr(p, "pfcwd_big_red_switch", brs, brsLine);
        }
        if (rows == 0) b.warn(file + ": no port row: the PFC watchdog is configured on no port");
        return b.build();
    }

    /** The first word of {@code s}: a multi-ASIC switch adds {@code on asicN} after the value. */
    private static String first(String s) {
        String t = s.strip();
        int blank = t.indexOf(' ');
        return blank < 0 ? t : t.substring(0, blank);
    }
}
