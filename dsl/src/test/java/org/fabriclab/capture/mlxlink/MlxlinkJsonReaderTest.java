package org.fabriclab.capture.mlxlink;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tech.tablesaw.api.Table;

/** Fixture written from mstflint's {@code toJsonFormat} (no public mlxlink --json capture exists). */
class MlxlinkJsonReaderTest {
    private final MlxlinkJsonReader reader = new MlxlinkJsonReader();

    @Test void goldenJson() {
        Capture c = GoldenCapture.check(getClass(), "mlxlink_json_mlx5_3.json", reader);
        assertEquals(List.of("mlx5_3/1"), c.ports(), "the device in the file name is the port (mlxlink's default port 1)");
        Table ber = c.measurements(MlxlinkReader.BER).orElseThrow();
        assertEquals(3425414L, ber.longColumn("raw_errors").get(0));
        assertEquals(1e-8, ber.doubleColumn("raw_ber").get(0));
        assertEquals(51.0, c.measurements(MlxlinkReader.MODULE).orElseThrow().doubleColumn("temperature_c").get(0));
        assertEquals(3268.1, c.measurements(MlxlinkReader.MODULE).orElseThrow().doubleColumn("voltage_mv").get(0));
        assertEquals(4, c.measurements(MlxlinkReader.LANES).orElseThrow().rowCount());
    }

    /**
     * Documents appended in one file: the same module serial again is the same port read again (a run after a test, which
     * {@code Runs} cuts), another serial another device ({@code #2}).
     */
    @Test void aDocumentOfTheSameModuleIsThatPortAgain() throws java.io.IOException {
        String doc = java.nio.file.Files.readString(GoldenCapture.fixture(getClass(), "mlxlink_json_mlx5_3.json"));
        assertTrue(doc.contains("\"Module Info\": {"));
        String sn1 = doc.replace("\"Module Info\": {", "\"Module Info\": {\n                \"Vendor Serial Number\": \"MT2301FT0001\",");
        String sn2 = sn1.replace("MT2301FT0001", "MT2301FT0002");
        Capture runs = reader.read(Input.ofText("mlx5_3.json", sn1 + sn1));
        assertEquals(List.of("mlx5_3/1"), runs.ports());
        assertEquals(2, org.fabriclab.capture.Runs.of(runs).size(), "before and after the test");
        Capture two = reader.read(Input.ofText("mlx5_3.json", sn1 + sn2));
        assertEquals(List.of("mlx5_3/1", "mlx5_3/1#2"), two.ports());
        Capture none = reader.read(Input.ofText("mlx5_3.json", doc + doc));
        assertEquals(2, none.ports().size(), "no serial: nothing tells the documents are one port");
    }

    @Test void sniffing() {
        Input in = GoldenCapture.input(getClass(), "mlxlink_json_mlx5_3.json");
        assertEquals(90, reader.sniff(in));
        assertEquals("mlxlink-json", Readers.standard().choose(in).format());
        assertEquals(0, new MlxlinkReader().sniff(in));
        assertEquals(0, reader.sniff(Input.ofText("x.json", "{\"values\": [{\"port_num\": 1}]}")));
    }

    @Test void truncated() {
        BadCaptureInput.fails(reader, "t.json", "{\"result\": {\"output\": {\"Module Info\": {\"Vendor Name\": \"NV", 1, "invalid JSON");
    }

    @Test void failedRunAndNonNumberValue() {
        BadCaptureInput.fails(reader, "t.json", "{\"status\": {\"code\": 1, \"message\": \"No such device\"}}", 1, "No such device");
        BadCaptureInput.fails(reader, "t.json", "{\"result\": {\"output\": {\n\"Physical Counters and BER Info\": {\n"
                + "\"Effective Physical Errors\": \"many\"}}}}", 3, "found 'many'");
    }

    private static String counters(String lanes) {
        return "{\n\"result\": {\n\"output\": {\n\"Physical Counters and BER Info\": {\n"
                + "\"Effective Physical BER\": \"15E-255\",\n\"Raw Physical Errors Per Lane\": {\n\"values\": [\n" + lanes
                + "\n]\n}\n}\n}\n},\n\"status\": {\n\"code\": 0,\n\"message\": \"success\"\n}\n}\n";
    }

    @Test void naAndEmptyLanesKeepTheIndex() {
        Capture c = reader.read(Input.ofText("x.json", counters("\"5\",\n\"\",\n\"N/A\",\n\"9\"")));
        Table lanes = c.measurements(MlxlinkReader.LANES).orElseThrow();
        assertEquals(List.of(0, 1, 2, 3), lanes.intColumn("lane").asList());
        assertEquals(9L, lanes.longColumn("raw_errors").get(3), "lane 3 stays lane 3 after an empty lane 1");
        assertTrue(lanes.longColumn("raw_errors").isMissing(1));
        assertTrue(lanes.longColumn("raw_errors").isMissing(2));
        assertTrue(c.reading("mlxlink x", "raw_physical_errors").isEmpty());
        assertEquals(0.0, c.measurements(MlxlinkReader.BER).orElseThrow().doubleColumn("effective_ber").get(0));
    }

    @Test void aBadValueIsReportedAtItsOwnLine() {
        // the third lane value is on line 10 of this document
        BadCaptureInput.fails(reader, "x.json", counters("\"5\",\n\"6\",\n\"7abc\",\n\"9\""), 10, "found '7abc'");
    }

    @Test void aFailedRunIsAFailedCapture() {
        String failed = counters("\"1\"").replace("\"code\": 0", "\"code\": 1").replace("success", "Failed to open device");
        BadCaptureInput.fails(reader, "x.json", failed, 15, "Failed to open device");
    }

    @Test void publicFecHistogramAndPlaceholderBer() {
        Capture c = Readers.standard().read(PublicCaptureFiles.file("mlxlink_json_mft4.34_400g_fec_histogram_serdes_yuuki.json"));
        Table h = c.measurements(MlxlinkReader.FEC_HISTOGRAM).orElseThrow();
        assertEquals(16, h.rowCount());
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), h.intColumn("bin").asList(), "bins in numeric order");
        assertEquals(22858119037881L, h.longColumn("occurrences").get(0));
        assertEquals(65755507L, h.longColumn("occurrences").get(1));
        assertEquals(7970L, h.longColumn("occurrences").get(2));
        assertEquals("[8]", h.stringColumn("range").get(8));
        assertEquals(3L, h.longColumn("occurrences").get(8));
        assertEquals(22858119037881L, c.reading("mlxlink mlxlink_json_mft4.34_400g_fec_histogram_serdes_yuuki", "fec_hist0")
                .orElseThrow().value(), "each bin is also a counter reading, under the catalogue's name");
        Capture dr4 = Readers.standard().read(PublicCaptureFiles.file("mlxlink_json_mft4.34_400g_dr4_osfp_yuuki.json"));
        Table ber = dr4.measurements(MlxlinkReader.BER).orElseThrow();
        assertEquals(0.0, ber.doubleColumn("effective_ber").get(0), "15E-255: no errors");
        assertEquals("effective", ber.stringColumn("below_measurable").get(0));
        assertEquals(5e-10, ber.doubleColumn("raw_ber").get(0));
        assertEquals(3017647L + 15132549L + 7368641L + 9233545L, ber.longColumn("raw_errors").get(0));
        Table lanes = dr4.measurements(MlxlinkReader.LANES).orElseThrow();
        assertEquals(1e-9, lanes.doubleColumn("raw_ber").get(1));
        assertEquals(61.0, dr4.measurements(MlxlinkReader.MODULE).orElseThrow().doubleColumn("temperature_c").get(0), "61 [-10..80]");
    }

    @Test void junk(@TempDir Path dir) {
        BadCaptureInput.binaryFile(reader, dir);
        BadCaptureInput.fails(reader, "junk.json", BadCaptureInput.junkText(), 1, "invalid JSON");
    }
}
