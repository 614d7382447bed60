package org.fabriclab.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;

import org.fabriclab.verdict.ProfileCounter;
import org.fabriclab.verdict.Profiles;
import org.junit.jupiter.api.Test;

class CatalogueTest {
    final Catalogue cat = Catalogue.standard();

    @Test void widthsFollowTheSourceTheValueIsReadFrom() {
        Binding classic = cat.lookup(Source.PERFQUERY, "LinkDownedCounter").orElseThrow();
        Binding ext = cat.lookup(Source.PERFQUERY_X, "LinkDownedCounter").orElseThrow();
        assertEquals("LinkDownedCounter", classic.canonical());
        assertEquals(OptionalLong.of(255), classic.field().cap());
        assertTrue(classic.field().isPegged(255));
        assertFalse(classic.field().isPegged(254));
        assertEquals(OptionalLong.empty(), ext.field().cap());
        assertFalse(ext.field().isPegged(255));
    }

    @Test void sourceNamesMapToOneCanonicalName() {
        assertEquals("SymbolErrorCounter", cat.lookup(Source.SYSFS, "symbol_error").orElseThrow().canonical());
        assertEquals("LinkDownedCounter", cat.lookup(Source.IBDIAGNET_PM, "link_down_counter").orElseThrow().canonical());
        assertEquals("PortXmitData", cat.lookup(Source.IBDIAGNET_PM, "port_xmit_data_extended").orElseThrow().canonical());
        assertEquals(64, cat.lookup(Source.IBDIAGNET_PM, "port_xmit_data_extended").orElseThrow().field().width());
        assertEquals(32, cat.lookup(Source.IBDIAGNET_PM, "port_xmit_data").orElseThrow().field().width());
    }

    @Test void familiesArePatternsExpandedPerPriority() {
        assertEquals("rx_prio5_pause", cat.lookup(Source.ETHTOOL, "rx_prio5_pause").orElseThrow().canonical());
        assertEquals("rx_global_pause_duration", cat.lookup(Source.ETHTOOL, "rx_global_pause_duration").orElseThrow().canonical());
        assertEquals("us", cat.definition("rx_prio3_pause_duration").orElseThrow().unit());
        assertTrue(cat.lookup(Source.ETHTOOL, "rx_prio8_pause").isEmpty());
        assertTrue(cat.definition("rx_prio7_buf_discard").isPresent());
        long familyRows = cat.rows().stream().filter(CounterDef::isFamily).count();
        assertTrue(familyRows >= 5, "families are single rows in the file");
    }

    @Test void unitsScalesKinds() {
        assertEquals(4, cat.definition("PortXmitData").orElseThrow().scale());
        assertEquals(Kind.GAUGE, cat.definition("outbound_pci_stalled_rd").orElseThrow().kind());
        assertEquals(Kind.COUNTER, cat.definition("outbound_pci_stalled_rd_events").orElseThrow().kind());
        assertEquals(Overflow.WRAPPING, cat.lookup(Source.HW_COUNTERS, "packet_seq_err").orElseThrow().field().overflow());
    }

    @Test void seedProfilesAgreeWithTheCatalogue() {
        for (var p : java.util.List.of(Profiles.IB, Profiles.ROCE)) {
            for (ProfileCounter c : p.counters()) {
                CounterDef d = cat.definition(c.name()).orElseThrow(() -> new AssertionError(c.name() + " not catalogued"));
                assertEquals(c.layer(), d.layer(), c.name());
            }
        }
        // classic caps in the ib profile are the perfquery widths
        for (ProfileCounter c : Profiles.IB.counters()) {
            if (c.cap() == null) continue;
            assertEquals(OptionalLong.of(c.cap()), cat.lookup(Source.PERFQUERY, c.name()).orElseThrow().field().cap(), c.name());
        }
    }

    @Test void malformedCatalogueNamesLine() {
        String tsv = "canonical\tlayer\tnamespace\tkind\tunit\tscale\tperfquery\thelp\tprovenance\nX\tnot-a-layer\tib\tcounter\tcount\t1\tX@8s\th\tp\n";
        var e = assertThrows(IllegalArgumentException.class,
                () -> Catalogue.load(new ByteArrayInputStream(tsv.getBytes(StandardCharsets.UTF_8)), "bad.tsv"));
        assertTrue(e.getMessage().startsWith("bad.tsv:2:"), e.getMessage());
    }
}
