package org.fabriclab.capture.mlxlink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.BadCaptureInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.GoldenCapture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tech.tablesaw.api.Table;

/** Fixture written from mstflint's {@code toJsonFormat} (no public mlxlink --json capture exists). */
class MlxlinkJsonReaderTest {
    private final MlxlinkJsonReader reader = new MlxlinkJsonReader();

    @Test void goldenJson() {
        Capture c = GoldenCapture.check(getClass(), "mlxlink_json_mlx5_3.json", reader);
        assertEquals(List.of("mlxlink mlxlink_json_mlx5_3"), c.ports());
        Table ber = c.measurements(MlxlinkReader.BER).orElseThrow();
        assertEquals(3425414L, ber.longColumn("raw_errors").get(0));
        assertEquals(1e-8, ber.doubleColumn("raw_ber").get(0));
        assertEquals(51.0, c.measurements(MlxlinkReader.MODULE).orElseThrow().doubleColumn("temperature_c").get(0));
        assertEquals(3268.1, c.measurements(MlxlinkReader.MODULE).orElseThrow().doubleColumn("voltage_mv").get(0));
        assertEquals(4, c.measurements(MlxlinkReader.LANES).orElseThrow().rowCount());
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

    @Test void junk(@TempDir Path dir) {
        BadCaptureInput.binaryFile(reader, dir);
        BadCaptureInput.fails(reader, "junk.json", BadCaptureInput.junkText(), 1, "invalid JSON");
    }
}
