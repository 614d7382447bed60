package org.fabriclab.capture.perfquery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Reading;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Layer;
import org.fabriclab.catalogue.Role;
import org.fabriclab.catalogue.Scope;
import org.junit.jupiter.api.Test;

/**
 * {@code perfquery -T} (PortExtendedSpeedsCounters): the fixture {@code perfquery/ext_speeds_T.txt} follows
 * linux-rdma/rdma-core 691953d8: infiniband-diags/perfquery.c {@code extended_speeds_query} heads a block
 * {@code # PortExtendedSpeedsCounters counters: Lid N port P}, or {@code # PortExtendedSpeedsCounters with RS-FEC Active
 * counters: ...} when the port runs RS-FEC; libibmad/dump.c prints the fields of fields.c's IB_PESC_* (12 lanes of
 * ErrorDetectionCounterLane, FECCorrectableBlockCtrLane, FECUncorrectableBlockCtrLane) or IB_PESC_RSFEC_* (12 lanes of
 * FECCorrectableSymbolCtrLane, then the port's three FEC counters) as {@code Name:} dotted to 32 characters. Own values.
 */
class PerfqueryExtendedSpeedsTest {
    private final Catalogue cat = Catalogue.standard();
    private final Capture c = new PerfqueryReader().read(Input.of(CaptureCsv.fixture("perfquery/ext_speeds_T.txt")));

    private Reading r(String port, String counter) { return c.reading(port, counter).orElseThrow(() -> new AssertionError(counter)); }

    @Test void everyLaneFieldIsCataloguedWithItsWidth() {
        assertEquals(List.of("lid 12/3", "lid 12/4"), c.ports());
        assertEquals(17, r("lid 12/3", "ErrorDetectionCounterLane2").value());
        assertEquals(16, r("lid 12/3", "ErrorDetectionCounterLane11").field().width());
        assertEquals(250, r("lid 12/3", "FECCorrectableBlockCtrLane2").value());
        assertEquals(32, r("lid 12/3", "FECCorrectableBlockCtrLane2").field().width());
        assertEquals("blocks", r("lid 12/3", "FECCorrectableBlockCtrLane2").unit());
        assertEquals(6, r("lid 12/3", "FECUncorrectableBlockCtrLane2").value());
        assertEquals(0, r("lid 12/3", "FECUncorrectableBlockCtrLane11").value());
        assertEquals(4294967295L, r("lid 12/4", "FECCorrectableSymbolCtrLane11").value());
        assertEquals(32, r("lid 12/4", "FECCorrectableSymbolCtrLane11").field().width());
        assertEquals(1, r("lid 12/4", "PortFECUncorrectableBlockCtr").value());
        assertEquals(2, r("lid 12/3", "SyncHeaderErrorCounter").value());
        // 2 + 36 lane fields on port 3, 2 + 12 + 3 on port 4; PortSelect and CounterSelect are no readings
        assertEquals(38 + 17, c.readings().size());
        for (Reading x : c.readings()) assertTrue(cat.counter(x.counter()).isPresent(), x.counter() + " is catalogued");
    }

    @Test void lanesAreInformativeAndApartFromThePortTotals() {
        assertEquals(2, cat.counter("FECUncorrectableBlockCtrLane2").orElseThrow().lane());
        assertEquals(Scope.LANE, cat.counter("FECCorrectableSymbolCtrLane0").orElseThrow().def().scope());
        for (String n : List.of("ErrorDetectionCounterLane0", "FECCorrectableBlockCtrLane5", "FECUncorrectableBlockCtrLane11",
                "FECCorrectableSymbolCtrLane3")) {
            assertEquals(Layer.INFORMATIVE, cat.layerOf(n), n);
            assertEquals(false, cat.isError(n), n);
        }
        assertEquals(List.of("PortFECUncorrectableBlockCtr"), cat.counters(Role.FEC_UNCORRECTED).stream()
                .filter(n -> n.startsWith("Port") || n.contains("Lane")).toList());
        assertEquals(12, cat.counters(Role.LANE_FEC_UNCORRECTED).size());
        assertEquals("FECUncorrectableBlockCtrLane0", cat.counters(Role.LANE_FEC_UNCORRECTED).get(0));
        assertEquals("FECCorrectableBlockCtrLane11", cat.counters(Role.LANE_FEC_CORRECTED).get(11));
        assertEquals(12, cat.counters(Role.LANE_FEC_CORRECTED_SYMBOLS).size());
        assertEquals(12, cat.counters(Role.LANE_ERROR_DETECTION).size());
    }
}
