package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Terminal colour ({@code grep --color=always}) and typographic spaces in a pasted capture are removed before a reader sees the text. */
class PastedTest {
    static final String E = "\u001b";

    @Test void sequencesGoLinesStay() {
        assertEquals("rx_bytes: 12", Pasted.clean("rx_" + E + "[01;31m" + E + "[Kbytes" + E + "[m" + E + "[K: 12"));
        assertEquals("a\nb", Pasted.clean(E + "]0;root@node: ~" + "\u0007" + "a\n" + E + "(B" + E + "[1;32mb" + E + "[0m"));
        String plain = "PortXmitData:....1\n";
        assertSame(plain, Pasted.clean(plain), "no ESC: no copy");
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

    @Test void typographicSpacesArePlainSpaces() {
        assertEquals("  Port 1:\n\t\tState: Active", Pasted.clean("\u00a0\u00a0Port 1:\n\t\tState:\u202fActive\u200b"));
    }

    @Test void anIbstatPastedFromAWebPageReadsItsPorts() {
        String ibstat = "CA 'mlx5_0'\n\tCA type: MT4123\n\tNumber of ports: 1\n\tPort 1:\n\t\tState: Active\n\t\tPhysical state: LinkUp\n"
                + "\t\tRate: 200\n\t\tBase lid: 12\n\t\tSM lid: 1\n\t\tPort GUID: 0x0c42a10300a1b2c3\n\t\tLink layer: InfiniBand\n";
        Capture plain = Readers.standard().read(Input.ofText("ibstat.txt", ibstat));
        Capture pasted = Readers.standard().read(Input.ofBytes("ibstat-web.txt",
                ibstat.replace("\t", "\u00a0\u00a0").getBytes(StandardCharsets.UTF_8)));
        assertTrue(plain.attrs().size() > 3, "the plain ibstat reads: " + plain.attrs());
        assertEquals(plain.attrs().size(), pasted.attrs().size());
        assertEquals(plain.attrs().toString().replace("ibstat.txt", "F"), pasted.attrs().toString().replace("ibstat-web.txt", "F"));
    }

    @Test void sudosLinesAreLeftEmpty() {
        assertEquals("$ sudo ethtool -S eth0\n\n\nNIC statistics:\n     rx_bytes: 5\n",
                Pasted.clean("$ sudo ethtool -S eth0\nsudo: unable to resolve host node07: Name or service not known\n"
                        + "[sudo] password for ops: \nNIC statistics:\n     rx_bytes: 5\n"));
        String paste = "$ sudo ethtool -S ens1f0np0\n[sudo] password for ops: \nNIC statistics:\n     rx_bytes_phy: 1000\n     tx_bytes_phy: 2000\n";
        Capture c = Readers.standard().read(Input.ofBytes("sudo.txt", paste.getBytes(StandardCharsets.UTF_8)));
        assertEquals(2, c.readings().size());
        assertEquals("netdev ens1f0np0", c.readings().get(0).port());
        assertEquals(4, c.readings().get(0).line());
    }

    @Test void sysfsCounterNamesWithoutTheirPathAreNotAnEthtoolDump() {
        String loop = "link_downed: 3\nlink_error_recovery: 12\nport_rcv_data: 123456789\nport_xmit_data: 987654321\n"
                + "port_xmit_discards: 2\nport_xmit_wait: 77\nsymbol_error: 9\n";
        Capture c = Readers.standard().read(Input.ofText("loop.txt", loop));
        assertEquals(org.fabriclab.catalogue.Source.SYSFS, c.readings().get(0).source(), c.readings().toString());
        Map<String, Long> byCounter = new java.util.HashMap<>();
        for (Reading r : c.readings()) byCounter.put(r.counter(), r.value());
        assertEquals(9L, byCounter.get("SymbolErrorCounter"));
        assertEquals(77L, byCounter.get("PortXmitWait"));
    }

    @Test void markdownCodeFencesAreLeftEmpty() {
        String md = "```console\nCA 'mlx5_0'\n\tCA type: MT4123\n\tNumber of ports: 1\n\tPort 1:\n\t\tState: Active\n\t\tPhysical state: LinkUp\n"
                + "\t\tRate: 200\n\t\tBase lid: 12\n\t\tSM lid: 1\n\t\tPort GUID: 0x0c42a10300a1b2c3\n\t\tLink layer: InfiniBand\n```\n";
        assertTrue(Pasted.clean(md).startsWith("\nCA 'mlx5_0'") && Pasted.clean(md).endsWith("InfiniBand\n\n"), Pasted.clean(md));
        Capture c = Readers.standard().read(Input.ofBytes("issue.md", md.getBytes(StandardCharsets.UTF_8)));
        assertTrue(c.attrs().size() > 3, c.attrs().toString());
        assertEquals("rx_bytes: `5`", Pasted.clean("rx_bytes: `5`"), "backticks inside a line are kept");
    }
}
