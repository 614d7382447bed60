package org.fabriclab.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/**
 * {@link Catalogue#standard()} indexes a source's bindings on its first lookup; {@link Catalogue#load}
 * checks and indexes every row up front. Both must give the same answers for the shipped files, and a
 * bad row of a loaded catalogue must still be refused on load, the first bad row in file order.
 */
class CatalogueLazyIndexTest {
    private static String resource(String name) throws IOException {
        try (InputStream in = Catalogue.class.getResourceAsStream(name)) { return new String(in.readAllBytes(), StandardCharsets.UTF_8); }
    }

    /** Every binding of the eager load is what a fresh shipped catalogue answers, source by source as it indexes them. */
    @Test void aSourceIndexedOnLookupAnswersAsTheEagerLoad() throws IOException {
        String counters = resource(Catalogue.COUNTERS), bindings = resource(Catalogue.BINDINGS), provenance = resource(Catalogue.PROVENANCE);
        Catalogue eager = Catalogue.load(counters, bindings, provenance);
        Catalogue lazy = Catalogue.shipped();
        // every name bound somewhere, asked of every source (as the script reader's sniff does): the shape
        // filter in front of an unindexed source must never hide a binding
        for (Binding b : eager.bindings()) {
            String raw = b.field().rawName().replace("{q}", "12");
            for (Source s : Source.values()) assertEquals(eager.lookup(s, raw), lazy.lookup(s, raw), s + " " + raw);
        }
        int exact = 0, queued = 0;
        for (Binding b : eager.bindings()) {
            String raw = b.field().rawName();
            if (raw.contains("{q}")) {
                String q = raw.replace("{q}", "7");
                assertEquals(eager.lookup(b.source(), q), lazy.lookup(b.source(), q), q);
                assertEquals(7, lazy.lookup(b.source(), q).orElseThrow().queue(), q);
                queued++;
            } else {
                assertEquals(Optional.of(b), lazy.lookup(b.source(), raw), b.source() + " " + raw);
                exact++;
            }
            assertEquals(eager.fields(b.canonical(), b.source()), lazy.fields(b.canonical(), b.source()), b.canonical());
        }
        // the shipped bindings.tsv has 78 queue patterns (raw names with {q}): 56, SONiC queuestat's 21 and pg-drop's 1
        assertEquals(78, queued);
        assertEquals(eager.bindings().size() - 78, exact);
        for (String c : eager.canonicalNames()) assertEquals(eager.vendorsOf(c), lazy.vendorsOf(c), c);
        assertEquals(eager.bindings(), lazy.bindings());
        assertEquals(eager.summaryLines(), lazy.summaryLines());
        assertEquals(Optional.empty(), lazy.lookup(Source.ETHTOOL, "no_such_counter"));
        assertEquals(Optional.empty(), lazy.lookup(Source.LLDPTOOL, "anything"));
    }

    /** A name of a shape no line of a source has indexes nothing; one that a line may bind indexes that source only. */
    @Test void aNameNoSourceBindsIndexesNoSource() {
        Catalogue c = Catalogue.shipped();
        for (Source s : Source.values()) assertEquals(Optional.empty(), c.lookup(s, "PortSelect"), s.key());
        for (Source s : Source.values()) assertTrue(!c.isIndexed(s), s.key() + " indexed for a name none binds");
        assertEquals("rx_prio3_pause", c.lookup(Source.ETHTOOL, "rx_prio3_pause").orElseThrow().canonical());
        assertEquals(3, c.lookup(Source.ETHTOOL, "[3]: rx_ucast_bytes").orElseThrow().queue());
        assertTrue(c.isIndexed(Source.ETHTOOL));
        assertTrue(!c.isIndexed(Source.PERFQUERY));
        assertEquals("SymbolErrorCounter", c.lookup(Source.PERFQUERY, "SymbolErrorCounter").orElseThrow().canonical());
        assertTrue(c.isIndexed(Source.PERFQUERY));
    }

    /** The first bad row in file order is the one named, whatever source it and a later bad row belong to. */
    @Test void aLoadRefusesTheFirstBadRowInFileOrder() {
        String counters = CatalogueTest.COUNTERS_HEADER + CatalogueTest.X;
        var e = assertThrows(IllegalArgumentException.class, () -> Catalogue.load(counters, CatalogueTest.BINDINGS_HEADER
                + "X\tethtool\t-\tx_one\t64\twrapping\n"
                + "X\tperfquery\t-\tX\t12x\twrapping\n"
                + "X\tethtool\t-\tx_one\t64\twrapping\n", CatalogueTest.PROVENANCE_HEADER));
        assertTrue(e.getMessage().startsWith("bindings.tsv:3: width '12x'"), e.getMessage());
        var src = assertThrows(IllegalArgumentException.class, () -> Catalogue.load(counters, CatalogueTest.BINDINGS_HEADER
                + "X\tethtool\t-\tx_one\t64\twrapping\n"
                + "X\tnosuch\t-\tX\t64\twrapping\n", CatalogueTest.PROVENANCE_HEADER));
        assertEquals("bindings.tsv:3: unknown source 'nosuch'", src.getMessage());
        var twice = assertThrows(IllegalArgumentException.class, () -> Catalogue.load(counters, CatalogueTest.BINDINGS_HEADER
                + "X\tethtool\t-\tx_one\t64\twrapping\n"
                + "X\tperfquery\t-\tx_one\t64\twrapping\n"
                + "X\tethtool\t-\tx_one\t64\twrapping\n", CatalogueTest.PROVENANCE_HEADER));
        assertTrue(twice.getMessage().startsWith("bindings.tsv:4: raw name 'x_one' in source ethtool is bound twice (also bindings.tsv:2)"),
                twice.getMessage());
    }

    /** Lines ending in \r\n or \r are read as before (the tab-splitting fast path is for \n-only text). */
    @Test void lineEndsOtherThanNewlineReadTheSame() {
        String counters = CatalogueTest.COUNTERS_HEADER + CatalogueTest.X;
        String bindings = CatalogueTest.BINDINGS_HEADER + "X\tethtool\t-\tx_one\t64\twrapping\n";
        for (String end : List.of("\r\n", "\r")) {
            Catalogue c = Catalogue.load(counters.replace("\n", end), bindings.replace("\n", end), CatalogueTest.PROVENANCE_HEADER.replace("\n", end));
            assertEquals("X", c.lookup(Source.ETHTOOL, "x_one").orElseThrow().canonical(), end.length() + " char end");
            assertEquals(64, c.lookup(Source.ETHTOOL, "x_one").orElseThrow().field().width());
        }
        var e = assertThrows(IllegalArgumentException.class, () -> Catalogue.load(counters, bindings + "\n\nX\tethtool\t-\tx_two\t64\n",
                CatalogueTest.PROVENANCE_HEADER));
        assertEquals("bindings.tsv:5: expected 6 tab-separated cells (counter, source, vendor, raw, width, overflow), found 5", e.getMessage());
    }
}
