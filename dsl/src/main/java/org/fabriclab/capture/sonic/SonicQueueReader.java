package org.fabriclab.capture.sonic;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.catalogue.Source;

/**
 * Reads SONiC's {@code show queue counters} (sonic-utilities' {@code queuestat}), also for one port
 * ({@code show queue counters Ethernet0}), with {@code --all} or {@code --trim}, and with {@code --nonzero}: one table per
 * port, header {@code Port  TxQ  Counter/pkts  Counter/bytes  Drop/pkts  Drop/bytes} ({@code --all} adds
 * {@code Trim/pkts  TrimSent/pkts  TrimDrop/pkts}, {@code --trim} has only those), one row per egress queue of the port
 * ({@code UC0}.. unicast, {@code MC10}.. multicast, {@code ALL20}.. both: type and index, see {@link QueuePriority}).
 * Each count is the per-queue counter of source {@link Source#SONIC} raw-named {@code <queue> <column>}
 * ({@code UC3 Drop/pkts}: packets, {@code /bytes}: bytes; SAI {@code QUEUE_STAT_PACKETS}, {@code _BYTES},
 * {@code _DROPPED_PACKETS}, {@code _DROPPED_BYTES}, {@code _TRIM_PACKETS}, {@code _TX_TRIM_PACKETS},
 * {@code _DROPPED_TRIM_PACKETS}), whose meaning the catalogue gives; the queues of a port sum to it. A unicast queue
 * 0..7 is also read as its priority's where the catalogue names that count (the drops), under the assumption that
 * priority n is queue n, which the capture's warnings state ({@link QueuePriority}). {@code N/A} (a counter the
 * switch's database lacks, as on {@code ALL} queues) is absent, apart from a counted 0.
 *
 * <p>Lines that are not table rows: {@code For namespace asic0:} above each table (empty after {@code namespace} on a
 * one-ASIC switch), and after {@code sonic-clear queuecounters} {@code Ethernet0 Last cached time was T} above each port's
 * table (counts then changes since T, never below 0: {@code counters_since} = T on the port). {@code --voq} (a chassis's
 * virtual output queues, column {@code Voq}) is refused: its ports are system ports of other line cards.
 *
 * <pre>{@code
 * Capture c = new SonicQueueReader().read(Input.of(Path.of("show_queue_counters.txt")));
 * c.queueReadings("switch Ethernet0", "sonic_queue_drop_packets");   // one reading per queue, queue() its index
 * }</pre>
 */
public final class SonicQueueReader implements CaptureReader {
    static final String PORT = "Port", TXQ = "TxQ", VOQ = "Voq";
    private static final String EXPECTED = "queuestat's table (Port  TxQ  Counter/pkts  Counter/bytes  Drop/pkts  Drop/bytes)";

    @Override public String format() { return "sonic-queuestat"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        String[] l = SonicTable.sniffHeader(in.head(8), 6);
        return l != null && l.length > 2 && l[0].equals(PORT) && (l[1].equals(TXQ) || l[1].equals(VOQ)) ? 95 : 0;
    }

    /**
     * @throws CaptureException naming file and line for a header that is not queuestat's (or its {@code --voq} one), a
     *         queue that is not {@code UCn}, {@code MCn} or {@code ALLn}, a row with another number of cells, a value that
     *         is neither a count nor {@code N/A}, a row before any header, or no row at all
     */
    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.SONIC, file);
        String[] asPriority = {null};
        SonicTable.read(in, b, new SonicTable.Rows() {
            @Override public boolean accepts(SonicTable.Columns c) {
                if (c.size() > 1 && c.labels[0].equals(PORT) && c.labels[1].equals(VOQ)) {
                    throw new CaptureException(file, c.headerLine, "queuestat --voq (a chassis's virtual output queues, ports "
                            + "LINECARD|ASIC|EthernetN) is not read; expected " + EXPECTED);
                }
                return c.size() > 2 && c.labels[0].equals(PORT) && c.labels[1].equals(TXQ);
            }

            @Override public void row(SonicTable.Columns c, String[] cells, int n, String cleared) {
                String port = SonicTable.start(b, cells[0], file, n, cleared);
                QueuePriority q = QueuePriority.of(cells[1], file, n);
                for (int i = 2; i < cells.length; i++) {
                    if (q.put(b, port, c.labels[i], cells[i], file, n) && asPriority[0] == null) asPriority[0] = c.labels[i];
                }
            }
        }, EXPECTED);
        if (asPriority[0] != null) b.warn(QueuePriority.warning(file, asPriority[0]));
        return b.build();
    }
}
