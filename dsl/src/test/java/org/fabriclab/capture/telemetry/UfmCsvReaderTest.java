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

    /**
     * UFM's secondary telemetry (the fields list of the UFM Enterprise manual: Node_GUID, Device_ID, node_description, lid,
     * Port_Number, port_label, ...) and cable info carry text columns; the file was refused at the first description.
     * Text in a column the catalogue does not know is an attribute, skipped and named; text in a counter column stays an error.
     */
    @Test void textColumnsAreAttributesNotCountersAndRefuseNothing() {
        String text = "timestamp,Node_GUID,Device_ID,node_description,lid,Port_Number,port_label,sys_image_guid,SymbolErrorCounterExtended\n"
                + "1733050000000000,0xb83fd203002a1b00,54002,\"leaf01, MQM9790/U1\",12,7,1/4/1,0xb83fd203002a1b00,3\n"
                + "1733050300000000,0xb83fd203002a1b00,54002,\"leaf01, MQM9790/U1\",12,7,1/4/1,0xb83fd203002a1b00,5\n";
        Capture c = reader.read(Input.ofText("secondary.csv", text));
        String p = "guid 0xb83fd203002a1b00/7";
        assertEquals(5L, c.reading(p, "SymbolErrorCounter").orElseThrow().value());
        assertTrue(c.reading(p, "node_description").isEmpty() && c.reading(p, "port_label").isEmpty()
                && c.reading(p, "sys_image_guid").isEmpty(), c.readings().toString());
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("node_description, port_label, sys_image_guid")), c.warnings().toString());
        BadCaptureInput.fails(reader, "t.csv", "timestamp,Node_GUID,Port_Number,node_description,SymbolErrorCounterExtended\n"
                + "1733050000000000,0x1,1,leaf01,many\n", 2, "found 'many'");
    }

    /**
     * UFM's secondary telemetry names IB PortCounters without the Extended suffix (the PDR plugin reads PortRcvErrors,
     * PortRcvRemotePhysicalErrors and Link_Down_IB from it): they were uncatalogued raw columns with no meaning.
     */
    @Test void secondaryTelemetryPortCounterNamesAreTheirCounters() {
        String text = "timestamp,Node_GUID,Port_Number,PortRcvErrors,PortRcvRemotePhysicalErrors,Link_Down_IB,PortXmitWait,PortXmitWaitExtended\n"
                + "1733050000000000,0x1,3,5,1,2,10,4294967300\n";
        Capture c = reader.read(Input.ofText("xcset.csv", text));
        String p = "guid 0x0000000000000001/3";
        var rcv = c.reading(p, "PortRcvErrors").orElseThrow();
        assertEquals(5L, rcv.value());
        assertEquals(org.fabriclab.catalogue.Layer.PHYSICAL, rcv.layer());
        assertEquals(1L, c.reading(p, "PortRcvRemotePhysicalErrors").orElseThrow().value());
        assertEquals(2L, c.reading(p, "LinkDownedCounter").orElseThrow().value());
        assertEquals(4294967300L, c.reading(p, "PortXmitWait").orElseThrow().value(), "the 64-bit copy wins");
    }

    /**
     * UFM's secondary telemetry (csv/xcset low_freq_debug, columns as the UFM Enterprise manual lists them) carries levels and
     * states beside its counters: catalogued gauges, so a delta takes none of them (a LID the SM reassigned, a link that
     * went down and a clear of the physical counters are no resets) and only the counters move.
     */
    @Test void secondaryTelemetryStatesAndLevelsAreGaugesNotCounters() {
        String head = "timestamp,source_id,tag,Node_GUID,Device_ID,lid,Port_Number,Phy_Manager_State,phy_state,logical_state,"
                + "Link_speed_active,Link_width_active,Active_FEC,Time_since_last_clear_Min,Chip_Temp,Link_Down_IB\n";
        Capture before = reader.read(Input.ofText("before.csv", head + "1733050000000000,0x1,,0x1,4127,57,3,3,5,4,64,2,1,9000,61,2\n"));
        Capture after = reader.read(Input.ofText("after.csv", head + "1733050300000000,0x1,,0x1,4127,12,3,1,3,1,16,1,0,4,58,3\n"));
        String p = "guid 0x0000000000000001/3";
        for (String g : List.of("device_id", "port_lid", "phy_manager_state", "phy_state", "logical_state", "link_speed_active",
                "link_width_active", "active_fec", "time_since_last_clear", "chip_temp")) {
            var r = after.reading(p, g).orElseThrow(() -> new AssertionError(g + " not read under its catalogue name"));
            assertEquals(org.fabriclab.catalogue.Kind.GAUGE, r.kind(), g);
        }
        assertEquals(12L, after.reading(p, "port_lid").orElseThrow().value());
        var d = org.fabriclab.delta.Delta.between(Snapshot.ofCaptures("before", List.of(before)), Snapshot.ofCaptures("after", List.of(after)))
                .port(p);
        for (String g : List.of("port_lid", "phy_state", "time_since_last_clear", "chip_temp")) {
            assertEquals(org.fabriclab.delta.Status.GAUGE, d.get(g).status(), g + " fell, a gauge: " + d.get(g));
            assertEquals(null, d.get(g).delta(), g);
        }
        assertEquals(org.fabriclab.delta.Status.READABLE, d.get("LinkDownedCounter").status());
        assertEquals(1L, d.get("LinkDownedCounter").delta());
    }

    /**
     * Cable info's per-lane optical power (dBm) is a level: -40 on a dark lane made the whole export refused as a bad counter. An
     * uncatalogued column with a negative value is skipped and named, on the typed path and on the cell-by-cell one (a
     * fraction elsewhere in the file); in a catalogued counter a negative value is still an error.
     */
    @Test void anUncataloguedColumnWithANegativeValueIsNoCounter() {
        String head = "timestamp,Node_GUID,Port_Number,rx_power_lane_0,SymbolErrorCounterExtended,Raw_Errors_Lane_0\n";
        for (String rate : new String[] {"7", "7.5"}) {
            String text = head + "1733050000000000,0x1,1,-40,3," + rate + "\n" + "1733050300000000,0x1,1,1,4,9\n";
            Capture c = reader.read(Input.ofText("cable.csv", text));
            String p = "guid 0x0000000000000001/1";
            assertEquals(4L, c.reading(p, "SymbolErrorCounter").orElseThrow().value(), rate);
            assertTrue(c.reading(p, "rx_power_lane_0").isEmpty(), "skipped whole: " + rate);
            assertTrue(c.warnings().stream().anyMatch(w -> w.contains("negative values") && w.contains("rx_power_lane_0")), c.warnings().toString());
        }
        var e = org.junit.jupiter.api.Assertions.assertThrows(org.fabriclab.capture.CaptureException.class, () -> reader.read(
                Input.ofText("bad.csv", head + "1733050000000000,0x1,1,1,-3,7\n")));
        assertEquals(2, e.line());
    }

    /** A CSV that went through pandas (read_csv, to_csv): an unnamed index column, and float64 where a column has an empty cell. */
    @Test void wholeNumbersWrittenAsFloatsAreTheirIntegers() {
        String text = ",timestamp,Node_GUID,Port_Number,PortXmitDataExtended,PortRcvDataExtended,hist3\n"
                + "0,1733050000000000,0x1,1,100000.0,,2.0\n"
                + "1,1733050000000000,0x2,1,,7,0.0\n"
                + "2,1733050060000000,0x1,1,1500000000000000.0,,4.0\n"
                + "3,1733050060000000,0x2,1,2.5,9,1.0\n";
        Capture c = reader.read(Input.ofText("pandas.csv", text));
        Table t = c.measurements(Telemetry.NAME).orElseThrow();
        assertEquals(ColumnType.LONG, t.column("PortXmitData").type());
        assertEquals(1_500_000_000_000_000L, c.reading("guid 0x0000000000000001/1", "PortXmitData").orElseThrow().value());
        assertEquals(4L, c.reading("guid 0x0000000000000001/1", "fec_hist3").orElseThrow().value());
        assertTrue(c.reading("guid 0x0000000000000002/1", "PortXmitData").isEmpty(), "2.5 is no count: absent");
        assertEquals(9L, c.reading("guid 0x0000000000000002/1", "PortRcvData").orElseThrow().value());
    }

    /** UFM Telemetry's cable-info and aggregated-port fields name the port number {@code Port}. */
    @Test void aPortColumnIsThePortNumber() {
        Input in = Input.ofText("cable.csv", "timestamp,node_guid,port_guid,Port,PortRcvErrorsExtended\n1733050000000000,0x1,0x2,33,4\n");
        assertEquals(90, reader.sniff(in));
        assertEquals(4L, reader.read(in).reading("guid 0x0000000000000002/33", "PortRcvErrors").orElseThrow().value());
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

    /**
     * The columns the PDR plugin reads from UFM telemetry (Mellanox/ufm_sdk_3.0 @3e96418e
     * plugins/pdr_deterministic_plugin/ufm_sim_web_service/constants.py and tests/simulation_telemetry.py, whose header
     * {@code timestamp,source_id,tag,Node_GUID,port_guid,Port_Number,...} this fixture follows, own values): the symbol
     * errors behind its symbol-BER rule and the active FEC mode were uncatalogued raw columns, the mode even a counter.
     */
    @Test void pdrPluginColumnsAreTheirCatalogueCounters() {
        String text = "timestamp,source_id,tag,Node_GUID,port_guid,Port_Number,PortRcvPktsExtended,PortRcvErrors,phy_symbol_errors,"
                + "phy_effective_errors,fec_mode_active,Link_Down_IB\n"
                + "1709652347161873,0x0c42a10300d1e2f0,,0x0c42a10300d1e2f0,0x0c42a10300d1e2f0,17,10000000,50,3,7,2,1\n";
        Capture c = reader.read(Input.ofText("pdr_xcset.csv", text));
        String p = "guid 0x0c42a10300d1e2f0/17";
        var sym = c.reading(p, "symbol_errors").orElseThrow();
        assertEquals(3L, sym.value());
        assertEquals("phy_symbol_errors", sym.rawName());
        var fec = c.reading(p, "active_fec").orElseThrow();
        assertEquals(2L, fec.value());
        assertEquals(org.fabriclab.catalogue.Kind.GAUGE, fec.kind(), "a FEC mode code is a level, never a count a delta would take");
        assertEquals(7L, c.reading(p, "effective_errors").orElseThrow().value());
        assertEquals(10000000L, c.reading(p, "PortRcvPkts").orElseThrow().value());
        assertTrue(sym.catalogued() && fec.catalogued());
    }

    /**
     * UFM's XDR mode keys aggregated ports by sys_image_guid and aport (ufm_sdk_3.0 @3e96418e telemetry_parser.py
     * AGG_PORT_ID_KEYS): refused by name rather than "no 'Port_Number' column".
     */
    @Test void aggregatedPortTelemetryIsRefusedByName() {
        assertEquals("ufm-csv", Readers.standard().choose(Input.ofText("xdr.csv",
                "timestamp,source_id,tag,sys_image_guid,aport,port_type,PortRcvErrorsExtended\n1709652347161873,0x1,,0x1,9,XDR,5\n")).format());
        BadCaptureInput.fails(reader, "xdr.csv", "timestamp,source_id,tag,sys_image_guid,aport,port_type,PortRcvErrorsExtended\n"
                + "1709652347161873,0x1,,0x1,9,XDR,5\n", 1, "aggregated-port telemetry");
    }

    /**
     * The PDR plugin's simulated endpoint (ufm_sdk_3.0 @3e96418e tests/simulation_telemetry.py) names a column Symbol_Errors;
     * beside phy_symbol_errors (the catalogue's symbol_errors) the table had two columns equal but for case, which Tablesaw
     * refuses: the read crashed with "Cannot add column with duplicate name". The uncatalogued one is renamed in the table.
     */
    @Test void columnsEqualButForCaseAreBothKept() {
        // an uncatalogued raw column equal but for letter case to a catalogued one's canonical name (Tablesaw's column
        // names ignore case): both kept, the uncatalogued one renamed in the table, its reading keeping its raw name
        Capture c = reader.read(Input.ofText("pdr.csv", "timestamp,source_id,tag,Node_GUID,port_guid,Port_Number,PortXmitWaitExtended,portxmitwait\n"
                + "1709652347161873,0x1,,0x1,0x1,17,5,3\n"));
        Table t = c.measurements(Telemetry.NAME).orElseThrow();
        assertEquals(5L, t.longColumn("PortXmitWait").get(0));
        assertEquals(3L, t.longColumn("portxmitwait_2").get(0));
        assertEquals(5L, c.reading("guid 0x0000000000000001/17", "PortXmitWait").orElseThrow().value());
        assertEquals(3L, c.reading("guid 0x0000000000000001/17", "portxmitwait").orElseThrow().value(), "the reading keeps its raw name");
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("portxmitwait as portxmitwait_2")), c.warnings().toString());
    }
}
