package org.fabriclab.capture.sonic;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.catalogue.Binding;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Source;

/**
 * Reads SONiC's {@code show priority-group drop counters} (sonic-utilities' {@code pg-drop -c show}): under
 * {@code Ingress PG dropped packets:} one table, {@code Port  PG0  PG1 ...} (one column per ingress priority group the
 * switch counts, up to {@code PG15} on some ASICs), one row per port. A cell is the packets the port dropped at that
 * ingress priority group (SAI {@code INGRESS_PRIORITY_GROUP_STAT_DROPPED_PACKETS}), read as the per-group counter of
 * source {@link Source#SONIC} raw-named {@code PG<g> dropped packets}, the group's index travelling as a queue index
 * does (the groups sum to the port); {@code N/A} is absent.
 *
 * <p>Group g in 0..7 is also read as priority g's, under {@code priority <g> PG dropped packets}, where the catalogue
 * names it: an ingress drop on a lossless priority's group is its headroom overflowing, the sender kept sending after
 * the switch's pause (or the headroom is too small for the cable), the switch's side of a NIC's per-priority buffer
 * discard. <b>Assumed:</b> group g holds priority g. SONiC's default QoS (sonic-buildimage
 * {@code files/build_templates/qos_config.j2}: {@code TC_TO_PRIORITY_GROUP_MAP} and
 * {@code PFC_PRIORITY_TO_PRIORITY_GROUP_MAP} "AZURE") gives the lossless priorities 3 and 4 groups 3 and 4 of their
 * own, but gathers priorities 0, 1, 2, 5 and 6 in group 0; the capture's warning says so. After
 * {@code sonic-clear priority-group drop counters} pg-drop prints the counts less a saved copy with no line saying so.
 *
 * <pre>{@code
 * Capture c = new SonicPgDropReader().read(Input.of(Path.of("pg_drops.txt")));
 * c.queueReadings("switch Ethernet0", "sonic_pg_drop");   // one reading per group, queue() its index
 * }</pre>
 */
public final class SonicPgDropReader implements CaptureReader {
    private static final String PORT = "Port";
    /** What a count of a group is in raw names: {@code PG3 dropped packets}, {@code priority 3 PG dropped packets}. */
    private static final String DROPPED = "dropped packets", AS_PRIORITY = "PG dropped packets";
    private static final Pattern GROUP = Pattern.compile("PG(\\d{1,6})");
    private static final String EXPECTED = "pg-drop's table (Port  PG0  PG1 ... under 'Ingress PG dropped packets:')";

    @Override public String format() { return "sonic-pg-drop"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        String[] l = SonicTable.sniffHeader(in.head(8), 6);
        return l != null && l.length > 1 && l[0].equals(PORT) && GROUP.matcher(l[1]).matches() ? 95 : 0;
    }

    /**
     * @throws CaptureException naming file and line for a header that is not {@code Port} and {@code PG<g>} columns, a
     *         row with another number of cells, a value that is neither a count nor {@code N/A}, a row before the
     *         header, or no row at all
     */
    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.SONIC, file);
        boolean[] asPriority = {false};
        SonicTable.read(in, b, new SonicTable.Rows() {
            @Override public boolean accepts(SonicTable.Columns c) {
                if (c.size() < 2 || !c.labels[0].equals(PORT)) return false;
                for (int i = 1; i < c.size(); i++) if (!GROUP.matcher(c.labels[i]).matches()) return false;
                return true;
            }

            @Override public void row(SonicTable.Columns c, String[] cells, int n, String cleared) {
                String port = SonicTable.start(b, cells[0], file, n, cleared);
                for (int i = 1; i < cells.length; i++) {
                    Matcher m = GROUP.matcher(c.labels[i]);
                    if (!m.matches()) throw new IllegalStateException("accepts took " + c.labels[i]);
                    SonicTable.counter(b, port, c.labels[i] + " " + DROPPED, cells[i], c.labels[i], file, n);
                    String p = QueuePriority.asPriority(Integer.parseInt(m.group(1)), AS_PRIORITY);
                    if (p == null) continue;
                    SonicTable.counter(b, port, p, cells[i], c.labels[i], file, n);
                    asPriority[0] = true;
                }
            }
        }, EXPECTED);
        if (asPriority[0]) b.warn(warning(file));
        return b.build();
    }

    private static String warning(String file) {
        String canonical = Catalogue.standard().lookup(Source.SONIC, "priority 3 " + AS_PRIORITY).map(Binding::canonical).orElse("priority n's drops");
        return file + ": ingress priority group PGn read as priority n's (PG3 is " + canonical + "): SONiC's default QoS gives the lossless "
                + "priorities 3 and 4 groups 3 and 4 of their own but gathers priorities 0, 1, 2, 5 and 6 in PG0, and pg-drop does not print "
                + "the mapping: check 'show runningconfiguration all' (TC_TO_PRIORITY_GROUP_MAP, PFC_PRIORITY_TO_PRIORITY_GROUP_MAP) before "
                + "reading a group's drops as one priority's";
    }
}
