package org.fabriclab.history.formats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.PublicCaptureFiles;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Reading;
import org.fabriclab.history.History;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A port that reports one counter under two raw names of the same width: node_exporter's mlx4 {@code counters/}
 * series beside the {@code counters_ext/} ones it names {@code node_infiniband_legacy_*}. The fixture
 * ({@code node-exporter-mlx4/}) follows node_exporter's e2e-output.txt @a7dcc3a0 and holds the values of its sys.ttar
 * fixture: on mlx4_0 port 2 every {@code counters/} copy is 0 while {@code counters_ext/} counts. The history keeps the
 * copy that counts, for every counter of the port, whatever order the series come in (before, the pick followed a
 * hash order: PortUnicastRcvPkts came from counters_ext/ and PortUnicastXmitPkts from counters/, 0).
 */
class ExporterTwinCopiesTest {
    private static final String PORT2 = "mlx4_0/2";

    @Test void theCopyThatCountsIsKeptAsNodeExportersOwnFixtureHoldsIt() {
        History h = HistoryReaders.standard().read(Res.path("node-exporter-mlx4"));
        assertEquals(List.of("mlx4_0/1", PORT2), h.ports());
        assertArrayEquals(new long[] {61239}, Res.values(h, PORT2, "PortUnicastXmitPkts"));
        assertArrayEquals(new long[] {61148}, Res.values(h, PORT2, "PortUnicastRcvPkts"));
        assertArrayEquals(new long[] {93}, Res.values(h, PORT2, "PortMulticastRcvPkts"));
        assertArrayEquals(new long[] {3733440}, Res.values(h, PORT2, "PortXmitData"));     // 1.493376e+07 bytes / 4
        assertArrayEquals(new long[] {4631917}, Res.values(h, PORT2, "PortRcvData"));      // 1.8527668e+07 bytes / 4
        assertArrayEquals(new long[] {61239}, Res.values(h, "mlx4_0/1", "PortUnicastXmitPkts"));
        assertArrayEquals(new long[] {4294967295L}, Res.values(h, "mlx4_0/1", "PortXmitWait"));
    }

    @Test void theChoiceDoesNotDependOnTheOrderOfTheSeries(@TempDir Path dir) throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(Res.path("node-exporter-mlx4").resolve("node-1764547200.prom")));
        Collections.reverse(lines);                          // a range query or a federation lists series in any order
        Files.write(dir.resolve("node-1764547200.prom"), lines);
        History h = HistoryReaders.standard().read(dir);
        for (String c : List.of("PortUnicastXmitPkts", "PortUnicastRcvPkts", "PortMulticastRcvPkts", "PortXmitData")) {
            assertArrayEquals(Res.values(HistoryReaders.standard().read(Res.path("node-exporter-mlx4")), PORT2, c), Res.values(h, PORT2, c), c);
        }
    }

    /** The values kept are the counters_ext/ files of node_exporter's sysfs fixture (../shared/captures/public, read in place). */
    @Test void theKeptValuesAreTheSysfsFixturesCountersExtFiles() {
        Capture sysfs = Readers.standard().read(PublicCaptureFiles.file("sysfs_node_exporter_fixture_infiniband_grepH.txt"));
        History h = HistoryReaders.standard().read(Res.path("node-exporter-mlx4"));
        assertArrayEquals(new long[] {ext(sysfs, "port_unicast_xmit_packets")}, Res.values(h, PORT2, "PortUnicastXmitPkts"));
        assertArrayEquals(new long[] {ext(sysfs, "port_unicast_rcv_packets")}, Res.values(h, PORT2, "PortUnicastRcvPkts"));
        assertArrayEquals(new long[] {ext(sysfs, "port_xmit_data_64")}, Res.values(h, PORT2, "PortXmitData"));
    }

    private static long ext(Capture c, String raw) {
        return c.readings().stream().filter(r -> r.port().equals(PORT2) && r.rawName().equals(raw)).mapToLong(Reading::value)
                .findFirst().orElseThrow(() -> new AssertionError(raw));
    }
}
