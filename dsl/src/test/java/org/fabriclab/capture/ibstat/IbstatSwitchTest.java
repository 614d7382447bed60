package org.fabriclab.capture.ibstat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ibstat on a switch was refused: infiniband-diags/ibstat.c (linux-rdma/rdma-core 691953d8) heads a device by its
 * node type, {@code node_type_str[] = {"???", "CA", "Switch", "Router", "iWARP RNIC"}}: {@code Switch 'name'}, then
 * {@code \tSwitch type: ...}, and lists ports from 0 (the switch's management port, which holds its LID). The fixture
 * follows those printf lines; own values.
 */
class IbstatSwitchTest {
    private final IbstatReader reader = new IbstatReader();
    @TempDir Path tmp;

    @Test void switchBlockWithItsPortZero() {
        Input in = Input.of(CaptureCsv.fixture("ibstat/ibstat_switch.txt"));
        assertEquals("ibstat", Readers.standard().choose(in).format());
        Capture c = reader.read(in);
        assertEquals(List.of("mlx5_0/0", "mlx5_0/1", "mlx5_0/2"), c.ports());
        assertEquals(Optional.of("12"), c.attr("mlx5_0/0", "lid"));
        assertEquals(Optional.of("12"), c.attr("mlx5_0/1", "lid"), "an external port has the switch's LID, port 0's");
        assertEquals(Optional.of("12"), c.attr("mlx5_0/2", "lid"));
        assertEquals(Optional.of("0"), c.attr("mlx5_0/2", "lmc"));
        assertEquals(Optional.of("Switch"), c.attr("mlx5_0/1", "node_type"));
        assertEquals(Optional.of("MT54000"), c.attr("mlx5_0/2", "hca_type"));
        assertEquals(Optional.of("0xb8cef60300a1b2c0"), c.attr("mlx5_0/0", "node_guid"));
        assertEquals(Optional.of("27.2010.3118"), c.attr("mlx5_0/1", "fw_ver"));
        assertEquals(Optional.of("400"), c.attr("mlx5_0/1", "rate_gbps"));
        assertEquals(Optional.of("Down"), c.attr("mlx5_0/2", "state"));
        assertEquals(Optional.of("0"), c.attr("mlx5_0/0", "port_num"));
    }

    @Test void aRouterAndTheOnePortFormAreReadToo() {
        Capture r = reader.read(Input.ofText("r.txt", "Router: 'rtr0'\nPort 1:\nState: Active\nBase lid: 40\n"));
        assertEquals(Optional.of("40"), r.attr("rtr0/1", "lid"));
        assertEquals(Optional.of("Router"), r.attr("rtr0/1", "node_type"));
        Capture ca = reader.read(Input.ofText("c.txt", "CA 'mlx5_1'\n\tCA type: MT4123\n\tPort 1:\n\t\tState: Active\n"));
        assertEquals(Optional.empty(), ca.attr("mlx5_1/1", "node_type"), "a CA block keeps its attributes as before");
        assertEquals(Optional.of("MT4123"), ca.attr("mlx5_1/1", "hca_type"));
    }

    @Test void externalPortsWithoutPortZeroHaveNoLid() {
        // ibstat <switch> 1 prints port 1 alone: its Base lid is no address and port 0's is not known
        Capture c = reader.read(Input.ofText("s.txt", "Switch: 'sw0'\nPort 1:\nState: Active\nBase lid: 0\nLMC: 0\n"));
        assertEquals(Optional.empty(), c.attr("sw0/1", "lid"));
        assertEquals(Optional.empty(), c.attr("sw0/1", "lmc"));
        // a printed nonzero LID on an external port is not its address either: port 0's wins
        Capture d = reader.read(Input.ofText("d.txt", "Switch 'sw1'\n\tPort 0:\n\t\tBase lid: 0x20\n\t\tLMC: 1\n"
                + "\tPort 3:\n\t\tBase lid: 7\n\t\tLMC: 0\nSwitch 'sw2'\n\tPort 1:\n\t\tBase lid: 0\n"));
        assertEquals(Optional.of("32"), d.attr("sw1/3", "lid"));
        assertEquals(Optional.of("1"), d.attr("sw1/3", "lmc"));
        assertEquals(Optional.empty(), d.attr("sw2/1", "lid"), "sw1's LID does not carry over to the next switch");
    }

    @Test void badInput() {
        BadInput.expect(reader, BadInput.write(tmp, "a.txt", "Switch 'mlx5_0'\n\tPort 0:\n\t\tBase lid: twelve\n"), 3,
                "Base lid is 'twelve'");
        BadInput.expect(reader, BadInput.write(tmp, "b.txt", "Switch 'mlx5_0'\n\tPort 0:\n\tPort 1:\n\t\tState: Active\n"), 2,
                "holds no attributes");
        BadInput.expect(reader, BadInput.write(tmp, "d.txt", "Switch 'mlx5_0'\n\tPort 0:\n\t\tBase lid: 12\n\tPort 1:\n"
                + "\t\tBase lid: x\n"), 5, "Base lid is 'x'");
        BadInput.expect(reader, BadInput.write(tmp, "c.txt", "Switch 'mlx 5'\n\tPort 0:\n\t\tState: Active\n"), 1,
                "expected Switch '<name>'");
    }
}
