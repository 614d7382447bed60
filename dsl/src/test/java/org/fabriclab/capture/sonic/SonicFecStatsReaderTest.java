package org.fabriclab.capture.sonic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.fabriclab.catalogue.Layer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code show interfaces counters fec-stats} (portstat -f), written here in portstat's header_fec_only layout. */
class SonicFecStatsReaderTest {
    static final String FEC = """
                IFACE    STATE    FEC_CORR    FEC_UNCORR    FEC_SYMBOL_ERR    FEC_PRE_BER    FEC_POST_BER    FEC_PRE_BER_MAX    FLR(O)    FLR(P) (Accuracy)    FEC_MAX_T
            ---------  -------  ----------  ------------  ----------------  -------------  --------------  -----------------  --------  -------------------  -----------
            Ethernet0        U   1,130,402             3               404       1.48e-08        0.00e+00           2.21e-08  4.21e-10       7.81e-10 (89%)          3.0
            Ethernet4        U         N/A           N/A               N/A            N/A             N/A                N/A         0                    0         -1.0
            """;
    private final SonicFecStatsReader reader = new SonicFecStatsReader();
    @TempDir Path tmp;

    @Test void codewordsAreTheFecCountersAndSymbolErrorsTheirOwn() {
        Capture c = reader.read(Input.ofText("fec.txt", FEC));
        assertEquals(1_130_402L, c.reading("switch Ethernet0", "rx_fec_corrected_blocks").orElseThrow().value());
        var uncorr = c.reading("switch Ethernet0", "rx_fec_uncorrectable_blocks").orElseThrow();
        assertEquals(3L, uncorr.value());
        assertEquals(Layer.PHYSICAL, uncorr.layer());
        assertEquals(404L, c.reading("switch Ethernet0", "sonic_fec_symbol_err").orElseThrow().value());
        assertEquals(3, c.readings().size());
        assertEquals(3, c.absents().size(), "N/A on Ethernet4");
    }

    @Test void ratiosAreTheFecTable() {
        var t = new SonicFecStatsReader().read(Input.ofText("fec.txt", FEC)).measurements(PortstatTables.FEC).orElseThrow();
        assertEquals(2, t.rowCount());
        assertEquals(1.48e-8, t.doubleColumn("pre_fec_ber").getDouble(0));
        assertEquals(0.0, t.doubleColumn("post_fec_ber").getDouble(0));
        assertEquals(4.21e-10, t.doubleColumn("flr_observed").getDouble(0));
        assertEquals(7.81e-10, t.doubleColumn("flr_predicted").getDouble(0));
        assertEquals(89.0, t.doubleColumn("flr_predicted_accuracy_pct").getDouble(0));
        assertEquals(3.0, t.doubleColumn("fec_max_t").getDouble(0));
        assertTrue(Double.isNaN(t.doubleColumn("pre_fec_ber").getDouble(1)));
        assertEquals(0.0, t.doubleColumn("flr_predicted").getDouble(1));
        assertTrue(Double.isNaN(t.doubleColumn("flr_predicted_accuracy_pct").getDouble(1)));
    }

    @Test void sniffedAmongAllReaders() {
        assertEquals("sonic-fec-stats", Readers.standard().choose(Input.ofText("fec.txt", FEC)).format());
        assertEquals(0, new SonicPortstatReader().sniff(Input.ofText("fec.txt", FEC)));
    }

    @Test void aBadRatioNamesFileAndLine() {
        BadInput.expect(reader, BadInput.write(tmp, "f.txt", FEC.replace("1.48e-08", "1.48e-0x")), 3,
                "expected a number such as 4.21e-10 for 'FEC_PRE_BER' (or N/A), found '1.48e-0x'");
    }
}
