package org.fabriclab.incident;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.PublicCaptureFiles;
import org.fabriclab.plot.Charts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * incident(dir) on before/after folders built from real public captures of other vendors (read in
 * place, copied to a temporary folder with raised counters in "after"): Broadcom bnxt_en and Intel
 * ice {@code ethtool -S}, a two-port {@code perfquery -x -l} dump. Skipped on a bare clone. (The CapMask 0x5A00
 * dump is no use here: its error fields are reserved, so every profile is incomplete, which the readers report.)
 */
class IncidentPublicCapturesTest {
    @TempDir Path tmp;

    /** before = the capture as published, after = the same with {@code bumps} added to the named counters. */
    Path pair(String name, String capture, Map<String, Long> bumps) throws Exception {
        String t = Files.readString(PublicCaptureFiles.file(capture));
        Path dir = tmp.resolve(name);
        Files.createDirectories(dir.resolve("before"));
        Files.createDirectories(dir.resolve("after"));
        Files.writeString(dir.resolve("before").resolve("capture.txt"), t);
        for (var e : bumps.entrySet()) {
            Matcher m = Pattern.compile("^(\\s*" + Pattern.quote(e.getKey()) + "[:.]+\\s*)(\\d+)\\s*$", Pattern.MULTILINE).matcher(t);
            assertTrue(m.find(), e.getKey());
            t = t.substring(0, m.start(2)) + (Long.parseLong(m.group(2)) + e.getValue()) + t.substring(m.end(2));
        }
        Files.writeString(dir.resolve("after").resolve("capture.txt"), t);
        return dir;
    }

    @Test void perfqueryAloneIsGradedWithTheFullProfileAndFindsThePhysicalLayer() throws Exception {
        // two ports in one perfquery -x -l dump; port 1 moved 1 TB and counted 77 symbol errors, port 2 stayed idle
        Path dir = pair("ib", "perfquery_x_hca_2port_treydock.out", Map.of("PortXmitData", 250_000_000_000L, "SymbolErrorCounter", 77L));
        Incident inc = Incident.of(dir);
        PortReport p = inc.port("lid 1719/1");
        assertEquals("clean", inc.port("lid 1719/2").verdict().verdict(), "idle, nothing moved: clean without a byte count");
        assertEquals(FabricKind.IB, p.fabric().kind());
        assertEquals(1e12, p.bytes().bytes());
        assertEquals("physical", p.verdict().verdict());
        assertEquals("ib-full", p.verdict().profile());
        assertEquals(List.of("SymbolErrorCounter"), p.deciding());
        assertEquals("incomplete", p.second().verdict(), "the runbook's ib needs hw_counters, which perfquery does not print");
        assertTrue(p.why().get(0).contains("sources this port's captures do not hold"), p.why().toString());
        assertTrue(Charts.png(inc.charts()).length > 1000);
    }

    @Test void iceEthtoolPauseAboveTheBarIsCongestion() throws Exception {
        Path dir = pair("ice", "ethtool_S_ice_e810_intel_ethq.txt", Map.of("rx_bytes", 50_000_000_000L, "tx_bytes", 100_000_000_000L,
                "rx_priority_3_xoff.nic", 900_000L));
        PortReport p = Incident.of(dir).ports().get(0);
        assertEquals(FabricKind.ROCE, p.fabric().kind());
        assertEquals(1e11, p.bytes().bytes(), p.bytes().how());   // the .nic counters did not move: the netdev's did
        assertEquals("congestion", p.verdict().verdict(), p.verdict().toString());
        assertEquals(List.of("rx_prio3_pause"), p.deciding());
        assertTrue(Incident.of(dir).pause().findings().stream().anyMatch(f -> f.contains("rx prio3: 900000 pause frames")));
    }

    @Test void bnxtEthtoolAloneIsIncompleteWithTheProvisionalFinding() throws Exception {
        Path dir = pair("bnxt", "ethtool_S_bnxt_en_broadcom_perring_prefix_ethq.txt", Map.of("rx_bytes", 100_000_000_000L,
                "tx_bytes", 200_000_000_000L, "rx_stat_discard", 5_000L));
        PortReport p = Incident.of(dir).ports().get(0);
        assertEquals("incomplete", p.verdict().verdict());
        assertEquals("lossless-broken", p.provisional().verdict());
        assertEquals(List.of("rx_discards_phy"), p.provisional().detail());
        assertTrue(String.join("\n", p.why()).contains("could not outrank it"), p.why().toString());
        Path clean = pair("bnxt-clean", "ethtool_S_bnxt_en_broadcom_perring_prefix_ethq.txt", Map.of("rx_bytes", 1_000_000L, "tx_bytes", 2_000_000L));
        assertEquals("clean", Incident.of(clean).ports().get(0).provisional().verdict());
    }

    /** The gpud H100 tree (8 InfiniBand HCAs and a RoCE bond) as before, and as after with {@code bumps} added to mlx5_4's counters. */
    Path h100(String name, Map<String, Long> bumps) throws Exception {
        Path tree = PublicCaptureFiles.file("sysfs_tree_h100_9dev_gpud"), dir = tmp.resolve(name);
        for (String side : List.of("before", "after")) {
            try (var files = Files.walk(tree)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    Path to = dir.resolve(side).resolve("sys/class/infiniband").resolve(tree.relativize(f).toString());
                    Files.createDirectories(to.getParent());
                    Files.copy(f, to);
                }
            }
        }
        Path counters = dir.resolve("after/sys/class/infiniband/mlx5_4/ports/1/counters");
        for (var e : bumps.entrySet()) {
            Path f = counters.resolve(e.getKey());
            Files.writeString(f, Long.toString(Long.parseLong(Files.readString(f).trim()) + e.getValue()));
        }
        return dir;
    }

    @Test void aGivenFabricLeavesPortsWhoseLinkLayerSaysTheOtherOne() throws Exception {
        // fabric=roce on a host with InfiniBand HCAs beside a RoCE bond: the HCA that counted symbol errors stays InfiniBand
        Path dir = h100("h100", Map.of("symbol_error", 40L, "port_xmit_data", 25_000_000_000L));
        Incident roce = Incident.of(dir).fabric("roce");
        PortReport hca = roce.port("mlx5_4/1");
        assertEquals(FabricKind.IB, hca.fabric().kind(), hca.fabric().how());
        assertTrue(hca.fabric().how().contains("fabric roce was given"), hca.fabric().how());
        assertEquals("physical", hca.verdict().verdict(), hca.verdict().toString());
        assertEquals(List.of("SymbolErrorCounter"), hca.deciding());
        assertEquals(FabricKind.ROCE, roce.port("mlx5_bond_0/1").fabric().kind());
        assertEquals("given (roce)", roce.port("mlx5_bond_0/1").fabric().how());
        Incident ib = Incident.of(dir).fabric("ib-full");
        assertEquals(FabricKind.ROCE, ib.port("mlx5_bond_0/1").fabric().kind(), "link layer Ethernet");
        assertEquals("roce-full", ib.port("mlx5_bond_0/1").verdict().profile());
        assertEquals("ib-full", ib.port("mlx5_4/1").verdict().profile());
        // a switch port's perfquery -x beside the host's sysfs (with hw_counters): the advice is not to collect what the folder holds
        Path sw = h100("h100-switch", Map.of());
        String pq0 = Files.readString(PublicCaptureFiles.file("perfquery_x_switchport_errors_treydock.out"));
        Files.writeString(sw.resolve("before/perfquery-x.switch.txt"), pq0);
        Files.writeString(sw.resolve("after/perfquery-x.switch.txt"), pq0.replace("PortXmitDiscards:................20046", "PortXmitDiscards:................20546"));
        PortReport swp = Incident.of(sw).port("lid 2052/1");
        assertEquals("lossless-broken", swp.verdict().verdict(), swp.verdict().toString());
        assertTrue(swp.why().get(0).contains("this port's captures do not hold"), swp.why().toString());
        // perfquery alone tells no link layer: there the given fabric decides
        Path pq = pair("pq", "perfquery_x_hca_2port_treydock.out", Map.of("PortXmitData", 1_000L));
        assertEquals(FabricKind.ROCE, Incident.of(pq).fabric("roce").port("lid 1719/1").fabric().kind());
    }

    @Test void twoCapturesThatDisagreeOnTheLinkRateAreNamedInTheBerCheck() throws Exception {
        // sysfs says 400 Gb/sec (4X NDR), an ibstat beside it says Rate: 200: the counter-derived BER names both
        Path dir = h100("h100-ibstat", Map.of("symbol_error", 40L, "port_xmit_data", 25_000_000_000L));
        for (String side : List.of("before", "after")) {
            Files.writeString(dir.resolve(side).resolve("ibstat.txt"), Files.readString(PublicCaptureFiles.file("ibstat_a100_8hca_spaces_ibpanic_gpud.txt")));
            Files.writeString(dir.resolve(side).resolve("date.txt"), "Thu Dec  3 11:59:" + (side.equals("before") ? "03" : "33") + " UTC 2026\n");
        }
        var row = Incident.of(dir).berCheck().rows().stream().filter(r -> r.port().equals("mlx5_4/1")).findFirst().orElseThrow();
        assertTrue(row.reason().contains("the captures disagree on the link rate"), row.reason());
        assertTrue(row.reason().contains("ibstat.txt:79") && row.reason().contains("says 400 Gb/s"), row.reason());
        // one source of the rate: nothing to say
        Path one = h100("h100-sysfs", Map.of("symbol_error", 40L, "port_xmit_data", 25_000_000_000L));
        var r1 = Incident.of(one).elapsed(30).berCheck().rows().stream().filter(r -> r.port().equals("mlx5_4/1")).findFirst().orElseThrow();
        assertTrue(r1.reason().contains("400 Gb/s x 30 s") && !r1.reason().contains("disagree"), r1.reason());
    }
}
