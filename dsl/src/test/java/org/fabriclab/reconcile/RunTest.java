package org.fabriclab.reconcile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.perftest.PerftestReader;
import org.junit.jupiter.api.Test;

/** Each run of a file of several perftest runs (a pasted terminal session, all client side) gets its own headline row. */
class RunTest {
    @Test void eachRunOfASessionHasItsOwnHeadlineBandwidth() {
        Capture c = new PerftestReader().read(Input.of(Path.of("src/test/resources/org/fabriclab/capture/perftest/session_three_runs_client.txt")));
        List<Run> runs = Run.read(c);
        assertEquals(List.of("RDMA_Write BW", "RDMA_Read BW", "Send BW"), runs.stream().map(Run::test).toList());
        // the largest message size of each run, not of the file: 4096 B (run 1), 16384 B (run 2), 65536 B (run 3)
        assertEquals(List.of(180.22, 189.88, 193.27), runs.stream().map(Run::bwAverage).toList());
        assertEquals(List.of("mlx5_2", "mlx5_3", "mlx5_3"), runs.stream().map(Run::device).toList());
    }
}
