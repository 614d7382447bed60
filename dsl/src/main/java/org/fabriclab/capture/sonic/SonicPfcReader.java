package org.fabriclab.capture.sonic;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.catalogue.Source;

/**
 * Reads SONiC's {@code show pfc counters} (sonic-utilities' {@code pfcstat}): a {@code Port Rx} table and a
 * {@code Port Tx} table, each one row per switch port with the PFC frames counted on priorities {@code PFC0} to
 * {@code PFC7} (SAI's per-priority PFC receive and transmit packet counts). On the switch's port, Rx counts the pause
 * frames its peer (a NIC) sent it, and Tx the pause frames the switch sent its peer. Each cell is the counter
 * {@code Rx PFC<n>} or {@code Tx PFC<n>} of source {@link Source#SONIC}, whose meaning the catalogue gives; port
 * {@code switch EthernetN}. {@code N/A} (no value in the switch's counter database) is an absent counter, apart from
 * a counted 0. After {@code sonic-clear pfccounters} pfcstat prints {@code Last cached time was T} above each table
 * and the counts are changes since then: each port carries {@code counters_since} = T.
 *
 * <pre>{@code
 * Capture c = new SonicPfcReader().read(Input.of(Path.of("show_pfc_counters.txt")));
 * c.reading("switch Ethernet0", "rx_prio3_pause");     // pause frames the NIC sent the switch on priority 3
 * }</pre>
 */
public final class SonicPfcReader implements CaptureReader {
    private static final String RX = "Port Rx", TX = "Port Tx";

    @Override public String format() { return "sonic-pfcstat"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        String[] l = SonicTable.sniffHeader(in.head(8), 6);
        return l != null && (l[0].equals(RX) || l[0].equals(TX)) && l.length > 1 && l[1].startsWith("PFC") ? 95 : 0;
    }

    /**
     * @throws org.fabriclab.capture.CaptureException naming file and line for a header that is not {@code Port Rx} or
     *         {@code Port Tx} with {@code PFC<n>} columns, a row before a header, a row with another number of cells, a
     *         value that is neither a count nor {@code N/A}, or no row at all
     */
    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.SONIC, file);
        SonicTable.read(in, b, new SonicTable.Rows() {
            @Override public boolean accepts(SonicTable.Columns c) {
                if (!c.labels[0].equals(RX) && !c.labels[0].equals(TX)) return false;
                for (int i = 1; i < c.size(); i++) if (!c.labels[i].matches("PFC[0-7]")) return false;
                return c.size() > 1;
            }

            @Override public void row(SonicTable.Columns c, String[] cells, int line, String cleared) {
                String port = SonicTable.start(b, cells[0], file, line, cleared);
                String dir = c.labels[0].substring("Port ".length());
                for (int i = 1; i < cells.length; i++) {
                    SonicTable.counter(b, port, dir + " " + c.labels[i], cells[i], c.labels[0] + " " + c.labels[i], file, line);
                }
            }
        }, "pfcstat's 'Port Rx' or 'Port Tx' table (Port Rx  PFC0 ... PFC7)");
        return b.build();
    }
}
