package org.fabriclab.capture.ibdiagnet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.BadCaptureInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.GoldenCapture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PublicCaptureFiles;
import org.fabriclab.capture.Readers;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tech.tablesaw.api.ColumnType;
import tech.tablesaw.api.Table;

class IbdiagnetCsvReaderTest {
    private final IbdiagnetCsvReader reader = new IbdiagnetCsvReader();

    @Test void goldenSmall() {
        Capture c = GoldenCapture.check(getClass(), "small.db_csv", reader);
        Snapshot s = Snapshot.ofCaptures("t", List.of(c));
        assertEquals(9463628588L, s.value("guid 0xb0cf0e0300d33fc0/1", "PortXmitWait").getAsLong());
        assertEquals(70000L, s.value("guid 0xb0cf0e0300d33fc0/2", "SymbolErrorCounter").getAsLong());
        // db_csv's unset 64-bit field is not available (ibdiagnet2.pm prints NA there), not a port attribute
        assertTrue(c.attr("guid 0xb0cf0e0300d33fc0/2", "retransmission_per_sec").isEmpty());
        assertTrue(c.absents().stream().anyMatch(a -> a.rawName().equals("retransmission_per_sec") && a.port().endsWith("/2")
                && a.reason().contains("0xfffffffffffffffe")));
        assertTrue(c.absents().stream().anyMatch(a -> a.counter().equals("PortLoopingErrors") && a.port().endsWith("/1")));
        Table d = c.measurements(IbdiagnetCsvReader.PM_DELTA).orElseThrow();
        assertEquals(ColumnType.LONG, d.column("PortXmitDataExtended").type());
        assertEquals(ColumnType.STRING, d.column("retransmission_per_sec").type());
        assertEquals(291483615L, d.longColumn("PortXmitDataExtended").getLong(1));
        assertTrue(d.longColumn("PortLoopingErrors").isMissing(0), "-1 is missing, not a delta");
        assertEquals("--pm_pause_time 5, -r", c.measurements("RUN_INFO").orElseThrow().stringColumn("Args").get(0));
        assertEquals("180", c.attr("guid 0xb0cf0e0300d33fc0/2", "lid").orElseThrow(), "switch ports take the LID of port 0");
        assertEquals("switch-a/U1", c.attr("guid 0xb0cf0e0300d33fc0/1", "node_desc").orElseThrow());
        assertEquals(2, c.ports().size(), "PORTS rows outside PM_INFO add no ports");
    }

    @Test void extendedSpeedsColumnsOfPmInfo() {
        // ibdiagnet --extended_speeds all adds PortExtendedSpeedsCounters columns to PM_INFO, per lane with the lane in brackets
        Capture c = reader.read(Input.ofText("x.db_csv", "START_PM_INFO\nNodeGUID,PortGUID,PortNumber,SymbolErrorCounter,SyncHeaderErrorCounter,"
                + "UnknownBlockCounter,ErrorDetectionCounterLane[0],ErrorDetectionCounterLane[1]\n"
                + "0x0c42a10300a1b2c4,0x0c42a10300a1b2c4,1,12,2,0,7,NA\nEND_PM_INFO\n"));
        String p = "guid 0x0c42a10300a1b2c4/1";
        assertEquals(2L, c.reading(p, "SyncHeaderErrorCounter").orElseThrow().value());
        assertEquals("ibdiagnet_csv", c.reading(p, "UnknownBlockCounter").orElseThrow().source().key());
        assertEquals(7L, c.reading(p, "ErrorDetectionCounterLane[0]").orElseThrow().value());
        assertTrue(c.absents().stream().anyMatch(a -> a.counter().equals("ErrorDetectionCounterLane[1]")));
    }

    @Test void sniffing() {
        Input in = GoldenCapture.input(getClass(), "small.db_csv");
        assertEquals(95, reader.sniff(in));
        assertEquals(0, reader.sniff(GoldenCapture.input(getClass(), "two_ports.pm")));
        assertEquals("ibdiagnet-csv", Readers.standard().choose(in).format());
    }

    @Test void truncatedSection() {
        BadCaptureInput.fails(reader, "t.db_csv", "START_PM_INFO\nNodeGUID,PortGUID,PortNumber,PortXmitData\n0x1,0x1,1,5\n", 1,
                "not closed by 'END_PM_INFO'");
    }

    @Test void aContextSectionThatDoesNotParseIsLeftOutNotTheCounters() {
        Capture c = reader.read(Input.ofText("t.db_csv", "START_AR_INFO\nEND_AR_INFO\n\n"
                + "START_CABLE_INFO\nNodeGuid,PortNum,Vendor,PN\n0x1,1,Acme,PN-7,extra\nEND_CABLE_INFO\n\n"
                + "START_PM_INFO\nNodeGUID,PortGUID,PortNumber,SymbolErrorCounter\n0x1,0x1,1,12\nEND_PM_INFO\n"));
        assertEquals(12, c.reading("guid 0x0000000000000001/1", "SymbolErrorCounter").orElseThrow().value());
        assertTrue(c.measurements("CABLE_INFO").isEmpty());
        assertTrue(c.measurements("AR_INFO").isEmpty());
        assertTrue(c.warnings().stream().anyMatch(w -> w.startsWith("t.db_csv:6: section CABLE_INFO: expected 4")
                && w.contains("left out")), c.warnings().toString());
    }

    @Test void rowWidthMismatch() {
        BadCaptureInput.fails(reader, "t.db_csv", "START_PM_INFO\nNodeGUID,PortGUID,PortNumber,PortXmitData\n0x1,0x1,1\nEND_PM_INFO\n", 3,
                "expected 4 comma-separated cells");
    }

    @Test void nonNumberValue() {
        BadCaptureInput.fails(reader, "t.db_csv", "START_PM_INFO\nNodeGUID,PortGUID,PortNumber,PortXmitData\n0x1,0x1,1,12ab\nEND_PM_INFO\n", 3,
                "expected a non-negative integer counter value, found '12ab'");
        BadCaptureInput.fails(reader, "t.db_csv", "START_PM_DELTA\nNodeGUID,PortGUID,PortNumber,PortXmitData\n0x1,0x1,1,x\nEND_PM_DELTA\n", 3,
                "found 'x'");
    }

    @Test void junk(@TempDir Path dir) {
        BadCaptureInput.binaryFile(reader, dir);
        BadCaptureInput.fails(reader, "junk.db_csv", BadCaptureInput.junkText(), 1, "expected 'START_<SECTION>'");
    }

    @Test void publicExcerpt() {
        Capture c = reader.read(Input.of(PublicCaptureFiles.file("ibdiagnet2_db_csv_excerpt_sequoia.csv")));
        assertEquals(12, c.ports().size());
        Snapshot s = Snapshot.ofCaptures("csv", List.of(c));
        String p2 = "guid 0xb0cf0e0300d33fc0/2";
        assertEquals(0L, s.value(p2, "PortXmitDiscards").getAsLong());
        assertEquals(158L, s.value(p2, "PortRcvSwitchRelayErrors").getAsLong(), "same as the .pm's port_rcv_switch_relay_errors=0x9e");
        assertEquals(95305555L, s.value(p2, "PortXmitData").getAsLong());
        String f3 = "guid 0xfc6a1c030091cf00/3";
        assertEquals(37L, s.value(f3, "LinkDownedCounter").getAsLong());
        assertEquals(249L, s.value(f3, "PortXmitDiscards").getAsLong());
        assertEquals(548L, s.value(f3, "PortRcvSwitchRelayErrors").getAsLong());
        assertEquals(53694377534850L, s.value(f3, "PortXmitData").getAsLong());
        assertEquals(9463628588L, s.value("guid 0xb0cf0e0300d33fc0/1", "PortXmitWait").getAsLong(), "PortXmitWaitExt beats the pegged copy");
        Table d = c.measurements(IbdiagnetCsvReader.PM_DELTA).orElseThrow();
        assertEquals(11, d.rowCount());
        assertEquals("guid 0xfc6a1c030091cf00/2", d.stringColumn("port").get(9));
        assertEquals(291483615L, d.longColumn("PortXmitDataExtended").getLong(9));
        assertEquals(3L, d.longColumn("PortXmitWait").getLong(9));
        assertEquals("0xfffffffffffffffe", d.stringColumn("retransmission_per_sec").get(0));
        assertTrue(c.measurementNames().containsAll(List.of("RUN_INFO", "PLUGINS_INFO", "INDEX_TABLE", "pm_delta")));
        assertEquals(33, c.measurements("INDEX_TABLE").orElseThrow().rowCount());
    }
}
