package org.fabriclab.capture.ibstat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.Input;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IbstatReaderTest {
    private final IbstatReader reader = new IbstatReader();
    @TempDir Path tmp;

    @Test void goldenAttributes() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ibstat/two_cas.txt")));
        assertEquals(CaptureCsv.text("ibstat/two_cas.attrs.csv"), CaptureCsv.attrs(c));
        assertTrue(c.readings().isEmpty());
        assertEquals(List.of("mlx5_0/1", "mlx5_1/1"), c.ports());
    }

    @Test void lidZeroOfAnEthernetPortIsNotKept() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ibstat/two_cas.txt")));
        assertEquals(Optional.of("1719"), c.attr("mlx5_0/1", "lid"));
        assertEquals(Optional.empty(), c.attr("mlx5_1/1", "lid"));
    }

    @Test void onePortAloneHasAColonHeaderAndUnindentedFields() {
        // ibstat mlx5_2 1: port_dump(alone) under "CA: '<ca>'", no CA device lines
        Capture c = reader.read(Input.ofText("ibstat-mlx5_2-1.txt", "CA: 'mlx5_2'\nPort 1:\nState: Active\n"
                + "Physical state: LinkUp\nRate: 100\nBase lid: 212\nLMC: 0\nSM lid: 3\n"
                + "Capability mask: 0x2659e848\nPort GUID: 0x98039B0300671A3E\nLink layer: InfiniBand\n"));
        assertEquals(95, reader.sniff(Input.ofText("x.txt", "CA: 'mlx5_2'\nPort 1:\nState: Active\n")));
        assertEquals(List.of("mlx5_2/1"), c.ports());
        assertEquals(Optional.of("212"), c.attr("mlx5_2/1", "lid"));
        assertEquals(Optional.of("0x98039b0300671a3e"), c.attr("mlx5_2/1", "guid"));
        assertEquals(Optional.of("100"), c.attr("mlx5_2/1", "rate_gbps"));
        assertEquals(Optional.of("mlx5_2"), c.attr("mlx5_2/1", "device"));
    }

    @Test void anFdr10RateIsItsNumber() {
        // rdma-core ibstat.c port_dump: "Rate: %d (FDR10)" when the link runs FDR10; it was refused as not a number
        Capture c = reader.read(Input.ofText("ibstat.txt", "CA 'mlx4_0'\n\tCA type: MT4099\n\tPort 1:\n\t\tState: Active\n"
                + "\t\tPhysical state: LinkUp\n\t\tRate: 40 (FDR10)\n\t\tBase lid: 14\n\t\tLink layer: InfiniBand\n"));
        assertEquals(Optional.of("40"), c.attr("mlx4_0/1", "rate_gbps"));
        assertEquals(Optional.of("FDR10"), c.attr("mlx4_0/1", "speed"));
        assertEquals(Optional.of("14"), c.attr("mlx4_0/1", "lid"));
    }

    /**
     * What users paste: {@code set -x}'s trace line and ibwarn's debug lines above the first device (sniffed past them), and
     * another command behind a prompt after it ({@code nvidia-smi topo -m}: its output is not ibstat's).
     */
    @Test void aTracedRunWithDebugLinesAndAnotherCommandAfterIt() {
        String text = "+ ibstat\n" + "ibwarn: [168988] umad_init: umad_init\n".repeat(4)
                + "CA 'mlx4_0'\n\tCA type: MT4099\n\tPort 1:\n\t\tState: Active\n\t\tPhysical state: LinkUp\n\t\tRate: 56\n"
                + "\t\tBase lid: 3\n\t\tLink layer: InfiniBand\n\n"
                + "root@gh-01:/work# nvidia-smi topo -m\n        GPU0    NIC0    CPU Affinity\nGPU0     X      PXB     0-47\n";
        Input in = Input.ofText("ibstat.txt", text);
        assertEquals("ibstat", org.fabriclab.capture.Readers.standard().choose(in).format());
        Capture c = reader.read(in);
        assertEquals(List.of("mlx4_0/1"), c.ports());
        assertEquals(Optional.of("3"), c.attr("mlx4_0/1", "lid"));
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("nvidia-smi topo -m") && w.contains("not ibstat's")), c.warnings().toString());
    }

    @Test void valueNotANumber() {
        Path f = BadInput.write(tmp, "ibstat.txt", "CA 'mlx5_0'\n\tPort 1:\n\t\tState: Active\n\t\tBase lid: twelve\n");
        BadInput.expect(reader, f, 4, "Base lid is 'twelve'; expected a number");
    }

    @Test void truncatedAfterPortLine() {
        Path f = BadInput.write(tmp, "ibstat.txt", "CA 'mlx5_0'\n\tCA type: MT4123\n\tPort 1:\n");
        BadInput.expect(reader, f, 3, "holds no attributes");
    }

    @Test void cutAtTheStart() {
        Path f = BadInput.write(tmp, "ibstat.txt", "\t\tState: Active\n\t\tRate: 100\n");
        BadInput.expect(reader, f, 1, "before any CA '<name>' line");
    }

    @Test void binaryJunk() {
        Path f = BadInput.write(tmp, "ibstat.bin", BadInput.binaryJunk("CA 'mlx5_0'\n\tPort 1:\n"));
        BadInput.expect(reader, f, 3, "binary content");
    }

    /**
     * A host's ibstat cut at its end (| head, a full disk) kept nothing: the last CA's empty "Port 1:"
     * refused the whole file, the CAs before it included. Layout of leptonai/gpud's
     * ibstat.47.0.h100.all.active.1 (blob f8a4c5ba, tab-indented, one port per CA); own values.
     */
    @Test void cutAtTheEndKeepsThePortsBeforeTheCut() {
        String ca0 = "CA 'mlx5_0'\n\tCA type: MT4129\n\tNumber of ports: 1\n\tFirmware version: 28.39.1002\n"
                + "\tHardware version: 0\n\tNode GUID: 0x0a0b0c0300d0e0f0\n\tSystem image GUID: 0x0a0b0c0300d0e0f0\n"
                + "\tPort 1:\n\t\tState: Active\n\t\tPhysical state: LinkUp\n\t\tRate: 400\n\t\tBase lid: 31\n"
                + "\t\tLMC: 0\n\t\tSM lid: 1\n\t\tCapability mask: 0xa751e848\n\t\tPort GUID: 0x0a0b0c0300d0e0f0\n"
                + "\t\tLink layer: InfiniBand\n";
        String head1 = "CA 'mlx5_1'\n\tCA type: MT4129\n\tNumber of ports: 1\n\tFirmware version: 28.39.1002\n";
        Capture c = reader.read(Input.ofText("ibstat.txt", ca0 + head1 + "\tHardware version: 0\n\tPort 1:\n"));
        assertEquals(List.of("mlx5_0/1"), c.ports());
        assertEquals(Optional.of("31"), c.attr("mlx5_0/1", "lid"));
        assertEquals(Optional.of("Active"), c.attr("mlx5_0/1", "state"));
        assertEquals(1, c.warnings().size());
        assertTrue(c.warnings().get(0).contains("ibstat.txt:23: the file ends after 'Port 1:' of CA 'mlx5_1'"), c.warnings().get(0));
        // cut inside the last CA's device lines: its port is missing, and the capture says so
        Capture d = reader.read(Input.ofText("ibstat.txt", ca0 + head1));
        assertEquals(List.of("mlx5_0/1"), d.ports());
        assertEquals(1, d.warnings().size());
        assertTrue(d.warnings().get(0).contains(":18: the file ends inside CA 'mlx5_1'"), d.warnings().get(0));
        // an empty port block in the middle is no cut: still refused
        Path f = BadInput.write(tmp, "mid.txt", head1 + "\tPort 1:\n" + ca0);
        BadInput.expect(reader, f, 5, "holds no attributes");
    }

    /**
     * A paste broken off inside its last line ("Capabi", as a wiki page's stored excerpt of a two-port mlx4 ibstat ends):
     * it was refused at that line; the ports before it are whole, so it is read with a warning. Own values. A line without
     * a colon in the middle of the file is still refused.
     */
    @Test void cutInTheMiddleOfTheLastLine() {
        String text = "CA 'mlx4_0'\n        CA type: MT26428\n        Number of ports: 2\n        Port 1:\n"
                + "                State: Active\n                Rate: 40\n                Base lid: 12\n"
                + "        Port 2:\n                State: Down\n                Physical state: Polling\n"
                + "                Base lid: 0\n                Capabi";
        Capture c = reader.read(Input.ofText("ibstat.txt", text));
        assertEquals(List.of("mlx4_0/1", "mlx4_0/2"), c.ports());
        assertEquals(Optional.of("12"), c.attr("mlx4_0/1", "lid"));
        assertEquals(Optional.of("Polling"), c.attr("mlx4_0/2", "phys_state"));
        assertEquals(1, c.warnings().size());
        assertTrue(c.warnings().get(0).contains("ibstat.txt:12: the file ends in the middle of a line ('Capabi'"), c.warnings().get(0));
        Path f = BadInput.write(tmp, "mid.txt", text.replace("                Base lid: 0\n", "                Base lid 0\n") + "lity mask: 0x02510868\n");
        BadInput.expect(reader, f, 11, "expected 'Key: value'");
    }

    /**
     * rdma-core's ibstat prints "Effective speed:" after "Rate:" since 9a645e43 (2026-06,
     * ibv_query_port_speed(), "%g" Gb/s: LAG and PCIe limits counted); it was dropped as noise. Own values:
     * a bond whose effective bandwidth is both links, a port held below its rate.
     */
    @Test void effectiveSpeedOfNewerRdmaCoreIsKeptBesideTheRate() {
        Capture c = reader.read(Input.ofText("ibstat.txt", "CA 'mlx5_bond_0'\n\tCA type: MT4129\n\tPort 1:\n\t\tState: Active\n"
                + "\t\tPhysical state: LinkUp\n\t\tRate: 200\n\t\tEffective speed: 400\n\t\tBase lid: 0\n\t\tLink layer: Ethernet\n"
                + "CA 'mlx5_3'\n\tPort 1:\n\t\tState: Active\n\t\tRate: 400\n\t\tEffective speed: 252.5\n\t\tLink layer: InfiniBand\n"));
        assertEquals(Optional.of("200"), c.attr("mlx5_bond_0/1", "rate_gbps"));
        assertEquals(Optional.of("400"), c.attr("mlx5_bond_0/1", "effective_speed_gbps"));
        assertEquals(Optional.of("400"), c.attr("mlx5_3/1", "rate_gbps"));
        assertEquals(Optional.of("252.5"), c.attr("mlx5_3/1", "effective_speed_gbps"));
    }

    /** hfi1 (Omni-Path) prints {@code CA type: } with no value (rdma-core ibstat.c prints umad's empty ca_type); it became an empty hca_type. */
    @Test void anEmptyCaTypeIsNoAttribute() {
        Capture c = reader.read(Input.ofText("ibstat.txt", "CA 'hfi1_0'\n\tCA type: \n\tNumber of ports: 1\n\tFirmware version: 1.27.0\n"
                + "\tPort 1:\n\t\tState: Active\n\t\tPhysical state: LinkUp\n\t\tRate: 100\n\t\tBase lid: 8\n\t\tLink layer: InfiniBand\n"));
        assertEquals(Optional.empty(), c.attr("hfi1_0/1", "hca_type"));
        assertEquals(Optional.of("1.27.0"), c.attr("hfi1_0/1", "fw_ver"));
        assertEquals(Optional.of("8"), c.attr("hfi1_0/1", "lid"));
    }
}
