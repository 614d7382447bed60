package org.fabriclab.capture.rdma;

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

class RdmaReaderTest {
    private final RdmaReader reader = new RdmaReader();
    @TempDir Path tmp;

    @Test void goldenTextShapes() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("rdma/one_line_wrapped_and_multiline.txt")));
        assertEquals(CaptureCsv.text("rdma/one_line_wrapped_and_multiline.expected.csv"), CaptureCsv.tidy(c));
        assertEquals(CaptureCsv.text("rdma/one_line_wrapped_and_multiline.attrs.csv"), CaptureCsv.attrs(c));
        // three "$ rdma ..." prompts, and the qp block's three lines
        assertEquals(6, c.noiseLines());
        assertEquals(1, c.warnings().size());
        assertTrue(c.warnings().get(0).contains("per-QP"));
    }

    @Test void goldenJson() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("rdma/stat.json")));
        assertEquals(CaptureCsv.text("rdma/stat.expected.csv"), CaptureCsv.tidy(c));
        assertEquals(CaptureCsv.text("rdma/stat.attrs.csv"), CaptureCsv.attrs(c));
        assertEquals(2, c.reading("mlx5_0/1", "local_ack_timeout_err").orElseThrow().line());
        assertEquals(1, c.warnings().size());
    }

    @Test void catalogueWidths() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("rdma/one_line_wrapped_and_multiline.txt")));
        assertEquals(32, c.reading("mlx5_0/1", "local_ack_timeout_err").orElseThrow().field().width());
        assertEquals(64, c.reading("mlx5_1/1", "rp_cnp_handled").orElseThrow().field().width());
        assertEquals(Optional.of("ens1f0np0"), c.attr("mlx5_0/1", "netdev"));
        assertEquals(Optional.of("1719"), c.attr("mlx5_1/1", "lid"));
    }

    @Test void sameCounterTwiceMustAgree() {
        Capture ok = reader.read(Input.ofText("dup.txt", "link m/1 out_of_buffer 3\nlink m/1\n    out_of_buffer 3\n"));
        assertEquals(1, ok.readings().size());
        Path f = BadInput.write(tmp, "dup.txt", "link m/1 out_of_buffer 3\nlink m/1\n    out_of_buffer 4\n");
        BadInput.expect(reader, f, 3, "conflicts with 3 at line 1");
    }

    @Test void valueNotANumber() {
        Path f = BadInput.write(tmp, "rdma.txt", "link mlx5_0/1 rx_write_requests 8 rx_read_requests four\n");
        BadInput.expect(reader, f, 1, "found 'four'");
    }

    @Test void multiLineValueNotANumber() {
        Path f = BadInput.write(tmp, "rdma.txt", "link mlx5_0/1\n    rx_write_requests 8\n    out_of_buffer 1e3\n");
        BadInput.expect(reader, f, 3, "found '1e3'");
    }

    @Test void truncatedPair() {
        Path f = BadInput.write(tmp, "rdma.txt", "link mlx5_0/1 rx_write_requests 8 rx_read_requests");
        BadInput.expect(reader, f, 1, "'rx_read_requests' has no value");
    }

    @Test void truncatedJson() {
        Path f = BadInput.write(tmp, "rdma.json", "[{\"ifname\":\"mlx5_0\",\"port\":1,\n\"out_of_buffer\":");
        BadInput.expect(reader, f, 2, "invalid JSON");
    }

    @Test void jsonValueNotANumber() {
        Path f = BadInput.write(tmp, "rdma.json", "[{\"ifname\":\"mlx5_0\",\"port\":1,\n\"out_of_buffer\":\"many\"}]");
        BadInput.expect(reader, f, 2, "counter out_of_buffer = 'many'");
    }

    @Test void binaryJunk() {
        Path f = BadInput.write(tmp, "rdma.bin", BadInput.binaryJunk("link mlx5_0/1 out_of_buffer 0\n\n"));
        BadInput.expect(reader, f, 3, "binary content");
    }

    @Test void modeListingsAreNotCounters() {
        Capture c = reader.read(Input.ofText("m.txt", "link r/1 optional-counters cc_rx_ce_pkts\nlink r/1 out_of_buffer 1\n"));
        assertEquals(List.of("out_of_buffer"), c.readings().stream().map(r -> r.counter()).toList());
    }

    /**
     * A console transcript whose first line is a bash prompt ({@code [user@host ~]$ rdma stat show -p})
     * starts with '[' like {@code rdma -j} JSON; it was parsed as JSON and rejected at line 1.
     */
    @Test void promptInBracketsAboveTextIsNotJson() {
        String text = "[ops@node07 ~]$ rdma stat show -p\nlink rocep65s0/1\n\trx_write_requests 12\n\tnp_cnp_sent 7\n";
        Input in = Input.ofText("prompt.txt", text);
        assertTrue(reader.sniff(in) >= 75, "a link line under a prompt");
        Capture c = reader.read(in);
        assertEquals(7L, c.reading("rocep65s0/1", "np_cnp_sent").orElseThrow().value());
        assertEquals(1, c.noiseLines(), "the prompt");
        assertTrue(RdmaReader.opensJson("[{\"ifname\":\"mlx5_0\"}]"));
        assertTrue(RdmaReader.opensJson("["));
        assertTrue(RdmaReader.opensJson("[ ]"));
    }
}
