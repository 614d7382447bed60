package org.fabriclab.check.health.replay;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fabriclab.check.health.fec.Failures;
import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Two or more replays of the same history side by side: isolations, distinct links isolated, how many
 * of those links failed afterwards (a labelled failure within the horizon after the isolation),
 * de-isolations, links declared unrecoverable, actions not taken, and how many labelled failures each
 * caught (the link isolated by the plugin when it failed, {@link ReplayResult#caught}) with the median
 * lead time.
 *
 * <pre>{@code
 * PolicyComparison.of(failures, 24 * 3_600_000L, iblr, pdr).table();
 * }</pre>
 */
public final class PolicyComparison implements Renderable {
    private final Table table;

    private PolicyComparison(Table table) { this.table = table; }

    public static PolicyComparison of(Failures failures, long horizonMs, ReplayResult... results) {
        StringColumn name = StringColumn.create("policy");
        IntColumn iso = IntColumn.create("isolations"), links = IntColumn.create("links isolated"), failing = IntColumn.create("isolated links that failed"),
                de = IntColumn.create("de-isolations"), unrec = IntColumn.create("declared unrecoverable"), not = IntColumn.create("actions not taken"),
                nf = IntColumn.create("labelled failures"), caught = IntColumn.create("failures caught");
        DoubleColumn lead = DoubleColumn.create("median lead h");
        for (ReplayResult r : results) {
            FabricView v = r.view();
            Set<Integer> isolated = new HashSet<>(), failed = new HashSet<>();
            int notTaken = 0;
            for (ReplayEvent e : r.events()) {
                if (!e.kind().actionTaken()) notTaken++;
                if (e.kind() != EventKind.ISOLATION) continue;
                int l = v.link(e.port());
                isolated.add(l);
                for (String end : List.of(v.a.get(l), v.b.get(l))) {
                    long f = failures.next(end, e.time() - 1);
                    if (f > 0 && f - e.time() <= horizonMs) failed.add(l);
                }
            }
            Table c = r.caught(failures);
            List<Double> leads = new ArrayList<>();
            int n = 0;
            for (int i = 0; i < c.rowCount(); i++) {
                if (c.stringColumn("caught").get(i).equals("yes")) { n++; leads.add(c.doubleColumn("lead h").get(i)); }
            }
            leads.sort(null);
            name.append(r.ruleSet().label()); iso.append(r.events(EventKind.ISOLATION).size()); links.append(isolated.size()); failing.append(failed.size());
            de.append(r.events(EventKind.DE_ISOLATION).size()); unrec.append(r.events(EventKind.DECLARED_UNRECOVERABLE).size()); not.append(notTaken);
            nf.append(c.rowCount()); caught.append(n);
            lead.append(leads.isEmpty() ? Double.NaN : leads.size() % 2 == 1 ? leads.get(leads.size() / 2)
                    : (leads.get(leads.size() / 2 - 1) + leads.get(leads.size() / 2)) / 2);
        }
        return new PolicyComparison(Table.create("policies on the same history", name, iso, links, failing, de, unrec, not, nf, caught, lead));
    }

    @Override public Table table() { return table; }
    @Override public String toHtml() { return Html.section("policies compared", List.of(), table); }

    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rows", Html.rows(table));
        return m;
    }

    @Override public String toString() { return table.print(); }
}
