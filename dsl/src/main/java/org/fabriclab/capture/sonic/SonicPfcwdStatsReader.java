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
 * Reads SONiC's {@code show pfcwd stats} (sonic-utilities' {@code pfcwd show stats}): one row per switch queue the PFC
 * watchdog watches ({@code Ethernet0:3} is queue 3 of {@code switch Ethernet0}), each count cell a pair {@code A/B}.
 * {@code STORM DETECTED/RESTORED} (storms, a count), {@code TX OK/DROP} and {@code RX OK/DROP} (packets the queue sent
 * and dropped, and its ingress priority group received and dropped, while it was stormed, summed over storms) are
 * per-queue counters of source {@link Source#SONIC}, raw names {@code queue <q> STORM DETECTED}, {@code queue <q> TX
 * DROP} and so on, whose meaning the catalogue gives. {@code TX LAST OK/DROP} and {@code RX LAST OK/DROP} hold the
 * last (or current) storm only, set back to 0 when a storm starts: not counters, they form the {@value #LAST} table
 * (port, line, queue, {@code status}, {@code tx_ok}, {@code tx_drop}, {@code rx_ok}, {@code rx_drop}, packets; a
 * missing value for {@code N/A}). {@code STATUS} ({@code operational}, or {@code stormed} while the queue is held) is
 * the port's attribute {@code pfcwd_status_q<q>}. {@code N/A} is absent, apart from a counted 0.
 *
 * <p>Without {@code -e} pfcwd leaves out every queue whose counts are all 0, so a header with no row under it is read:
 * no watched queue has had a storm; the capture then holds no reading and says so in a warning.
 *
 * <pre>{@code
 * Capture c = new SonicPfcwdStatsReader().read(Input.of(Path.of("pfcwd_stats.txt")));
 * c.queueReadings("switch Ethernet0", "sonic_pfcwd_storm_detected");   // one reading per queue, queue() its index
 * c.attr("switch Ethernet0", "pfcwd_status_q3");                       // operational or stormed
 * }</pre>
 */
public final class SonicPfcwdStatsReader implements CaptureReader {
    /** The table of each queue's last storm. */
    public static final String LAST = "pfcwd_last";
    /** The attribute key of queue {@code q}'s watchdog status. */
    public static String statusKey(int q) { return "pfcwd_status_q" + q; }

    private static final String QUEUE = "QUEUE", STATUS = "STATUS";
    private static final String EXPECTED = "pfcwd show stats' table (QUEUE  STATUS  STORM DETECTED/RESTORED  TX OK/DROP ...)";

    @Override public String format() { return "sonic-pfcwd-stats"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        String[] l = SonicTable.sniffHeader(in.head(8), 6);
        return l != null && l.length > 2 && l[0].equals(QUEUE) && l[1].equals(STATUS) && l[2].startsWith("STORM DETECTED") ? 95 : 0;
    }

    /**
     * @throws CaptureException naming file and line for a header that is not pfcwd's, a queue that is not
     *         {@code PORT:INDEX}, a cell that is not two counts {@code A/B} (or {@code N/A}), or a line before any header
     */
    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.SONIC, file);
        StringColumn port = StringColumn.create("port"), status = StringColumn.create("status");
        IntColumn line = IntColumn.create("line"), queue = IntColumn.create("queue");
        LongColumn txOk = LongColumn.create("tx_ok"), txDrop = LongColumn.create("tx_drop");
        LongColumn rxOk = LongColumn.create("rx_ok"), rxDrop = LongColumn.create("rx_drop");
        int rows = SonicTable.read(in, b, new SonicTable.Rows() {
            @Override public boolean accepts(SonicTable.Columns c) {
                if (c.size() < 3 || !c.labels[0].equals(QUEUE) || !c.labels[1].equals(STATUS)) return false;
                for (int i = 2; i < c.size(); i++) if (c.labels[i].indexOf('/') < 0) return false;
                return true;
            }

            @Override public boolean mayBeEmpty() { return true; }

            @Override public void row(SonicTable.Columns c, String[] cells, int n, String cleared) {
                String name = cells[0];
                int colon = name.lastIndexOf(':');
                String index = colon < 0 ? "" : name.substring(colon + 1);
                if (colon <= 0 || !index.matches("\\d{1,6}")) {
                    throw new CaptureException(file, n, "expected a queue PORT:INDEX such as Ethernet0:3 in the QUEUE column, found '"
                            + Values.abbreviate(name) + "'");
                }
                int q = Integer.parseInt(index);
                String p = SonicTable.start(b, name.substring(0, colon), file, n, cleared);
                if (!cells[1].equals(SonicTable.NA)) b.attr(p, statusKey(q), cells[1], n);
                Long[] last = {null, null, null, null};
                for (int i = 2; i < cells.length; i++) {
                    String label = c.labels[i];
                    String[] names = names(label, file, c.headerLine);
                    String[] pair = pair(cells[i], label, file, n);
                    if (label.contains(" LAST ")) {
                        int at = label.startsWith("TX") ? 0 : label.startsWith("RX") ? 2 : -1;
                        if (at < 0) throw new CaptureException(file, c.headerLine, "expected TX LAST OK/DROP or RX LAST OK/DROP, found '" + label + "'");
                        last[at] = packets(pair[0], label, file, n);
                        last[at + 1] = packets(pair[1], label, file, n);
                    } else {
                        SonicTable.counter(b, p, "queue " + q + " " + names[0], pair[0], label, file, n);
                        SonicTable.counter(b, p, "queue " + q + " " + names[1], pair[1], label, file, n);
                    }
                }
                port.append(p);
                line.append(n);
                queue.append(q);
                status.append(cells[1].equals(SonicTable.NA) ? "" : cells[1]);
                append(txOk, last[0]);
                append(txDrop, last[1]);
                append(rxOk, last[2]);
                append(rxDrop, last[3]);
            }
        }, EXPECTED);
        if (rows == 0) {
            b.warn(file + ": no queue row: pfcwd show stats leaves out queues whose counts are all 0 (no storm on any watched queue); "
                    + "'show pfcwd stats -e' prints them");
        } else {
            b.measurements(LAST, Measurement.of(LAST, port, line, queue, status, txOk, txDrop, rxOk, rxDrop));
        }
        return b.build();
    }

    /**
     * The two counter names a header {@code A B/C} stands for: {@code STORM DETECTED/RESTORED} is {@code STORM DETECTED}
     * and {@code STORM RESTORED}, {@code TX OK/DROP} is {@code TX OK} and {@code TX DROP}.
     */
    private static String[] names(String label, String file, int line) {
        int slash = label.indexOf('/'), blank = label.lastIndexOf(' ', slash);
        if (slash < 0 || blank < 0 || label.indexOf('/', slash + 1) >= 0) {
            throw new CaptureException(file, line, "expected a header 'WHAT A/B' such as 'TX OK/DROP', found '" + Values.abbreviate(label) + "'");
        }
        String what = label.substring(0, blank);
        return new String[] {what + " " + label.substring(blank + 1, slash), what + " " + label.substring(slash + 1)};
    }

    private static String[] pair(String cell, String label, String file, int line) {
        String[] pair = cell.split("/", -1);
        if (pair.length != 2 || !ok(pair[0]) || !ok(pair[1])) {
            throw new CaptureException(file, line, "expected two counts A/B for '" + label + "' (digits or N/A each), found '"
                    + Values.abbreviate(cell) + "'");
        }
        return pair;
    }

    private static boolean ok(String s) { return s.equals(SonicTable.NA) || (SonicTable.isCount(s) && !s.startsWith("-")); }

    private static Long packets(String s, String label, String file, int line) {
        return s.equals(SonicTable.NA) ? null : Values.parseCounter(s.replace(",", ""), file, line);
    }

    private static void append(LongColumn c, Long v) {
        if (v == null) c.appendMissing(); else c.append(v);
    }
}
