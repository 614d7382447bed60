package org.fabriclab.capture.ibdiagnet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fabriclab.capture.BadCaptureInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.GoldenCapture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Readers;
import org.fabriclab.check.BerChecks;
import org.fabriclab.check.Check;
import org.fabriclab.check.CheckRow;
import org.fabriclab.check.Policy;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tech.tablesaw.api.Table;

class IbdiagnetNetDumpExtReaderTest {
    private final IbdiagnetNetDumpExtReader reader = new IbdiagnetNetDumpExtReader();
    private static final String P2 = "guid 0x0c42a10300f1e200/2";

    private Capture fixture() { return reader.read(GoldenCapture.input(getClass(), "phy_ber.net_dump_ext")); }

    @Test void berPerPortAndTheErrorCountsBehindIt() {
        Capture c = fixture();
        Table ber = c.measurements(IbdiagnetNetDumpExtReader.BER).orElseThrow();
        // the two ports with PHY data; the DOWN port and the aggregation node have empty cells
        assertEquals(List.of("guid 0x0c42a10300f1e200/1", P2), ber.stringColumn("port").asList());
        assertEquals(8.8e-06, ber.doubleColumn("raw_ber").get(1));
        assertEquals(3.2e-10, ber.doubleColumn("effective_ber").get(1));
        assertEquals(2.5e-11, ber.doubleColumn("symbol_ber").get(1));
        assertEquals(977L, ber.longColumn("effective_errors").get(1));
        assertEquals(977L, c.reading(P2, "effective_errors").orElseThrow().value());
        assertEquals(41L, c.reading(P2, "symbol_errors").orElseThrow().value());
        assertEquals(10, c.reading(P2, "symbol_errors").orElseThrow().line());
        assertTrue(c.reading("guid 0x0c42a10300f1e200/3", "symbol_errors").isEmpty(), "an empty cell is no reading, not 0");
    }

    @Test void portAttributes() {
        Capture c = fixture();
        assertEquals(Optional.of("7"), c.attr(P2, PortAttr.LID));
        assertEquals(Optional.of("ACT"), c.attr(P2, PortAttr.STATE));
        assertEquals(Optional.of("RS_FEC_544_514"), c.attr(P2, "fec_mode"));
        assertEquals(Optional.of("sw-leaf-01 Quantum-2"), c.attr(P2, PortAttr.NODE_DESC));
        assertEquals(Optional.of("1/1/2"), c.attr(P2, "label"));
        assertEquals(Optional.of("DOWN"), c.attr("guid 0x0c42a10300f1e200/3", PortAttr.STATE));
        assertTrue(c.attr("guid 0x0c42a10300f1e200/3", "link_width").isEmpty(), "N/A is no attribute");
        assertEquals(Optional.of("CA"), c.attr("guid 0x0c42a10300f1e208/1", "node_type"));
    }

    @Test void theBerCheckGradesItsTable() {
        Capture c = fixture();
        List<CheckRow> rows = new BerChecks(Policy.BER, 1e-12, Double.NaN).fromMlxlink(c.measurements("ber").orElseThrow(), c.file());
        CheckRow eff = rows.stream().filter(r -> r.port().equals(P2) && r.name().equals("effective_ber")).findFirst().orElseThrow();
        assertEquals(3.2e-10, eff.value());
        assertEquals(977L, eff.count());
        // graded through Check, the rows name the tool that measured the BER (ibdiagnet's PHY pages), not mlxlink
        List<CheckRow> checked = Check.of(Snapshot.ofCaptures(c.file(), List.of(c))).grade(Policy.BER).rows();
        CheckRow viaCheck = checked.stream().filter(r -> r.port().equals(P2) && r.name().equals("effective_ber")).findFirst().orElseThrow();
        assertEquals("ibdiagnet_phy", viaCheck.basis());
        assertEquals(3.2e-10, viaCheck.value());
    }

    @Test void sniffedAmongAllReadersAndTakenIntoAnIbdiagnetFolder(@TempDir Path dir) throws IOException {
        Input in = GoldenCapture.input(getClass(), "phy_ber.net_dump_ext");
        assertEquals("ibdiagnet-net-dump-ext", Readers.standard().choose(in).format());
        Files.copy(CaptureCsv.fixture("ibdiagnet/two_ports.pm"), dir.resolve("ibdiagnet2.pm"));
        Files.copy(CaptureCsv.fixture("ibdiagnet/phy_ber.net_dump_ext"), dir.resolve("ibdiagnet2.net_dump_ext"));
        Capture c = Readers.standard().read(dir);
        assertTrue(c.measurements("ber").isPresent(), c.measurementNames().toString());
        assertEquals(41L, c.reading(P2, "symbol_errors").orElseThrow().value());
    }

    @Test void aBerThatIsNoNumberNamesItsLine() {
        BadCaptureInput.fails(reader, "x.net_dump_ext", "Ty : # : #IB : GUID : Raw BER : Effective BER : Node Desc\n"
                + "SW : 1/1/1 : 1 : 0x0c42a10300f1e200 : 1.2e-7x : 0e+00 : \"sw\"\n", 2, "'raw ber' is '1.2e-7x'; expected a BER");
    }

    @Test void aRowBeforeTheColumnLine() {
        BadCaptureInput.fails(reader, "x.net_dump_ext", "# header\nSW : 1/1/1 : 1 : 0x0c42a10300f1e200\n", 2, "before the column line");
    }
}
