package org.fabriclab.capture.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.BadCaptureInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.GoldenCapture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tech.tablesaw.api.ColumnType;
import tech.tablesaw.api.Table;

/** The CSV fixture follows the header UFM's telemetry endpoint writes (ufm_sdk_3.0 pdr plugin's simulator). */
class UfmCsvReaderTest {
    private final UfmCsvReader reader = new UfmCsvReader();
    private static final String HEADER = "timestamp,source_id,tag,Node_GUID,port_guid,Port_Number,PortXmitDataExtended\n";

    @Test void goldenTwoPorts() {
        Capture c = GoldenCapture.check(getClass(), "ufm_two_ports.csv", reader);
        Table t = c.measurements(Telemetry.NAME).orElseThrow();
        Telemetry.validate(t, "ufm_two_ports.csv");
        assertEquals(ColumnType.LONG, t.column("PortXmitData").type());
        // 2^53 + 1: a double would have rounded it
        String sw = "guid 0xb0cf0e0300d33fc0/2";
        assertEquals(List.of("guid 0x0c42a103007ab891/1", "guid 0x0c42a103007ab891/1", sw, sw), t.stringColumn(Telemetry.PORT).asList(),
                "ordered by port then time");
        assertEquals(9007199254740993L, t.longColumn("PortXmitData").get(3));
        assertEquals(1762000060000L, t.longColumn(Telemetry.TIMESTAMP).get(3), "microseconds to milliseconds");
        assertEquals(70001L, t.longColumn("SymbolErrorCounter").get(3), "the 64-bit copy feeds the table");
        assertEquals(2e-12, t.doubleColumn(Telemetry.RAW_BER).get(3));
        assertEquals(44.0, t.doubleColumn(Telemetry.TEMPERATURE_C).get(3));
        assertTrue(t.longColumn("PortRcvErrors").isMissing(1), "N/A stays missing, not 0");
        assertTrue(!t.containsColumn("Infiniband_CBW_f_u_Gbps"));
        Snapshot s = Snapshot.ofCaptures("ufm", List.of(c));
        assertEquals(9007199254740993L, s.value(sw, "PortXmitData").getAsLong(), "latest sample is the snapshot");
        assertEquals(70001L, s.value(sw, "SymbolErrorCounter").getAsLong());
        assertEquals(4000100L, s.value("guid 0x0c42a103007ab891/1", "PortXmitData").getAsLong());
    }

    @Test void sniffing() {
        Input in = GoldenCapture.input(getClass(), "ufm_two_ports.csv");
        assertEquals(90, reader.sniff(in));
        assertEquals("ufm-csv", Readers.standard().choose(in).format());
        assertEquals(0, reader.sniff(Input.ofText("x.csv", "a,b,c\n1,2,3\n")));
    }

    @Test void truncatedRow() {
        BadCaptureInput.fails(reader, "t.csv", HEADER + "1762000000000000,0x1,,0x1,0x1,1,100\n\n1762000060000000,0x1,,0x1,0x1,1\n", 4,
                "expected 7 comma-separated cells as in the header, found 6");
        BadCaptureInput.fails(reader, "t.csv", HEADER + "1762000000000000,0x1,,0x1,0x1,1,100,7\n", 2, "found 8");
        BadCaptureInput.fails(reader, "t.csv", HEADER, 0, "no telemetry samples");
    }

    @Test void nonNumberValue() {
        BadCaptureInput.fails(reader, "t.csv", HEADER + "1762000000000000,0x1,,0x1,0x1,1,12x\n", 2, "found '12x'");
        BadCaptureInput.fails(reader, "t.csv", HEADER + "1762000000000000,0x1,,0x1,zz,1,12\n", 2, "expected a GUID");
        BadCaptureInput.fails(reader, "t.csv", HEADER + "1762000000000000,0x1,,0x1,0x1,1,18446744073709551615\n", 2, "above 2^63-1");
    }

    @Test void quotedCellWithComma() {
        Capture c = reader.read(Input.ofText("q.csv", HEADER + "1762000000000000,\"0x1,x\",,0x1,0x1,1,100\n"));
        assertEquals(100L, c.reading("guid 0x0000000000000001/1", "PortXmitData").orElseThrow().value());
    }

    @Test void fractionalColumnOutsideTheContractIsSkippedNotRounded() {
        String text = "timestamp,Node_GUID,port_guid,Port_Number,PortXmitDataExtended,Port_Utilization\n"
                + "1762000000000000,0x1,0x1,1,9007199254740993,0.5\n1762000060000000,0x1,0x1,1,9007199254740995,3\n";
        Capture c = reader.read(Input.ofText("f.csv", text));
        Table t = c.measurements(Telemetry.NAME).orElseThrow();
        assertEquals(9007199254740995L, t.longColumn("PortXmitData").get(1), "exact through the careful path too");
        assertTrue(!t.containsColumn("Port_Utilization"));
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("Port_Utilization")), c.warnings().toString());
    }

    @Test void missingColumns() {
        BadCaptureInput.fails(reader, "t.csv", "time,Node_GUID,Port_Number\n1,0x1,1\n", 1, "no 'timestamp' column");
    }

    @Test void junk(@TempDir Path dir) {
        BadCaptureInput.binaryFile(reader, dir);
        BadCaptureInput.fails(reader, "junk.csv", BadCaptureInput.junkText(), 1, "no 'timestamp' column");
    }

    /**
     * UFM's xcset telemetry names the module temperature by its group, {@code CableInfo.Temperature}
     * (the name the PDR plugin asks for). It was read as an uncatalogued integer counter, so a
     * temperature that fell between two samples looked like a counter going backwards; it is the
     * temperature measurement now, and no counter reading.
     */
    @Test void groupQualifiedTemperatureIsAMeasurementNotACounter() {
        String text = "timestamp,source_id,tag,node_guid,port_guid,port_num,PortRcvErrorsExtended,CableInfo.Temperature\n"
                + "1733050000000000,0x0c42a10300d1e2f0,,0x0c42a10300d1e2f0,0x0c42a10300d1e2f0,5,0,47\n"
                + "1733050060000000,0x0c42a10300d1e2f0,,0x0c42a10300d1e2f0,0x0c42a10300d1e2f0,5,0,41\n";
        Capture c = reader.read(Input.ofText("xcset.csv", text));
        Table t = c.measurements(Telemetry.NAME).orElseThrow();
        assertEquals(List.of(47.0, 41.0), t.doubleColumn(Telemetry.TEMPERATURE_C).asList());
        assertTrue(c.readings().stream().noneMatch(r -> r.rawName().equals("CableInfo.Temperature")), c.readings().toString());
        assertEquals(0L, c.reading("guid 0x0c42a10300d1e2f0/5", "PortRcvErrors").orElseThrow().value());
        assertEquals(null, UfmSeries.measurementColumn("CableInfo.Vendor"));
        Capture e = reader.read(Input.ofText("pdr.csv", "timestamp,source_id,tag,node_guid,port_guid,port_num,phy_effective_errors\n"
                + "1733050000000000,0x0c42a10300d1e2f0,,0x0c42a10300d1e2f0,0x0c42a10300d1e2f0,5,12\n"));
        var eff = e.reading("guid 0x0c42a10300d1e2f0/5", "effective_errors").orElseThrow();
        assertEquals(12L, eff.value());
        assertEquals("phy_effective_errors", eff.rawName(), "the PDR plugin's name for post-FEC errors");
    }
}
