package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Layer;
import org.fabriclab.catalogue.Overflow;
import org.fabriclab.catalogue.Source;
import org.junit.jupiter.api.Test;

/**
 * Per-lane physical errors and per-SL data read from captures in the public layouts: the lane or SL
 * travels in the canonical name, as a priority does, with the catalogue's unit, scale, width and overflow.
 * The fixtures under {@code capture/lanes/} are our own values in these layouts:
 * <ul>
 * <li>{@code ethtool_S_mlx5_lanes.txt}: {@code ethtool -S} of an mlx5 port with the PPCNT per-lane group, names
 * and order as torvalds/linux @01dd74246c75 drivers/net/ethernet/mellanox/mlx5/core/en_stats.c prints them
 * ({@code pport_phy_statistical_stats_desc}, then {@code pport_phy_statistical_err_lanes_stats_desc}:
 * {@code rx_err_lane_0_phy..rx_err_lane_3_phy});</li>
 * <li>{@code perfquery_X_S_sl.txt}: {@code perfquery -X} then {@code perfquery -S} as linux-rdma/rdma-core
 * @a78c47bf infiniband-diags/perfquery.c {@code common_func} prints them ({@code # PortXmitDataSL counters: ...}),
 * fields from libibmad/fields.c @35632452 (PortSelect, CounterSelect, XmtDataSL0..15 / RcvDataSL0..15, 32 bits);</li>
 * <li>{@code ufm_pdr_lanes.csv}: UFM xcset telemetry CSV as Mellanox/ufm_sdk_3.0 @066ae742
 * plugins/pdr_deterministic_plugin/tests/simulation_telemetry.py serves it (timestamp, source_id, tag, node_guid,
 * port_guid, port_num, then phy_raw_errors_lane0..3, phy_effective_errors, phy_symbol_errors, ...).</li>
 * </ul>
 */
class LanesAndServiceLevelsTest {
    private static Capture read(String name) throws URISyntaxException {
        Path p = Path.of(LanesAndServiceLevelsTest.class.getResource("/org/fabriclab/capture/lanes/" + name).toURI());
        return Readers.standard().read(p);
    }

    /** canonical -> reading, for the port's readings whose counter starts with {@code prefix}. */
    private static Map<String, Reading> byCounter(Capture c, String prefix) {
        Map<String, Reading> out = new LinkedHashMap<>();
        for (Reading r : c.readings()) if (r.counter().startsWith(prefix)) out.put(r.counter(), r);
        return out;
    }

    @Test void mlx5PerLaneErrorsAreCatalogued() throws Exception {
        Capture c = read("ethtool_S_mlx5_lanes.txt");
        Map<String, Reading> lanes = byCounter(c, "phy_raw_errors_lane");
        assertEquals(List.of("phy_raw_errors_lane0", "phy_raw_errors_lane1", "phy_raw_errors_lane2", "phy_raw_errors_lane3"),
                List.copyOf(lanes.keySet()));
        Reading l2 = lanes.get("phy_raw_errors_lane2");
        assertEquals("rx_err_lane_2_phy", l2.rawName());
        assertEquals(810L, l2.value());
        assertEquals("bits", l2.unit());
        assertEquals(1L, l2.scale());
        assertEquals(64, l2.field().width());
        assertEquals(Overflow.WRAPPING, l2.field().overflow());
        assertEquals(Layer.INFORMATIVE, l2.layer());
        assertTrue(l2.catalogued());
        assertFalse(l2.isQueue(), "a lane is not a queue: it is never summed to the port");
        assertEquals(1000L, lanes.get("phy_raw_errors_lane0").value());
        // the lanes split the port counter, which stays as it was
        Reading port = byCounter(c, "rx_corrected_bits_phy").get("rx_corrected_bits_phy");
        assertEquals(1810L, port.value());
        long sum = 0;
        for (Reading r : lanes.values()) sum += r.value();
        assertEquals(port.value(), sum);
        for (Reading r : c.readings()) assertTrue(r.catalogued(), r.rawName());
    }

    @Test void ufmPerLaneRawErrorsAreCatalogued() throws Exception {
        Capture c = read("ufm_pdr_lanes.csv");
        Map<String, Reading> lanes = byCounter(c, "phy_raw_errors_lane");
        assertEquals(4, lanes.size());
        Reading l3 = lanes.get("phy_raw_errors_lane3");
        assertEquals(Source.UFM, l3.source());
        assertEquals("phy_raw_errors_lane3", l3.rawName());
        assertEquals(36L, l3.value(), "the latest sample");
        assertEquals("bits", l3.unit());
        assertEquals(0, l3.field().width());
        assertEquals(Overflow.UNKNOWN, l3.field().overflow());
        assertEquals(Layer.INFORMATIVE, l3.layer());
        assertEquals(0L, lanes.get("phy_raw_errors_lane1").value());
        assertEquals(12L, lanes.get("phy_raw_errors_lane0").value());
    }

    @Test void perfquerySlDataCountsWordsScaledByFour() throws Exception {
        Capture c = read("perfquery_X_S_sl.txt");
        Map<String, Reading> xmt = byCounter(c, "PortXmitDataSL"), rcv = byCounter(c, "PortRcvDataSL");
        assertEquals(16, xmt.size());
        assertEquals(16, rcv.size());
        Reading x3 = xmt.get("PortXmitDataSL3");
        assertEquals("XmtDataSL3", x3.rawName());
        assertEquals(4_000_000_000L, x3.value());
        assertEquals("words", x3.unit());
        assertEquals(4L, x3.scale());
        assertEquals(16_000_000_000L, x3.value() * x3.scale(), "bytes");
        assertEquals(32, x3.field().width());
        assertEquals(Overflow.SATURATING, x3.field().overflow());
        assertEquals(Layer.INFORMATIVE, x3.layer());
        Reading x15 = xmt.get("PortXmitDataSL15");
        assertEquals(4_294_967_295L, x15.value());
        assertTrue(x15.field().isPegged(x15.value()), "a 32-bit PMA counter at its cap is pegged");
        assertFalse(x3.field().isPegged(x3.value()));
        Reading r0 = rcv.get("PortRcvDataSL0");
        assertEquals("RcvDataSL0", r0.rawName());
        assertEquals(125L, r0.value());
        assertEquals(500L, r0.value() * r0.scale());
        assertEquals("lid 12/1", r0.port());
        for (Reading r : c.readings()) {
            if (r.rawName().startsWith("XmtDataSL") || r.rawName().startsWith("RcvDataSL")) assertTrue(r.catalogued(), r.rawName());
        }
        assertEquals(Catalogue.standard().definition("PortXmitData").orElseThrow().unit(), x3.unit(), "the same unit as the port's data counter");
    }
}
