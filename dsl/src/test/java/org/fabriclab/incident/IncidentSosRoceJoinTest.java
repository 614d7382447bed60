package org.fabriclab.incident;

import static org.fabriclab.capture.SosReportFixture.ibstat;
import static org.fabriclab.capture.SosReportFixture.igb;
import static org.fabriclab.capture.SosReportFixture.mlx5;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.SosReportFixture;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A RoCE host's sosreports: the netdev's {@code ethtool -S} and the RDMA device's {@code hw_counters} are one port, joined
 * through what the sosreport itself records (sos runs no {@code rdma link}): the {@code sys/class/net/<netdev>} and
 * {@code sys/class/infiniband/<dev>} links naming one PCI function, {@code ethtool -i}'s {@code bus-info}, or the port's
 * {@code gid_attrs/ndevs/0}. Layout: sosreport/sos 4.12.0 at 5c7e63ee (sos/report/plugins/networking.py copies
 * {@code /sys/class/net/*}{@code /device/numa_node}, {@code flags}, {@code statistics/} and runs {@code ethtool -i} and
 * {@code -S} per Ethernet device; sos/archive.py {@code _make_leading_paths} keeps every link on a copied path as a link;
 * the infiniband tree as sos_extras.py copies a {@code :/sys/class/infiniband/*}{@code /ports/*}{@code /hw_counters}
 * line of {@code /etc/sos/extras.d/}). Values are our own.
 */
class IncidentSosRoceJoinTest {
    @TempDir Path tmp;

    static final String PCI = "devices/pci0000:00/0000:00:02.0/0000:08:00.0";

    static String ethtoolI(String driver, String bus) {
        return "driver: " + driver + "\nversion: 6.8.0-49-generic\nfirmware-version: 28.39.1002 (MT_0000000838)\nexpansion-rom-version: \n"
                + "bus-info: " + bus + "\nsupports-statistics: yes\nsupports-test: yes\nsupports-eeprom-access: no\n"
                + "supports-register-dump: no\nsupports-priv-flags: yes\n";
    }

    /** A port's sysfs files under the PCI function's folder, as the extras copy leaves them. */
    static SosReportFixture hwCounters(SosReportFixture f, String devDir, int port, long ackTimeouts, long seqErr, long cnps) {
        String p = "sys/" + devDir + "/ports/" + port + "/";
        return f.file(p + "state", "4: ACTIVE\n").file(p + "link_layer", "Ethernet\n")
                .file(p + "hw_counters/local_ack_timeout_err", ackTimeouts + "\n").file(p + "hw_counters/packet_seq_err", seqErr + "\n")
                .file(p + "hw_counters/rnr_nak_retry_err", "0\n").file(p + "hw_counters/out_of_sequence", seqErr + "\n")
                .file(p + "hw_counters/rp_cnp_handled", cnps + "\n").file(p + "hw_counters/np_cnp_sent", "0\n");
    }

    /** The RoCE host: ens1f0np0 (mlx5_core, 0000:08:00.0) beside eno1 (igb, 0000:03:00.0), with or without the sysfs links. */
    static SosReportFixture host(long bytes, long rxPause3, long storms, long ackTimeouts, String date, boolean links) {
        SosReportFixture f = new SosReportFixture().withoutManifest()
                .command("infiniband", "ibstat", ibstat("Ethernet", 0))
                .command("networking", "ethtool -S ens1f0np0",
                        mlx5(bytes, rxPause3, 5, 0).replace("tx_pause_storm_error_events: 0", "tx_pause_storm_error_events: " + storms))
                .command("networking", "ethtool -S eno1", igb(81_234_567 + bytes / 1000))
                .file("sys/" + PCI + "/numa_node", "0\n")
                .file("sys/" + PCI + "/net/ens1f0np0/flags", "0x1003\n")
                .file("sys/" + PCI + "/net/ens1f0np0/statistics/rx_bytes", bytes + "\n");
        hwCounters(f, PCI + "/infiniband/mlx5_0", 1, ackTimeouts, 2, 100);
        if (links) {
            f.command("networking", "ethtool -i ens1f0np0", ethtoolI("mlx5_core", "0000:08:00.0"))
                    .link("sys/class/net/ens1f0np0", "../../" + PCI + "/net/ens1f0np0")
                    .link("sys/" + PCI + "/net/ens1f0np0/device", "../../../0000:08:00.0")
                    .link("sys/class/infiniband/mlx5_0", "../../" + PCI + "/infiniband/mlx5_0");
        } else {
            // the tree copied without its links (cp -r of the resolved folder): nothing names the PCI function
            hwCounters(f, "class/infiniband/mlx5_0", 1, ackTimeouts, 2, 100);
        }
        return f.unrelated().date(date);
    }

    private Path pair(String name, boolean links) throws IOException {
        Path dir = tmp.resolve(name);
        host(1_000_000, 10, 0, 3, "Thu Dec  3 11:59:33 UTC 2026", links).write(dir.resolve("before"));
        host(100_001_000_000L, 90_010, 4, 803, "Thu Dec  3 12:00:03 UTC 2026", links).write(dir.resolve("after"));
        return dir;
    }

    @Test void theRoceNetdevAndItsRdmaDeviceAreOnePortWithOneVerdictFromBothSources() throws IOException {
        Incident inc = Incident.of(pair("joined", true));
        assertEquals(List.of("mlx5_0/1"), inc.ports().stream().map(PortReport::port).toList());
        PortReport p = inc.port("mlx5_0/1");
        // the pause storm read from ethtool -S and the retries read from hw_counters, on one port
        assertEquals(90_000L, inc.delta().port("mlx5_0/1").get("rx_prio3_pause").delta());
        assertEquals(4L, inc.delta().port("mlx5_0/1").get("tx_pause_storm_error_events").delta());
        assertEquals(800L, inc.delta().port("mlx5_0/1").get("local_ack_timeout_err").delta());
        // one verdict over both: the storm decides, the retries are the same port's (before: two ports, each "incomplete")
        assertEquals("pause-storm", p.verdict().verdict(), p.verdict().toString());
        assertEquals(List.of("tx_pause_storm_error_events"), p.verdict().detail());
        assertEquals("mlx5_0/1: pause-storm (tx_pause_storm_error_events); also moved: local_ack_timeout_err, tx_pause_storm_error_events",
                p.verdict().toString());
        Snapshot after = Snapshot.of(tmp.resolve("joined/after"));
        assertEquals(java.util.Optional.of("ens1f0np0"), after.attr("mlx5_0/1", "netdev"));
        assertTrue(after.notes().contains("netdev ens1f0np0 joined as mlx5_0/1"), after.notes().toString());
        // the management NIC has no RDMA device on its PCI function (ethtool -i eno1: 0000:03:00.0): apart, as before
        assertEquals(List.of("netdev eno1"), after.unjoined());
        assertEquals(List.of(), after.warnings().stream().filter(w -> w.contains("netdev links")).toList());
        assertTrue(inc.folderNotes().stream().anyMatch(n -> n.startsWith("not graded: netdev eno1:")), inc.folderNotes().toString());
    }

    /** sos runs plain {@code ethtool <dev>} and {@code ethtool --show-fec <dev>} beside {@code -S}: the joined port's link rate and FEC mode. */
    @Test void sosEthtoolSettingsGiveTheJoinedPortItsRateAndFec() throws IOException {
        Snapshot s = one("settings", f -> f.command("networking", "ethtool ens1f0np0", "Settings for ens1f0np0:\n"
                        + "\tSupported ports: [ Backplane ]\n\tSpeed: 100000Mb/s\n\tLanes: 4\n\tDuplex: Full\n\tAuto-negotiation: on\n"
                        + "\tPort: Direct Attach Copper\n\tLink detected: yes\n")
                .command("networking", "ethtool --show-fec ens1f0np0", "FEC parameters for ens1f0np0:\n"
                        + "Supported/Configured FEC encodings: Auto RS\nActive FEC encoding: RS\n"));
        assertEquals(java.util.Optional.of("RS"), s.attr("mlx5_0/1", "fec_mode"));
        assertEquals(java.util.Optional.of("yes"), s.attr("mlx5_0/1", "link_detected"));
        // the rate, which ibstat's Rate gives too (kept first), is read from the settings as well
        assertTrue(s.attrSources("mlx5_0/1", "rate_gbps").stream()
                .anyMatch(a -> a.value().equals("100") && a.file().endsWith("sos_commands/networking/ethtool_ens1f0np0")),
                s.attrSources("mlx5_0/1", "rate_gbps").toString());
    }

    @Test void withoutTheLinksTheSamePortIsTwoPortsGradedApart() throws IOException {
        Incident inc = Incident.of(pair("apart", false));
        assertEquals(List.of("mlx5_0/1", "netdev ens1f0np0"), inc.ports().stream().map(PortReport::port).sorted().toList());
        assertEquals("mlx5_0/1: incomplete (rx_discards_phy, rx_prio3_buf_discard, rx_prio3_pause, tx_pause_storm_error_events)",
                inc.port("mlx5_0/1").verdict().toString());
        assertEquals("netdev ens1f0np0: incomplete (local_ack_timeout_err, packet_seq_err, rnr_nak_retry_err, rp_cnp_handled)",
                inc.port("netdev ens1f0np0").verdict().toString());
        Snapshot after = Snapshot.of(tmp.resolve("apart/after"));
        assertEquals(List.of("netdev eno1", "netdev ens1f0np0"), after.unjoined());
    }

    @Test void theSameSosreportsAsTarballsAreJoinedTheSameWay() throws IOException {
        Path src = pair("src", true);
        Path dir = java.nio.file.Files.createDirectories(tmp.resolve("tarballs"));
        // sos names its tarball sosreport-<host>-<date>-<id>.tar.xz, every member under that folder name; side by side, paired by their date outputs
        org.fabriclab.capture.ArchiveFixture.tar(src.resolve("before"), dir.resolve("sosreport-node08-2026-12-03-aaaaaaa.tar.xz"),
                "sosreport-node08-2026-12-03-aaaaaaa/");
        org.fabriclab.capture.ArchiveFixture.tar(src.resolve("after"), dir.resolve("sosreport-node08-2026-12-03-bbbbbbb.tar.xz"),
                "sosreport-node08-2026-12-03-bbbbbbb/");
        Incident inc = Incident.of(dir);
        assertEquals(List.of("mlx5_0/1"), inc.ports().stream().map(PortReport::port).toList());
        assertEquals(Incident.of(src).verdicts().toString(), inc.verdicts().toString());
    }

    /** One sosreport: the RoCE host plus {@code more}, read as a snapshot. */
    private Snapshot one(String name, java.util.function.UnaryOperator<SosReportFixture> more) throws IOException {
        return Snapshot.of(more.apply(host(1_000_000, 10, 0, 3, "Thu Dec  3 11:59:33 UTC 2026", true)).write(tmp.resolve(name)));
    }

    private static List<String> linkWarnings(Snapshot s) {
        return s.warnings().stream().filter(w -> w.contains("(netdev links): ")).map(w -> w.substring(w.indexOf("(netdev links): ") + 16)).toList();
    }

    @Test void twoNetdevsOnThePciFunctionAreNotGuessedBetween() throws IOException {
        // switchdev: the VF representor's ethtool -i names the PF's PCI function too
        Snapshot s = one("representor", f -> f.command("networking", "ethtool -S ens1f0pf0vf0", igb(1000))
                .command("networking", "ethtool -i ens1f0pf0vf0", ethtoolI("mlx5e_rep", "0000:08:00.0")));
        assertEquals(java.util.Optional.empty(), s.attr("mlx5_0/1", "netdev"));
        assertEquals(List.of("netdev eno1", "netdev ens1f0np0", "netdev ens1f0pf0vf0"), s.unjoined().stream().sorted().toList());
        assertEquals(List.of("RDMA device mlx5_0 (PCI 0000:08:00.0, sys/class/infiniband/mlx5_0) not joined to a netdev: PCI 0000:08:00.0 "
                + "holds 2 netdevs (ens1f0np0, ens1f0pf0vf0); which netdev is which port is not recorded"), linkWarnings(s));
    }

    @Test void sourcesThatDisagreeOnANetdevsPciFunctionJoinNothing() throws IOException {
        Snapshot s = one("disagree", f -> f.command("networking", "ethtool -i ens1f0np0", ethtoolI("mlx5_core", "0000:08:00.1")));
        assertEquals(java.util.Optional.empty(), s.attr("mlx5_0/1", "netdev"));
        assertEquals(List.of("netdev ens1f0np0 is on PCI 0000:08:00.0 and 0000:08:00.1 by sys/class/net/ens1f0np0 and "
                + "sos_commands/networking/ethtool_-i_ens1f0np0; not joined to any RDMA port"), linkWarnings(s));
        assertTrue(s.unjoined().contains("netdev ens1f0np0"), s.unjoined().toString());
    }

    @Test void aBondSlavesRdmaDeviceIsNotTakenForTheSlaves() throws IOException {
        // RoCE LAG: the bond over both PFs has one RDMA device on the first PF, counting both ports (rdma link: netdev bond0)
        Snapshot s = one("lag", f -> f.file("proc/net/bonding/bond0", "Ethernet Channel Bonding Driver: v6.8.0-49-generic\n\n"
                + "Bonding Mode: IEEE 802.3ad Dynamic link aggregation\nMII Status: up\n\nSlave Interface: ens1f0np0\nMII Status: up\n"
                + "Speed: 100000 Mbps\n\nSlave Interface: ens1f1np1\nMII Status: up\nSpeed: 100000 Mbps\n"));
        assertEquals(java.util.Optional.empty(), s.attr("mlx5_0/1", "netdev"));
        assertEquals(List.of("RDMA device mlx5_0 (PCI 0000:08:00.0, sys/class/infiniband/mlx5_0) not joined to a netdev: its only netdev "
                + "ens1f0np0 is a slave of bond0 (proc/net/bonding/bond0), whose RDMA device (RoCE LAG) counts both ports; which netdev "
                + "is which port is not recorded"), linkWarnings(s));
    }

    static final String MLX4 = "devices/pci0000:00/0000:00:03.0/0000:04:00.0";

    /** A ConnectX-3: mlx4_0 with two ports on one PCI function, and its two netdevs there. */
    static SosReportFixture mlx4(SosReportFixture f, boolean ndevs) {
        for (int port = 1; port <= 2; port++) {
            String nd = "eth" + (port + 1);
            hwCounters(f, MLX4 + "/infiniband/mlx4_0", port, 0, 0, 0)
                    .command("networking", "ethtool -S " + nd, "NIC statistics:\n     rx_packets: 10\n     rx_pause_prio_3: " + port + "\n")
                    .command("networking", "ethtool -i " + nd, ethtoolI("mlx4_en", "0000:04:00.0"))
                    .link("sys/class/net/" + nd, "../../" + MLX4 + "/net/" + nd)
                    .file("sys/" + MLX4 + "/net/" + nd + "/flags", "0x1003\n");
            if (ndevs) f.file("sys/" + MLX4 + "/infiniband/mlx4_0/ports/" + port + "/gid_attrs/ndevs/0", nd + "\n");
        }
        return f.link("sys/class/infiniband/mlx4_0", "../../" + MLX4 + "/infiniband/mlx4_0");
    }

    @Test void aTwoPortDeviceIsJoinedOnlyByItsPortsOwnGidNetdevs() throws IOException {
        Snapshot apart = one("mlx4-apart", f -> mlx4(f, false));
        assertEquals(java.util.Optional.empty(), apart.attr("mlx4_0/1", "netdev"));
        assertEquals(List.of("RDMA device mlx4_0 (PCI 0000:04:00.0, sys/class/infiniband/mlx4_0) not joined to a netdev: PCI 0000:04:00.0 "
                + "holds 2 netdevs (eth2, eth3); which netdev is which port is not recorded"), linkWarnings(apart));
        assertEquals("ens1f0np0", apart.attr("mlx5_0/1", "netdev").orElseThrow());
        Snapshot joined = one("mlx4-ndevs", f -> mlx4(f, true));
        assertEquals("eth2", joined.attr("mlx4_0/1", "netdev").orElseThrow());
        assertEquals("eth3", joined.attr("mlx4_0/2", "netdev").orElseThrow());
        assertEquals(2L, joined.readings("mlx4_0/2").get("rx_prio3_pause").value());
        assertEquals(List.of(), linkWarnings(joined));
        assertEquals(List.of("netdev eno1"), joined.unjoined());
    }
}
