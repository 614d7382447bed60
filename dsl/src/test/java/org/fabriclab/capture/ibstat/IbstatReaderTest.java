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
}
