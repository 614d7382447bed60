package org.fabriclab.capture;

import static org.fabriclab.capture.SosReportFixture.ibstat;
import static org.fabriclab.capture.SosReportFixture.ibvDevinfo;
import static org.fabriclab.capture.SosReportFixture.mlx5;
import static org.fabriclab.capture.SosReportFixture.perfquery;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sosreport folder: only the command outputs its layout holds captures in are read, with the commands its file names record. */
class SosReportTest {
    @TempDir Path tmp;

    private static final double START = 1796299170.5;

    private Path roceHost() throws IOException {
        return new SosReportFixture().startAt(START)
                .command("infiniband", "ibstat", ibstat("Ethernet", 0))
                .command("infiniband", "ibv_devinfo -v", ibvDevinfo("Ethernet", 0))
                .command("networking", "ethtool -S ens1f0np0", mlx5(1_000_000, 10, 5, 0))
                .command("networking", "ethtool -a ens1f0np0", "Pause parameters for ens1f0np0:\nAutonegotiate:\toff\nRX:\t\ton\nTX:\t\ton\n")
                .unrelated().date("Thu Dec  3 11:59:33 UTC 2026")
                .write(tmp.resolve("sosreport-node07-2026-12-03-abcdefg"));
    }

    @Test void onlyTheCommandOutputsOfItsLayoutAreTakenTheRestIsCountedNotRead() throws IOException {
        Path dir = roceHost();
        Bundle b = Bundle.of(dir).orElseThrow();
        assertEquals("sosreport", b.kind());
        assertEquals("sos report: 4.8.1", b.version());
        List<String> cmds = b.captures().stream().map(Input::command).toList();
        assertEquals(List.of("ibstat", "ibv_devinfo -v", "ethtool -S ens1f0np0", "ethtool -S lo", "ethtool -a ens1f0np0", "ethtool -a lo"), cmds);
        long files;
        try (Stream<Path> s = Files.walk(dir)) { files = s.filter(Files::isRegularFile).filter(p -> !Files.isSymbolicLink(p)).count(); }
        assertEquals(files - cmds.size(), b.others(), "every other regular file is counted once");
        List<Path> read = Readers.standard().expand(dir);
        assertFalse(read.contains(dir.resolve("proc/net/dev")));
        assertFalse(read.contains(dir.resolve("sys/class/net/eno1/statistics/rx_bytes")), "a one-number sysfs copy is no fabric capture");
        assertFalse(read.contains(dir.resolve("sos_commands/kernel/sysctl_-a")));
        assertTrue(b.summary().contains(b.others() + " other files of the sosreport left unread"), b.summary());
    }

    @Test void theNetdevComesFromTheCommandTheFileNameRecords() throws IOException {
        Snapshot s = Snapshot.of(roceHost());
        assertEquals(10, s.value("netdev ens1f0np0", "rx_prio3_pause").orElseThrow());
        assertEquals("ens1f0np0", s.attrs("netdev ens1f0np0").get(PortAttr.NETDEV));
        assertEquals("Ethernet", s.attrs("mlx5_0/1").get(PortAttr.LINK_LAYER));
        // ethtool -S lo held no counters: one warning for the sosreport, naming the command; ethtool -a lo's refusal is
        // a fact about lo, named in a warning of its own, and lo no port
        List<String> w = s.warnings().stream().filter(x -> x.contains("held no capture")).toList();
        assertEquals(1, w.size(), s.warnings().toString());
        assertTrue(w.get(0).contains("ethtool -S lo") && !w.get(0).contains("ethtool -a lo"), w.get(0));
        assertTrue(s.warnings().stream().anyMatch(x -> x.contains("could not read the pause settings of netdev lo")), s.warnings().toString());
        assertTrue(s.ports().stream().noneMatch(p -> p.contains("lo")), s.ports().toString());
        assertEquals(1, s.sources().size());
    }

    @Test void theTimeIsTheManifestsStartOfTheFirstCommandReadElseTheDateOutput() throws IOException {
        Path dir = roceHost();
        Bundle.Time t = Bundle.of(dir).orElseThrow().time().orElseThrow();
        assertEquals(Math.round(START * 1000), t.epochMs());
        assertTrue(t.how().contains("'ibstat'"), t.how());

        Path old = new SosReportFixture().withoutManifest()
                .command("infiniband", "ibstat", ibstat("Ethernet", 0)).date("Thu Dec  3 11:59:33 UTC 2026")
                .file("version.txt", "sosreport: 3.9\n").write(tmp.resolve("old"));
        Bundle.Time d = Bundle.of(old).orElseThrow().time().orElseThrow();
        assertEquals(1796299173000L, d.epochMs());
        assertEquals("sos_commands/date/date_--utc", d.file());

        // before sos 3.6 the general plugin ran date
        Path general = new SosReportFixture().withoutManifest().command("infiniband", "ibstat", ibstat("Ethernet", 0))
                .command("general", "date", "Thu Dec  3 12:00:03 UTC 2026\n").file("sos_logs/sos.log", "x\n").write(tmp.resolve("general"));
        assertEquals(1796299203000L, Bundle.of(general).orElseThrow().time().orElseThrow().epochMs());
    }

    @Test void theHostIsTheHostnameOutputElseEtcHostnameElseNone() throws IOException {
        assertEquals("node07.example.com", Bundle.of(new SosReportFixture().command("infiniband", "ibstat", ibstat("Ethernet", 0))
                .host("node07.example.com").unrelated().write(tmp.resolve("h4"))).orElseThrow().host().orElseThrow());
        // before sos 3.6 the general plugin ran hostname
        assertEquals("node08", Bundle.of(new SosReportFixture().command("infiniband", "ibstat", ibstat("Ethernet", 0))
                .command("general", "hostname", "node08\n").unrelated().write(tmp.resolve("h3"))).orElseThrow().host().orElseThrow());
        assertEquals("node09", Bundle.of(new SosReportFixture().command("infiniband", "ibstat", ibstat("Ethernet", 0))
                .file("etc/hostname", "node09\n").unrelated().write(tmp.resolve("etc"))).orElseThrow().host().orElseThrow());
        // a failed hostname (its error text) is no host
        assertTrue(Bundle.of(new SosReportFixture().command("infiniband", "ibstat", ibstat("Ethernet", 0))
                .command("host", "hostname", "hostname: command not found\n", 127).unrelated().write(tmp.resolve("none")))
                .orElseThrow().host().isEmpty());
    }

    @Test void aFailedCommandOfTheSosreportIsNamedAndVoidsNoOtherOutput() throws IOException {
        Path dir = new SosReportFixture()
                .command("infiniband", "ibstat", ibstat("InfiniBand", 12))
                .command("infiniband", "perfquery -C mlx5_0 -P 1", "ibwarn: [4121] mad_rpc_open_port: can't open UMAD port (mlx5_0:1)\n"
                        + "perfquery: iberror: failed: Failed to open 'mlx5_0' port '1'\n", 255)
                .unrelated().write(tmp.resolve("sos"));
        Snapshot s = Snapshot.of(dir);
        assertEquals("12", s.attrs("mlx5_0/1").get(PortAttr.LID));
        assertTrue(s.warnings().stream().anyMatch(w -> w.contains("perfquery -C mlx5_0 -P 1")), s.warnings().toString());
    }

    @Test void aPerfqueryOfTheSosreportJoinsItsPortThroughIbstatsLid() throws IOException {
        Path dir = new SosReportFixture().command("infiniband", "ibstat", ibstat("InfiniBand", 12))
                .command("infiniband", "perfquery -C mlx5_0 -P 1", perfquery(12, 7, 1000, 2000))
                .command("mellanox_firmware", "mlxlink -d 0000:08:00.0", "Operational Info\n----------------\n"
                        + "State                              : Active\nPhysical state                     : LinkUp\n"
                        + "Speed                              : IB-NDR\nWidth                              : 4x\n")
                .unrelated().write(tmp.resolve("ib"));
        Snapshot s = Snapshot.of(dir);
        assertEquals(7, s.value("mlx5_0/1", "SymbolErrorCounter").orElseThrow());
        // mlxlink_-d_0000_08_00.0: the PCI address the command named (sos mangles its colons), not the file name
        assertTrue(s.captures().stream().anyMatch(c -> c.measurements("operational").map(t -> t.stringColumn("port").get(0))
                .filter("mlxlink 0000:08:00.0"::equals).isPresent()), s.captures().toString());
    }

    @Test void aFolderWithSosCommandsAloneIsNoSosreport() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("x/sos_commands/infiniband"));
        Files.writeString(dir.resolve("ibstat"), ibstat("InfiniBand", 3));
        assertTrue(Bundle.of(tmp.resolve("x")).isEmpty());
    }
}
