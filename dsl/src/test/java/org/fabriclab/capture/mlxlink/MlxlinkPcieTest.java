package org.fabriclab.capture.mlxlink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.GoldenCapture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;

import tech.tablesaw.api.Table;

/**
 * {@code mlxlink --port_type PCIE} output, text and JSON, was refused as "not a capture format". The text fixture
 * follows the sections and keys mstflint's {@code mlxlink/modules/mlxlink_commander.cpp} prints
 * ({@code PCIe Operational (Enabled) Info}, {@code Management PCIe Timers Counters Info}, {@code Management PCIe
 * Performance Counters Info}, {@code EYE Opening Info (PCIe)}, the closing {@code Errors} section) as public
 * {@code mlxlink -d <bdf> --port_type PCIE -e -c} output of a ConnectX-6 shows them (own values, a Gen 3 x8 link
 * on a Gen 4 x16 slot); the JSON follows yuuki/mlxlink_exporter internal/mlxlink/testdata/mlxlink/mft-4.34.1-pcie-eye.json
 * @f2364a10 (MFT 4.34.1, tab-indented, {@code EYE Opening Info (PCIe)} before the operational section; own values).
 */
class MlxlinkPcieTest {
    private static final String PORT = "mlxlink 0000:c1:00.0";

    @Test void textPcieLinkAndCounters() {
        Input in = GoldenCapture.input(getClass(), "mlxlink_pcie_downtrained.txt");
        assertEquals("mlxlink", Readers.standard().choose(in).format());
        Capture c = new MlxlinkReader().read(in);
        assertEquals(List.of(PORT), c.ports());
        Table t = c.measurements(MlxlinkPcie.TABLE).orElseThrow();
        assertEquals(List.of("port", "speed_active", "speed_enabled", "gen_active", "gen_enabled", "width_active", "width_enabled",
                "device_status", "downtrained"), t.columnNames());
        assertEquals("8G-Gen 3", t.stringColumn("speed_active").get(0));
        assertEquals("16G-Gen 4", t.stringColumn("speed_enabled").get(0));
        assertEquals(3, t.intColumn("gen_active").get(0));
        assertEquals(4, t.intColumn("gen_enabled").get(0));
        assertEquals(8, t.intColumn("width_active").get(0));
        assertEquals(16, t.intColumn("width_enabled").get(0));
        assertEquals("speed,width", t.stringColumn("downtrained").get(0));
        assertEquals("Correctable Error detected.", t.stringColumn("device_status").get(0));
        assertEquals(2L, c.reading(PORT, "pcie_dl_down").orElseThrow().value());
        assertEquals(14L, c.reading(PORT, "pcie_rx_errors").orElseThrow().value());
        assertEquals(0L, c.reading(PORT, "pcie_tx_errors").orElseThrow().value());
        assertEquals(5L, c.reading(PORT, "pcie_crc_error_dllp").orElseThrow().value());
        assertTrue(c.reading(PORT, "pcie_rx_errors").orElseThrow().catalogued());
        assertTrue(c.reading(PORT, "pcie_crc_error_tlp").isEmpty(), "N/A is absent, not 0");
        assertTrue(c.absents().stream().anyMatch(a -> a.counter().equals("pcie_crc_error_tlp")), c.absents().toString());
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("Showing BER via MPCNT raised the following exception")), c.warnings().toString());
    }

    @Test void jsonPcieLink() {
        String json = "{\n\t\"result\": {\n\t\t\"output\": {\n\t\t\t\"EYE Opening Info (PCIe)\": {\n\t\t\t\t\"FOM Mode\": {\n\t\t\t\t\t\"values\": [\n"
                + "\t\t\t\t\t\t\"SLRG_FOM_MODE_EYEC\"\n\t\t\t\t\t]\n\t\t\t\t},\n\t\t\t\t\"Last FOM\": {\n\t\t\t\t\t\"values\": [\n\t\t\t\t\t\t\"120\",\n"
                + "\t\t\t\t\t\t\"118\"\n\t\t\t\t\t]\n\t\t\t\t}\n\t\t\t},\n\t\t\t\"PCIe Operational (Enabled) Info\": {\n"
                + "\t\t\t\t\"Depth, pcie index, node\": \"0, 0, 0\",\n\t\t\t\t\"Link Speed Active (Enabled)\": \"16G-Gen 4 (32G-Gen 5)\",\n"
                + "\t\t\t\t\"Link Width Active (Enabled)\": \"16X (16X)\"\n\t\t\t}\n\t\t}\n\t},\n\t\"status\": {\n\t\t\"code\": 0,\n"
                + "\t\t\"message\": \"success\"\n\t}\n}\n";
        Input in = Input.ofText("pcie-eye.json", json);
        assertEquals("mlxlink-json", Readers.standard().choose(in).format());
        Capture c = new MlxlinkJsonReader().read(in);
        Table t = c.measurements(MlxlinkPcie.TABLE).orElseThrow();
        assertEquals(1, t.rowCount());
        assertEquals(4, t.intColumn("gen_active").get(0));
        assertEquals(5, t.intColumn("gen_enabled").get(0));
        assertEquals(16, t.intColumn("width_active").get(0));
        assertEquals("speed", t.stringColumn("downtrained").get(0));
        assertTrue(c.readings().isEmpty(), "no PCIe counter section, so no readings: " + c.readings());
    }
}
