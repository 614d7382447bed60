package org.fabriclab.capture.ibdiagnet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.GoldenCapture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PublicCaptureFiles;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.topology.Topology;
import org.fabriclab.catalogue.Source;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IbdiagnetDirReaderTest {
    private final IbdiagnetDirReader reader = new IbdiagnetDirReader();

    private Path folder(Path dir, String csv, String pm, String log) throws IOException {
        if (csv != null) Files.copy(GoldenCapture.fixture(getClass(), csv), dir.resolve("ibdiagnet2.db_csv"));
        if (pm != null) Files.copy(GoldenCapture.fixture(getClass(), pm), dir.resolve("ibdiagnet2.pm"));
        if (log != null) Files.writeString(dir.resolve("ibdiagnet2.log"), log);
        Files.writeString(dir.resolve("ibdiagnet2.lst"), "{ CA Ports:1 SystemGUID:5c25730300e6706e } not a capture\n");
        Files.writeString(dir.resolve("ibdiagnet2.sm"), "ibdiagnet fabric SM report\n");
        return dir;
    }

    @Test void folderAsOneSnapshot(@TempDir Path dir) throws IOException {
        String log = Files.readString(GoldenCapture.fixture(getClass(), "short.log"));
        folder(dir, "small.db_csv", "two_ports.pm", log);
        assertEquals(90, reader.sniff(Input.of(dir)));
        assertEquals(List.of(dir), Readers.standard().expand(dir), "the folder is one capture, its .lst/.sm are not read");
        Snapshot s = Snapshot.of(dir);
        assertEquals(9463628588L, s.value("guid 0xb0cf0e0300d33fc0/1", "PortXmitWait").getAsLong());
        Capture c = s.captures().get(0);
        assertEquals(Source.IBDIAGNET_CSV, c.source());
        assertEquals(dir.resolve("ibdiagnet2.db_csv").toString(), c.file());
        assertTrue(c.measurements(IbdiagnetLogReader.SUMMARY).isPresent());
        assertTrue(c.measurements(IbdiagnetCsvReader.PM_DELTA).isPresent());
        assertEquals("180", c.attr("guid 0xb0cf0e0300d33fc0/1", "lid").orElseThrow());
        // each table's rows name the file they were read from, not the folder capture's first file
        var summary = c.measurements(IbdiagnetLogReader.SUMMARY).orElseThrow();
        assertEquals(dir.resolve("ibdiagnet2.log").toString(), summary.stringColumn("file").get(0));
        var pmDelta = c.measurements(IbdiagnetCsvReader.PM_DELTA).orElseThrow();
        assertEquals(dir.resolve("ibdiagnet2.db_csv").toString(), pmDelta.stringColumn("file").get(0));
    }

    @Test void pmWhenNoDbCsvAndAnInterruptedLog(@TempDir Path dir) throws IOException {
        folder(dir, null, "two_ports.pm", "Running version:   \"IBDIAGNET 2.10.0\"\n-I- Start Fabric Discover\n");
        Capture c = Readers.standard().read(dir);
        assertEquals(Source.IBDIAGNET_PM, c.source());
        assertEquals(0x00002a94d4327ba7L, c.readings().stream().filter(r -> r.rawName().equals("port_xmit_data_extended"))
                .findFirst().orElseThrow().value());
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("ibdiagnet2.log") && w.contains("summary left out")), c.warnings().toString());
    }

    /**
     * A hand-collected snapshot: ibdiagnet's files dropped into before/ beside the user's own captures. The
     * folder was claimed whole and read as db_csv + log only: the perfquery beside it and the .lst's links were
     * silently left out.
     */
    @Test void theFilesBesideIbdiagnetsAreReadAndTheLstGivesTheLinks(@TempDir Path dir) throws IOException {
        Files.copy(GoldenCapture.fixture(getClass(), "small.db_csv"), dir.resolve("ibdiagnet2.db_csv"));
        Files.copy(PublicCaptureFiles.file("ibdiagnet2_lst_sequoia.lst"), dir.resolve("ibdiagnet2.lst"));
        Files.writeString(dir.resolve("ibdiagnet2.sm"), "ibdiagnet fabric SM report\n");
        Files.writeString(dir.resolve("perfquery-lid7.txt"), "# Port extended counters: Lid 7 port 1\n"
                + "PortXmitData:....................41\nPortRcvData:.....................42\n"
                + "PortXmitPkts:....................43\nPortRcvPkts:.....................44\n");
        Files.writeString(dir.resolve("notes.txt"), "cable reseated on leaf 3 before the run\n");
        assertEquals(List.of(dir), Readers.standard().expand(dir));
        Capture c = Readers.standard().read(dir);
        assertEquals(Source.IBDIAGNET_CSV, c.source());
        assertEquals(41, c.reading("lid 7/1", "PortXmitData").orElseThrow().value());
        assertEquals(Source.PERFQUERY_X, c.reading("lid 7/1", "PortXmitData").orElseThrow().source());
        assertEquals(9463628588L, Snapshot.of(dir).value("guid 0xb0cf0e0300d33fc0/1", "PortXmitWait").getAsLong());
        assertEquals(271, c.measurements(Topology.LINKS).orElseThrow().rowCount());
        assertEquals(271, Topology.of(c).links().size());
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("notes.txt") && w.contains("skipped as no capture")), c.warnings().toString());
        assertTrue(c.warnings().stream().noneMatch(w -> w.contains("ibdiagnet2.sm")), "ibdiagnet's own other files are not read: "
                + c.warnings());
        assertTrue(c.measurements(IbdiagnetCsvReader.PM_DELTA).isPresent());
    }

    /** An earlier run kept in a sub-folder (as gary-minghuili/infiniband-exporter's data/ibdiagnet2 holds one) is not merged in. */
    @Test void anotherRunInASubFolderIsLeftOutWithAWarning(@TempDir Path dir) throws IOException {
        folder(dir, "small.db_csv", null, null);
        Path earlier = Files.createDirectory(dir.resolve("infiniband-default"));
        Files.writeString(earlier.resolve("ibdiagnet2.pm"), "Port=1 Lid=0x0007 GUID=0x0002c90300000001 Device=4123 Port Name=other/U1/P1\n"
                + "port_xmit_wait=0x0000000000000005\n");
        Capture c = Readers.standard().read(dir);
        assertEquals(2, c.ports().size(), "the earlier run's port is not in: " + c.ports());
        assertEquals(9463628588L, Snapshot.ofCaptures("t", List.of(c)).value("guid 0xb0cf0e0300d33fc0/1", "PortXmitWait").getAsLong());
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("infiniband-default") && w.contains("another ibdiagnet run")), c.warnings().toString());
    }

    @Test void notAnIbdiagnetFolder(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("notes.txt"), "hello\n");
        assertEquals(0, reader.sniff(Input.of(dir)));
        CaptureException e = assertThrows(CaptureException.class, () -> reader.read(Input.of(dir)));
        assertEquals(dir.toString(), e.file());
        assertTrue(e.getMessage().contains("neither ibdiagnet2.db_csv nor ibdiagnet2.pm"), e.getMessage());
    }

    @Test void badCountersInTheFolderNameTheFileAndLine(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("ibdiagnet2.db_csv"), "START_PM_INFO\nNodeGUID,PortGUID,PortNumber,PortXmitData\n0x1,0x1,1,zz\nEND_PM_INFO\n");
        CaptureException e = assertThrows(CaptureException.class, () -> reader.read(Input.of(dir)));
        assertEquals(dir.resolve("ibdiagnet2.db_csv").toString(), e.file());
        assertEquals(3, e.line());
    }
}
