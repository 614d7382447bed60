package org.fabriclab.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;

import org.fabriclab.history.History;
import org.fabriclab.history.Labels;
import org.fabriclab.history.RateRule;
import org.fabriclab.history.Thresholds;
import org.fabriclab.verdict.Classifier;
import org.fabriclab.verdict.Profiles;
import org.fabriclab.verdict.Verdict;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetsTest {
    static final long SEED = Datasets.DEFAULT_SEED;
    static Path out;
    static List<String> names;

    @BeforeAll static void generate(@TempDir Path tmp) {
        out = tmp.resolve("datasets");
        names = Datasets.writeAll(out, SEED, 12, 2);
    }

    static List<Path> files(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).map(root::relativize).sorted().toList();
        }
    }

    @Test void sameSeedGivesByteIdenticalFiles(@TempDir Path tmp) throws IOException {
        Path again = tmp.resolve("again");
        Datasets.writeAll(again, SEED, 12, 2);
        List<Path> a = files(out), b = files(again);
        assertEquals(a, b);
        assertTrue(a.size() > 60, "every scenario wrote its files: " + a.size());
        for (Path f : a) assertArrayEquals(Files.readAllBytes(out.resolve(f)), Files.readAllBytes(again.resolve(f)), f.toString());
        Path other = tmp.resolve("other");
        Datasets.writeAll(other, SEED + 1, 12, 2);
        assertFalse(java.util.Arrays.equals(Files.readAllBytes(out.resolve("history/history.csv.gz")),
                Files.readAllBytes(other.resolve("history/history.csv.gz"))), "another seed, another history");
    }

    @Test void rewritingReplacesTheFolderAndLeavesNoTemporaries(@TempDir Path tmp) throws IOException {
        Path d = tmp.resolve("ds");
        Datasets.writeAll(d, SEED, 3, 1);
        Files.writeString(d.resolve("stale.txt"), "left over");
        Datasets.writeAll(d, SEED, 3, 1);
        assertFalse(Files.exists(d.resolve("stale.txt")));
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(List.of("ds"), s.map(p -> p.getFileName().toString()).toList());
        }
    }

    /** The committed datasets/ is what the generator writes (the history's CSV is checked by the tuning test). */
    @Test void committedDatasetsAreCurrent() throws IOException {
        Path committed = Path.of("..", "datasets");
        for (Path f : files(out)) {
            if (f.startsWith("history") || f.toString().equals("README.md")) continue;
            assertArrayEquals(Files.readAllBytes(out.resolve(f)), Files.readAllBytes(committed.resolve(f)),
                    "datasets/" + f + " differs from a fresh generation: run ./fabriclab datasets");
        }
        HistorySet.Design d = HistorySet.generate(Datasets.HISTORY_PORTS, Datasets.HISTORY_DAYS, SEED ^ 0x51, HistorySet.COUNTERS, true);
        Path check = Files.createDirectories(out.resolveSibling("history-check"));
        d.writeLabels(check.resolve("labels.csv"));
        d.manifest().write(check);
        for (String f : List.of("labels.csv", "scenario.json")) {
            assertTrue(java.util.Arrays.equals(Files.readAllBytes(committed.resolve("history").resolve(f)),
                    Files.readAllBytes(check.resolve(f))), "datasets/history/" + f + " differs from a fresh generation");
        }
    }

    /** Every incident scenario's files give, through the runbook's classifier, the verdict its manifest states. */
    @Test void incidentScenariosHaveTheirStatedAnswer() throws IOException {
        int checked = 0;
        for (String n : names) {
            JsonNode m = Out.JSON.readTree(out.resolve(n).resolve("scenario.json").toFile());
            if (!m.path("kind").asText().endsWith("-incident")) continue;
            Map<String, Long> before = Seen.side(out.resolve(n).resolve("before"));
            Map<String, Long> after = Seen.side(out.resolve(n).resolve("after"));
            double bytes = m.get("bytes_moved").asDouble();
            var it = m.get("expected").fields();
            while (it.hasNext()) {
                var e = it.next();
                Verdict v = Classifier.classify(Profiles.named(e.getKey()), before, after, bytes, m.get("cong_per_gb").asDouble());
                JsonNode exp = e.getValue().get(m.get("port").asText());
                assertEquals(exp.get("verdict").asText(), v.verdict(), n + " " + e.getKey() + ": " + v);
                List<String> detail = new ArrayList<>();
                exp.get("detail").forEach(x -> detail.add(x.asText()));
                assertEquals(detail, v.detail(), n + " " + e.getKey());
                checked++;
            }
            for (String side : List.of("before", "after")) {
                Path ibstat = out.resolve(n).resolve(side).resolve("ibstat.txt");
                if (Files.exists(ibstat)) {
                    String s = Files.readString(ibstat);
                    assertTrue(s.startsWith("CA 'mlx5_0'\n") && s.contains("\t\tRate: 200\n") && s.contains("\t\tState: Active\n")
                            && s.contains("\t\tBase lid: " + m.get("lid").asInt() + "\n") && s.matches("(?s).*Port GUID: 0x[0-9a-f]{16}\n.*"), s);
                }
                Path link = out.resolve(n).resolve(side).resolve("rdma-link.txt");
                if (Files.exists(link)) assertTrue(Files.readString(link).matches("link mlx5_0/1 state ACTIVE physical_state LINK_UP netdev \\S+ \n"));
            }
        }
        assertEquals(17, checked, "profiles x scenarios checked");
    }

    @Test void flappingLinkIsPeggedOnlyInTheClassicCopy() throws IOException {
        Path d = out.resolve("ib-flapping-link");
        assertEquals(255, Seen.perfquery(d.resolve("after/perfquery.txt"), false).get("LinkDownedCounter"));
        assertFalse(Seen.perfquery(d.resolve("after/perfquery-x.txt"), true).containsKey("LinkDownedCounter"),
                "no extended error counters on this port");
        assertFalse(Seen.ethtool(out.resolve("roce-pfc-disabled/after/ethtool.txt")).containsKey("rx_prio3_pause"));
        assertTrue(Seen.ethtool(out.resolve("roce-congestion-10gb/after/ethtool.txt")).containsKey("rx_prio3_pause_duration"));
    }

    static final Pattern BW_ROW = Pattern.compile(" (\\d+)\\s+(\\d+)\\s+([\\d.]+)\\s+([\\d.]+)\\s+([\\d.]+)");

    /** The seed's three cases, applied here from the files: A at line rate, B far below (xmit_wait ~0 or not), C above. */
    @Test void reconciliationScenariosFallInTheirCase() throws IOException {
        int checked = 0;
        for (String n : names) {
            JsonNode m = Out.JSON.readTree(out.resolve(n).resolve("scenario.json").toFile());
            if (!m.path("kind").asText().equals("reconciliation")) continue;
            List<String> log = Files.readAllLines(out.resolve(n).resolve("perftest.log"));
            int header = log.indexOf(" #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]");
            assertTrue(header > 0, n);
            Matcher row = BW_ROW.matcher(log.get(header + 1));
            assertTrue(row.lookingAt(), log.get(header + 1));
            boolean bidir = log.stream().anyMatch(l -> l.contains("Bidirectional BW Test"));
            double bw = Double.parseDouble(row.group(4)) * 1_048_576;                      // perftest's MB is 2^20 bytes
            assertTrue(log.get(0).startsWith("$ ib_write_bw -d mlx5_0 -i 1 "), log.get(0));
            double seconds = Double.parseDouble(log.get(0).replaceAll(".* -D (\\d+) .*", "$1"));   // duration mode: T is known
            double payload = Double.parseDouble(row.group(1)) * Double.parseDouble(row.group(2));
            assertEquals(bidir ? bw / 2 : bw, payload / seconds, 0.001 * bw, n + ": iterations x size over -D is the reported rate");
            String ibstat = Files.readString(out.resolve(n).resolve("after/ibstat.txt"));
            double rate = Integer.parseInt(ibstat.replaceAll("(?s).*Rate: (\\d+).*", "$1")) * 1e9 / 8;
            Map<String, Long> b = Seen.perfquery(out.resolve(n).resolve("before/perfquery-x.txt"), true);
            Map<String, Long> a = Seen.perfquery(out.resolve(n).resolve("after/perfquery-x.txt"), true);
            double counterRate = 4.0 * (a.get("PortXmitData") - b.get("PortXmitData")) / seconds;
            double waitPerSecond = (a.get("PortXmitWait") - b.get("PortXmitWait")) / seconds;
            String kase = bw > rate ? "C" : bw > 0.9 * rate ? "A" : bw < 0.5 * rate ? (waitPerSecond < 1_000 ? "B1" : "B2") : "?";
            assertEquals(m.get("expected_case").asText(), kase, n);
            assertTrue(counterRate <= rate, n + ": one direction never exceeds the link rate on the counters");
            if (!bidir) assertEquals(1.0, counterRate / bw, 0.01, n + ": counters carry the payload plus headers");
            else assertEquals(0.5, counterRate / bw, 0.01, n + ": each direction is half the reported aggregate");
            checked++;
        }
        assertEquals(4, checked);
    }

    @Test void degradingOpticCrossesItsLimitsWhenTheManifestSays() throws IOException {
        Path d = out.resolve("degrading-optic");
        JsonNode m = Out.JSON.readTree(d.resolve("scenario.json").toFile());
        List<String> lines = Files.readAllLines(d.resolve("ufm-telemetry.csv"));
        List<String> h = List.of(lines.get(0).split(","));
        for (String c : List.of("timestamp", "Node_GUID", "port_guid", "Port_Number", "SymbolErrorCounterExtended",
                "PortRcvPktsExtended", "PortRcvErrorsExtended", "LinkDownedCounterExtended", "Total_Raw_BER", "Effective_BER",
                "Symbol_BER", "Module_Temperature", "Module_Voltage")) {
            assertTrue(h.contains(c), c);
        }
        String bad = m.get("degrading_port").asText();
        long firstTemp = -1, firstBer = -1;
        long prevSym = -1;
        for (String l : lines.subList(1, lines.size())) {
            String[] f = l.split(",");
            String port = "guid " + f[h.indexOf("port_guid")] + "/" + f[h.indexOf("Port_Number")];
            long tMs = Long.parseLong(f[0]) / 1000;
            double temp = Double.parseDouble(f[h.indexOf("Module_Temperature")]);
            double ber = Double.parseDouble(f[h.indexOf("Effective_BER")]);
            if (!port.equals(bad)) {
                assertTrue(temp <= 70 && ber <= 1e-12, "healthy port " + port + " crossed a limit at " + tMs);
                continue;
            }
            long sym = Long.parseLong(f[h.indexOf("SymbolErrorCounterExtended")]);
            assertTrue(sym >= prevSym, "cumulative");
            prevSym = sym;
            if (temp > 70 && firstTemp < 0) firstTemp = tMs;
            if (ber > 1e-12 && firstBer < 0) firstBer = tMs;
        }
        assertEquals(m.get("first_temperature_above_limit_ms").asLong(), firstTemp);
        assertEquals(m.get("first_effective_ber_above_limit_ms").asLong(), firstBer);
        assertTrue(firstBer > m.get("drift_starts_ms").asLong());
        for (JsonNode f : m.get("files").get("mlxlink")) {
            String s = Files.readString(d.resolve(f.asText()));
            assertTrue(s.contains("Physical Counters and BER Info\n") && s.matches("(?s).*Raw Physical BER\\s+: \\d+E-\\d+\n.*")
                    && s.matches("(?s).*Temperature \\[C\\]\\s+: \\d+ \\[-5\\.\\.75\\]\n.*"), f.asText());
        }
    }

    @Test void theHistorySetLoadsAndSweepsToItsDesign() {
        Path d = out.resolve("history");
        History h = History.load(d.resolve("history.csv.gz"));
        assertEquals(12, h.ports().size());
        assertEquals(12 * 2 * 288, h.rows());
        HistorySet.Design design = HistorySet.generate(12, 2, SEED ^ 0x51, HistorySet.COUNTERS, true);
        double[] th = Thresholds.log(100, 100_000, 50);
        long[][] e = design.expected(th);
        var t = h.sweep(RateRule.congestion(), th, Labels.load(d.resolve("labels.csv"))).table();
        for (int i = 0; i < th.length; i++) assertEquals(e[i][0], t.longColumn("alerts").getLong(i), "alerts at " + th[i]);
        for (String c : HistorySet.COUNTERS) {
            assertArrayEquals(design.history().values(c), h.values(c), c + ": the CSV round trip is exact");
        }
    }

    /** The one-second pause series uses the history CSV layout, so it loads as a history; its totals match the snapshots. */
    @Test void pauseSeriesLoadsAsAHistoryAndSumsToTheSnapshotDelta() throws IOException {
        for (String n : List.of("roce-lossless-broken", "roce-pause-storm", "roce-congestion-10gb", "roce-congestion-1tb")) {
            History h = History.load(out.resolve(n).resolve("pause-series.csv"));
            assertEquals(List.of("mlx5_0/1"), h.ports());
            assertEquals(61, h.rows());
            assertEquals(1000, h.stepMs());
            Map<String, Long> b = Seen.side(out.resolve(n).resolve("before")), a = Seen.side(out.resolve(n).resolve("after"));
            for (String c : List.of("tx_bytes_phy", "rx_prio3_pause", "rx_prio3_pause_duration", "tx_prio3_pause_duration",
                    "tx_pause_storm_error_events", "rx_discards_phy")) {
                long[] v = h.values(c);
                assertEquals(b.get(c), v[0], n + " " + c + " starts at the before snapshot");
                assertEquals(a.get(c), v[60], n + " " + c + " ends at the after snapshot");
            }
        }
        // the storm is a mass of long pauses inside its window; congestion is many short ones
        History storm = History.load(out.resolve("roce-pause-storm/pause-series.csv"));
        long[] d = storm.values("tx_prio3_pause_duration"), p = storm.values("tx_prio3_pause"), e = storm.values("tx_pause_storm_error_events");
        double inside = (double) (d[45] - d[21]) / (p[45] - p[21]);
        assertTrue(inside > 100, "mean tx pause in the storm window: " + inside + " us");
        assertEquals(e[60] - e[0], e[45] - e[20], "stall events only inside the storm window");
        History cong = History.load(out.resolve("roce-congestion-10gb/pause-series.csv"));
        long[] cd = cong.values("rx_prio3_pause_duration"), cp = cong.values("rx_prio3_pause");
        assertEquals(3.0, (double) (cd[60] - cd[0]) / (cp[60] - cp[0]), 0.01, "congestion: 3 us per pause over the test");
    }

    /** A one-second sample never holds more than one second of pause (microseconds) on a priority and direction. */
    @Test void noSampleIsPausedLongerThanItLasts() throws IOException {
        for (String n : List.of("roce-lossless-broken", "roce-pause-storm", "roce-congestion-10gb", "roce-congestion-1tb")) {
            History h = History.load(out.resolve(n).resolve("pause-series.csv"));
            for (String c : List.of("rx_prio3_pause_duration", "tx_prio3_pause_duration")) {
                long[] v = h.values(c);
                for (int s = 1; s < v.length; s++) {
                    assertTrue(v[s] - v[s - 1] <= 1_000_000L, n + " " + c + " second " + s + ": " + (v[s] - v[s - 1]) + " us paused");
                }
            }
        }
    }
}
