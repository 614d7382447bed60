package org.fabriclab.reconcile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;

import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The reconciliation result: one row per perftest run and port, the warnings, and the explanation
 * that perftest reports payload while port counters count headers too.
 *
 * <pre>{@code
 * Reconciliation r = Reconcile.of(perftest).counters(before, after).duration(10).result();
 * r.rows().get(0).verdict();   // Case.A
 * }</pre>
 */
public final class Reconciliation implements Renderable {
    /** Why counter bytes exceed perftest bytes; printed with every result. */
    public static final String PAYLOAD_VS_WIRE = "perftest reports payload: message bytes per second as the application "
            + "sees them. Port counters (PortXmitData/PortRcvData, in 4-byte words, x4 = bytes) count everything on the "
            + "wire: LRH/GRH/BTH headers, ICRC/VCRC, ACKs and other traffic on the port, so counter-derived bandwidth is "
            + "normally a few percent above perftest's; a counter figure below perftest's means a wrong port, a counter "
            + "window that missed the test, or data words read as bytes.";

    private final List<PortReconciliation> rows;
    private final List<String> notes;

    public Reconciliation(List<PortReconciliation> rows, List<String> notes) {
        this.rows = List.copyOf(rows);
        this.notes = List.copyOf(notes);
    }

    public List<PortReconciliation> rows() { return rows; }
    public List<String> notes() { return notes; }

    /** Every warning of every row, once, in order. */
    public List<String> warnings() {
        List<String> out = new ArrayList<>();
        for (PortReconciliation r : rows) for (String w : r.warnings()) if (!out.contains(w)) out.add(w);
        return out;
    }

    /** 0 every row has a case, 4 some row has no verdict. */
    public int exitCode() {
        return rows.isEmpty() || rows.stream().anyMatch(r -> r.verdict() == Case.NO_VERDICT) ? 4 : 0;
    }

    @Override public Table table() {
        StringColumn port = StringColumn.create("port"), role = StringColumn.create("role"), test = StringColumn.create("test"),
                unit = StringColumn.create("unit"), cse = StringColumn.create("case"), reason = StringColumn.create("reason"),
                warn = StringColumn.create("warnings"), file = StringColumn.create("file");
        BooleanColumn bidi = BooleanColumn.create("bidirectional");
        DoubleColumn dur = DoubleColumn.create("duration_s"), pf = DoubleColumn.create("perftest_gbps"),
                cx = DoubleColumn.create("counter_xmit_gbps"), cr = DoubleColumn.create("counter_rcv_gbps"),
                cg = DoubleColumn.create("counter_gbps"), rate = DoubleColumn.create("link_rate_gbps"),
                pr = DoubleColumn.create("perftest_to_rate"), crr = DoubleColumn.create("counter_to_rate"),
                cp = DoubleColumn.create("counter_to_perftest"), xw = DoubleColumn.create("xmit_wait_per_s"),
                pb = DoubleColumn.create("perftest_bytes_per_s"), cb = DoubleColumn.create("counter_bytes_per_s");
        LongColumn xwds = LongColumn.create("xmit_data_words"), rwds = LongColumn.create("rcv_data_words");
        for (PortReconciliation r : rows) {
            port.append(r.port()); role.append(r.role()); test.append(r.test()); unit.append(r.unit()); bidi.append(r.bidirectional());
            dur.append(r.durationS()); pf.append(PortReconciliation.gbps(r.perftestBytesPerSec()));
            cx.append(PortReconciliation.gbps(r.counterXmitBytesPerSec())); cr.append(PortReconciliation.gbps(r.counterRcvBytesPerSec()));
            cg.append(PortReconciliation.gbps(r.counterBytesPerSec())); rate.append(r.linkRateGbps());
            pr.append(r.perftestToRate()); crr.append(r.counterToRate()); cp.append(r.counterToPerftest()); xw.append(r.xmitWaitPerSec());
            pb.append(r.perftestBytesPerSec()); cb.append(r.counterBytesPerSec());
            if (r.xmitWords() == null) xwds.appendMissing(); else xwds.append(r.xmitWords());
            if (r.rcvWords() == null) rwds.appendMissing(); else rwds.append(r.rcvWords());
            cse.append(r.verdict().label()); reason.append(r.reason()); warn.append(String.join(" | ", r.warnings())); file.append(r.file());
        }
        return Table.create("reconciliation", port, role, test, bidi, unit, dur, pf, cx, cr, cg, rate, pr, crr, cp, xw, cse, reason,
                warn, pb, cb, xwds, rwds, file);
    }

    public List<String> summaryLines() {
        List<String> out = new ArrayList<>();
        for (PortReconciliation r : rows) {
            out.add(String.format(Locale.ROOT, "%s (%s %s): case %s, perftest %.2f Gb/s, counters %.2f Gb/s, link %s Gb/s, xmit_wait %.0f/s: %s",
                    r.port(), r.role(), r.test(), r.verdict().label(), PortReconciliation.gbps(r.perftestBytesPerSec()),
                    PortReconciliation.gbps(r.counterBytesPerSec()), Double.isNaN(r.linkRateGbps()) ? "?" : fmt(r.linkRateGbps()),
                    r.xmitWaitPerSec(), r.reason()));
        }
        for (String w : warnings()) out.add("warning: " + w);
        out.addAll(notes);
        out.add(PAYLOAD_VS_WIRE);
        return out;
    }

    private static String fmt(double v) { return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v); }

    @Override public String toString() {
        StringBuilder sb = new StringBuilder();
        for (String l : summaryLines()) sb.append(l).append('\n');
        return sb.toString();
    }

    @Override public String toHtml() { return Html.section("bandwidth vs counters", summaryLines(), table()); }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rows", Html.rows(table()));
        m.put("warnings", warnings());
        m.put("notes", notes);
        m.put("explanation", PAYLOAD_VS_WIRE);
        m.put("exit_code", exitCode());
        return m;
    }
}
