package org.fabriclab.capture.sonic;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.catalogue.Source;

/**
 * Reads SONiC's {@code show interfaces counters} ({@code portstat}) in its table forms: the default one
 * ({@code IFACE  STATE  RX_OK  RX_BPS  RX_UTIL  RX_ERR  RX_DRP  RX_OVR  TX_OK ...}), {@code -a} (adds {@code RX_PPS},
 * {@code TX_PPS} and the trimming counts {@code TRIM}, {@code TRIM_TX}, {@code TRIM_DRP}), {@code errors} ({@code -e}),
 * {@code rates} ({@code -R}), {@code trim} ({@code -T}) and {@code fec-histogram} ({@code BIN0} ... {@code BIN15}). The
 * counts are counters of source {@link Source#SONIC} named by their column label (their meaning is the catalogue's), on
 * port {@code switch EthernetN}; {@code N/A} is absent; {@code STATE} is the {@code state} attribute; the rate columns
 * form the {@code port_rates} table (bytes/s, packets/s, percent), never counters. {@code fec-stats} has a reader of its
 * own ({@link SonicFecStatsReader}). After {@code sonic-clear counters} ({@code portstat -c}) the counts are changes
 * since the saved copy, whose time {@code Last cached time was T} gives ({@code counters_since}).
 *
 * <pre>{@code
 * Capture c = new SonicPortstatReader().read(Input.of(Path.of("show_interfaces_counters.txt")));
 * c.reading("switch Ethernet4", "sonic_rx_drp");        // RX_DRP: packets the switch port dropped on receive
 * c.measurements("port_rates");
 * }</pre>
 */
public final class SonicPortstatReader implements CaptureReader {
    @Override public String format() { return "sonic-portstat"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        String[] l = SonicTable.sniffHeader(in.head(8), 6);
        return l != null && l[0].equals(PortstatTables.IFACE) && l.length > 1 && !PortstatTables.isFec(l)
                && (l[1].equals(PortstatTables.STATE) || l[1].equals("BIN0")) ? 95 : 0;
    }

    /**
     * @throws org.fabriclab.capture.CaptureException naming file and line for a header that does not start {@code IFACE},
     *         a row with another number of cells than its header, a count that is neither digits (with {@code ,} between
     *         thousands) nor {@code N/A}, a rate that is not as portstat prints it, {@code portstat -p} output, or no row
     */
    @Override public Capture read(Input in) {
        return PortstatTables.read(in, "portstat's table (IFACE  STATE  RX_OK ...)");
    }
}
