package org.fabriclab.incident;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fabriclab.delta.Delta;
import org.fabriclab.verdict.Classifier;
import org.fabriclab.verdict.Profile;
import org.fabriclab.verdict.Profiles;
import org.fabriclab.verdict.Verdict;
import org.fabriclab.verdict.Verdicts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * incident(dir) on a capture of a whole fabric rather than one host: {@code perfquery -x} of every switch port before and
 * after (what {@code ibqueryerrors} or a loop of perfquery over the fabric gives), most ports quiet, a few at fault. The
 * report leads with the ports at fault, worst first, and names the quiet ones in one line instead of a card each; a host's
 * few ports keep a card each, clean ones too. (Its speed on 1,500 ports is measured by bench/incident-scale.sh.)
 */
class IncidentFabricWideTest {
    @TempDir Path tmp;

    /** 40 switch ports (lid 2..41, port 1); lid 7 and lid 31 gain symbol errors, lid 20 waits far above the congestion bar. */
    private Path fabric(int ports) throws IOException {
        Path dir = tmp.resolve("fabric-" + ports);
        for (String side : List.of("before", "after")) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < ports; i++) {
                int lid = i + 2;
                boolean after = side.equals("after");
                long data = 1_000_000_000L * lid + (after ? 250_000_000L : 0);   // 1 GB each way in 4-octet words
                long sym = 3 + (after && (lid == 7 || lid == 31) ? 500 : 0);
                long wait = 10 + (after && lid == 20 ? 50_000_000L : 0);
                sb.append("# Port extended counters: Lid ").append(lid).append(" port 1 (CapMask: 0x5300 CapMask2: 0x0000002)\n")
                  .append("PortSelect:......................1\nCounterSelect:...................0x0000\n")
                  .append("PortXmitData:....................").append(data).append('\n')
                  .append("PortRcvData:.....................").append(data).append('\n')
                  .append("PortXmitPkts:....................").append(data / 64).append('\n')
                  .append("PortRcvPkts:.....................").append(data / 64).append('\n')
                  .append("CounterSelect2:..................0x00000000\n")
                  .append("SymbolErrorCounter:..............").append(sym).append('\n')
                  .append("LinkErrorRecoveryCounter:........0\nLinkDownedCounter:...............1\nPortRcvErrors:...................0\n")
                  .append("PortXmitDiscards:................0\nPortXmitWait:....................").append(wait).append('\n');
            }
            Files.createDirectories(dir.resolve(side));
            Files.writeString(dir.resolve(side).resolve("perfquery.txt"), sb.toString());
        }
        return dir;
    }

    @Test void theReportLeadsWithThePortsAtFaultAndNamesTheQuietOnesInOneLine() throws IOException {
        Incident inc = Incident.of(fabric(40));
        assertEquals(40, inc.ports().size());
        List<String> cards = inc.cards().stream().map(p -> p.port() + " " + p.verdict().verdict()).toList();
        assertEquals(List.of("lid 7/1 physical", "lid 31/1 physical", "lid 20/1 congestion"), cards, "worst first, file order within a layer");
        assertEquals(37, inc.cleanPorts().size());
        assertEquals("40 ports: 2 physical, 1 congestion, 37 clean", inc.verdictCounts());

        String text = inc.toString();
        assertTrue(text.contains("37 ports clean: lid 2/1, lid 3/1, lid 4/1, "), text);
        assertTrue(text.contains(" and 21 more (each one's report"), text);
        assertFalse(text.contains("lid 2/1: CLEAN"), "no card for a quiet port of a fabric-wide capture");
        assertTrue(text.indexOf("lid 7/1: PHYSICAL") < text.indexOf("lid 20/1: CONGESTION"), text);
        assertFalse(text.contains("40 ports: [lid 2/1,"), "forty port names are counted, not listed, in the folder lines");

        String html = inc.toHtml();
        assertEquals(3, count(html, "class=\"fabriclab-verdict\""), "a card for each port at fault, none for the 37 quiet ones");
        String verdicts = inc.verdicts().toHtml();
        assertTrue(verdicts.contains("37 ports clean (not shown as cards"), verdicts);
        assertEquals(List.of("lid 7/1", "lid 31/1", "lid 20/1", "lid 2/1"),
                inc.table().stringColumn("port").asList().subList(0, 4), "the port table is worst first too");
        assertEquals(3, inc.exitCode());
    }

    @Test void aHostsFewPortsKeepACardEachCleanOnesToo() throws IOException {
        Incident inc = Incident.of(fabric(Verdicts.CLEAN_CARDS + 1));   // lid 2..10: lid 7 physical, 8 clean
        assertEquals(List.of("lid 7/1"), inc.cards().subList(0, 1).stream().map(PortReport::port).toList());
        assertEquals(Verdicts.CLEAN_CARDS + 1, inc.cards().size());
        assertTrue(inc.cleanPorts().isEmpty());
        assertTrue(inc.toString().contains("lid 2/1: CLEAN"));
        assertTrue(inc.toString().contains("9 ports: [lid 2/1, lid 3/1,"), "a host's ports are still listed");
    }

    /** The one-port classification the report grades each port with is the delta's own classification of that port. */
    @Test void aPortGradedAloneGetsTheVerdictTheWholeDeltaGivesIt() throws IOException {
        Incident inc = Incident.of(fabric(40));
        Delta d = Delta.between(inc.snapshots().get(0), inc.snapshots().get(1));
        for (Profile p : List.of(Profiles.IB, Profiles.IB_FULL)) {
            for (double bytes : new double[] {1e9, 3.3e12}) {
                for (double bar : new double[] {1000, 20}) {
                    Verdicts all = d.moved(bytes).classify(p, bar);
                    for (String port : d.ports()) {
                        assertEquals(all.port(port).orElseThrow(), Classifier.classify(d, port, p, bytes, bar), port + " " + p.name());
                    }
                }
            }
        }
    }

    @Test void worstFirstOrdersLayersByRankThenNoVerdictThenClean() {
        Map<String, String> by = Map.of();
        List<Verdict> vs = new java.util.ArrayList<>();
        for (String v : List.of("clean", "congestion", "incomplete", "physical", "transport-retry", "clean", "unusable")) {
            vs.add(new Verdict("p" + vs.size(), "ib", v, List.of(), List.of(), by, Map.of(), 1e9, 1000));
        }
        vs.sort(Verdict.WORST_FIRST);
        assertEquals(List.of("physical", "transport-retry", "congestion", "incomplete", "unusable", "clean", "clean"),
                vs.stream().map(Verdict::verdict).toList());
        assertEquals(Set.of("p0", "p5"), Set.copyOf(vs.subList(5, 7).stream().map(Verdict::port).toList()));
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) n++;
        return n;
    }
}
