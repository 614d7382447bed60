package org.fabriclab.incident;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.check.CheckResult;
import org.fabriclab.check.CheckRow;
import org.fabriclab.check.Outcome;
import org.fabriclab.delta.ByLayer;
import org.fabriclab.delta.CounterDelta;
import org.fabriclab.reconcile.PortReconciliation;
import org.fabriclab.result.Html;
import org.fabriclab.verdict.Verdict;

import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The incident report in its three forms: text ({@code text/plain}), HTML and a JSON-ready map. The
 * sections, in order: the folder (snapshots, elapsed time, what else it held), a verdict card per port
 * (verdict, deciding counters, fabric, bytes moved and how they were found, the second opinion), why
 * the deciding layer wins, what moved grouped by layer (status and reason for every unusable counter),
 * the checks, the reconciliation, the pause analysis, the link's BER and module data, the next steps.
 * The charts follow ({@link Incident#charts()}).
 */
final class Report {
    private Report() {}

    static Table portTable(Incident inc) {
        StringColumn port = StringColumn.create("port"), fabric = StringColumn.create("fabric"), profile = StringColumn.create("profile"),
                verdict = StringColumn.create("verdict"), detail = StringColumn.create("deciding"), bytes = StringColumn.create("bytes_moved"),
                second = StringColumn.create("second_opinion");
        List<PortReport> worstFirst = new ArrayList<>(inc.ports());
        worstFirst.sort(java.util.Comparator.comparing(PortReport::verdict, Verdict.WORST_FIRST));
        for (PortReport p : worstFirst) {
            port.append(p.port()); fabric.append(p.fabric().kind().label()); profile.append(p.verdict().profile());
            verdict.append(p.verdict().verdict()); detail.append(String.join(", ", p.deciding()));
            bytes.append(BytesMoved.num(p.bytes().bytes()));
            second.append(p.second().profile() + ": " + p.second().verdict() + (p.second().detail().isEmpty() ? "" : " (" + String.join(", ", p.second().detail()) + ")"));
        }
        return Table.create("incident " + inc.label(), port, fabric, profile, verdict, detail, bytes, second);
    }

    static List<String> folderLines(Incident inc) {
        List<String> out = new ArrayList<>();
        List<String> folders = inc.snapshotFolders().stream().map(p -> p.getFileName().toString()).toList();
        out.add(folders.size() + " snapshots " + folders + "; the delta is between " + folders.get(0) + " and " + folders.get(folders.size() - 1));
        out.add(inc.elapsedHow());
        List<String> names = inc.delta().ports();
        if (names.size() <= LISTED) out.add(inc.ports().size() + (inc.ports().size() == 1 ? " port: " : " ports: ") + names);
        if (names.size() > 1) out.add(inc.verdictCounts());
        out.addAll(inc.folderNotes());
        // what the readers warned about, and the stray files skipped as no capture, per snapshot
        inc.snapshotWarnings().forEach((name, ws) -> ws.forEach(w -> out.add("warning (" + name + "): " + w)));
        return out;
    }

    /** How many port names the report lists in one line; past it, a count ({@link #cleanLine}, the folder lines). */
    static final int LISTED = 16;

    /** The clean ports without a card, in one line ({@code 1497 ports clean: lid 2/1, ... and 1477 more}); empty when none. */
    static List<String> cleanLine(Incident inc) {
        List<String> clean = inc.cleanPorts();
        if (clean.isEmpty()) return List.of();
        String shown = String.join(", ", clean.subList(0, Math.min(LISTED, clean.size())));
        return List.of(clean.size() + " ports clean: " + shown + (clean.size() > LISTED ? " and " + (clean.size() - LISTED) + " more" : "")
                + " (each one's report: ports(), port(name); the port table lists every port)");
    }

    static List<String> cardLines(PortReport p) {
        List<String> out = new ArrayList<>();
        Verdict v = p.verdict();
        out.add(p.port() + ": " + v.verdict().toUpperCase(java.util.Locale.ROOT) + (v.detail().isEmpty() ? "" : " (" + String.join(", ", v.detail()) + ")")
                + "  [profile " + v.profile() + "]");
        out.add("fabric " + p.fabric().kind() + " (" + p.fabric().how() + ")");
        out.add("bytes moved: " + BytesMoved.num(p.bytes().bytes()) + ", " + p.bytes().how());
        Verdict s = p.second();
        out.add("second opinion, profile " + s.profile() + ": " + s.verdict() + (s.detail().isEmpty() ? "" : " (" + String.join(", ", s.detail()) + ")")
                + (s.verdict().equals(v.verdict()) && s.detail().equals(v.detail()) ? ", the same" : ""));
        if (p.provisional() != null) {
            Verdict q = p.provisional();
            out.add("provisionally, without the missing counters: " + q.verdict() + (q.detail().isEmpty() ? "" : " (" + String.join(", ", q.detail()) + ")"));
        }
        return out;
    }

    static List<String> checkLines(CheckResult r) {
        List<String> out = new ArrayList<>(r.summaryLines());
        for (CheckRow row : r.rows()) {
            if (row.outcome() == Outcome.FAIL || row.outcome() == Outcome.NO_VERDICT) {
                out.add(row.outcome() + " " + row.port() + " " + row.name() + " = "
                        + (row.count() != null && row.check().equals(CheckRow.LIMIT) ? row.count().toString() : String.format(java.util.Locale.ROOT, "%.3g", row.value()))
                        + ": " + row.reason());
            }
        }
        return out;
    }

    static List<String> reconciliationLines(Incident inc) {
        List<String> out = new ArrayList<>();
        inc.reconciliation().ifPresent(r -> {
            for (PortReconciliation x : r.rows()) {
                out.add(x.port() + " " + x.role() + " " + x.test() + ": case " + x.verdict().label() + " — " + x.verdict().meaning());
                out.add(String.format(java.util.Locale.ROOT, "    perftest %.2f Gb/s, counters %.2f Gb/s, link %.0f Gb/s (perftest at %.1f%% of the link), xmit_wait %.0f per s",
                        PortReconciliation.gbps(x.perftestBytesPerSec()), PortReconciliation.gbps(x.counterBytesPerSec()), x.linkRateGbps(),
                        x.perftestToRate() * 100, x.xmitWaitPerSec()));
                if (x.reason() != null && !x.reason().isBlank()) out.add("    " + x.reason());
            }
            out.addAll(r.warnings().stream().map(w -> "warning: " + w).toList());
        });
        return out;
    }

    static String text(Incident inc) {
        StringBuilder sb = new StringBuilder("incident report: " + inc.label() + "\n");
        section(sb, "folder", folderLines(inc));
        for (PortReport p : inc.cards()) {
            section(sb, "verdict", cardLines(p));
            section(sb, "why", p.why());
        }
        if (!inc.cleanPorts().isEmpty()) section(sb, "clean", cleanLine(inc));
        sb.append("\nwhat moved, by layer\n");
        ByLayer g = inc.delta().byLayer();
        String bl = g.toString();
        sb.append(bl.substring(bl.indexOf('\n') + 1));
        section(sb, "check: zero tolerance (fleet gate)", checkLines(inc.zeroTolerance()));
        section(sb, "check: BER (hardware decision)", checkLines(inc.berCheck()));
        if (inc.reconciliation().isPresent()) section(sb, "reconciliation: perftest vs counters vs link rate", reconciliationLines(inc));
        section(sb, "pause", inc.pause().summaryLines());
        for (Table t : inc.linkTables()) section(sb, "link: " + t.name(), List.of(t.print().split("\n")));
        for (PortReport p : inc.cards()) section(sb, "next steps for " + p.port(), p.nextSteps());
        sb.append("\n").append(inc.charts().size()).append(" charts (shown as images in a notebook; charts() returns them)\n");
        return sb.toString();
    }

    private static void section(StringBuilder sb, String title, List<String> lines) {
        sb.append('\n').append(title).append('\n');
        for (String l : lines) sb.append("  ").append(l).append('\n');
    }

    static String html(Incident inc) {
        StringBuilder sb = new StringBuilder("<div class=\"fabriclab-incident\" style=\"font-family:sans-serif\">");
        sb.append("<h3>Incident report: ").append(Html.esc(inc.label())).append("</h3>");
        list(sb, folderLines(inc));
        sb.append("<h4>Verdict per port</h4>");
        for (PortReport p : inc.cards()) card(sb, p);
        list(sb, cleanLine(inc));
        sb.append("<h4>Why the deciding layer wins</h4>");
        for (PortReport p : inc.cards()) {
            if (inc.ports().size() > 1) sb.append("<h5>").append(Html.esc(p.port())).append("</h5>");
            list(sb, p.why());
        }
        sb.append("<h4>What moved, by layer</h4>");
        ByLayer g = inc.delta().byLayer();
        sb.append("<p>Only counters that moved or cannot be used (").append(inc.delta().changed().quiet())
          .append(" quiet counters left out; <code>delta().table()</code> lists every counter).</p>");
        if (g.layers().isEmpty()) sb.append("<p>nothing moved and every counter is usable</p>");
        for (var l : g.layers()) {
            sb.append("<h5>").append(Html.esc(ByLayer.heading(l))).append("</h5>");
            sb.append(Html.table(g.table().where(g.table().stringColumn("layer").isEqualTo(l.label())).removeColumns("rank", "layer", "source"), 200));
        }
        sb.append("<h4>Checks</h4>");
        check(sb, "zero tolerance (fleet gate)", inc.zeroTolerance());
        check(sb, "BER (hardware decision)", inc.berCheck());
        inc.reconciliation().ifPresent(r -> {
            sb.append("<h4>Reconciliation: perftest vs counters vs link rate</h4>");
            list(sb, reconciliationLines(inc));
            sb.append(Html.table(r.table(), 50));
        });
        sb.append("<h4>Pause</h4>");
        list(sb, inc.pause().summaryLines());
        if (!inc.pause().window().isEmpty()) sb.append(Html.table(inc.pause().table(), 100));
        if (!inc.linkTables().isEmpty()) {
            sb.append("<h4>Link: BER, module and optics (mlxlink, ethtool -m)</h4>");
            for (Table t : inc.linkTables()) sb.append("<h5>").append(Html.esc(t.name())).append("</h5>").append(Html.table(t, 50));
        }
        sb.append("<h4>Next steps</h4>");
        for (PortReport p : inc.cards()) {
            if (inc.ports().size() > 1) sb.append("<h5>").append(Html.esc(p.port())).append("</h5>");
            list(sb, p.nextSteps());
        }
        sb.append("<h4>Charts</h4><p>").append(inc.charts().size()).append(" charts below: what moved in layer rank order, the counters per layer")
          .append(inc.reconciliation().isPresent() ? ", the reconciliation" : "").append(inc.pause().hasPauseCounters() ? ", the pause duty cycle" : "")
          .append(".</p>");
        return sb.append("</div>").toString();
    }

    private static void card(StringBuilder sb, PortReport p) {
        Verdict v = p.verdict();
        String colour = v.colour();
        sb.append("<div class=\"fabriclab-verdict\" style=\"border-left:6px solid ").append(colour).append(";padding:4px 10px;margin:6px 0\">")
          .append("<b>").append(Html.esc(p.port())).append("</b> &mdash; <span style=\"color:").append(colour).append(";font-weight:bold;font-size:120%\">")
          .append(Html.esc(v.verdict())).append("</span> <small>(profile ").append(Html.esc(v.profile())).append(")</small>");
        if (!v.detail().isEmpty()) sb.append("<div>deciding: <b>").append(Html.esc(String.join(", ", v.detail()))).append("</b></div>");
        List<String> l = cardLines(p);
        for (String line : l.subList(1, l.size())) sb.append("<div>").append(Html.esc(line)).append("</div>");
        if (!v.reasons().isEmpty()) {
            sb.append("<details><summary>").append(v.reasons().size()).append(" counters not used as a measurement</summary><ul>");
            v.reasons().forEach((k, r) -> sb.append("<li>").append(Html.esc(k)).append(": ").append(Html.esc(r)).append("</li>"));
            sb.append("</ul></details>");
        }
        sb.append("</div>");
    }

    private static void check(StringBuilder sb, String title, CheckResult r) {
        sb.append("<h5>").append(Html.esc(title)).append("</h5>");
        list(sb, checkLines(r));
    }

    private static void list(StringBuilder sb, List<String> lines) {
        if (lines.isEmpty()) return;
        sb.append("<ul>");
        for (String l : lines) sb.append("<li>").append(Html.esc(l)).append("</li>");
        sb.append("</ul>");
    }

    static Map<String, Object> map(Incident inc) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("folder", inc.dir().toString());
        m.put("snapshots", inc.snapshotFolders().stream().map(p -> p.getFileName().toString()).toList());
        m.put("elapsed_s", finite(inc.elapsedSeconds()));
        m.put("elapsed_how", inc.elapsedHow());
        List<Map<String, Object>> ports = new ArrayList<>();
        for (PortReport p : inc.ports()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("port", p.port());
            x.put("fabric", p.fabric().kind().label());
            x.put("fabric_how", p.fabric().how());
            x.put("bytes_moved", finite(p.bytes().bytes()));
            x.put("bytes_how", p.bytes().how());
            x.put("verdict", clean(p.verdict().toMap()));
            x.put("second_opinion", clean(p.second().toMap()));
            x.put("provisional", p.provisional() == null ? null : clean(p.provisional().toMap()));
            x.put("why", p.why());
            x.put("next_steps", p.nextSteps());
            ports.add(x);
        }
        m.put("ports", ports);
        List<Map<String, Object>> moved = new ArrayList<>();
        for (CounterDelta c : inc.delta().changed()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("port", c.port()); x.put("layer", c.layer().label()); x.put("counter", c.counter()); x.put("delta", c.delta());
            x.put("status", c.status().toString()); x.put("reason", c.reason());
            moved.add(x);
        }
        m.put("changed", moved);
        m.put("zero_tolerance", checkMap(inc.zeroTolerance()));
        m.put("ber", checkMap(inc.berCheck()));
        inc.reconciliation().ifPresent(r -> m.put("reconciliation", r.rows().stream().map(x -> {
            Map<String, Object> y = new LinkedHashMap<>();
            y.put("port", x.port()); y.put("role", x.role()); y.put("case", x.verdict().label()); y.put("reason", x.reason());
            return y;
        }).toList()));
        m.put("pause", clean(inc.pause().toMap()));
        m.put("folder_notes", inc.folderNotes());
        m.put("exit_code", inc.exitCode());
        return m;
    }

    private static Map<String, Object> checkMap(CheckResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("policy", r.policy().label());
        Map<String, Object> c = new LinkedHashMap<>();
        r.counts().forEach((k, v) -> c.put(k.toString(), v));
        m.put("counts", c);
        m.put("exit_code", r.exitCode());
        m.put("failed", r.rows().stream().filter(x -> x.outcome() == Outcome.FAIL).map(x -> x.port() + " " + x.name()).toList());
        return m;
    }

    private static Object finite(double v) { return Double.isFinite(v) ? v : null; }

    /** The map with NaN and infinite doubles as null, recursively (JSON has no NaN). */
    @SuppressWarnings("unchecked")
    static Map<String, Object> clean(Map<String, Object> m) {
        Map<String, Object> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(k, cleanValue(v)));
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Object cleanValue(Object v) {
        if (v instanceof Double d) return Double.isFinite(d) ? d : null;
        if (v instanceof Map<?, ?> mm) return clean((Map<String, Object>) mm);
        if (v instanceof List<?> l) return l.stream().map(Report::cleanValue).toList();
        return v;
    }
}
