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

/**
 * The fixtures are written from mstflint's mlxlink/mstlink source
 * (section and field names, {@code <coef>E-<magnitude>} BER printing, comma-separated per-lane raw
 * errors) and published mlxlink output.
 */
class MlxlinkReaderTest {
    private final MlxlinkReader reader = new MlxlinkReader();

    @Test void goldenAnsiMlx5() {
        Capture c = GoldenCapture.check(getClass(), "mlxlink_mlx5_0_ansi.txt", reader);
        Table op = c.measurements(MlxlinkReader.OPERATIONAL).orElseThrow();
        assertEquals(List.of("port", "state", "physical_state", "speed", "width", "fec", "loopback"), op.columnNames());
        assertEquals("Active", op.stringColumn("state").get(0), "ANSI colour codes stripped");
        Table ber = c.measurements(MlxlinkReader.BER).orElseThrow();
        assertEquals(List.of("port", "file", "time_since_clear_min", "raw_ber", "effective_ber", "symbol_ber", "raw_errors",
                "effective_errors", "symbol_errors", "below_measurable"), ber.columnNames());
        assertEquals("mlx5_0/1", ber.stringColumn("port").get(0));
        // 15E-255 is mlxlink's "no errors" placeholder: BER 0, named in below_measurable (not 1.5e-254)
        assertEquals(0.0, ber.doubleColumn("effective_ber").get(0));
        assertEquals("effective,symbol", ber.stringColumn("below_measurable").get(0));
        assertEquals(2e-12, ber.doubleColumn("raw_ber").get(0));
        assertEquals(2567L, ber.longColumn("raw_errors").get(0), "1021+1534+0+12");
        Table lanes = c.measurements(MlxlinkReader.LANES).orElseThrow();
        assertEquals(4, lanes.rowCount());
        assertEquals(12L, lanes.longColumn("raw_errors").get(3));
        Table module = c.measurements(MlxlinkReader.MODULE).orElseThrow();
        assertTrue(Double.isNaN(module.doubleColumn("temperature_c").getDouble(0)), "N/A for a passive copper cable");
        assertEquals("MCP1650-H002E26", module.stringColumn("part_number").get(0));
        assertEquals(1L, c.reading("mlx5_0/1", "phy_link_down_events").orElseThrow().value());
    }

    @Test void goldenMstlinkPci() {
        Capture c = GoldenCapture.check(getClass(), "mstlink_pci.txt", reader);
        assertEquals(List.of("mlxlink 0000:3b:00.0/1"), c.ports());
        Table module = c.measurements(MlxlinkReader.MODULE).orElseThrow();
        assertEquals(45.0, module.doubleColumn("temperature_c").get(0), "45C");
        assertEquals(3287.8, module.doubleColumn("voltage_mv").get(0));
        Table ber = c.measurements(MlxlinkReader.BER).orElseThrow();
        assertEquals(3e-13, ber.doubleColumn("effective_ber").get(0));
        assertEquals(7e-14, ber.doubleColumn("symbol_ber").get(0));
        assertEquals(17L, ber.longColumn("effective_errors").get(0));
        assertEquals(881036L, ber.longColumn("raw_errors").get(0));
        var sym = c.reading("mlxlink 0000:3b:00.0/1", "symbol_errors").orElseThrow();
        assertEquals(4L, sym.value());
        assertTrue(sym.catalogued(), "Symbol Errors is the catalogue's symbol_errors (it was an uncatalogued raw name)");
    }

    /** A readout without its command line takes the RDMA device its file is named after, so it joins that port's counters. */
    @Test void theDeviceInTheFileNameIsThePort() throws Exception {
        String text = new String(getClass().getResourceAsStream("link_down_no_command.txt").readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        String[][] cases = {{"mlxlink-mlx5_0-1.txt", "mlx5_0/1"}, {"mlx5_2.mlxlink", "mlx5_2/1"}, {"mlxlink_mlx5_10_p2.txt", "mlx5_10/2"},
                {"host7/mlx4_1.port2.txt", "mlx4_1/2"}, {"mlxlink-cx7.txt", "mlxlink mlxlink-cx7"}, {"xmlx5_0.txt", "mlxlink xmlx5_0"}};
        for (String[] c : cases) assertEquals(List.of(c[1]), reader.read(Input.ofText(c[0], text)).ports(), c[0]);
    }

    @Test void goldenNoCommandLinkDown() {
        Capture c = GoldenCapture.check(getClass(), "link_down_no_command.txt", reader);
        assertEquals(List.of("mlxlink link_down_no_command"), c.ports());
        Table ber = c.measurements(MlxlinkReader.BER).orElseThrow();
        assertTrue(ber.longColumn("effective_errors").isMissing(0));
        assertTrue(c.absents().stream().anyMatch(a -> a.counter().equals("effective_errors")));
        assertEquals(38.0, c.measurements(MlxlinkReader.MODULE).orElseThrow().doubleColumn("temperature_c").get(0), "38 [-5..75]");
    }

    @Test void severalDevicesInOneFile() {
        String one = GoldenCapture.input(getClass(), "mlxlink_mlx5_0_ansi.txt").text();
        String two = one.replace("-d mlx5_0", "-d mlx5_1 -p 2");
        Capture c = reader.read(Input.ofText("both.txt", one + "\n" + two));
        assertEquals(List.of("mlx5_0/1", "mlx5_1/2"), c.ports());
        assertEquals(2, c.measurements(MlxlinkReader.BER).orElseThrow().rowCount());
    }

    @Test void sniffing() {
        for (String f : List.of("mlxlink_mlx5_0_ansi.txt", "mstlink_pci.txt", "link_down_no_command.txt")) {
            Input in = GoldenCapture.input(getClass(), f);
            assertTrue(reader.sniff(in) >= 50, f);
            assertEquals("mlxlink", Readers.standard().choose(in).format(), f);
        }
        assertEquals(0, reader.sniff(Input.ofText("x", "#bytes #iterations t_min[usec]\n")));
    }

    @Test void truncated() {
        BadCaptureInput.fails(reader, "t.txt", "Operational Info\n----------------\nState : Active\n\nPhysical Counters and BER Info\n"
                + "------------------------------\n", 5, "has no 'Key : value' lines");
    }

    @Test void nonNumberValues() {
        String head = "Physical Counters and BER Info\n------------------------------\n";
        BadCaptureInput.fails(reader, "t.txt", head + "Effective Physical Errors   : lots\n", 3, "found 'lots'");
        BadCaptureInput.fails(reader, "t.txt", head + "Raw Physical Errors Per Lane : 1,2,x3,4\n", 3, "found 'x3'");
        BadCaptureInput.fails(reader, "t.txt", head + "Raw Physical BER  : high\n", 3, "expected a BER such as 15E-255");
        BadCaptureInput.fails(reader, "t.txt", "Module Info\n-----------\nTemperature [C] : hot\n", 3, "expected a number");
    }

    @Test void lanesKeepTheirIndex() {
        String head = "Physical Counters and BER Info\n------------------------------\n";
        Capture c = reader.read(Input.ofText("l.txt", head + "Raw Physical Errors Per Lane : 10,,30,N/A\n"));
        Table lanes = c.measurements(MlxlinkReader.LANES).orElseThrow();
        assertEquals(List.of(0, 1, 2, 3), lanes.intColumn("lane").asList());
        assertEquals(10L, lanes.longColumn("raw_errors").get(0));
        assertTrue(lanes.longColumn("raw_errors").isMissing(1), "an empty lane is missing, lane 2 stays lane 2");
        assertEquals(30L, lanes.longColumn("raw_errors").get(2));
        assertTrue(lanes.longColumn("raw_errors").isMissing(3));
        assertTrue(c.reading("mlxlink l", "raw_physical_errors").isEmpty(), "no sum over part of the lanes");
        assertTrue(c.absents().stream().anyMatch(a -> a.counter().equals("raw_physical_errors") && a.reason().contains("lane 1")));
        // each lane is also its PPCNT lane counter, phy_raw_errors_lane<k>; an empty or N/A lane is absent, not 0
        assertEquals(10L, c.reading("mlxlink l", "phy_raw_errors_lane0").orElseThrow().value());
        assertEquals(30L, c.reading("mlxlink l", "phy_raw_errors_lane2").orElseThrow().value());
        assertEquals("raw_physical_errors_lane2", c.reading("mlxlink l", "phy_raw_errors_lane2").orElseThrow().rawName());
        assertTrue(c.reading("mlxlink l", "phy_raw_errors_lane1").isEmpty());
        assertTrue(c.absents().stream().anyMatch(a -> a.counter().equals("phy_raw_errors_lane1") && a.reason().contains("lane 1 is ''")));
        assertTrue(c.absents().stream().anyMatch(a -> a.counter().equals("phy_raw_errors_lane3") && a.reason().contains("'N/A'")));
    }

    @Test void laneReadingsAreInformativeBesideTheirSum() {
        String head = "Physical Counters and BER Info\n------------------------------\n";
        Capture c = reader.read(Input.ofText("s.txt", head + "Raw Physical Errors Per Lane : 5,6,7,8,9,10,11,12\n"));
        assertEquals(68L, c.reading("mlxlink s", "raw_physical_errors").orElseThrow().value());
        assertEquals(12L, c.reading("mlxlink s", "phy_raw_errors_lane7").orElseThrow().value());
        assertEquals(org.fabriclab.catalogue.Layer.INFORMATIVE, c.reading("mlxlink s", "phy_raw_errors_lane7").orElseThrow().layer());
        assertTrue(c.reading("mlxlink s", "phy_raw_errors_lane7").orElseThrow().catalogued());
    }

    @Test void numbersAreReadWholeOrRefused() {
        String head = "Physical Counters and BER Info\n------------------------------\n";
        for (String junk : List.of("12abc", "1e3", "0xFFFFFFFFFFFFFFFF", "-5", "1.5")) {
            BadCaptureInput.fails(reader, "t.txt", head + "Effective Physical Errors   : " + junk + "\n", 3, junk);
        }
        for (String junk : List.of("12abc", "1e3", "0xFF", "45x")) {
            BadCaptureInput.fails(reader, "t.txt", "Module Info\n-----------\nTemperature [C] : " + junk + "\n", 3, "expected a number");
        }
        BadCaptureInput.fails(reader, "t.txt", head + "Raw Physical Errors Per Lane : 9223372036854775807,1\n", 3, "sum above 2^63-1");
    }

    @Test void deviceBannerNamesThePorts() {
        String out = "Operational Info\n----------------\nState : Active\n\nPhysical Counters and BER Info\n"
                + "------------------------------\nEffective Physical Errors : 3\n";
        Capture c = reader.read(Input.ofText("script.txt", "$ for i in 0 1; do echo \"=== $i ===\"; sudo mlxlink -d /dev/mst/mt4123_pciconf$i; done\n"
                + "========== mt4123_pciconf0 ==========\n\n" + out + " \n-E- \"--show_ber_monitor\" option is not supported for HCA\n"
                + "========== mt4123_pciconf1 ==========\n\n" + out));
        assertEquals(List.of("mlxlink mt4123_pciconf0", "mlxlink mt4123_pciconf1"), c.ports());
        assertEquals(3L, c.reading("mlxlink mt4123_pciconf1", "effective_errors").orElseThrow().value());
        assertEquals(1, c.warnings().size(), c.warnings().toString());
    }

    @Test void junk(@TempDir Path dir) {
        BadCaptureInput.binaryFile(reader, dir);
        BadCaptureInput.fails(reader, "junk.txt", BadCaptureInput.junkText(), 1, "no mlxlink section found");
    }

    /**
     * {@code mlxlink -d <dev> -m}: Module Info and the default Troubleshooting Info, no Operational Info or counters (the
     * layout scitix/sichek components/transceiver/collector/mlxlink_dom_test.go @0897af10 holds as real output, the
     * Recommendation coloured red by mlxlink on a terminal; own values). It was refused as "not a capture format".
     */
    @Test void moduleOnlyOutputIsReadWithItsRecommendation() {
        Input in = GoldenCapture.input(getClass(), "mlxlink_m_module_only.txt");
        assertEquals("mlxlink", Readers.standard().choose(in).format());
        Capture c = reader.read(in);
        String port = "mlxlink mlxlink_m_module_only";
        assertEquals(List.of(port), c.ports());
        Table module = c.measurements(MlxlinkReader.MODULE).orElseThrow();
        assertEquals(49.0, module.doubleColumn("temperature_c").get(0));
        assertEquals(3302.4, module.doubleColumn("voltage_mv").get(0));
        assertEquals("OSFP-400G-SR4", module.stringColumn("part_number").get(0));
        assertEquals("Bad signal integrity", c.attr(port, MlxlinkTables.RECOMMENDATION).orElseThrow(), "ANSI colour removed");
        Table optics = c.measurements(org.fabriclab.capture.Optics.OPTICS).orElseThrow();
        assertEquals(4, optics.rowCount());
        assertEquals(-7.412, optics.doubleColumn("rx_power_dbm").get(0));
    }

    /**
     * A passive copper cable that claims diagnostics prints '0 [0..0]' for every monitor: no such monitor, not
     * 0 C, 0 mV, 0 dBm (1 mW) and 0 mA with alarm thresholds at 0; values padded with a trailing blank still read.
     */
    @Test void passiveCopperZeroMonitorsAreAbsent() {
        Capture c = new MlxlinkReader().read(Input.of(Path.of(
                "src/test/resources/org/fabriclab/capture/mlxlink/mlxlink_passive_copper_osfp_zero_monitors.txt")));
        Table module = c.measurements(MlxlinkReader.MODULE).orElseThrow();
        assertEquals("mlx5_4/1", module.stringColumn("port").get(0));
        assertTrue(module.doubleColumn("temperature_c").isMissing(0));
        assertTrue(module.doubleColumn("voltage_mv").isMissing(0));
        assertEquals("OSFP-DAC-2M-X", module.stringColumn("part_number").get(0));
        assertTrue(c.measurements(org.fabriclab.capture.Optics.OPTICS).isEmpty(), "no optical lanes on a copper cable");
        assertTrue(c.measurements(org.fabriclab.capture.Optics.THRESHOLDS).isEmpty(), "[0..0] is no alarm range");
        Table op = c.measurements(MlxlinkReader.OPERATIONAL).orElseThrow();
        assertEquals("IB-NDR", op.stringColumn("speed").get(0));
        assertEquals("No issue was observed", c.attr("mlx5_4/1", "mlxlink_recommendation").orElseThrow());
    }

    /**
     * A session log with {@code mst status} before the mlxlink output: its underlined headings ({@code MST modules:},
     * {@code MST devices:}) are no mlxlink sections (no mlxlink title ends with a colon). A health-check script's log
     * (MFT 4.30.1, four ConnectX-7) was refused as "section 'MST modules:' has no 'Key : value' lines".
     */
    @Test void anotherToolsUnderlinedHeadingIsNoSection() {
        String text = "MST modules:\n------------\n    MST PCI configuration module loaded\n\nMST devices:\n------------\n"
                + "/dev/mst/mt4129_pciconf0   - PCI configuration cycles access.\n   domain:bus:dev.fn=0000:17:00.0 addr.reg=88\n\n"
                + "Operational Info\n----------------\nState : Active\nSpeed : 100G\n\nDevice #1:\n----------\n  PSID:   MT_0000000123\n";
        Capture c = reader.read(Input.ofText("hc.txt", text));
        Table op = c.measurements(MlxlinkReader.OPERATIONAL).orElseThrow();
        assertEquals(List.of("mlxlink hc"), op.stringColumn("port").asList());
        assertEquals("Active", op.stringColumn("state").get(0));
        assertEquals("100G", op.stringColumn("speed").get(0));
        // a heading ending in a colon after an empty mlxlink section still finds the section cut
        BadCaptureInput.fails(reader, "t.txt", "Operational Info\n----------------\n\nMST devices:\n------------\n", 1,
                "has no 'Key : value' lines");
    }

    /**
     * A script's banner {@code === Device: 0000:17:00.0 ===} names the device after its label, not the label: four
     * devices of one health-check log were all the port {@code mlxlink Device:}.
     */
    @Test void bannerLabelIsNotTheDevice() {
        String one = "Operational Info\nPhysical state : LinkUp\nSpeed : 200G\n\n";
        Capture c = reader.read(Input.ofText("hc.txt", "=== Device: 0000:17:00.0 ===\n" + one + "=== Device: 0000:17:00.1 ===\n"
                + one.replace("LinkUp", "Polling")));
        Table op = c.measurements(MlxlinkReader.OPERATIONAL).orElseThrow();
        assertEquals(List.of("mlxlink 0000:17:00.0", "mlxlink 0000:17:00.1"), op.stringColumn("port").asList());
        assertEquals("Polling", op.stringColumn("physical_state").get(1));
    }
}
