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
import org.fabriclab.capture.Readers;
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
    }

    @Test void pmWhenNoDbCsvAndAnInterruptedLog(@TempDir Path dir) throws IOException {
        folder(dir, null, "two_ports.pm", "Running version:   \"IBDIAGNET 2.10.0\"\n-I- Start Fabric Discover\n");
        Capture c = Readers.standard().read(dir);
        assertEquals(Source.IBDIAGNET_PM, c.source());
        assertEquals(0x00002a94d4327ba7L, c.readings().stream().filter(r -> r.rawName().equals("port_xmit_data_extended"))
                .findFirst().orElseThrow().value());
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("ibdiagnet2.log") && w.contains("summary left out")), c.warnings().toString());
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
