package org.fabriclab.capture.sonic;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Measurement;
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Source;

import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;

/**
 * Reads SONiC's {@code show pfc counters --history} ({@code pfcstat --history}): per port and priority
 * ({@code Port  Priority  ...}, a blank line between ports) the pause history the PFC watchdog's detect script keeps on
 * receive: {@code RX Pause Transitions} (times the priority went from sending to paused) and {@code Total RX Pause Time US}
 * (microseconds the port was held by received pause frames) are counters, {@code PFC<n> <label>} of source
 * {@link Source#SONIC}; the two {@code Recent RX Pause ...} columns describe the last pause only (its length, and when
 * it started, as the switch's local time with no zone), not a count: they form the {@code pfc_recent} table (port,
 * line, priority, {@code recent_rx_pause_us}, {@code recent_rx_pause_at} as printed). {@code N/A} is absent, as in
 * {@link SonicPfcReader}.
 *
 * <pre>{@code
 * Capture c = new SonicPfcHistoryReader().read(Input.of(Path.of("pfc_history.txt")));
 * c.reading("switch Ethernet0", "rx_prio3_pause_duration");
 * c.measurements("pfc_recent");
 * }</pre>
 */
public final class SonicPfcHistoryReader implements CaptureReader {
    /** The table of the last pause per port and priority. */
    public static final String RECENT = "pfc_recent";
    private static final String PORT = "Port", PRIORITY = "Priority";
    private static final String RECENT_US = "Recent RX Pause Time US", RECENT_AT = "Recent RX Pause Timestamp";

    @Override public String format() { return "sonic-pfcstat-history"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        String[] l = SonicTable.sniffHeader(in.head(8), 6);
        return l != null && l.length > 2 && l[0].equals(PORT) && l[1].equals(PRIORITY) && l[2].contains("Pause") ? 95 : 0;
    }

    /**
     * @throws CaptureException naming file and line for a header that is not {@code Port  Priority  ...}, a priority that is
     *         not {@code PFC0} to {@code PFC7}, a value that is neither a count nor {@code N/A}, or no row at all
     */
    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.SONIC, file);
        StringColumn port = StringColumn.create("port"), at = StringColumn.create("recent_rx_pause_at");
        IntColumn line = IntColumn.create("line"), prio = IntColumn.create("priority");
        LongColumn us = LongColumn.create("recent_rx_pause_us");
        SonicTable.read(in, b, new SonicTable.Rows() {
            @Override public boolean accepts(SonicTable.Columns c) {
                return c.size() > 2 && c.labels[0].equals(PORT) && c.labels[1].equals(PRIORITY);
            }

            @Override public void row(SonicTable.Columns c, String[] cells, int n, String cleared) {
                String p = SonicTable.start(b, cells[0], file, n, cleared);
                String pfc = cells[1];
                if (!pfc.matches("PFC[0-7]")) {
                    throw new CaptureException(file, n, "expected a priority PFC0 to PFC7 in the Priority column, found '"
                            + Values.abbreviate(pfc) + "'");
                }
                boolean recent = false;
                Long recentUs = null;
                String recentAt = null;
                for (int i = 2; i < cells.length; i++) {
                    String label = c.labels[i];
                    if (label.equals(RECENT_US)) {
                        recent = true;
                        if (!cells[i].equals(SonicTable.NA)) {
                            if (!SonicTable.isCount(cells[i]) || cells[i].startsWith("-")) {
                                throw new CaptureException(file, n, "expected microseconds for '" + label + "', found '" + Values.abbreviate(cells[i]) + "'");
                            }
                            recentUs = Values.parseCounter(cells[i].replace(",", ""), file, n);
                        }
                    } else if (label.equals(RECENT_AT)) {
                        recent = true;
                        if (!cells[i].equals(SonicTable.NA)) recentAt = cells[i];
                    } else {
                        SonicTable.counter(b, p, pfc + " " + label, cells[i], label, file, n);
                    }
                }
                if (recent) {
                    port.append(p);
                    line.append(n);
                    prio.append(pfc.charAt(3) - '0');
                    if (recentUs == null) us.appendMissing(); else us.append(recentUs);
                    at.append(recentAt == null ? "" : recentAt);
                }
            }
        }, "pfcstat --history's table (Port  Priority  RX Pause Transitions ...)");
        if (!port.isEmpty()) b.measurements(RECENT, Measurement.of(RECENT, port, line, prio, us, at));
        return b.build();
    }
}
