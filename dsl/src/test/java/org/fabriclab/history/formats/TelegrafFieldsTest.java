package org.fabriclab.history.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.catalogue.Binding;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Source;
import org.junit.jupiter.api.Test;

/**
 * Telegraf's field names asked of the catalogue, and the ethtool plugin's {@code normalize_keys} mirrored here as its source
 * (plugins/inputs/ethtool/ethtool_linux.go normalizeKey, camelCase2SnakeCase) and README ("snakecase: converts fooBarBaz
 * to foo_bar_baz", trim, lower, underscore) describe it, to hold the catalogue to what the reader assumes.
 */
class TelegrafFieldsTest {
    @Test void infinibandFieldsAreTheSysfsFilesAndRdmaCountersTheHwCounters() {
        var sym = TelegrafFields.lookup("infiniband", "symbol_error").orElseThrow();
        assertEquals("SymbolErrorCounter", sym.binding().canonical());
        assertEquals(Source.SYSFS, sym.source());
        assertEquals(16, sym.binding().field().width());
        assertEquals(1, sym.divisor());                                           // port_xmit_data stays in words
        assertEquals(1, TelegrafFields.lookup("infiniband", "port_xmit_data").orElseThrow().divisor());
        assertEquals(Source.HW_COUNTERS, TelegrafFields.lookup("infiniband", "np_cnp_sent").orElseThrow().source());
        assertTrue(TelegrafFields.lookup("infiniband", "rx_prio3_pause").isEmpty());   // an ethtool name is no infiniband field
        assertTrue(TelegrafFields.lookup("cpu", "symbol_error").isEmpty());
    }

    @Test void ethtoolFieldsAreEthtoolNamesWithoutQueuesOrThePluginsOwnFields() {
        assertEquals("rx_prio3_pause", TelegrafFields.lookup("ethtool", "rx_prio3_pause").orElseThrow().binding().canonical());
        assertEquals(Source.ETHTOOL, TelegrafFields.lookup("ethtool", "rx_prio3_pause").orElseThrow().source());
        assertTrue(TelegrafFields.lookup("ethtool", "tx_queue_1_bytes").isEmpty());   // per queue: no port counter
        assertTrue(TelegrafFields.lookup("ethtool", "interface_up").isEmpty());
        assertTrue(TelegrafFields.lookup("ethtool", "speed").isEmpty());
    }

    private static final List<String> NORMALISATIONS = List.of("snakecase", "trim", "lower", "underscore");

    /** The plugin's normalizeKey with the normalisations {@code on}, in its order. */
    private static String normalize(String key, Set<String> on) {
        if (on.contains("snakecase")) {
            String snake = key.strip().replaceAll("(.)([A-Z][a-z]+)", "$1_$2");
            key = snake.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
        }
        if (on.contains("trim")) key = key.strip();
        if (on.contains("lower")) key = key.toLowerCase(Locale.ROOT);
        if (on.contains("underscore")) key = key.replace(" ", "_");
        return key;
    }

    @Test void theMirrorRewritesAsThePluginsReadmeSays() {
        assertEquals("foo_bar_baz", normalize("fooBarBaz", Set.of("snakecase")));
        assertEquals("rx_prio3_pause", normalize("rxPrio3Pause", Set.of("snakecase")));
        assertEquals("rx_bytes_phy", normalize(" Rx Bytes Phy ", Set.of("trim", "lower", "underscore")));
    }

    /**
     * What lets a file written with any normalize_keys be read by exact names: no catalogued port name is rewritten, but
     * for the names DPAA2 prints with blanks ({@code [mac] rx pause}), which {@code underscore} rewrites to a name bound to
     * nothing (skipped and warned, as before they were catalogued).
     */
    @Test void noNormalizeKeysOptionChangesAnEthtoolPortCounterNameTheCatalogueBinds() {
        int names = 0;
        Set<String> blanks = new HashSet<>(), camel = new HashSet<>();
        for (Binding b : Catalogue.standard().bindings()) {
            String raw = b.field().rawName();
            if (b.source() != Source.ETHTOOL || raw.contains("{")) continue;
            if (b.vendors().equals(java.util.List.of("cumulus"))) {
                // Cumulus switchd's CamelCase (HwIfInPfc3Pkt): Telegraf's snakecase changes it, so a Telegraf ethtool input
                // with normalize_keys on a Cumulus switch gives names no binding holds - a known gap, kept visible here
                camel.add(raw);
                assertTrue(!raw.equals(normalize(raw, Set.of("snakecase"))), raw);
                continue;
            }
            if (raw.contains(" ")) {
                blanks.add(raw);
                assertEquals(raw, normalize(raw, Set.of("snakecase", "trim", "lower")), raw);
                assertTrue(TelegrafFields.lookup("ethtool", normalize(raw, Set.of("underscore"))).isEmpty(), raw);
                continue;
            }
            names++;
            for (int mask = 1; mask < 1 << NORMALISATIONS.size(); mask++) {
                Set<String> on = new HashSet<>();
                for (int i = 0; i < NORMALISATIONS.size(); i++) if ((mask & 1 << i) != 0) on.add(NORMALISATIONS.get(i));
                assertEquals(raw, normalize(raw, on), raw + " under normalize_keys " + on);
            }
            assertTrue(TelegrafFields.lookup("ethtool", raw).isPresent(), raw);
        }
        assertTrue(names > 100, "ethtool names checked: " + names);
        assertEquals(Set.of("[mac] rx pause", "[mac] tx b-pause"), blanks, "the only catalogued ethtool names with blanks");
        assertEquals(16, camel.size(), "Cumulus's HwIf{In,Out}Pfc<n>Pkt, the only CamelCase ethtool names: " + camel);
    }

    @Test void portsAreNamedAsTheOtherReadersNameThem() {
        assertEquals("mlx5_0/1", TelegrafFields.port("infiniband", Map.of("device", "mlx5_0", "port", "1", "host", "n1"), "f", 1));
        assertEquals("netdev eth2", TelegrafFields.port("ethtool", Map.of("interface", "eth2", "driver", "mlx5_core"), "f", 1));
        var e = assertThrows(CaptureException.class, () -> TelegrafFields.port("ethtool", Map.of("driver", "ice"), "f", 7));
        assertEquals(7, e.line());
        assertTrue(e.getMessage().contains("no 'interface' tag"), e.getMessage());
    }
}
