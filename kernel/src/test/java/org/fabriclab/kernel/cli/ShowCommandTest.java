package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code show} prints every table of a capture: the measurement tables are in {@code --csv} and
 * {@code --json} too, each row tagged with its table; every public capture reads without an error.
 */
class ShowCommandTest {

    private static Path publicDir() {
        String d = System.getProperty("fabriclab.publicCaptures", "none");
        Assumptions.assumeTrue(!d.isBlank() && !d.equals("none") && !d.startsWith("${") && Files.isDirectory(Path.of(d)),
                "public captures not available");
        return Path.of(d);
    }

    @Test void perftestCsvAndJsonHoldTheBandwidthRow() throws Exception {
        Path log = publicDir().resolve("perftest_ib_write_bw_loopback_8M_superbench.log");
        AnalysisCommandsTest.Run csv = AnalysisCommandsTest.run("show", log.toString(), "--csv");
        assertEquals(0, csv.code(), csv.err());
        List<String> lines = csv.out().lines().toList();
        assertTrue(lines.get(0).startsWith("table,file,"), lines.get(0));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("bandwidth,") && l.contains("8388608") && l.contains("24056.72")),
                csv.out());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("perftest_run,")), csv.out());
        AnalysisCommandsTest.Run json = AnalysisCommandsTest.run("show", log.toString(), "--json");
        assertEquals(0, json.code(), json.err());
        boolean found = false;
        for (String l : json.out().lines().toList()) {
            JsonNode n = TableOutput.Json.MAPPER.readTree(l);
            if (n.get("table").asText().equals("bandwidth") && n.get("msg_bytes").asLong() == 8388608L) {
                found = true;
                assertEquals(24056.72, n.get("bw_average").asDouble());
                assertTrue(n.get("msg_bytes").isIntegralNumber(), "longs stay numbers");
            }
        }
        assertTrue(found, json.out());
    }

    /**
     * Text of a capture that holds no counter (a perftest log) starts with its own tables, not an empty
     * counters table; a capture with counters beside its tables (mlxlink) still prints the counters first.
     */
    @Test void textLeavesOutAnEmptyCountersTable() {
        Path ds = Path.of("..", "datasets");
        AnalysisCommandsTest.Run perftest = AnalysisCommandsTest.run("show", ds.resolve(Path.of("reconcile-a-line-rate", "perftest.log")).toString());
        assertEquals(0, perftest.code(), perftest.err());
        String firstTitle = perftest.out().lines().filter(l -> !l.isBlank()).findFirst().orElseThrow().strip();
        assertEquals("perftest_run", firstTitle, perftest.out());
        assertTrue(perftest.out().lines().noneMatch(l -> l.strip().equals(ShowCommand.TITLE)), perftest.out());
        AnalysisCommandsTest.Run mlxlink = AnalysisCommandsTest.run("show", ds.resolve(Path.of("degrading-optic", "mlxlink", "day00.txt")).toString());
        assertEquals(0, mlxlink.code(), mlxlink.err());
        assertEquals(ShowCommand.TITLE, mlxlink.out().lines().filter(l -> !l.isBlank()).findFirst().orElseThrow().strip(), mlxlink.out());
    }

    @Test void everyPublicCaptureShowsWithoutError() throws IOException {
        Path dir = publicDir();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.sorted().toList()) {
                if (p.getFileName().toString().equals("SOURCES.md")) continue;
                for (String f : List.of("--csv", "--json")) {
                    AnalysisCommandsTest.Run r = AnalysisCommandsTest.run("show", p.toString(), f);
                    assertEquals(0, r.code(), p + " " + f + ": " + r.err());
                    assertTrue(!r.out().isBlank(), p + " " + f);
                }
            }
        }
    }

    @Test void sysfsTreeRowsPointAtTheCounterFile() {
        Path tree = publicDir().resolve("sysfs_tree_h100_9dev_gpud");
        AnalysisCommandsTest.Run r = AnalysisCommandsTest.run("show", tree.toString(), "--csv");
        assertEquals(0, r.code(), r.err());
        String row = r.out().lines().filter(l -> l.startsWith("counters,") && l.contains(",symbol_error,")).findFirst().orElseThrow();
        assertTrue(row.contains("mlx5_0/ports/1/counters/symbol_error,sysfs,1,"), row);   // file, source, line 1
    }

    @Test void measurementTablesAndLinksAreTagged() {
        Path dir = publicDir();
        AnalysisCommandsTest.Run r = AnalysisCommandsTest.run("show", dir.resolve("mlxlink_json_mft4.34_400g_fec_histogram_serdes_yuuki.json")
                .toString(), dir.resolve("ibdiagnet2_lst_sequoia.lst").toString(), "--csv");
        assertEquals(0, r.code(), r.err());
        for (String t : List.of("fec_histogram,", "ber,", "ber_lanes,", "module,", "operational,", "links,", "attributes,")) {
            assertTrue(r.out().lines().anyMatch(l -> l.startsWith(t)), t + " missing");
        }
    }

    /** A folder read as one capture (ibdiagnet's files and a perfquery beside them): each attribute names its own file. */
    @Test void anAttributeNamesTheFileItWasReadFrom(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("ibdiagnet2.pm"), "Port=1 Lid=0x0007 GUID=0x0002c90300000001 Device=4123 Port Name=sw/U1/P1\n"
                + "port_xmit_wait=0x0000000000000005\n");
        Files.writeString(dir.resolve("perfquery-lid9.txt"), "# Port extended counters: Lid 9 port 1\n"
                + "PortXmitData:....................41\nPortRcvData:.....................42\n"
                + "PortXmitPkts:....................43\nPortRcvPkts:.....................44\n");
        AnalysisCommandsTest.Run r = AnalysisCommandsTest.run("show", dir.toString(), "--json");
        assertEquals(0, r.code(), r.err());
        com.fasterxml.jackson.databind.ObjectMapper m = new com.fasterxml.jackson.databind.ObjectMapper();
        List<JsonNode> attrs = new java.util.ArrayList<>();
        for (String l : r.out().lines().toList()) {
            JsonNode n = m.readTree(l);
            if (n.get("table").asText().equals("attributes")) attrs.add(n);
        }
        JsonNode lid9 = attrs.stream().filter(n -> n.get("port").asText().equals("lid 9/1")).findFirst().orElseThrow(() -> new AssertionError(r.out()));
        assertEquals(dir.resolve("perfquery-lid9.txt").toString(), lid9.get("file").asText());
        assertTrue(attrs.stream().anyMatch(n -> n.get("file").asText().equals(dir.resolve("ibdiagnet2.pm").toString())), attrs.toString());
        List<String> keys = new java.util.ArrayList<>();
        lid9.fieldNames().forEachRemaining(keys::add);
        assertEquals(List.of("table", "file", "port", "key", "value", "line"), keys);
    }

    /** A warning names its file once, with the line where the reader knows it. */
    @Test void aWarningNamesItsFileOnce(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path f = dir.resolve("ibstat.txt");
        Files.writeString(f, String.join("\n", "CA 'mlx5_0'", "\tCA type: MT4129", "\tNumber of ports: 1",
                "\tFirmware version: 28.39.1002", "\tHardware version: 0", "\tNode GUID: 0xa088c20300d9a1b2",
                "\tSystem image GUID: 0xa088c20300d9a1b2", "\tPort 1:", "\t\tState: Active", "\t\tPhysical state: LinkUp",
                "\t\tRate: 400", "\t\tBase lid: 0", "\t\tLMC: 0", "\t\tSM lid: 0", "\t\tCapability mask: 0x00010000",
                "\t\tPort GUID: 0x0000000000000000", "\t\tLink layer: InfiniBand", ""));
        AnalysisCommandsTest.Run r = AnalysisCommandsTest.run("show", f.toString());
        assertEquals(0, r.code(), r.err());
        String w = r.err().lines().filter(l -> l.contains("all zero")).findFirst().orElseThrow(() -> new AssertionError(r.err()));
        assertEquals("fabriclab: warning: " + f + ":16: Port GUID of mlx5_0/1 is all zero; not used as an identity", w);
    }
}
