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

    /** A tab inside the port id: the link line test and the reader split words alike (a fuzz finding: substring(0, -1)). */
    @Test void aTabInsideThePortIdIsNotALinkLine() {
        Path f = BadInput.write(tmp, "tab.txt", "link mlx5\t0/1 state ACTIVE physical_state LINK_UP netdev eth0\n");
        BadInput.expect(reader, f, 0, "no 'link <dev>/<port> ...' line found");
        Path g = BadInput.write(tmp, "ok.txt", "link mlx5_0/1\tstate ACTIVE physical_state LINK_UP netdev eth0\n");
        assertEquals(java.util.List.of("mlx5_0/1"), reader.read(org.fabriclab.capture.Input.of(g)).ports());
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
        // one value under two command lines is one moment, read once
        Capture ok = reader.read(Input.ofText("dup.txt", "$ rdma stat show link m/1\nlink m/1 out_of_buffer 3\n"
                + "$ rdma stat show link m/1 -p\nlink m/1\n    out_of_buffer 3\n"));
        assertEquals(1, ok.readings().size());
        // under one command line (or none) it is the command run again (appended after a test): read again, so each run
        // holds it even when it did not move; one snapshot of both keeps one
        Capture again = reader.read(Input.ofText("again.txt", "link m/1 out_of_buffer 3 rx_write_requests 5\nlink m/1 out_of_buffer 3 rx_write_requests 9\n"));
        assertEquals(4, again.readings().size());
        List<Capture> runs = org.fabriclab.capture.Runs.of(again);
        assertEquals(2, runs.size());
        assertEquals(3L, runs.get(1).reading("m/1", "out_of_buffer").orElseThrow().value());
        // another value is another moment: both read; one snapshot of them is refused naming both lines
        Capture two = reader.read(Input.ofText("dup.txt", "link m/1 out_of_buffer 3\nlink m/1\n    out_of_buffer 4\n"));
        assertEquals(List.of(3L, 4L), two.readings().stream().map(r -> r.value()).toList());
        var e = org.junit.jupiter.api.Assertions.assertThrows(org.fabriclab.capture.CaptureException.class,
                () -> org.fabriclab.snapshot.Snapshot.ofCaptures("t", List.of(two)));
        assertTrue(e.getMessage().startsWith("dup.txt:3: port m/1 counter out_of_buffer = 4 conflicts with 3 read from dup.txt:1"), e.getMessage());
    }

    /** rdma statistic -j appended after the test: the second document is read too (it was dropped unread). */
    @Test void jsonDocumentsAppendedOneAfterAnotherAreEachRead() {
        String run = "[ {\"ifname\": \"mlx5_0\", \"port\": 1, \"out_of_buffer\": %d} ]\n";
        Capture c = reader.read(Input.ofText("runs.json", run.formatted(4) + run.formatted(40)));
        assertEquals(List.of(4L, 40L), c.readings().stream().map(r -> r.value()).toList());
        assertEquals(List.of(1, 2), c.readings().stream().map(r -> r.line()).toList());
        List<Capture> runs = org.fabriclab.capture.Runs.of(c);
        assertEquals(40L, runs.get(1).reading("mlx5_0/1", "out_of_buffer").orElseThrow().value());
        // a prompt pasted after the documents ends the reading with a warning; inside a document it is still an error
        Capture prompt = reader.read(Input.ofText("p.json", run.formatted(4) + "user@host:~$ \n"));
        assertEquals(1, prompt.readings().size());
        assertTrue(prompt.warnings().get(0).startsWith("p.json:2: text after the JSON"), prompt.warnings().toString());
    }

    @Test void valueNotANumber() {
        Path f = BadInput.write(tmp, "rdma.txt", "link mlx5_0/1 rx_write_requests 8 rx_read_requests four\n");
        BadInput.expect(reader, f, 1, "found 'four'");
    }

    @Test void multiLineValueNotANumber() {
        Path f = BadInput.write(tmp, "rdma.txt", "link mlx5_0/1\n    rx_write_requests 8\n    out_of_buffer 1e3\n");
        BadInput.expect(reader, f, 3, "found '1e3'");
    }

    /**
     * A mail-wrapped rdma stat show (as in iproute2's own cover letters) breaks lines between a name and its value:
     * the value opening the next line is that name's.
     */
    @Test void wrappedBetweenANameAndItsValue() {
        Path f = BadInput.write(tmp, "rdma.txt", "$ rdma stat show\nlink rocep3s0f1/1 rx_write_requests 12 rx_read_requests 3 out_of_sequence\n"
                + "41 packet_seq_err 0 local_ack_timeout_err\n7\nnp_cnp_sent 9 rp_cnp_handled\n5\nlink rocep3s0f1/2 out_of_buffer 2\n");
        Capture c = reader.read(Input.of(f));
        assertEquals(41L, c.reading("rocep3s0f1/1", "out_of_sequence").orElseThrow().value());
        assertEquals(3, c.reading("rocep3s0f1/1", "out_of_sequence").orElseThrow().line());   // where the value is
        assertEquals(0L, c.reading("rocep3s0f1/1", "packet_seq_err").orElseThrow().value());
        assertEquals(7L, c.reading("rocep3s0f1/1", "local_ack_timeout_err").orElseThrow().value());
        assertEquals(9L, c.reading("rocep3s0f1/1", "np_cnp_sent").orElseThrow().value());
        assertEquals(5L, c.reading("rocep3s0f1/1", "rp_cnp_handled").orElseThrow().value());
        assertEquals(2L, c.reading("rocep3s0f1/2", "out_of_buffer").orElseThrow().value());
    }

    @Test void aWrappedNameWhoseValueNeverComesIsRefused() {
        Path f = BadInput.write(tmp, "rdma.txt", "link mlx5_0/1 rx_write_requests 8 rx_read_requests\nlink mlx5_0/2 out_of_buffer 0\n");
        BadInput.expect(reader, f, 1, "'rx_read_requests' has no value");
        Path g = BadInput.write(tmp, "rdma2.txt", "link mlx5_0/1 rx_write_requests 8 rx_read_requests\n\nsome prose\n");
        BadInput.expect(reader, g, 1, "'rx_read_requests' has no value");
    }

    /**
     * irdma's newer hw_stats names hold blanks ({@code RNR sent}, {@code Rcvd Out of order packets}) and rdma prints them
     * as they are: a run of plain words before a value is one name, in the one-line and the -p layouts alike.
     */
    @Test void namesWithBlanks() {
        Path f = BadInput.write(tmp, "rdma.txt", "link irdma0/1 cnpHandled 12 RxECNMrkd 40 RNR sent 0 RNR received 2 "
                + "Nak Sequence Error 1 Rcvd Out of order packets 6 RetransSegs 9\n\nlink irdma1/1\n    cnpSent 4\n"
                + "    ord limit count 3\n    RNR received 8\n");
        Capture c = reader.read(Input.of(f));
        assertEquals(12L, raw(c, "irdma0/1", "cnpHandled"));
        assertEquals(2L, raw(c, "irdma0/1", "RNR received"));
        assertEquals(1L, raw(c, "irdma0/1", "Nak Sequence Error"));
        assertEquals(6L, raw(c, "irdma0/1", "Rcvd Out of order packets"));
        assertEquals(9L, raw(c, "irdma0/1", "RetransSegs"));
        assertEquals(3L, raw(c, "irdma1/1", "ord limit count"));
        assertEquals(8L, raw(c, "irdma1/1", "RNR received"));
        // a snake_case name without its value is never joined with the next name: the record is refused
        Path g = BadInput.write(tmp, "rdma2.txt", "link mlx5_0/1 rx_write_requests 8 rx_read_requests out_of_buffer 3\n");
        BadInput.expect(reader, g, 1, "has no value");
    }

    private static long raw(Capture c, String port, String raw) {
        return c.readings().stream().filter(r -> r.port().equals(port) && r.rawName().equals(raw)).findFirst()
                .orElseThrow(() -> new AssertionError(port + " " + raw + " not read")).value();
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

    /**
     * {@code rdma statistic} prints the driver's hw_stats names, the same as its hw_counters files;
     * the bnxt_re and irdma names were bound for hw_counters only, so an {@code rdma statistic} dump of
     * those NICs gave uncatalogued counts (no CNP, no retransmission for a RoCE verdict), and irdma's
     * camelCase names under a 6.7+ {@code link irdma0/1} line were dropped as noise.
     */
    @Test void bnxtReAndIrdmaNamesUnderRdmaStatistic() {
        String text = "link bnxt_re0/1 rx_cnp_pkts 120 tx_cnp_pkts 33 to_retransmits 4 seq_err_naks_rcvd 2\n"
                + "link irdma0/1\n    cnpHandled 9\n    cnpSent 5\n";
        Capture c = reader.read(Input.ofText("bnxt_irdma.txt", text));
        var handled = c.reading("bnxt_re0/1", "rp_cnp_handled").orElseThrow();
        assertEquals(120L, handled.value());
        assertEquals("rx_cnp_pkts", handled.rawName());
        assertEquals("congestion", handled.layer().label());
        assertEquals(4L, c.reading("bnxt_re0/1", "local_ack_timeout_err").orElseThrow().value());
        assertEquals(5L, c.reading("irdma0/1", "np_cnp_sent").orElseThrow().value());
        assertEquals(64, c.reading("irdma0/1", "rp_cnp_handled").orElseThrow().field().width());
        // irdma's camelCase names were not counter names to the text reader: the lines were dropped as noise
        Capture one = reader.read(Input.ofText("irdma_line.txt", "link irdma1/1 ip4RxOcts 4096 RxECNMrkd 3 cnpSent 2\n"));
        assertEquals(3L, one.reading("irdma1/1", "np_ecn_marked_roce_packets").orElseThrow().value());
        assertEquals(4096L, one.reading("irdma1/1", "ip4RxOcts").orElseThrow().value());
        assertTrue(!RdmaText.isName("mode") && RdmaText.isName("cnpHandled") && RdmaText.isName("out_of_buffer"));
    }

    /**
     * {@code rdma -oneline} (-o), the way to get one line per port from iproute2 6.7+: the record's line
     * breaks are printed as a {@code \\} word (iproute2 rdma/rdma.c sets {@code _SL_ = "\\"}, and
     * rdma/utils.c newline_indent() prints {@code _SL_} then four blanks, @ee2a4a86). The reader took the
     * backslash for a counter value and refused the file. Own values; {@code link -d} adds a caps piece,
     * {@code stat qp show} an LQPN piece.
     */
    @Test void oneLineOutputOfIproute2_67() {
        String text = "link mlx5_0/1 \\    rx_write_requests 12 \\    out_of_buffer 135 \\    np_cnp_sent 7 \n"
                + "link mlx5_1/1 \\    rx_write_requests 3 \\    out_of_buffer 0 \\    np_cnp_sent 0 \n"
                + "link mlx5_1/1 cntn 4 qp-type RC pid 46231 comm ib_write_bw rx_write_requests 9 \\    LQPN: <813,816>\n"
                + "link mlx5_0/1 state ACTIVE physical_state LINK_UP netdev ens1f0np0 \\    caps: <CM, IP_BASED_GIDS>\n";
        Input in = Input.ofText("rdma_o.txt", text);
        assertTrue(reader.sniff(in) >= 75);
        Capture c = reader.read(in);
        assertEquals(135L, c.reading("mlx5_0/1", "out_of_buffer").orElseThrow().value());
        assertEquals(12L, c.reading("mlx5_0/1", "rx_write_requests").orElseThrow().value());
        assertEquals(7L, c.reading("mlx5_0/1", "np_cnp_sent").orElseThrow().value());
        assertEquals(3L, c.reading("mlx5_1/1", "rx_write_requests").orElseThrow().value(), "the per-QP 9 is not the port's");
        assertEquals(2, c.reading("mlx5_1/1", "out_of_buffer").orElseThrow().line());
        assertEquals(6, c.readings().size());
        assertEquals(Optional.of("ens1f0np0"), c.attr("mlx5_0/1", "netdev"));
        assertEquals(Optional.of("ACTIVE"), c.attr("mlx5_0/1", "state"));
        assertEquals(1, c.warnings().size(), "the per-QP block");
        assertEquals(List.of("link mlx5_0/1", "rx_write_requests 0", "np_cnp_sent 7"),
                RdmaText.oneLineSegments("link mlx5_0/1 \\    rx_write_requests 0 \\    np_cnp_sent 7"));
        assertEquals(List.of("link mlx5_0/1 out_of_buffer 0"), RdmaText.oneLineSegments("link mlx5_0/1 out_of_buffer 0"));
    }

    /** A file of per-QP counters only is refused with a message that says so, not "no link line". */
    @Test void perQpCountersOnlyAreRefusedAsSuch() {
        Path f = BadInput.write(tmp, "qp.txt", "link mlx5_0/1 cntn 4 qp-type RC pid 46231 comm ib_write_bw rx_write_requests 0\n"
                + "    LQPN: <813,816>\n");
        BadInput.expect(reader, f, 0, "only per-QP counters");
    }

    /**
     * {@code rdma -j statistic show} prints one long line for all ports; a file cut inside it (| head -c, a full
     * disk) was refused whole. The whole elements before the cut are now read, with a warning; a partial element
     * is left out, and JSON cut before any whole element, or broken in the middle, is still refused. Layout of
     * spidernet-io/spiderpool pkg/rdmametrics/metrics_test.go @a7fbd3b2 (ifname, port, counters); own values.
     */
    @Test void jsonCutAfterWholeElementsKeepsThem() {
        String whole = "[{\"ifname\":\"mlx5_0\",\"port\":1,\"rx_write_requests\":100,\"out_of_sequence\":3},"
                + "{\"ifname\":\"mlx5_1\",\"port\":1,\"rx_write_requests\":101,\"out_of_sequence\":0},"
                + "{\"ifname\":\"mlx5_2\",\"port\":1,\"rx_wri";
        Capture c = reader.read(Input.ofText("cut.json", whole));
        assertEquals(List.of("mlx5_0/1", "mlx5_1/1"), c.ports());
        assertEquals(3L, c.reading("mlx5_0/1", "out_of_sequence").orElseThrow().value());
        assertEquals(101L, c.reading("mlx5_1/1", "rx_write_requests").orElseThrow().value());
        assertEquals(1, c.warnings().size());
        assertTrue(c.warnings().get(0).contains("the 2 whole element(s) before the cut are read"), c.warnings().get(0));
        Capture d = reader.read(Input.ofText("cut2.json", whole.substring(0, whole.indexOf("{\"ifname\":\"mlx5_2"))));
        assertEquals(2, d.ports().size());
        Path first = BadInput.write(tmp, "first.json", "[{\"ifname\":\"mlx5_0\",\"port\":1,\"rx_wri");
        BadInput.expect(reader, first, 1, "invalid JSON");
        Path middle = BadInput.write(tmp, "middle.json", "[{\"ifname\":\"mlx5_0\",\"port\":1,\"rx_write_requests\":1},"
                + "{\"ifname\":\"mlx5_1\",,\"port\":1}]");
        BadInput.expect(reader, middle, 1, "invalid JSON");
    }

    /**
     * rdma link prints {@code physical_state}; the sysfs, ibstat, ibstatus and ibv_devinfo readers call the same fact
     * {@code phys_state}, so a port joined from rdma link and sysfs carried both keys. Text and JSON now give phys_state.
     */
    @Test void physicalStateIsThePhysStateOfTheOtherReaders() {
        Capture t = reader.read(Input.ofText("link.txt", "link mlx5_0/1 state ACTIVE physical_state LINK_UP netdev ens1f0np0 \n"));
        assertEquals(Optional.of("LINK_UP"), t.attr("mlx5_0/1", "phys_state"));
        assertEquals(Optional.empty(), t.attr("mlx5_0/1", "physical_state"));
        Capture j = reader.read(Input.ofText("link.json", "[{\"ifindex\":1,\"ifname\":\"mlx5_0\",\"port\":1,\"state\":\"ACTIVE\","
                + "\"physical_state\":\"POLLING\",\"netdev\":\"ens1f0np0\",\"netdev_index\":4}]"));
        assertEquals(Optional.of("POLLING"), j.attr("mlx5_0/1", "phys_state"));
        assertEquals(Optional.empty(), j.attr("mlx5_0/1", "physical_state"));
    }
}
