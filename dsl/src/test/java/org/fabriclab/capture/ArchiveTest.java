package org.fabriclab.capture;

import static org.fabriclab.capture.ArchiveFixture.Member.file;
import static org.fabriclab.capture.ArchiveFixture.Member.symlink;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.fabriclab.capture.ArchiveFixture.Member;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Snapshot folders handed over as archives: unpacked into a temporary folder of their own and read as the folder was,
 * members named ARCHIVE!/MEMBER, the folder deleted once read (also when reading failed); members that would land
 * outside it refused (zip-slip), and the unpacked size bounded.
 */
/** Every test leaves no unpacked folder behind, whatever it read or failed on. */
@ExtendWith(LeavesNoUnpackedFolder.class)
class ArchiveTest {
    @TempDir Path tmp;
    private static final String ETH0 = "# ethtool -S eth0\nNIC statistics:\n     rx_bytes: 123456789\n     tx_bytes: 987654321\n"
            + "     rx_crc_errors_phy: 7\n     rx_discards_phy: 3\n";

    /** A snapshot folder written by hand: ibstat, classic perfquery of the same LID, an ethtool -S. */
    private Path snapshot(String name) throws IOException {
        Path d = Files.createDirectories(tmp.resolve("src").resolve(name));
        Files.writeString(d.resolve("ibstat.txt"), SosReportFixture.ibstat("InfiniBand", 12));
        Files.writeString(d.resolve("perfquery.txt"), SosReportFixture.perfquery(12, 5, 4_000_000, 3_000_000));
        Files.writeString(d.resolve("ethtool-S.eth0.txt"), ETH0);
        return d;
    }

    /** Each capture's readings as port, counter, value and the file named. */
    private static List<String> readings(List<Capture> caps) {
        List<String> out = new ArrayList<>();
        for (Capture c : caps) for (Reading r : c.readings()) out.add(r.port() + " " + r.counter() + "=" + r.value() + " " + r.file() + ":" + r.line());
        return out;
    }

    private static List<Capture> readAll(Path p) {
        Readers readers = Readers.standard();
        try (Opened o = readers.open(p)) {
            List<Capture> caps = new ArrayList<>();
            for (Input in : o.inputs()) {
                try {
                    caps.add(readers.read(in));
                } catch (NotACaptureException e) {
                    // notes beside the captures, as a snapshot skips them
                }
            }
            return caps;
        }
    }

    @Test void everyFormatReadsAsTheFolderItHoldsItsMembersNamedInTheArchive() throws IOException {
        Path folder = snapshot("before");
        String plain = String.join("\n", readings(readAll(folder)));
        assertTrue(plain.contains("PortXmitData=4000000"), plain);
        for (String name : List.of("before.tar", "before.tar.gz", "before.tgz", "before.tar.xz", "before.tar.bz2", "before.zip",
                "before.tar.zst", "before.tzst", "before.tar.lzma", "before.tlz", "before.7z")) {
            Path a = name.endsWith(".zip") ? ArchiveFixture.zip(folder, tmp.resolve(name))
                    : name.endsWith(".7z") ? ArchiveFixture.sevenZ(folder, tmp.resolve(name)) : ArchiveFixture.tar(folder, tmp.resolve(name));
            assertTrue(Archive.is(a), name);
            byte[] bytes = Files.readAllBytes(a);
            String unpacked = String.join("\n", readings(readAll(a)));
            // the same readings, each named by its member inside the archive instead of its path
            assertEquals(plain.replace(folder.toString(), a + "!/before"), unpacked, name);
            assertTrue(unpacked.contains(a + "!/before/perfquery.txt:"), unpacked);
            assertEquals(java.util.Arrays.hashCode(bytes), java.util.Arrays.hashCode(Files.readAllBytes(a)), name + " is left as it was");
        }
    }

    @Test void anArchiveOfFilesWithoutAFolderAndOneReadAsACaptureAlone() throws IOException {
        Path folder = snapshot("flat");
        Path flat = ArchiveFixture.tar(folder, tmp.resolve("node07-counters.tar"), "./");
        List<Capture> caps = readAll(flat);
        assertEquals(3, caps.size());
        assertTrue(caps.stream().anyMatch(c -> c.file().equals(flat + "!/ethtool-S.eth0.txt")), caps.toString());
        // Readers.read of an archive: its one capture, or its captures merged
        Path one = ArchiveFixture.tarOf(tmp.resolve("eth0.tgz"), file("eth0.txt", ETH0));
        Capture c = Readers.standard().read(one);
        assertEquals(one + "!/eth0.txt", c.file());
        assertEquals(3L, c.readings().stream().filter(r -> r.rawName().equals("rx_discards_phy")).findFirst().orElseThrow().value());
        assertEquals(readings(caps).size(), Readers.standard().read(flat).readings().size());
    }

    @Test void aMalformedCaptureInsideIsNamedByItsMemberAndLine() throws IOException {
        Path a = ArchiveFixture.tarOf(tmp.resolve("after.tar.gz"), file("after/ethtool-S.eth0.txt",
                "# ethtool -S eth0\nNIC statistics:\n     rx_bytes: 1\n     tx_bytes:\n"));
        CaptureException e = assertThrows(CaptureException.class, () -> readAll(a));
        assertEquals(a + "!/after/ethtool-S.eth0.txt", e.file());
        assertEquals(4, e.line());
        assertTrue(e.getMessage().startsWith(a + "!/after/ethtool-S.eth0.txt:4: counter 'tx_bytes' has no value"), e.getMessage());
    }

    @Test void aSysfsTreeAndIbdiagnetFolderInsideNameTheirFilesInTheArchive() throws IOException {
        Path d = tmp.resolve("src/snap");
        Path c = Files.createDirectories(d.resolve("infiniband/mlx5_0/ports/1/counters"));
        Files.writeString(c.resolve("symbol_error"), "17\n");
        Files.writeString(c.resolve("port_xmit_data"), "1000\n");
        Files.writeString(d.resolve("infiniband/mlx5_0/ports/1/state"), "4: ACTIVE\n");
        Files.writeString(d.resolve("infiniband/mlx5_0/ports/1/link_layer"), "InfiniBand\n");
        Files.createDirectories(d.resolve("other"));
        Files.writeString(d.resolve("other/eth0.txt"), ETH0);
        Path a = ArchiveFixture.tar(d, tmp.resolve("snap.tar.xz"));
        String r = String.join("\n", readings(readAll(a)));
        assertTrue(r.contains("SymbolErrorCounter=17 " + a + "!/snap/infiniband/mlx5_0/ports/1/counters/symbol_error:1"), r);
        assertFalse(r.contains(System.getProperty("java.io.tmpdir") + "/fabriclab-unpacked-"), r);
    }

    @Test void aSosreportTarballIsReadAsTheSosreportItHolds() throws IOException {
        Path sos = new SosReportFixture()
                .command("infiniband", "ibstat", SosReportFixture.ibstat("Ethernet", 0))
                .command("networking", "ethtool -S ens1f0np0", SosReportFixture.mlx5(1_000_000, 10, 5, 0))
                .unrelated().date("Thu Dec  3 11:59:33 UTC 2026")
                .write(tmp.resolve("src/sosreport-node08-2026-12-03-aaaaaaa"));
        Path xz = ArchiveFixture.tar(sos, tmp.resolve("sosreport-node08-2026-12-03-aaaaaaa.tar.xz"));
        try (Opened o = Readers.standard().open(xz)) {
            Bundle b = o.inputs().get(0).bundle();
            assertEquals("sosreport", b.kind());
            assertEquals(xz + "!/sosreport-node08-2026-12-03-aaaaaaa", b.name());
            // the top-level date link (sos_commands/date/date) is kept as a link inside the folder
            Path top = o.unpacked().get(0).folder();
            assertTrue(Files.isSymbolicLink(top.resolve("date")));
            assertTrue(o.inputs().stream().anyMatch(i -> "ethtool -S ens1f0np0".equals(i.command())), o.inputs().toString());
            assertEquals(1796299173250L, b.time().orElseThrow().epochMs());   // the manifest's start_time of ibstat
        }
    }

    @Test void anArchiveInsideAFolderIsUnpackedThere() throws IOException {
        Path folder = snapshot("after");
        Path holder = Files.createDirectories(tmp.resolve("holder"));
        Files.writeString(holder.resolve("notes.txt"), "before the test\n");
        Path a = ArchiveFixture.tar(folder, holder.resolve("after.tgz"));
        List<Capture> caps = readAll(holder);
        assertTrue(caps.stream().anyMatch(c -> c.file().equals(a + "!/after/perfquery.txt")), caps.toString());
    }

    @Test void memberNamesThatWouldLandOutsideRefuseTheArchiveAndNothingIsWrittenThere() throws IOException {
        Path outside = tmp.resolve("evil.txt");
        Object[][] cases = {
                {ArchiveFixture.tarOf(tmp.resolve("slip.tar.gz"), file("before/ok.txt", ETH0), file("../../evil.txt", "x")),
                        "../../evil.txt", "leading out of the archive"},
                {ArchiveFixture.zipOf(tmp.resolve("slip.zip"), file("before/ok.txt", ETH0), file("before/../../evil.txt", "x")),
                        "before/../../evil.txt", "leading out of the archive"},
                {ArchiveFixture.zipOf(tmp.resolve("slash.zip"), file("..\\evil.txt", "x")), "..\\evil.txt", "leading out of the archive"},
                {ArchiveFixture.tarOf(tmp.resolve("abs.tar"), file("/tmp/evil.txt", "x")), "/tmp/evil.txt", "absolute member name"},
        };
        for (Object[] c : cases) {
            Path a = (Path) c[0];
            CaptureException e = assertThrows(CaptureException.class, () -> readAll(a), a.toString());
            assertEquals(a + "!/" + c[1], e.file(), e.getMessage());
            assertTrue(e.getMessage().contains((String) c[2]) && e.getMessage().contains("refused"), e.getMessage());
            assertFalse(Files.exists(outside), a.toString());
            assertFalse(Files.exists(Path.of("/tmp/evil.txt")) && Files.readString(Path.of("/tmp/evil.txt")).equals("x"), a.toString());
        }
    }

    @Test void symbolicLinksLeadingOutsideAreLeftOutAndNamedTheRestIsRead() throws IOException {
        Object[][] cases = {
                {ArchiveFixture.tarOf(tmp.resolve("link.tar"), symlink("before/sys", "../../.."), file("before/eth0.txt", ETH0)),
                        "before/sys", "(-> ../../..) outside the archive"},
                {ArchiveFixture.tarOf(tmp.resolve("abslink.tar"), symlink("before/passwd", "/etc/passwd"), file("before/eth0.txt", ETH0)),
                        "before/passwd", "(-> /etc/passwd) to an absolute path"},
                // a link made through an earlier one is checked where it really lands
                {ArchiveFixture.tarOf(tmp.resolve("through.tar"), file("before/eth0.txt", ETH0), symlink("before/a", "."), symlink("before/a/b", "../..")),
                        "before/a/b", "(-> ../..) outside the archive"},
                // each link's own target stays inside as written (before/a/../.. is the root), but through the first the second leads out
                {ArchiveFixture.tarOf(tmp.resolve("chain.tar"), file("before/eth0.txt", ETH0), symlink("before/a", "."), symlink("before/x", "a/../..")),
                        "before/x", "(-> a/../..) leading outside the archive through other links"},
        };
        for (Object[] c : cases) {
            Path a = (Path) c[0];
            try (Unpacked u = Unpacked.of(a)) {
                assertEquals(List.of(a + "!/" + c[1] + ": a symbolic link " + c[2] + ", left out"), u.notes());
                assertFalse(Files.exists(u.root().resolve((String) c[1]), java.nio.file.LinkOption.NOFOLLOW_LINKS), a.toString());
            }
            Capture cap = Readers.standard().read(a);
            assertEquals(123456789L, cap.readings().get(0).value(), a.toString());
            assertTrue(cap.warnings().toString().contains(a + "!/" + c[1] + ": a symbolic link"), cap.warnings().toString());
        }
        // a link that stays inside (sos's top-level date -> sos_commands/date/date) is kept
        Path ok = ArchiveFixture.tarOf(tmp.resolve("inside.tar"), file("s/eth0.txt", ETH0), symlink("s/eth", "eth0.txt"));
        try (Unpacked u = Unpacked.of(ok)) {
            assertEquals(ETH0, Files.readString(u.folder().resolve("eth")));
            assertEquals(List.of(), u.notes());
        }
    }

    @Test void anArchiveAboveTheSizeBoundIsRefusedNamingIt() throws IOException {
        Path a = ArchiveFixture.tarOf(tmp.resolve("big.tar.gz"), file("before/eth0.txt", ETH0), file("before/notes.txt", "the test ran at noon\n".repeat(500)));
        String old = System.getProperty("fabriclab.maxArchiveBytes");
        System.setProperty("fabriclab.maxArchiveBytes", "4096");
        try {
            CaptureException e = assertThrows(CaptureException.class, () -> readAll(a));
            assertEquals(a.toString(), e.file());
            assertTrue(e.getMessage().contains("unpacks to more than 4096 bytes") && e.getMessage().contains("-Dfabriclab.maxArchiveBytes"),
                    e.getMessage());
        } finally {
            if (old == null) System.clearProperty("fabriclab.maxArchiveBytes");
            else System.setProperty("fabriclab.maxArchiveBytes", old);
        }
        // under the default bound it is read: the ethtool -S, the notes skipped as no capture
        Capture c = Readers.standard().read(a);
        assertEquals(List.of(a + "!/before/eth0.txt"), c.readings().stream().map(Reading::file).distinct().toList());
        assertTrue(c.warnings().toString().contains(a + "!/before/notes.txt"), c.warnings().toString());
    }

    @Test void aTruncatedOrCorruptArchiveIsACaptureExceptionNamingIt() throws IOException {
        Path good = ArchiveFixture.tar(snapshot("t0"), tmp.resolve("t0.tar.gz"));
        byte[] b = Files.readAllBytes(good);
        Path cut = Files.write(tmp.resolve("cut.tar.gz"), java.util.Arrays.copyOf(b, b.length / 2));
        CaptureException e = assertThrows(CaptureException.class, () -> readAll(cut));
        assertEquals(cut.toString(), e.file());
        assertTrue(e.getMessage().contains("ends early") || e.getMessage().contains("corrupt"), e.getMessage());
    }

    @Test void theTemporaryFolderIsGoneAfterReadingAndAfterAFailedRead() throws IOException {
        Path a = ArchiveFixture.tar(snapshot("before"), tmp.resolve("before.tgz"));
        Path root;
        try (Opened o = Readers.standard().open(a)) {
            root = o.unpacked().get(0).root();
            assertTrue(Files.isDirectory(root));
            assertTrue(root.startsWith(Path.of(System.getProperty("java.io.tmpdir"))), root.toString());
        }
        assertFalse(Files.exists(root));
        Path bad = ArchiveFixture.tarOf(tmp.resolve("bad.tgz"), file("after/eth0.txt", "# ethtool -S eth0\nNIC statistics:\n     rx_bytes:\n"));
        assertThrows(CaptureException.class, () -> Readers.standard().read(bad));
        // noUnpackedFolderIsLeft checks the folder the failed read unpacked into is gone too
    }

    @Test void onlyArchivesAreTakenForOnesAndTheirNamesLoseTheSuffix() throws IOException {
        Path gz = tmp.resolve("perfquery.txt.gz");
        try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(SosReportFixture.perfquery(12, 0, 1, 1).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        }
        assertFalse(Archive.is(gz), "a gzipped capture is one capture, not an archive");
        assertFalse(Archive.is(Files.writeString(tmp.resolve("x.tar"), "not a tar\n")));
        assertFalse(Archive.is(tmp));
        assertEquals("before", Archive.stem("before.tar.gz"));
        assertEquals("after", Archive.stem("after.TGZ"));
        assertEquals("sosreport-host-2026-12-01-abcd", Archive.stem("sosreport-host-2026-12-01-abcd.tar.xz"));
        assertEquals("bundle", Archive.stem("bundle.tar.zst"));
        assertEquals("bundle", Archive.stem("bundle.tzst"));
        assertEquals("t0", Archive.stem("t0.tar.lzma"));
        assertEquals("t0", Archive.stem("t0.tlz"));
        assertEquals("logs", Archive.stem("logs.7z"));
        assertNull(Archive.stem("before"));
        assertNull(Archive.stem(".tar"));
    }
}
