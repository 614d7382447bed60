package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Terminal colour in a pasted capture ({@code grep --color=always}) is removed before a reader sees the text. */
class AnsiTest {
    static final String E = "\u001b";

    @Test void sequencesGoLinesStay() {
        assertEquals("rx_bytes: 12", Ansi.strip("rx_" + E + "[01;31m" + E + "[Kbytes" + E + "[m" + E + "[K: 12"));
        assertEquals("a\nb", Ansi.strip(E + "]0;root@node: ~" + "\u0007" + "a\n" + E + "(B" + E + "[1;32mb" + E + "[0m"));
        String plain = "PortXmitData:....1\n";
        assertSame(plain, Ansi.strip(plain), "no ESC: no copy");
    }

    @Test void aColouredEthtoolPasteReadsItsCounters() {
        String paste = "# ethtool -S ens1f0np0 | grep --color=always -E 'pause|bytes'\n"
                + "     rx_" + E + "[01;31m" + E + "[Kbytes" + E + "[m" + E + "[K_phy: 1000\n"
                + "     tx_" + E + "[01;31m" + E + "[Kbytes" + E + "[m" + E + "[K_phy: 2000\n"
                + "     rx_prio3_" + E + "[01;31m" + E + "[Kpause" + E + "[m" + E + "[K: 7\n";
        Capture c = Readers.standard().read(Input.ofBytes("colour.txt", paste.getBytes(StandardCharsets.UTF_8)));
        Map<String, Long> byRaw = new java.util.HashMap<>();
        for (Reading r : c.readings()) byRaw.put(r.rawName(), r.value());
        assertEquals(Map.of("rx_bytes_phy", 1000L, "tx_bytes_phy", 2000L, "rx_prio3_pause", 7L), byRaw);
        assertEquals(4, c.readings().get(2).line(), "line numbers are the file's (the command is line 1)");
    }
}
