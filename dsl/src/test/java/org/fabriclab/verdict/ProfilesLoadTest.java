package org.fabriclab.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Layer;
import org.junit.jupiter.api.Test;

/** {@link Profiles#load}: lines cut at \n or \r\n, numbered from 1 in errors, caps from the {@code given} bindings. */
class ProfilesLoadTest {
    private static final Catalogue CAT = Catalogue.standard();
    private static final String HEAD = "# a comment\nprofile\tcounter\tneed\n";

    @Test void rowsBecomeProfilesWithTheCataloguesLayersAndGivenCaps() {
        for (String end : List.of("\n", "\r\n")) {
            String text = (HEAD + "p\tSymbolErrorCounter\trequired\n\np\trx_prio{n}_buf_discard\toptional\nq\tLinkDownedCounter\toptional\n").replace("\n", end);
            Map<String, Profile> m = Profiles.load(text, "t.tsv", CAT);
            assertEquals(List.of("p", "q"), List.copyOf(m.keySet()));
            assertEquals(List.of(new ProfileCounter("SymbolErrorCounter", Layer.PHYSICAL, 65535L, true)), m.get("p").counters());
            assertEquals("rx_prio{n}_buf_discard", m.get("p").families().get(0).name());
            assertNull(m.get("p").families().get(0).cap());
            assertEquals(List.of(new ProfileCounter("LinkDownedCounter", Layer.PHYSICAL, 255L, false)), m.get("q").counters());
            assertEquals(List.of("SymbolErrorCounter", "rx_prio3_buf_discard"),
                    m.get("p").resolve(List.of("rx_prio3_buf_discard", "rx_prio9_buf_discard", "tx_prio3_buf_discard")).counters().stream()
                            .map(ProfileCounter::name).toList());
        }
    }

    @Test void errorsNameTheFileAndLine() {
        for (String end : List.of("\n", "\r\n")) {
            assertEquals("t.tsv:4: need 'maybe': expected required or optional", message((HEAD + "p\tSymbolErrorCounter\trequired\n"
                    + "p\tLinkDownedCounter\tmaybe\n").replace("\n", end)));
            assertEquals("t.tsv:3: counter 'NoSuchCounter' is not in the catalogue (counters.tsv)", message((HEAD + "p\tNoSuchCounter\trequired\n").replace("\n", end)));
            assertEquals("t.tsv:3: family 'rx_prio{n}_buf_discard' can only be optional: its members exist only where the capture has them",
                    message((HEAD + "p\trx_prio{n}_buf_discard\trequired\n").replace("\n", end)));
            assertEquals("t.tsv:5: counter 'SymbolErrorCounter' twice in profile p",
                    message((HEAD + "p\tSymbolErrorCounter\trequired\n\np\tSymbolErrorCounter\toptional\n").replace("\n", end)));
            assertEquals("t.tsv:2: expected the header profile<TAB>counter<TAB>need", message("# c" + end + "profile\tname\tneed" + end));
            assertEquals("t.tsv:1: expected 3 tab-separated cells (profile, counter, need), found 2", message("profile\tcounter" + end));
        }
        assertEquals("t.tsv: no header line; expected profile<TAB>counter<TAB>need", message("# only a comment\n"));
        // a lone \r ends no line (as split("\r?\n") had it): the header line holds 5 cells here
        assertEquals("t.tsv:1: expected 3 tab-separated cells (profile, counter, need), found 5", message("profile\tcounter\tneed\rp\tX\toptional\n"));
    }

    private static String message(String text) {
        return assertThrows(IllegalArgumentException.class, () -> Profiles.load(text, "t.tsv", CAT)).getMessage();
    }
}
