package org.fabriclab.capture.ethtool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;

import tech.tablesaw.api.Table;

class EthtoolModuleReaderTest {
    private static Capture read(String fixture) {
        return Readers.standard().read(Input.of(CaptureCsv.fixture("ethtool/" + fixture)));
    }

    private static Table optics(Capture c) { return c.measurements(org.fabriclab.capture.Optics.OPTICS).orElseThrow(); }

    @Test void sniffedAsModuleDiagnosticsNotCounters() {
        for (String f : List.of("ethtool_m_ens2f1.txt", "qsfp28_sff8636_prompt.txt", "osfp_cmis_noindent.txt",
                "qsfp_old_channel0.txt", "qsfp28_dac_nodom.txt")) {
            assertEquals("ethtool-module", Readers.standard().choose(Input.of(CaptureCsv.fixture("ethtool/" + f))).format(), f);
        }
        // and an ethtool -S dump is not taken for one
        assertEquals("ethtool", Readers.standard().choose(Input.of(CaptureCsv.fixture("ethtool/named_header.txt"))).format());
    }

    @Test void sfpOneChannelWithThresholdsAndFlags() {
        Capture c = read("ethtool_m_ens2f1.txt");
        assertTrue(c.readings().isEmpty(), "diagnostics are measurements, not counters");
        // the file name names the interface
        assertEquals("ens2f1", c.attr("netdev ens2f1", PortAttr.NETDEV).orElseThrow());
        Table o = optics(c);
        assertEquals(1, o.rowCount());
        assertEquals(1, o.intColumn("lane").getInt(0));
        assertEquals(6.210, o.doubleColumn("tx_bias_ma").getDouble(0), 1e-9);
        assertEquals(0.5412, o.doubleColumn("tx_power_mw").getDouble(0), 1e-9);
        assertEquals(-11.50, o.doubleColumn("rx_power_dbm").getDouble(0), 1e-9);
        assertEquals("average", o.stringColumn("rx_power_kind").get(0));
        assertEquals("rx power low warning", o.stringColumn("flags").get(0));
        Table m = c.measurements(EthtoolModuleReader.MODULE).orElseThrow();
        assertEquals(41.27, m.doubleColumn("temperature_c").getDouble(0), 1e-9);
        assertEquals(3298.1, m.doubleColumn("voltage_mv").getDouble(0), 1e-9);
        assertEquals("OPTIVEND", m.stringColumn("vendor").get(0));
        assertEquals("SFP-10G-SR-X", m.stringColumn("part_number").get(0));
        Table t = c.measurements(org.fabriclab.capture.Optics.THRESHOLDS).orElseThrow();
        assertEquals(List.of("tx_bias_ma", "tx_power_mw", "temperature_c", "voltage_mv", "rx_power_mw"), t.stringColumn("quantity").asList());
        int rx = t.stringColumn("quantity").asList().indexOf("rx_power_mw");
        assertEquals(0.0407, t.doubleColumn("low_alarm").getDouble(rx), 1e-9);
        assertEquals(0.1023, t.doubleColumn("low_warning").getDouble(rx), 1e-9);
        assertEquals(0.7943, t.doubleColumn("high_warning").getDouble(rx), 1e-9);
        assertEquals(1.0, t.doubleColumn("high_alarm").getDouble(rx), 1e-9);
        int temp = t.stringColumn("quantity").asList().indexOf("temperature_c");
        assertEquals(-13.0, t.doubleColumn("low_alarm").getDouble(temp), 1e-9);
        assertEquals(3000.0, t.doubleColumn("low_warning").getDouble(t.stringColumn("quantity").asList().indexOf("voltage_mv")), 1e-9);
    }

    @Test void qsfpFourChannelsPortFromThePromptAndPerLaneFlags() {
        Capture c = read("qsfp28_sff8636_prompt.txt");
        Table o = optics(c);
        assertEquals(List.of("netdev ens1f0np0"), o.stringColumn("port").unique().asList());
        assertEquals(List.of(1, 2, 3, 4), o.intColumn("lane").asList());
        assertEquals(0.0316, o.doubleColumn("rx_power_mw").getDouble(2), 1e-9);
        assertEquals("rx power low alarm; rx power low warning", o.stringColumn("flags").get(2));
        assertEquals("", o.stringColumn("flags").get(0));
    }

    @Test void cmisEightLanesUnindentedWithStatusLinesAndNoLight() {
        Capture c = read("osfp_cmis_noindent.txt");
        Table o = optics(c);
        assertEquals(8, o.rowCount());
        assertEquals("netdev ?", o.stringColumn("port").get(0));
        assertEquals(Double.NEGATIVE_INFINITY, o.doubleColumn("rx_power_dbm").getDouble(7));
        assertEquals(0.0, o.doubleColumn("tx_bias_ma").getDouble(6));
        assertEquals("rx loss of lock", o.stringColumn("flags").get(1));
        Table t = c.measurements(org.fabriclab.capture.Optics.THRESHOLDS).orElseThrow();
        int temp = t.stringColumn("quantity").asList().indexOf("temperature_c");
        assertEquals("temperature high warning", t.stringColumn("flags").get(temp));
    }

    @Test void oldEthtoolNumbersChannelsFromZeroLanesStillFromOne() {
        Table o = optics(read("qsfp_old_channel0.txt"));
        assertEquals(List.of(1, 2, 3, 4), o.intColumn("lane").asList());
        assertEquals(0.0001, o.doubleColumn("rx_power_mw").getDouble(0), 1e-12);
        assertEquals(List.of("netdev eth3"), o.stringColumn("port").unique().asList());
    }

    @Test void aCopperCableHasIdentityButNoOptics() {
        Capture c = read("qsfp28_dac_nodom.txt");
        assertTrue(c.measurements(org.fabriclab.capture.Optics.OPTICS).isEmpty());
        Table m = c.measurements(EthtoolModuleReader.MODULE).orElseThrow();
        assertEquals("DAC-100G-2M", m.stringColumn("part_number").get(0));
        assertTrue(m.doubleColumn("temperature_c").isMissing(0));
    }

    @Test void aHexDumpIsRefusedNamingWhatToRun() {
        // written here, not as a fixture: the fuzz corpus takes every fixture as an input that reads
        String dump = "Offset\t\tValues\n------\t\t------\n0x0000:\t\t11 07 06 00 00 00 00 00 00 00 00 00 00 00 00 00\n"
                + "0x0010:\t\t00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00\n";
        CaptureException e = assertThrows(CaptureException.class, () -> Readers.standard().read(Input.ofText("module_hexdump.txt", dump)));
        assertTrue(e.getMessage().contains("module_hexdump.txt"), e.getMessage());
        assertTrue(e.getMessage().contains("hex dump"), e.getMessage());
    }

    @Test void aMalformedDiagnosticValueNamesTheLine() {
        String text = "\tIdentifier                                : 0x11 (QSFP28)\n"
                + "\tModule temperature                        : 44.02 degrees C / 111.24 degrees F\n"
                + "\tRcvr signal avg optical power(Channel 1)  : 0.7812 milliwatt\n";
        CaptureException e = assertThrows(CaptureException.class, () -> new EthtoolModuleReader().read(Input.ofText("m.txt", text)));
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("expected 'N.NNNN mW / N.NN dBm'"), e.getMessage());
        CaptureException flag = assertThrows(CaptureException.class, () -> new EthtoolModuleReader().read(Input.ofText("f.txt",
                "Identifier : 0x03 (SFP)\nLaser rx power low alarm                  : maybe\n")));
        assertEquals(2, flag.line());
    }

    @Test void aChannelNumberOutOfRangeIsRefusedNotCrashed() {
        CaptureException e = assertThrows(CaptureException.class, () -> new EthtoolModuleReader().read(Input.ofText("c.txt",
                "Identifier : 0x11 (QSFP28)\nLaser tx bias current (Channel 9223372036854775806) : 6.750 mA\n")));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("channel"), e.getMessage());
    }

    @Test void severalModulesInOneFileAreSeveralPorts() {
        String text = "$ ethtool -m eth0\n\tIdentifier : 0x03 (SFP)\n\tLaser bias current : 6.000 mA\n"
                + "$ ethtool --module-info eth1\n\tIdentifier : 0x03 (SFP)\n\tLaser bias current : 7.000 mA\n";
        Table o = optics(new EthtoolModuleReader().read(Input.ofText("two.txt", text)));
        assertEquals(List.of("netdev eth0", "netdev eth1"), o.stringColumn("port").asList());
        assertEquals(7.0, o.doubleColumn("tx_bias_ma").getDouble(1), 1e-9);
    }
}
