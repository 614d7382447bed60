package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Multi-file dumps of real {@code ethtool -S} outputs (two public captures): as {@code tail -n +1 a b}
 * prints them ({@code ==> a <==} headers) and as {@code grep -H . a b} prints them ({@code a:} prefixes).
 * Each file becomes a port named after it, with the same values as the file read alone.
 */
class MultiFileDumpTest {
    private static String text(String name) throws IOException {
        return Files.readString(PublicCaptureFiles.file(name));
    }

    private static final String A = "ethtool_S_mlx5_cx4lx_k4.15_ethq_noindent.txt", B = "ethtool_S_ice_e810_intel_ethq.txt";

    private static void sameValues(Capture alone, String alonePort, Capture dump, String port, int lineOffset) {
        List<Reading> mine = alone.readings();
        List<Reading> theirs = dump.readings().stream().filter(r -> r.port().equals(port)).toList();
        assertEquals(mine.size(), theirs.size(), port);
        for (int i = 0; i < mine.size(); i++) {
            Reading a = mine.get(i), b = theirs.get(i);
            assertEquals(a.rawName(), b.rawName());
            assertEquals(a.value(), b.value(), a.rawName());
            assertEquals(a.line() + lineOffset, b.line(), a.rawName() + " keeps its line in the dump");
            assertEquals(alonePort, a.port());
        }
    }

    @Test void headTailHeadersNameEachPort() throws IOException {
        String a = text(A), b = text(B);
        String dump = "==> /tmp/ethtool_S_eth0.txt <==\n" + a + "\n==> eth1 <==\n" + b;
        Capture c = Readers.standard().read(Input.ofText("all.txt", dump));
        assertEquals(List.of("netdev eth0", "netdev eth1"), c.ports());
        int bStart = 1 + (int) a.lines().count() + 2;   // header, a's lines, the blank line tail prints, b's header
        sameValues(Readers.standard().read(Input.ofText(A, a)), "netdev ?", c, "netdev eth0", 1);
        sameValues(Readers.standard().read(Input.ofText(B, b)), "netdev ?", c, "netdev eth1", bStart);
        assertEquals(java.util.Optional.of("eth1"), c.attr("netdev eth1", "netdev"));
    }

    @Test void grepPrefixesNameEachPort() throws IOException {
        String a = text(A), b = text(B);
        StringBuilder sb = new StringBuilder();
        a.lines().forEach(l -> sb.append("eth0:").append(l).append('\n'));
        b.lines().forEach(l -> sb.append("eth1:").append(l).append('\n'));
        Capture c = Readers.standard().read(Input.ofText("grep.txt", sb.toString()));
        assertEquals(List.of("netdev eth0", "netdev eth1"), c.ports());
        sameValues(Readers.standard().read(Input.ofText(A, a)), "netdev ?", c, "netdev eth0", 0);
        sameValues(Readers.standard().read(Input.ofText(B, b)), "netdev ?", c, "netdev eth1", (int) a.lines().count());
    }

    @Test void oneLinePerFileGrepIsNotADump() throws IOException {
        Input sysfs = Input.of(PublicCaptureFiles.file("sysfs_procfs_fixture_infiniband_grepH.txt"));
        assertNull(MultiFileDump.grepH(sysfs));
        assertEquals("sysfs", Readers.standard().choose(sysfs).format());
        assertNull(MultiFileDump.grepH(Input.ofText("e.txt", "rx_packets: 1\ntx_packets: 2\n")));
    }

    @Test void aBadValueNamesTheDumpAndItsLine() {
        String dump = "==> eth0 <==\nNIC statistics:\n     rx_bytes: 12\n\n==> eth1 <==\nNIC statistics:\n     rx_bytes: 12abc\n";
        CaptureException e = org.junit.jupiter.api.Assertions.assertThrows(CaptureException.class,
                () -> Readers.standard().read(Input.ofText("d.txt", dump)));
        assertEquals("d.txt", e.file());
        assertEquals(7, e.line(), e.getMessage());
        Capture c = Readers.standard().read(Input.ofText("d.txt", "==> eth0 <==\n==> eth1 <==\nNIC statistics:\n rx_bytes: 1\n"));
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("eth0") && w.contains("empty")), c.warnings().toString());
    }
}
