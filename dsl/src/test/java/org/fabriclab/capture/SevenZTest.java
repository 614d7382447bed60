package org.fabriclab.capture;

import static org.fabriclab.capture.ArchiveFixture.Member.file;
import static org.fabriclab.capture.ArchiveFixture.Member.symlink;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * 7z archives ({@code 7z a before.7z before}): told by {@code 37 7a bc af 27 1c}, unpacked as tar and zip are, under the
 * same rules: a member leading out refuses the archive, a link leading out is left out and named, the bytes bounded,
 * the temporary folder gone.
 */
@ExtendWith(LeavesNoUnpackedFolder.class)
class SevenZTest {
    @TempDir Path tmp;
    private static final String ETH0 = "# ethtool -S eth0\nNIC statistics:\n     rx_bytes: 123456789\n     tx_bytes: 987654321\n"
            + "     rx_discards_phy: 3\n";

    @Test void aSevenZArchiveIsReadAsTheFolderItHolds() throws IOException {
        Path a = ArchiveFixture.sevenZOf(tmp.resolve("after.7z"), file("after/ethtool-S.eth0.txt", ETH0),
                file("after/notes.txt", "ran at noon\n"), symlink("after/eth0.txt", "ethtool-S.eth0.txt"));
        assertEquals(Archive.Kind.SEVEN_Z, Archive.kind(a));
        Capture c = Readers.standard().read(a);
        List<String> files = c.readings().stream().map(Reading::file).distinct().sorted().toList();
        // the link inside the folder is made, and read as the file it names
        assertEquals(List.of(a + "!/after/eth0.txt", a + "!/after/ethtool-S.eth0.txt"), files);
        assertEquals(3L, c.readings().stream().filter(r -> r.rawName().equals("rx_discards_phy")).findFirst().orElseThrow().value());
        assertTrue(c.warnings().toString().contains(a + "!/after/notes.txt"), c.warnings().toString());
        CaptureException e = assertThrows(NotACaptureException.class, () -> Input.of(a).text());
        assertTrue(e.getMessage().startsWith(a + ": a 7z archive, which is read where a folder is"), e.getMessage());
    }

    @Test void aMemberLeadingOutRefusesTheArchiveAndALinkLeadingOutIsLeftOut() throws IOException {
        Path slip = ArchiveFixture.sevenZOf(tmp.resolve("slip.7z"), file("ok/eth0.txt", ETH0), file("../escaped.txt", "x: 1\n"));
        CaptureException e = assertThrows(CaptureException.class, () -> Readers.standard().read(slip));
        assertEquals(slip + "!/../escaped.txt", e.file());
        assertFalse(Files.exists(tmp.getParent().resolve("escaped.txt")));
        Path links = ArchiveFixture.sevenZOf(tmp.resolve("links.7z"), file("s/eth0.txt", ETH0), symlink("s/passwd", "/etc/passwd"),
                symlink("s/up", "../../outside"));
        try (Opened o = Readers.standard().open(links)) {
            assertEquals(List.of(links + "!/s/passwd: a symbolic link (-> /etc/passwd) to an absolute path, left out",
                    links + "!/s/up: a symbolic link (-> ../../outside) outside the archive, left out"), o.notes());
            assertEquals(List.of(links + "!/s/eth0.txt"), o.inputs().stream().map(Input::name).toList());
        }
    }

    @Test void anEncryptedSevenZIsRefusedNamingWhatToRun() throws IOException {
        Path a = tmp.resolve("secret.7z");
        try (org.apache.commons.compress.archivers.sevenz.SevenZOutputFile z =
                new org.apache.commons.compress.archivers.sevenz.SevenZOutputFile(a.toFile(), "pw".toCharArray())) {
            org.apache.commons.compress.archivers.sevenz.SevenZArchiveEntry e = new org.apache.commons.compress.archivers.sevenz.SevenZArchiveEntry();
            e.setName("s/eth0.txt");
            e.setHasStream(true);
            z.putArchiveEntry(e);
            z.write(ETH0.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            z.closeArchiveEntry();
        }
        CaptureException e = assertThrows(CaptureException.class, () -> Readers.standard().read(a));
        assertEquals(a + ": an encrypted 7z archive; unpack it with 7z x, then give the folder", e.getMessage());
    }

    @Test void aSevenZAboveTheSizeBoundOrTruncatedIsRefusedNamingIt() throws IOException {
        Path a = ArchiveFixture.sevenZOf(tmp.resolve("big.7z"), file("b/eth0.txt", ETH0), file("b/notes.txt", "the test ran at noon\n".repeat(500)));
        String old = System.getProperty("fabriclab.maxArchiveBytes");
        System.setProperty("fabriclab.maxArchiveBytes", "4096");
        try {
            CaptureException e = assertThrows(CaptureException.class, () -> Readers.standard().read(a));
            assertEquals(a + ": unpacks to more than 4096 bytes, the bound for one archive (set -Dfabriclab.maxArchiveBytes to raise it); "
                    + "refused at " + a + "!/b/notes.txt", e.getMessage());
        } finally {
            if (old == null) System.clearProperty("fabriclab.maxArchiveBytes");
            else System.setProperty("fabriclab.maxArchiveBytes", old);
        }
        byte[] b = Files.readAllBytes(a);
        // the header is at the end of a 7z: a copy cut short has lost it
        Path cut = Files.write(tmp.resolve("cut.7z"), Arrays.copyOf(b, b.length - 40));
        CaptureException e = assertThrows(CaptureException.class, () -> Readers.standard().read(cut));
        assertEquals(cut.toString(), e.file());
        assertTrue(e.getMessage().startsWith(cut + ": archive ends early") || e.getMessage().startsWith(cut + ": corrupt 7z archive"), e.getMessage());
    }
}
