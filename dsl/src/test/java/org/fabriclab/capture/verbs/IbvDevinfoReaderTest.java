package org.fabriclab.capture.verbs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Readers;
import org.fabriclab.catalogue.Source;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ibv_devinfo} was "not a capture format", though it is what many paste for a port's state, link
 * layer, LID and MTU. Fixtures follow rdma-core's ibv_devinfo.c layout (tabs, {@code NAME (n)} enums).
 */
class IbvDevinfoReaderTest {
    private final IbvDevinfoReader reader = new IbvDevinfoReader();
    @TempDir Path tmp;

    @Test void plainOutputGivesEachPortsStateLidAndLinkLayer() {
        Input in = Input.of(CaptureCsv.fixture("verbs/two_hcas.txt"));
        assertEquals("ibv_devinfo", Readers.standard().choose(in).format());
        Capture c = reader.read(in);
        assertTrue(c.readings().isEmpty());
        assertEquals(List.of("mlx5_0/1", "mlx5_1/1"), c.ports());
        assertEquals(Optional.of("ACTIVE"), c.attr("mlx5_0/1", PortAttr.STATE));
        assertEquals(Optional.of("4"), c.attr("mlx5_0/1", "state_id"));
        assertEquals(Optional.of("318"), c.attr("mlx5_0/1", PortAttr.LID));
        assertEquals(Optional.of("2"), c.attr("mlx5_0/1", "sm_lid"));
        assertEquals(Optional.of("InfiniBand"), c.attr("mlx5_0/1", PortAttr.LINK_LAYER));
        assertEquals(Optional.of("4096"), c.attr("mlx5_0/1", "active_mtu"));
        assertEquals(Optional.of("0x1070fd0300427a10"), c.attr("mlx5_0/1", PortAttr.NODE_GUID));
        assertEquals(Optional.of("20.38.1002"), c.attr("mlx5_0/1", "fw_ver"));
        // the Ethernet port: LID 0 is no LID, no rate without -v
        assertEquals(Optional.of("DOWN"), c.attr("mlx5_1/1", PortAttr.STATE));
        assertEquals(Optional.of("Ethernet"), c.attr("mlx5_1/1", PortAttr.LINK_LAYER));
        assertEquals(Optional.of("1024"), c.attr("mlx5_1/1", "active_mtu"));
        assertEquals(Optional.empty(), c.attr("mlx5_1/1", PortAttr.LID));
        assertEquals(Optional.empty(), c.attr("mlx5_1/1", PortAttr.RATE_GBPS));
    }

    @Test void verboseOutputGivesRateGuidAndPhysicalState() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("verbs/verbose_hdr.txt")));
        assertEquals(List.of("mlx5_3/1"), c.ports());
        assertEquals(Optional.of("200"), c.attr("mlx5_3/1", PortAttr.RATE_GBPS));   // 4X x 50.0 Gbps
        assertEquals(Optional.of("4X"), c.attr("mlx5_3/1", "active_width"));
        assertEquals(Optional.of("LINK_UP"), c.attr("mlx5_3/1", "phys_state"));
        assertEquals(Optional.of("5"), c.attr("mlx5_3/1", "phys_state_id"));
        assertEquals(Optional.of("fe80:0000:0000:0000:a088:c203:0047:1b6f"), c.attr("mlx5_3/1", "default_gid"));
        assertEquals(Optional.of("0xa088c20300471b6f"), c.attr("mlx5_3/1", PortAttr.GUID));
        assertEquals(Optional.of("77"), c.attr("mlx5_3/1", PortAttr.LID));
        assertEquals(Optional.of("0xa659e848"), c.attr("mlx5_3/1", "cap_mask"));
        assertTrue(c.noiseLines() > 10, "the device capability dump is skipped: " + c.noiseLines());
    }

    @Test void laneSpeedsGiveTheRatesIbstatPrints() {
        String[][] cases = {{"4X (2)", "14.0 Gbps (16)", "56"}, {"4X (2)", "10.0 Gbps (8)", "40"}, {"1X (1)", "2.5 Gbps (1)", "2.5"},
                {"4X (2)", "100.0 Gbps (128)", "400"}, {"1X (1)", "25.0 Gbps (32)", "25"}, {"2X (16)", "100.0 Gbps (128)", "200"}};
        for (String[] k : cases) {
            Capture c = reader.read(Input.ofText("v.txt", "hca_id:\tmlx5_0\n\t\tport:\t1\n\t\t\tstate:\t\t\tPORT_ACTIVE (4)\n"
                    + "\t\t\tactive_width:\t\t" + k[0] + "\n\t\t\tactive_speed:\t\t" + k[1] + "\n"));
            assertEquals(Optional.of(k[2]), c.attr("mlx5_0/1", PortAttr.RATE_GBPS), k[0] + " " + k[1]);
        }
        Capture effective = reader.read(Input.ofText("v.txt", "hca_id:\tmlx5_0\n\t\tport:\t1\n\t\t\tactive_width:\t\t4X (2)\n"
                + "\t\t\tactive_speed:\t\t25.0 Gbps (32)\n\t\t\teffective_speed:\t97.0 Gbps\n"));
        // rdma-core's effective_speed (devinfo.c since b8675bad: ibv_query_port_speed(), LAG or PCIe bound) is no link rate
        assertEquals(Optional.of("100"), effective.attr("mlx5_0/1", PortAttr.RATE_GBPS), "the wire rate, as sysfs and ibstat give it");
        assertEquals(Optional.of("97"), effective.attr("mlx5_0/1", "effective_speed_gbps"));
        Capture lag = reader.read(Input.ofText("v.txt", "hca_id:\tmlx5_bond_0\n\t\tport:\t1\n\t\t\tactive_width:\t\t4X (2)\n"
                + "\t\t\tactive_speed:\t\t50.0 Gbps (64)\n\t\t\teffective_speed:\t400.0 Gbps\n"));
        assertEquals(Optional.of("200"), lag.attr("mlx5_bond_0/1", PortAttr.RATE_GBPS), "one port's wire rate");
        assertEquals(Optional.of("400"), lag.attr("mlx5_bond_0/1", "effective_speed_gbps"), "the LAG's two ports together");
        Capture invalid = reader.read(Input.ofText("v.txt", "hca_id:\tmlx5_0\n\t\tport:\t1\n\t\t\tactive_width:\t\tinvalid width (0)\n"
                + "\t\t\tactive_speed:\t\tinvalid speed (0)\n"));
        assertEquals(Optional.empty(), invalid.attr("mlx5_0/1", PortAttr.RATE_GBPS));
    }

    @Test void roceGidGivesThePortGuidAndAZeroGuidIsNoIdentity() {
        Capture c = reader.read(Input.ofText("v.txt", "hca_id:\tmlx5_4\n\tnode_guid:\t\t\t0000:0000:0000:0000\n\t\tport:\t1\n"
                + "\t\t\tlink_layer:\t\tEthernet\n\t\t\tGID[  0]:\t\tfe80:0000:0000:0000:a288:c2ff:fe6b:0c10, RoCE v1\n"
                + "\t\t\tGID[  1]:\t\tfe80::a288:c2ff:fe6b:c10, RoCE v2\n"));
        assertEquals(Optional.of("0xa288c2fffe6b0c10"), c.attr("mlx5_4/1", PortAttr.GUID));
        assertEquals(Optional.empty(), c.attr("mlx5_4/1", PortAttr.NODE_GUID));
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("node_guid") && w.contains("all zero")), c.warnings().toString());
    }

    @Test void theLidJoinsPerfqueryToTheVerbsPort() {
        Capture pq = Capture.builder(Source.PERFQUERY, "pq.txt").counter("lid 318/1", "SymbolErrorCounter", 4, 5)
                .attr("lid 318/1", PortAttr.LID, "318", 1).attr("lid 318/1", PortAttr.PORT_NUM, "1", 1).build();
        Capture dev = reader.read(Input.of(CaptureCsv.fixture("verbs/two_hcas.txt")));
        Snapshot s = Snapshot.ofCaptures("t", List.of(pq, dev));
        assertEquals(4, s.value("mlx5_0/1", "SymbolErrorCounter").getAsLong());
        assertTrue(s.unjoined().isEmpty(), s.unjoined().toString());
        assertEquals(Optional.of("InfiniBand"), s.attr("mlx5_0/1", PortAttr.LINK_LAYER));
    }

    @Test void aPortFieldThatIsNotKeyValue() {
        Path f = BadInput.write(tmp, "ibv.txt", "hca_id:\tmlx5_0\n\t\tport:\t1\n\t\t\tstate:\t\t\tPORT_ACTIVE (4)\n\t\t\tLINK_UP\n");
        BadInput.expect(reader, f, 4, "expected 'key: value'");
    }

    @Test void aStateWithoutItsEnumValue() {
        Path f = BadInput.write(tmp, "ibv.txt", "hca_id:\tmlx5_0\n\t\tport:\t1\n\t\t\tstate:\t\t\tPORT_ACTIVE\n");
        BadInput.expect(reader, f, 3, "state is 'PORT_ACTIVE'; expected '<NAME> (<number>)'");
    }

    @Test void cutAfterThePortLine() {
        Path f = BadInput.write(tmp, "ibv.txt", "hca_id:\tmlx5_0\n\tfw_ver:\t\t\t\t20.38.1002\n\t\tport:\t1\n");
        BadInput.expect(reader, f, 3, "holds no fields");
    }

    @Test void cutAtTheStart() {
        Path f = BadInput.write(tmp, "ibv.txt", "\t\t\tstate:\t\t\tPORT_ACTIVE (4)\n\t\t\tport_lid:\t\t3\n");
        assertEquals(0, reader.sniff(Input.of(f)));
        BadInput.expect(reader, f, 1, "before any 'hca_id:' line");
    }

    @Test void aDeviceWithoutPorts() {
        Path f = BadInput.write(tmp, "ibv.txt", "hca_id:\tmlx5_0\n\tfw_ver:\t\t\t\t20.38.1002\n");
        BadInput.expect(reader, f, 0, "no 'port:' block");
    }

    /**
     * ibv_devinfo of several HCAs cut at its end kept nothing when the cut fell right after a "port:"
     * line, and said nothing when it fell inside the last device's lines (rdma-core devinfo.c layout).
     */
    @Test void cutAtTheEndKeepsThePortsBeforeTheCut() {
        String hca0 = "hca_id:\tmlx5_0\n\ttransport:\t\t\tInfiniBand (0)\n\tfw_ver:\t\t\t\t20.37.1700\n"
                + "\tnode_guid:\t\t\t0a0b:0c03:00d0:e0f0\n\t\tport:\t1\n\t\t\tstate:\t\t\tPORT_ACTIVE (4)\n"
                + "\t\t\tmax_mtu:\t\t4096 (5)\n\t\t\tactive_mtu:\t\t4096 (5)\n\t\t\tsm_lid:\t\t\t1\n"
                + "\t\t\tport_lid:\t\t4\n\t\t\tport_lmc:\t\t0x00\n\t\t\tlink_layer:\t\tInfiniBand\n\n";
        String head1 = "hca_id:\tmlx5_1\n\ttransport:\t\t\tInfiniBand (0)\n\tfw_ver:\t\t\t\t20.37.1700\n";
        Capture c = reader.read(Input.ofText("ibv.txt", hca0 + head1 + "\t\tport:\t1\n"));
        assertEquals(List.of("mlx5_0/1"), c.ports());
        assertEquals(Optional.of("4"), c.attr("mlx5_0/1", PortAttr.LID));
        assertEquals(Optional.of("0x0a0b0c0300d0e0f0"), c.attr("mlx5_0/1", PortAttr.NODE_GUID));
        assertEquals(1, c.warnings().size());
        assertTrue(c.warnings().get(0).contains("ibv.txt:17: the file ends after 'port: 1' of 'mlx5_1'"), c.warnings().get(0));
        Capture d = reader.read(Input.ofText("ibv.txt", hca0 + head1));
        assertEquals(List.of("mlx5_0/1"), d.ports());
        assertEquals(1, d.warnings().size());
        assertTrue(d.warnings().get(0).contains(":14: the file ends inside 'hca_id: mlx5_1'"), d.warnings().get(0));
    }
}
