package org.fabriclab.capture.ibdiagnet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.BadCaptureInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.GoldenCapture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Optics;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tech.tablesaw.api.Table;

/**
 * The fixture follows gary-minghuili/infiniband-exporter data/ibdiagnet2/ibdiagnet2.cables @088f9dc (IBDIAGNET 2.10.0,
 * --get_cable_info): its header comments, Port= blocks between dashed lines, the keys in its order, and its quirks: a
 * lane's power printed -999.999 mW beside 0.000 dBm, an 'inf mW, 65496.000 dBm' lane, and a copper cable printing 0C,
 * 0uV, 0.000 mA and stray alarm bits. Own values. That file was refused as "not a capture format".
 */
class IbdiagnetCablesReaderTest {
    private final IbdiagnetCablesReader reader = new IbdiagnetCablesReader();
    private static final String OPTICAL = "guid 0x0c42a10300d1e2f0/7", COPPER = "guid 0x0c42a10300aabb01/1";

    @Test void modulesLanesAndThresholds() {
        Input in = GoldenCapture.input(getClass(), "two_modules.cables");
        assertEquals("ibdiagnet-cables", Readers.standard().choose(in).format());
        assertEquals(0, new IbdiagnetPmReader().sniff(in));
        Capture c = reader.read(in);
        assertEquals(List.of(OPTICAL, COPPER), c.ports());
        assertTrue(c.readings().isEmpty());
        Table m = c.measurements(Optics.MODULE).orElseThrow();
        assertEquals(63.0, m.doubleColumn(Optics.TEMPERATURE).get(0));
        assertEquals(3291.7, m.doubleColumn(Optics.VOLTAGE).get(0), 1e-9, "3291700uV");
        assertEquals("OSFP-SR4-400G", m.stringColumn("part_number").get(0));
        assertTrue(Double.isNaN(m.doubleColumn(Optics.TEMPERATURE).getDouble(1)), "a copper cable's 0C is no temperature");
        assertTrue(Double.isNaN(m.doubleColumn(Optics.VOLTAGE).getDouble(1)), "nor its 0uV a voltage");
        Table o = c.measurements(Optics.OPTICS).orElseThrow();
        assertEquals(4, o.rowCount(), "four optical lanes, none for the copper cable");
        assertEquals(0.851, o.doubleColumn(Optics.RX_POWER).get(0));
        assertEquals(-0.701, o.doubleColumn("rx_power_dbm").get(0));
        assertTrue(Double.isNaN(o.doubleColumn(Optics.RX_POWER).getDouble(1)), "-999.999 mW is no power");
        assertTrue(Double.isNaN(o.doubleColumn("rx_power_dbm").getDouble(1)), "nor the 0.000 dBm beside it");
        assertTrue(Double.isNaN(o.doubleColumn(Optics.RX_POWER).getDouble(2)), "inf mW is no power");
        assertEquals(7.246, o.doubleColumn(Optics.TX_BIAS).get(3));
        assertEquals(1.259, o.doubleColumn(Optics.TX_POWER).get(3));
        assertEquals("average", o.stringColumn("rx_power_kind").get(0));
        Table t = c.measurements(Optics.THRESHOLDS).orElseThrow();
        assertEquals(2, t.rowCount(), "temperature and voltage of the optical module; the register-unit power thresholds not taken");
        assertEquals(List.of(Optics.TEMPERATURE, Optics.VOLTAGE), t.stringColumn("quantity").asList());
        assertEquals(-5.0, t.doubleColumn("low_alarm").get(0));
        assertEquals(80.0, t.doubleColumn("high_alarm").get(0));
        assertEquals(2970.0, t.doubleColumn("low_alarm").get(1));
        assertEquals(3630.0, t.doubleColumn("high_alarm").get(1));
        assertEquals("42", c.attr(OPTICAL, "lid").orElseThrow(), "Lid=0x002a");
        assertTrue(c.warnings().stream().anyMatch(w -> w.startsWith("1 lane(s) with a power that is not finite")), c.warnings().toString());
    }

    @Test void aValueThatIsNoNumberNamesItsLine() {
        BadCaptureInput.fails(reader, "bad.cables", "-------\nPort=1 Lid=0x0003 GUID=0x0002c90300a1b2c1 Port Name=h/U1/P1\n-------\n"
                + "Source: PHY_DD\nType: 850 nm VCSEL\nTemperature: warm\n", 6, "'Temperature': expected a number in C");
        BadCaptureInput.fails(reader, "bad.cables", "-------\nPort=1 Lid=0x0003 GUID=0x0002c90300a1b2c1 Port Name=h/U1/P1\n-------\n"
                + "Source: PHY_DD\nType: 850 nm VCSEL\nRX1 Power: 0.85 mW\n", 6, "'RX1 Power': expected '<mW> mW, <dBm> dBm'");
    }

    @Test void theFolderReaderAddsTheCableTables(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("ibdiagnet2.pm"), "-------\nPort=7 Lid=0x002a GUID=0x0c42a10300d1e2f0 Device=54002 Port Name=leaf01/U1/P7/1/1\n"
                + "-------\nsymbol_error_counter=0x0003\n");
        Files.writeString(dir.resolve("ibdiagnet2.cables"), GoldenCapture.input(getClass(), "two_modules.cables").text());
        Capture c = Readers.standard().read(dir);
        assertEquals(3L, c.reading(OPTICAL, "SymbolErrorCounter").orElseThrow().value());
        assertEquals(63.0, c.measurements(Optics.MODULE).orElseThrow().doubleColumn(Optics.TEMPERATURE).get(0));
    }
}
