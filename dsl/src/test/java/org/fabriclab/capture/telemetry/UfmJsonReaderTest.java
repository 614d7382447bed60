package org.fabriclab.capture.telemetry;

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
import org.fabriclab.capture.Telemetry;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tech.tablesaw.api.Table;

class UfmJsonReaderTest {
    private final UfmJsonReader reader = new UfmJsonReader();

    @Test void goldenFluentd() {
        Capture c = GoldenCapture.check(getClass(), "ufm_fluentd.json", reader);
        String p = "guid 0x248a070300ef19a0/23";
        Table t = c.measurements(Telemetry.NAME).orElseThrow();
        assertEquals(List.of(1762000000000L, 1762000060000L), t.longColumn(Telemetry.TIMESTAMP).asList());
        assertEquals(6442450941L, t.longColumn("PortXmitWait").get(1), "64-bit copy");
        assertEquals(47.5, t.doubleColumn(Telemetry.TEMPERATURE_C).get(1));
        Snapshot s = Snapshot.ofCaptures("f", List.of(c));
        assertEquals(6442450941L, s.value(p, "PortXmitWait").getAsLong());
        assertEquals(244480L, s.value(p, "PortXmitPkts").getAsLong(), "unverified-width Infiniband_PckOut copy yields");
        assertEquals(3L, s.value(p, "LinkDownedCounter").getAsLong());
    }

    @Test void severalMessagesOneAfterAnother() {
        String m1 = "{\"type\": \"full\", \"values\": [{\"timestamp\": 1762000000000000, \"node_guid\": \"0x1\", \"port_num\": 1, "
                + "\"PortXmitDataExtended\": 10}]}";
        String m2 = m1.replace("1762000000000000", "1762000060000000").replace(": 10}", ": 25}");
        Capture c = reader.read(Input.ofText("lines.json", m1 + "\n" + m2 + "\n"));
        Table t = c.measurements(Telemetry.NAME).orElseThrow();
        assertEquals(2, t.rowCount());
        assertEquals(25L, c.reading("guid 0x0000000000000001/1", "PortXmitData").orElseThrow().value(), "latest sample");
    }

    @Test void aColumnWithAFractionAnywhereIsNoCounter() {
        String text = "{\"values\": [\n {\"timestamp\": 1762000000000000, \"node_guid\": \"0x1\", \"port_num\": 1, \"util\": 3, \"PortXmitDataExtended\": 1},\n"
                + " {\"timestamp\": 1762000060000000, \"node_guid\": \"0x1\", \"port_num\": 1, \"util\": 0.25, \"PortXmitDataExtended\": 2}]}";
        Capture c = reader.read(Input.ofText("u.json", text));
        assertTrue(!c.measurements(Telemetry.NAME).orElseThrow().containsColumn("util"));
        assertTrue(c.reading("guid 0x0000000000000001/1", "util").isEmpty());
        assertEquals(2L, c.reading("guid 0x0000000000000001/1", "PortXmitData").orElseThrow().value());
    }

    /** The fluentd plugin streams the telemetry's constant columns with the counters (node_description, port_label, ...). */
    @Test void stringFieldsAreAttributesAndWholeFloatsAreCounts() {
        String text = "{\"values\": [\n {\"timestamp\": 1762000000000000, \"node_guid\": \"0x1\", \"port_num\": 1, "
                + "\"node_description\": \"gpu01 HCA-1\", \"port_label\": \"1\", \"PortXmitDataExtended\": 5.0, \"hist2_u_count\": 7}]}";
        Capture c = reader.read(Input.ofText("tfs.json", text));
        assertEquals(5L, c.reading("guid 0x0000000000000001/1", "PortXmitData").orElseThrow().value());
        assertEquals(7L, c.reading("guid 0x0000000000000001/1", "fec_hist2").orElseThrow().value());
        assertTrue(c.reading("guid 0x0000000000000001/1", "node_description").isEmpty());
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("node_description, port_label")), c.warnings().toString());
    }

    /** A lane's optical power in dBm is a level: -40 on a dark lane is no counter (never negative), not a bad one. */
    @Test void anUncataloguedFieldWithANegativeValueIsNoCounter() {
        String text = "{\"values\": [\n {\"timestamp\": 1762000000000000, \"node_guid\": \"0x1\", \"port_num\": 1, \"rx_power_lane_0\": 1,"
                + " \"PortXmitDataExtended\": 5},\n {\"timestamp\": 1762000300000000, \"node_guid\": \"0x1\", \"port_num\": 1,"
                + " \"rx_power_lane_0\": -40, \"PortXmitDataExtended\": 9}]}";
        Capture c = reader.read(Input.ofText("tfs.json", text));
        assertEquals(9L, c.reading("guid 0x0000000000000001/1", "PortXmitData").orElseThrow().value());
        assertTrue(c.reading("guid 0x0000000000000001/1", "rx_power_lane_0").isEmpty(), "a column with a negative value is skipped whole");
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("negative values") && w.contains("rx_power_lane_0")), c.warnings().toString());
        // in a catalogued counter a negative value is still an error
        String bad = "{\"values\": [{\"timestamp\": 1762000000000000, \"node_guid\": \"0x1\", \"port_num\": 1, \"PortXmitDataExtended\": -5}]}";
        org.junit.jupiter.api.Assertions.assertThrows(org.fabriclab.capture.CaptureException.class, () -> reader.read(Input.ofText("tfs.json", bad)));
    }

    @Test void sniffing() {
        Input in = GoldenCapture.input(getClass(), "ufm_fluentd.json");
        assertEquals(90, reader.sniff(in));
        assertEquals("ufm-json", Readers.standard().choose(in).format());
        assertEquals(0, reader.sniff(Input.ofText("x.json", "{\"a\": 1}")));
    }

    @Test void truncated() {
        BadCaptureInput.fails(reader, "t.json", "{\"type\": \"full\", \"values\": [\n {\"timestamp\": 1762000000000000,\n \"port_num\": 1,\n", 4,
                "invalid JSON");
    }

    @Test void nonNumberValue() {
        BadCaptureInput.fails(reader, "t.json", "{\"values\": [\n {\"timestamp\": 1762000000000000, \"node_guid\": \"0x1\",\n"
                + "  \"port_num\": 1, \"PortXmitDataExtended\": \"lots\"}]}", 3, "expected a number, found lots");
        BadCaptureInput.fails(reader, "t.json", "{\"values\": [\n {\"timestamp\": 1762000000000000, \"node_guid\": \"0x1\",\n"
                + "  \"port_num\": 1, \"PortXmitDataExtended\": -4}]}", 3, "non-negative");
        BadCaptureInput.fails(reader, "t.json", "{\"values\": [\n {\"timestamp\": \"yesterday\", \"node_guid\": \"0x1\", \"port_num\": 1}]}",
                2, "integer \"timestamp\"");
    }

    @Test void junk(@TempDir Path dir) {
        BadCaptureInput.binaryFile(reader, dir);
        BadCaptureInput.fails(reader, "junk.json", BadCaptureInput.junkText(), 1, "invalid JSON");
    }

    @Test void publicFluentdSample() {
        Capture c = reader.read(Input.of(PublicCaptureFiles.file("ufm_telemetry_fluentd_small_sample.json")));
        assertEquals(6, c.ports().size());
        Table t = c.measurements(Telemetry.NAME).orElseThrow();
        Telemetry.validate(t, "sample");
        assertEquals(6, t.rowCount());
        assertEquals(1709652347161L, t.longColumn(Telemetry.TIMESTAMP).get(0));
        Snapshot s = Snapshot.ofCaptures("ufm", List.of(c));
        assertEquals(1L, s.value("guid 0x248a070300ef19a0/1", "LinkDownedCounter").getAsLong());
        assertEquals(3L, s.value("guid 0x248a070300ef19a0/23", "LinkDownedCounter").getAsLong());
        assertEquals(14190L, s.value("guid 0x0c42a103007ab890/1", "PortXmitPkts").getAsLong());
        assertEquals(4086720L, s.value("guid 0x0c42a103007ab890/1", "Infiniband_MBOut_u_Gb").getAsLong());
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("Infiniband_Normalized_MBOut_f_u_Percent")));
    }

    /**
     * The fluentd plugin streams the telemetry's CSV header names as they are (Mellanox/ufm_sdk_3.0 @3e96418e
     * plugins/fluentd_telemetry_plugin/src/telemetry_parser.py: PORT_CONSTANTS_KEYS and NORMAL_PORT_ID_KEYS name
     * {@code Node_GUID} and {@code Port_Number} beside {@code node_guid} and {@code port_num}), so a message of the
     * secondary (xcset) telemetry keys its samples {@code Node_GUID}/{@code Port_Number}; it was refused for want of
     * {@code port_num}. Own values, in the message layout of streamer.py (timestamp, type full, values).
     */
    @Test void secondaryTelemetryKeysNameThePort() {
        String json = "{\"timestamp\": \"2024-03-05 16:26:11\", \"type\": \"full\", \"values\": [{\"timestamp\": 1709652347161873, "
                + "\"source_id\": \"0x0c42a10300d1e2f0\", \"tag\": \"\", \"Node_GUID\": \"0x0c42a10300d1e2f0\", "
                + "\"port_guid\": \"0x0c42a10300d1e2f0\", \"Port_Number\": 17, \"PortRcvErrors\": 50, \"Link_Down_IB\": 2, "
                + "\"phy_symbol_errors\": 3}]}";
        Input in = Input.ofText("xcset_fluentd.json", json);
        assertEquals("ufm-json", Readers.standard().choose(in).format());
        Capture c = reader.read(in);
        String p = "guid 0x0c42a10300d1e2f0/17";
        assertEquals(List.of(p), c.ports());
        assertEquals(50L, c.reading(p, "PortRcvErrors").orElseThrow().value());
        assertEquals(2L, c.reading(p, "LinkDownedCounter").orElseThrow().value());
        assertEquals(3L, c.reading(p, "symbol_errors").orElseThrow().value());
        assertTrue(c.readings().stream().noneMatch(r -> r.rawName().equalsIgnoreCase("Port_Number")), c.readings().toString());
    }

    /** XDR mode's aggregated ports (sys_image_guid, aport) name no node port: refused, saying so, not "needs port_num". */
    @Test void anAggregatedPortSampleIsRefusedByName() {
        BadCaptureInput.fails(reader, "xdr.json", "{\"type\": \"full\", \"values\": [\n{\"timestamp\": 1709652347161873,\n"
                + "\"sys_image_guid\": \"0x1\",\n\"aport\": 9,\n\"PortRcvErrorsExtended\": 5}]}", 4, "aggregated-port sample");
    }
}
