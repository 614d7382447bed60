package org.fabriclab.capture.sysfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * {@code ibstatus} was "not a capture format" (seen on a blog's NFS-over-RDMA set-up, ConnectX-4 Lx
 * RoCE ports). The fixture is written from the script's print statements with own values.
 */
class IbstatusReaderTest {
    private final IbstatusReader reader = new IbstatusReader();
    @TempDir Path tmp;

    @Test void portAttributesAsSysfsGivesThem() {
        Input in = Input.of(CaptureCsv.fixture("sysfs/ibstatus_ib_and_roce.txt"));
        assertEquals("ibstatus", Readers.standard().choose(in).format());
        Capture c = reader.read(in);
        assertEquals(List.of("mlx5_0/1", "mlx5_1/1"), c.ports());
        assertTrue(c.readings().isEmpty());
        assertEquals(Optional.of("420"), c.attr("mlx5_0/1", "lid"), "0x1a4");
        assertEquals(Optional.of("1"), c.attr("mlx5_0/1", "sm_lid"));
        assertEquals(Optional.of("ACTIVE"), c.attr("mlx5_0/1", "state"));
        assertEquals(Optional.of("4"), c.attr("mlx5_0/1", "state_id"));
        assertEquals(Optional.of("LinkUp"), c.attr("mlx5_0/1", "phys_state"));
        assertEquals(Optional.of("200"), c.attr("mlx5_0/1", "rate_gbps"));
        assertEquals(Optional.of("InfiniBand"), c.attr("mlx5_0/1", "link_layer"));
        assertEquals(Optional.of("fe80:0000:0000:0000:0a12:34ff:fe56:7801"), c.attr("mlx5_0/1", "default_gid"));
        assertEquals(Optional.empty(), c.attr("mlx5_1/1", "lid"), "LID 0 (Ethernet) is no identity");
        assertEquals(Optional.of("DOWN"), c.attr("mlx5_1/1", "state"));
        assertEquals(Optional.of("mlx5_1"), c.attr("mlx5_1/1", "device"));
    }

    @Test void badInput() {
        BadInput.expect(reader, BadInput.write(tmp, "a.txt", "\tstate:\t\t 4: ACTIVE\n"), 1, "before any");
        BadInput.expect(reader, BadInput.write(tmp, "b.txt", "Infiniband device 'mlx5_0' port 1 status:\n\tstate 4\n"), 2,
                "expected 'key: value'");
        BadInput.expect(reader, BadInput.write(tmp, "c.txt", "Infiniband device 'mlx5_0' port 1 status:\n\n"), 1, "holds no fields");
        assertEquals(0, reader.sniff(Input.ofText("x.txt", "CA 'mlx5_0'\n\tCA type: MT4123\n")));
    }

    /**
     * ibstatus cut right after its last port header kept nothing (layout of leptonai/gpud's
     * ibstatus.39.0.a100.all.active.0, blob c1a5ff15: 8-blank indent; own values).
     */
    @Test void cutAfterTheLastHeaderKeepsThePortsBefore() {
        String text = "Infiniband device 'mlx5_0' port 1 status:\n        default gid:     fe80:0000:0000:0000:0a12:34ff:fe56:7801\n"
                + "        base lid:        0x1f\n        sm lid:          0x1\n        state:           4: ACTIVE\n"
                + "        phys state:      5: LinkUp\n        rate:            200 Gb/sec (4X HDR)\n"
                + "        link_layer:      InfiniBand\n\nInfiniband device 'mlx5_1' port 1 status:\n";
        Capture c = reader.read(Input.ofText("ibstatus.txt", text));
        assertEquals(List.of("mlx5_0/1"), c.ports());
        assertEquals(Optional.of("31"), c.attr("mlx5_0/1", "lid"));
        assertEquals(1, c.warnings().size());
        assertTrue(c.warnings().get(0).contains("ibstatus.txt:10: the file ends after the status line of mlx5_1/1"), c.warnings().get(0));
        Path f = BadInput.write(tmp, "only.txt", "Infiniband device 'mlx5_1' port 1 status:\n");
        BadInput.expect(reader, f, 1, "holds no fields");
    }
}
