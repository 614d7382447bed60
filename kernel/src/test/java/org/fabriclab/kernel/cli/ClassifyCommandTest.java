package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** {@code fabriclab classify} and {@code show} end to end on small captures, with their exit codes. */
class ClassifyCommandTest {
    static final String R = "src/test/resources/cli/";

    record Run(int code, String out, String err) {}

    static Run run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }

    @Test void physicalVerdictExits3AndBlamesSymbolErrors() throws Exception {
        Run r = run("classify", "--fabric", "ib", "--bytes", "1e12", "--before", R + "ib/before", "--after", R + "ib/after", "--json", "--verbose");
        assertEquals(3, r.code(), r.err());
        JsonNode v = new ObjectMapper().readTree(r.out().trim());
        assertEquals("physical", v.get("verdict").asText());
        assertEquals("SymbolErrorCounter", v.get("detail").get(0).asText());
        assertEquals("mlx5_0/1", v.get("port").asText());
        assertTrue(r.err().contains("lid 17/1 joined as mlx5_0/1"), r.err());
    }

    /** A reader's warning about a capture (here an aggregate perfquery -a block) is printed by classify, with its snapshot and file. */
    @Test void aReadersWarningIsPrintedWithItsSnapshotAndFile(@TempDir Path dir) throws Exception {
        for (String side : new String[] {"before", "after"}) {
            Path d = Files.createDirectories(dir.resolve(side));
            for (Path f : Files.list(Path.of(R + "ib/" + side)).toList()) Files.copy(f, d.resolve(f.getFileName()));
        }
        Files.writeString(dir.resolve("after/agg.txt"), "# Port extended counters: Lid 5 port 255 (CapMask: 0x1600)\n"
                + "PortSelect:......................255\nPortXmitData:....................10\nPortRcvData:.....................11\n"
                + "PortXmitPkts:....................12\nPortRcvPkts:.....................13\n");
        Run r = run("classify", "--fabric", "ib", "--bytes", "1e12", "--before", dir.resolve("before").toString(),
                "--after", dir.resolve("after").toString());
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith("fabriclab: after: warning: " + dir.resolve("after/agg.txt") + ":1: ")
                && l.contains("read as port 255")), r.err());
        assertTrue(r.err().lines().noneMatch(l -> l.startsWith("fabriclab: before: warning")), r.err());
    }

    @Test void pauseStormFromEthtoolAndHwCounters() throws Exception {
        Run r = run("classify", "--fabric", "roce", "--bytes", "1e12", "--before", R + "roce/before", "--after", R + "roce/after", "--json");
        assertEquals(3, r.code(), r.err());
        JsonNode v = new ObjectMapper().readTree(r.out().trim());
        assertEquals("pause-storm", v.get("verdict").asText());
        assertEquals(8000.0, v.get("per_gb").get("rx_prio3_pause").asDouble(), 1e-9);
    }

    /**
     * An incident folder, or BEFORE AFTER, with neither --fabric nor --bytes: each port's fabric from its link
     * layer and its bytes from its data counters, as incident() finds them, printed with how; the verdict is
     * the one the explicit options give when they say the same.
     */
    @Test void aFolderOrTwoPathsNeedNoFabricNorBytes(@TempDir Path dir) throws Exception {
        for (String side : new String[] {"before", "after"}) {
            Path d = Files.createDirectories(dir.resolve(side));
            for (Path f : Files.list(Path.of(R + "ib/" + side)).toList()) Files.copy(f, d.resolve(f.getFileName()));
        }
        Run folder = run("classify", dir.toString());
        Run paths = run("classify", dir.resolve("before").toString(), dir.resolve("after").toString());
        Run options = run("classify", "--before", dir.resolve("before").toString(), "--after", dir.resolve("after").toString());
        for (Run r : new Run[] {folder, paths, options}) {
            assertEquals(3, r.code(), r.out() + r.err());
            assertTrue(r.out().contains("physical") && r.out().contains("SymbolErrorCounter"), r.out());
            assertTrue(r.out().contains("mlx5_0/1: fabric ib (link layer InfiniBand); bytes from the data counters: PortXmitData +"), r.out());
        }
        Run json = run("classify", dir.toString(), "--json");
        JsonNode v = new ObjectMapper().readTree(json.out().trim());
        assertEquals("physical", v.get("verdict").asText());
        assertEquals("ib", v.get("profile").asText());
        assertTrue(v.get("bytes_found").asText().startsWith("from the data counters: PortXmitData"), json.out());
        // a given fabric decides the ports whose link layer is not captured; this one's ibstat says InfiniBand
        Run given = run("classify", dir.toString(), "--fabric", "roce", "--bytes", "1e12");
        assertEquals(3, given.code(), given.out() + given.err());
        assertTrue(given.out().contains("fabric ib (link layer InfiniBand; fabric roce was given, but this port's captured link layer is InfiniBand"),
                given.out());
        assertTrue(given.out().contains("bytes given: 1000000000000"), given.out());
        Run ibFull = run("classify", dir.toString(), "--fabric", "ib-full");
        assertEquals(3, ibFull.code(), ibFull.out() + ibFull.err());
        assertTrue(ibFull.out().contains("ib-full") && ibFull.out().contains("fabric ib (given (ib))"), ibFull.out());
    }

    /** Snapshots that hold no counter readings (attributes only: ibstat) give no verdict row: exit 4 with why, never 0 ("clean"). */
    @Test void noPortToGradeIsNoVerdictNotClean(@TempDir Path dir) throws Exception {
        String ibstat = "CA 'mlx5_0'\n\tCA type: MT4123\n\tNumber of ports: 1\n\tPort 1:\n\t\tState: Active\n\t\tPhysical state: LinkUp\n"
                + "\t\tRate: 200\n\t\tBase lid: 5\n\t\tSM lid: 1\n\t\tLink layer: InfiniBand\n";
        for (String side : new String[] {"before", "after"}) Files.writeString(Files.createDirectories(dir.resolve(side)).resolve("ibstat.txt"), ibstat);
        Run r = run("classify", dir.toString());
        assertEquals(4, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("no port to grade"), r.err());
        Run given = run("classify", "--fabric", "ib", "--bytes", "1e12", "--before", dir.resolve("before").toString(), "--after", dir.resolve("after").toString());
        assertEquals(4, given.code(), given.out() + given.err());
    }

    /** A management NIC's ethtool -S beside the RDMA port (a sosreport has every NIC's) is named apart, not a verdict row. */
    @Test void anEthernetPortWithoutRdmaCountersIsNamedApart(@TempDir Path dir) throws Exception {
        Path ds = Path.of("../datasets/roce-lossless-broken");
        long rx = 1000;
        for (String side : new String[] {"before", "after"}) {
            Path d = Files.createDirectories(dir.resolve(side));
            for (Path f : Files.list(ds.resolve(side)).toList()) Files.copy(f, d.resolve(f.getFileName()));
            Files.writeString(d.resolve("ethtool_S_eno1.txt"), "# ethtool -S eno1\nNIC statistics:\n     rx_packets: " + rx
                    + "\n     rx_bytes: " + (rx * 900) + "\n     rx_crc_errors: 0\n     rx_missed_errors: 0\n");
            rx += 250_000;
        }
        Run r = run("classify", dir.toString());
        assertTrue(r.out().lines().noneMatch(l -> l.startsWith(" netdev eno1")), r.out());
        assertTrue(r.out().contains("not graded: netdev eno1: none of the roce or roce-full profile's counters"), r.out());
        assertTrue(r.out().contains("mlx5_0/1"), r.out());
    }

    /** The date output a snapshot's time came from is used, so classify DIR does not warn it was skipped; a stray note still is. */
    @Test void aFoldersDateFileIsNotWarnedAboutButAStrayFileIs(@TempDir Path dir) throws Exception {
        for (String side : new String[] {"before", "after"}) {
            Path d = Files.createDirectories(dir.resolve(side));
            for (Path f : Files.list(Path.of(R + "ib/" + side)).toList()) Files.copy(f, d.resolve(f.getFileName()));
            Files.writeString(d.resolve("date.txt"), side.equals("before") ? "Thu Dec  3 10:00:00 UTC 2026\n" : "Thu Dec  3 10:00:10 UTC 2026\n");
        }
        Files.writeString(dir.resolve("after/notes.txt"), "ran the test twice\n");
        Run r = run("classify", dir.toString());
        assertEquals(3, r.code(), r.out() + r.err());
        assertTrue(r.err().lines().noneMatch(l -> l.contains("date.txt")), r.err());
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith("fabriclab: after: warning: ") && l.contains("notes.txt")), r.err());
    }

    @Test void pathsAndBeforeAfterOptionsExcludeEachOther() {
        Run r = run("classify", R + "ib/before", R + "ib/after", "--before", R + "ib/before", "--after", R + "ib/after");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("as PATH arguments or as --before/--after, not both"), r.err());
        Run none = run("classify", R + "ib/before");
        assertEquals(2, none.code(), none.out());
        assertTrue(none.err().contains(R + "ib/before"), none.err());
    }

    @Test void cleanExits0() {
        Run r = run("classify", "--fabric", "ib", "--bytes", "1e12", "--before", R + "ib/before", "--after", R + "ib/before");
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("clean"));
    }

    @Test void wrongNamespaceIsNoVerdictExit4() {
        Run r = run("classify", "--fabric", "roce", "--bytes", "1e12", "--before", R + "ib/before", "--after", R + "ib/after");
        assertEquals(4, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("incomplete"));
    }

    @Test void badInputExits2NamingFileAndLine(@TempDir Path tmp) throws Exception {
        Path bad = tmp.resolve("perfquery.txt");
        Files.writeString(bad, "# Port counters: Lid 17 port 1 (CapMask: 0x5A00)\nSymbolErrorCounter:..............12x\n");
        Run r = run("classify", "--fabric", "ib", "--bytes", "1e12", "--before", bad.toString(), "--after", bad.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains(bad + ":2"), r.err());

        Path junk = tmp.resolve("junk.bin");
        Files.write(junk, new byte[] {0, 1, 2, 3, (byte) 0xff});
        Run j = run("show", junk.toString());
        assertEquals(2, j.code());
        assertTrue(j.err().contains(junk.toString()), j.err());

        Run z = run("classify", "--fabric", "ib", "--bytes", "0", "--before", R + "ib/before", "--after", R + "ib/after");
        assertEquals(2, z.code());
        assertTrue(z.err().contains("no traffic"), z.err());
    }

    @Test void showPrintsExactCountersAsCsvAndJson() throws Exception {
        Run csv = run("show", R + "ib/after/perfquery.txt", "--csv");
        assertEquals(0, csv.code(), csv.err());
        assertTrue(csv.out().lines().anyMatch(l -> l.contains("PortXmitData") && l.contains("250001000")), csv.out());
        Run json = run("show", R + "ib/after/hw_counters.txt", "--json");
        assertEquals(0, json.code(), json.err());
        JsonNode first = new ObjectMapper().readTree(json.out().lines().findFirst().orElseThrow());
        assertEquals("mlx5_0/1", first.get("port").asText());
        assertTrue(first.get("value").isIntegralNumber());
    }
}
