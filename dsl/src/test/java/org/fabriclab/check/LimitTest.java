package org.fabriclab.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LimitTest {
    @Test void parsesCanonicalRawAndAll() {
        assertEquals(new Limit("SymbolErrorCounter", 10, "SymbolErrorCounter=10"), Limit.parse("SymbolErrorCounter=10"));
        assertEquals("SymbolErrorCounter", Limit.parse("symbol_error_counter=3").counter()); // ibdiagnet .pm name
        assertEquals("LinkDownedCounter", Limit.parse("link_downed=1").counter());           // sysfs name
        assertTrue(Limit.parse("all=0").isAll());
        assertEquals(0, Limit.parse("ALL=0").limit());
    }

    @Test void badSpecsNameWhatWasExpected() {
        var e = assertThrows(IllegalArgumentException.class, () -> Limit.parse("SymbolErrorCounter"));
        assertTrue(e.getMessage().contains("expected NAME=N"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Limit.parse("SymbolErrorCounter=ten"));
        assertTrue(e.getMessage().contains("whole number"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Limit.parse("NoSuchCounter=1"));
        assertTrue(e.getMessage().contains("unknown counter 'NoSuchCounter'"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Limit.parse("all=-1"));
    }

    @Test void errorCountersFollowTheSeedClassification() {
        assertTrue(ErrorCounters.isError("SymbolErrorCounter"));
        assertTrue(ErrorCounters.isError("PortXmitDiscards"));
        assertTrue(ErrorCounters.isError("VL15Dropped"));          // "Error" in the mlx5 counter guide
        assertTrue(ErrorCounters.isError("packet_seq_err"));
        assertFalse(ErrorCounters.isError("PortXmitData"));
        assertFalse(ErrorCounters.isError("PortXmitWait"));         // informative, not an error
        assertFalse(ErrorCounters.isError("rx_prio3_pause"));
    }
}
