package org.fabriclab.capture.perftest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.BadCaptureInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.GoldenCapture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PublicCaptureFiles;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tech.tablesaw.api.Table;

class PerftestReaderTest {
    private final PerftestReader reader = new PerftestReader();

    @Test void goldenLatencyWithCpuFrequencyNoise() {
        Capture c = GoldenCapture.check(getClass(), "send_lat_client.txt", reader);
        assertTrue(c.readings().isEmpty(), "perftest gives no counter readings");
        Table lat = c.measurements(PerftestReader.LATENCY).orElseThrow();
        assertEquals(List.of("file", "role", "run", "msg_bytes", "iterations", "t_min_us", "t_max_us", "t_typical_us", "t_avg_us", "t_stdev_us",
                "p99_us", "p99_9_us"), lat.columnNames());
        assertEquals(3, lat.rowCount());
        assertEquals(1.68, lat.doubleColumn("t_avg_us").get(0));
        assertEquals(6.85, lat.doubleColumn("p99_9_us").get(0));
        assertEquals(2, c.noiseLines(), "the two CPU frequency lines");
        assertTrue(c.warnings().get(0).startsWith("2 'Conflicting CPU frequency"), c.warnings().toString());
        Table run = c.measurements(PerftestReader.RUN).orElseThrow();
        assertEquals("client", run.stringColumn("role").get(0));
        assertEquals("Send Latency", run.stringColumn("test").get(0));
        assertEquals("Ethernet", run.stringColumn("link_type").get(0));
        assertEquals(1, run.intColumn("ib_port").get(0));
        assertEquals("mlx5_1", c.attr("mlx5_1/1", "device").orElseThrow());
        assertTrue(c.measurements(PerftestReader.BANDWIDTH).isEmpty());
    }

    @Test void goldenGbitsBidirectional() {
        Capture c = GoldenCapture.check(getClass(), "write_bw_gbits_bidir.txt", reader);
        Table run = c.measurements(PerftestReader.RUN).orElseThrow();
        assertEquals(List.of("file", "role", "run", "test", "device", "ib_port", "local_lid", "link_type", "mtu", "qps", "connection_type", "duration_s",
                "unit", "bidirectional"), run.columnNames());
        assertEquals("Gb/sec", run.stringColumn("unit").get(0));
        assertTrue(run.booleanColumn("bidirectional").get(0));
        assertEquals(10.0, run.doubleColumn("duration_s").get(0));
        assertEquals(2, run.intColumn("ib_port").get(0));
        Table bw = c.measurements(PerftestReader.BANDWIDTH).orElseThrow();
        assertEquals(List.of("file", "role", "run", "msg_bytes", "iterations", "bw_peak", "bw_average", "msg_rate_mpps", "unit",
                "bw_average_bytes_per_sec"), bw.columnNames());
        assertEquals(383.51 * 125_000_000d, bw.doubleColumn("bw_average_bytes_per_sec").get(0), 1e-3);
        assertEquals("client", bw.stringColumn("role").get(0),
                "a bidirectional run prints TX depth on both sides: its command line names the server (10.0.0.2), so it is the client");
    }

    @Test void goldenMibServer() {
        Capture c = GoldenCapture.check(getClass(), "read_bw_mib.txt", reader);
        Table bw = c.measurements(PerftestReader.BANDWIDTH).orElseThrow();
        assertEquals("server", bw.stringColumn("role").get(0));
        assertEquals("MiB/sec", bw.stringColumn("unit").get(0));
        assertEquals(23539.87 * 1_048_576d, bw.doubleColumn("bw_average_bytes_per_sec").get(0), 1e-3);
        assertTrue(Double.isNaN(c.measurements(PerftestReader.RUN).orElseThrow().doubleColumn("duration_s").getDouble(0)));
    }

    @Test void latencyDurationMode() {
        String text = "ib_write_lat -d mlx5_0 -D 5\n                    RDMA_Write Latency Test\n Device         : mlx5_0\n"
                + " #bytes        #iterations       t_avg[usec]    tps average\n"
                + " 2             3812406          1.31           762481.20\n";
        Capture c = reader.read(Input.ofText("dur.txt", text));
        Table lat = c.measurements(PerftestReader.LATENCY).orElseThrow();
        assertEquals(3812406L, lat.longColumn("iterations").get(0));
        assertEquals(1.31, lat.doubleColumn("t_avg_us").get(0));
        assertTrue(Double.isNaN(lat.doubleColumn("t_min_us").getDouble(0)), "not printed in duration mode");
        assertEquals(5.0, c.measurements(PerftestReader.RUN).orElseThrow().doubleColumn("duration_s").get(0));
        assertEquals("RDMA_Write Latency", c.measurements(PerftestReader.RUN).orElseThrow().stringColumn("test").get(0));
    }

    /**
     * The command line of a pasted run behind a bracketed Red Hat prompt, a Debian prompt or {@code sudo}
     * was not taken for one (only lines starting with the binary, {@code $} or {@code #} were): its
     * {@code -D}, {@code -i} and {@code -d} were lost, so the run had no duration.
     */
    @Test void commandLineBehindAnyPromptGivesDurationAndPort() {
        String body = "                    RDMA_Write BW Test\n Device         : mlx5_2\n"
                + " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n"
                + " 65536      1869312          0.00               196.02 \t\t     0.373861\n";
        for (String prompt : List.of("[root@gpu-07 ~]# ", "root@gpu-07:~# ", "ops@gpu-07:/tmp$ sudo ", "$ sudo ")) {
            Capture c = reader.read(Input.ofText("p.log", prompt + "ib_write_bw -d mlx5_2 -i 1 -x 3 --report_gbits -D 10 10.20.1.8\n" + body));
            Table run = c.measurements(PerftestReader.RUN).orElseThrow();
            assertEquals(10.0, run.doubleColumn("duration_s").get(0), prompt);
            assertEquals(1, run.intColumn("ib_port").get(0), prompt);
        }
        assertFalse(PerftestReader.isCommandLine("see ib_write_bw -D 10 below", 4), "prose naming the binary");
    }

    @Test void qosTableIterationsColumn() {
        String text = "                    RDMA_Write BW Test\n"
                + " #bytes    #sl      #iterations    BW peak[MiB/sec]    BW average[MiB/sec]   MsgRate[Mpps]\n"
                + " 65536    3           5000           11000.00            10999.50                  0.175992\n";
        Table bw = reader.read(Input.ofText("qos.txt", text)).measurements(PerftestReader.BANDWIDTH).orElseThrow();
        assertEquals(5000L, bw.longColumn("iterations").get(0));
        assertEquals(10999.5, bw.doubleColumn("bw_average").get(0));
    }

    @Test void units() {
        assertEquals(1_048_576d, PerftestUnits.bytesPerUnit("MB/sec"));
        assertEquals(1_048_576d, PerftestUnits.bytesPerUnit("MiB/sec"));
        assertEquals(125_000_000d, PerftestUnits.bytesPerUnit("Gb/sec"));
        assertTrue(Double.isNaN(PerftestUnits.bytesPerUnit("furlongs")));
    }

    @Test void sniffing() {
        for (String f : List.of("send_lat_client.txt", "write_bw_gbits_bidir.txt", "read_bw_mib.txt")) {
            Input in = GoldenCapture.input(getClass(), f);
            assertTrue(reader.sniff(in) >= 50, f);
            assertEquals("perftest", Readers.standard().choose(in).format(), f);
        }
        assertEquals(0, reader.sniff(Input.ofText("x", "Port=1 Lid=0x1 GUID=0x1\nport_xmit_data=0x0\n")));
    }

    @Test void truncatedTable() {
        String text = "                    RDMA_Write BW Test\n Device         : mlx5_0\n"
                + " #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]\n";
        BadCaptureInput.fails(reader, "t.txt", text, 3, "has no rows");
        BadCaptureInput.fails(reader, "t.txt", text + " 65536      5000             11000.00\n", 4, "does not fit: expected 5 columns");
    }

    @Test void nonNumberValue() {
        String text = "                    RDMA_Write BW Test\n"
                + " #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]\n"
                + " 65536      5000             11000.00            1O999.5		   0.175992\n";
        BadCaptureInput.fails(reader, "t.txt", text, 3, "expected a non-negative decimal in column 4");
        for (String bad : List.of("-11000.00", "NaN", "Infinity", "1e4")) {
            BadCaptureInput.fails(reader, "t.txt", text.replace("1O999.5", bad), 3, "found '" + bad + "'");
        }
    }

    @Test void junk(@TempDir Path dir) {
        BadCaptureInput.binaryFile(reader, dir);
        BadCaptureInput.fails(reader, "junk.txt", BadCaptureInput.junkText(), 1, "not perftest output");
    }

    @Test void public8M() {
        Capture c = reader.read(Input.of(PublicCaptureFiles.file("perftest_ib_write_bw_loopback_8M_superbench.log")));
        Table bw = c.measurements(PerftestReader.BANDWIDTH).orElseThrow();
        assertEquals(2, bw.rowCount(), "server and client each print the 8M row");
        assertEquals(List.of("client", "server"), bw.stringColumn("role").asList());
        for (int i = 0; i < 2; i++) {
            assertEquals(8388608L, bw.longColumn("msg_bytes").get(i));
            assertEquals(20000L, bw.longColumn("iterations").get(i));
            assertEquals(24056.74, bw.doubleColumn("bw_peak").get(i));
            assertEquals(24056.72, bw.doubleColumn("bw_average").get(i));
            assertEquals(0.003007, bw.doubleColumn("msg_rate_mpps").get(i));
            assertEquals("MB/sec", bw.stringColumn("unit").get(i));
            assertEquals(24056.72 * 1048576, bw.doubleColumn("bw_average_bytes_per_sec").get(i), 1e-3);
        }
        Table run = c.measurements(PerftestReader.RUN).orElseThrow();
        assertEquals(2, run.rowCount());
        assertEquals("RDMA_Write BW", run.stringColumn("test").get(0));
        assertEquals("ib0", run.stringColumn("device").get(0));
        assertEquals(4096, run.intColumn("mtu").get(0));
        assertEquals("RC", run.stringColumn("connection_type").get(1));
        assertFalse(run.booleanColumn("bidirectional").get(0));
        assertTrue(run.intColumn("ib_port").isMissing(0), "the header does not print the port");
        for (int i = 0; i < 2; i++) assertEquals(0xd06, run.intColumn("local_lid").get(i), "local address: LID 0xd06 (loopback: one LID)");
    }

    @Test void localLidIsMissingForRoceAndForTwoHostsLogs() {
        String head = "                    RDMA_Write BW Test\n Dual-port       : OFF\t\tDevice         : mlx5_0\n"
                + " TX depth        : 128\n Link type       : Ethernet\n";
        String table = " #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]\n"
                + " 65536      5000             11000.00            10990.00\t\t   0.175\n";
        Capture roce = reader.read(Input.ofText("roce.txt", head + " local address: LID 0000 QPN 0x0108 PSN 0x1 RKey 0x2 VAddr 0x3\n"
                + " GID: 00:00:00:00:00:00:00:00:00:00:255:255:10:0:0:1\n" + table));
        assertTrue(roce.measurements(PerftestReader.RUN).orElseThrow().intColumn("local_lid").isMissing(0), "RoCE: LID 0");
        Capture two = reader.read(Input.ofText("two.txt", head + " local address: LID 0x0011 QPN 0x0108 PSN 0x1 RKey 0x2 VAddr 0x3\n"
                + " local address: LID 0x0012 QPN 0x0109 PSN 0x1 RKey 0x2 VAddr 0x3\n" + table));
        assertTrue(two.measurements(PerftestReader.RUN).orElseThrow().intColumn("local_lid").isMissing(0), "two LIDs: not one port's");
        Capture one = reader.read(Input.ofText("one.txt", head + " local address: LID 0x0011 QPN 0x0108 PSN 0x1 RKey 0x2 VAddr 0x3\n" + table));
        assertEquals(17, one.measurements(PerftestReader.RUN).orElseThrow().intColumn("local_lid").get(0));
    }

    @Test void publicAllSizesInterleaved() {
        Capture c = reader.read(Input.of(PublicCaptureFiles.file("perftest_ib_write_bw_loopback_allsizes_superbench.log")));
        Table bw = c.measurements(PerftestReader.BANDWIDTH).orElseThrow();
        Table client = bw.where(bw.stringColumn("role").isEqualTo("client"));
        Table server = bw.where(bw.stringColumn("role").isEqualTo("server"));
        assertEquals(23, client.rowCount(), "2 B .. 8 MiB");
        assertEquals(2L, client.longColumn("msg_bytes").get(0));
        assertEquals(8388608L, client.longColumn("msg_bytes").get(22));
        assertEquals(9948.41, client.doubleColumn("bw_average").get(11));
        assertEquals(1, server.rowCount());
        assertEquals(23240.68, server.doubleColumn("bw_average").get(0));
        Table run = c.measurements(PerftestReader.RUN).orElseThrow();
        assertEquals(List.of("client", "server"), run.stringColumn("role").asList());
        assertEquals(4096, run.intColumn("mtu").get(1), "interleaved header lines reach the second run too");
    }

    /**
     * Newer perftest prints status lines around a run ({@code Connected: <date>} before the title,
     * {@code Completed: <date>} and {@code Total run time: ...} after the table). Read as header
     * fields, the pre-title one opened an untitled run that took the whole header and the table,
     * leaving the titled run empty (seen on a bidirectional ib_write_bw server log of an AMD ionic NIC).
     */
    @Test void statusLinesAroundTheRunAreNotHeaderFields() {
        Capture c = reader.read(GoldenCapture.input(getClass(), "write_bw_bidir_server_status_lines.txt"));
        Table run = c.measurements(PerftestReader.RUN).orElseThrow();
        assertEquals(1, run.rowCount(), run.toString());
        assertEquals("RDMA_Write Bidirectional BW", run.stringColumn("test").get(0));
        assertEquals("server", run.stringColumn("role").get(0));
        assertEquals("rocep1s0", run.stringColumn("device").get(0));
        assertEquals(2, run.intColumn("qps").get(0));
        assertEquals(4096, run.intColumn("mtu").get(0));
        assertTrue(run.booleanColumn("bidirectional").get(0));
        Table bw = c.measurements(PerftestReader.BANDWIDTH).orElseThrow();
        assertEquals(List.of("server", "server"), bw.stringColumn("role").asList());
        assertEquals(191.12, bw.doubleColumn("bw_average").get(1));
    }

    @Test void fieldsOfALogCutAboveTheTitleStillRead() {
        String text = " Device         : mlx5_0\n Link type       : IB\n"
                + " #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]\n"
                + " 65536      5000             11000.00            10999.50		   0.175992\n";
        Table run = reader.read(Input.ofText("cut.txt", text)).measurements(PerftestReader.RUN).orElseThrow();
        assertEquals("mlx5_0", run.stringColumn("device").get(0));
        assertEquals("IB", run.stringColumn("link_type").get(0));
    }

    /** The header of an ib_write_bw client run, as perftest prints it (tab-separated pairs), up to the result columns. */
    private static final String WRITE_BW_HEAD = "---------------------------------------------------------------------------------------\n"
            + "                    RDMA_Write BW Test\n"
            + " Dual-port       : OFF\t\tDevice         : mlx5_2\n"
            + " Number of qps   : 1\t\tTransport type : IB\n"
            + " Connection type : RC\t\tUsing SRQ      : OFF\n"
            + " TX depth        : 128\n"
            + " CQ Moderation   : 100\n"
            + " Mtu             : 4096[B]\n"
            + " Link type       : IB\n"
            + " Max inline data : 0[B]\n"
            + " rdma_cm QPs\t : OFF\n"
            + " Data ex. method : Ethernet\n"
            + "---------------------------------------------------------------------------------------\n"
            + " local address: LID 0x21 QPN 0x0112 PSN 0x3a0c11 RKey 0x1fef00 VAddr 0x007f3a2c400000\n"
            + " remote address: LID 0x35 QPN 0x0407 PSN 0x8b1e2d RKey 0x1ffd01 VAddr 0x007f91e6a00000\n"
            + "---------------------------------------------------------------------------------------\n"
            + " #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]\n";

    /**
     * Two invocations one after the other (a server's paste, then the client's), each with a status line before its
     * title that has colons in it (perftest's --use_rocm/--use_cuda print the GPU so): before, the second one's became a
     * run of its own that took the client's rows.
     */
    @Test void aStatusLineBeforeTheSecondInvocationsTitleIsNoRun() {
        String gpu = "Using ROCm Device with ID: 0, Name: AMD Instinct MI355X, PCI Bus ID: 0x5, GCN Arch: gfx950\n";
        String text = "$ ib_write_bw -d mlx5_2 --use_rocm=0\n" + gpu + WRITE_BW_HEAD.replace(" TX depth        : 128\n", "")
                + " 65536      5000             0.00               11000.00                    0.175\n"
                + "$ ib_write_bw -d mlx5_2 --use_rocm=0 10.0.0.1\n" + gpu + WRITE_BW_HEAD
                + " 65536      5000             11900.00           11000.50                    0.176\n";
        Capture c = reader.read(Input.ofText("rocm.txt", text));
        Table run = c.measurements(PerftestReader.RUN).orElseThrow();
        assertEquals(List.of("RDMA_Write BW", "RDMA_Write BW"), run.stringColumn("test").asList());
        assertEquals(List.of("server", "client"), run.stringColumn("role").asList());
        Table bw = c.measurements(PerftestReader.BANDWIDTH).orElseThrow();
        assertEquals(List.of(1, 2), bw.intColumn("run").asList());
        assertEquals(11000.50, bw.doubleColumn("bw_average").get(1));
    }

    /** A client that could not reach its server prints only that: the refusal names it, not "no capture format". */
    @Test void aRunThatCouldNotConnectNamesTheFailure() {
        Input in = Input.ofText("bw.txt", "# ib_write_bw -d rocep133s0f0 192.0.2.11\nCouldn't connect to 192.0.2.11:18515\n"
                + "Unable to open file descriptor for socket connection Unable to init the socket connection\n");
        assertEquals("perftest", org.fabriclab.capture.Readers.standard().choose(in).format());
        org.fabriclab.capture.CaptureException e = org.junit.jupiter.api.Assertions.assertThrows(org.fabriclab.capture.CaptureException.class,
                () -> org.fabriclab.capture.Readers.standard().read(in));
        assertEquals("bw.txt:2: perftest run failed before its test began: 'Couldn't connect to 192.0.2.11:18515' (bw.txt:2)", e.getMessage());
    }

    /** raw_ethernet_* print TX depth on both sides: --server on the command line makes the run the server's. */
    @Test void rawEthernetTakesItsRoleFromServerOrClient() {
        String head = WRITE_BW_HEAD.replace("RDMA_Write BW Test", "Send Latency Test")
                .replace(" #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]\n",
                        " #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    t_avg[usec]    t_stdev[usec]   99% percentile[usec]   99.9% percentile[usec]\n");
        String row = " 64      1000          1.23           5.67         1.30             1.35             0.10          1.50                  5.67\n";
        Table server = reader.read(Input.ofText("s.txt", "$ raw_ethernet_lat -d mlx5_0 -B 00:11:22:33:44:55 -E 66:77:88:99:aa:bb --server\n" + head + row))
                .measurements(PerftestReader.RUN).orElseThrow();
        assertEquals("server", server.stringColumn("role").get(0));
        Table client = reader.read(Input.ofText("c.txt", "$ raw_ethernet_lat -d mlx5_0 -B 66:77:88:99:aa:bb -E 00:11:22:33:44:55 --client\n" + head + row))
                .measurements(PerftestReader.RUN).orElseThrow();
        assertEquals("client", client.stringColumn("role").get(0));
    }

    /** A loopback one-liner: the server in the background with its output thrown away, then the client, whose output follows. */
    @Test void aOneLinerOfABackgroundServerAndAClientIsTheClients() {
        String text = "$ (ib_write_bw -d mlx5_3 -F >> /dev/null &); sleep 1; ib_write_bw -d mlx5_2 -F localhost\n"
                + WRITE_BW_HEAD.replace(" TX depth        : 128\n", "")
                + " 65536      5000             11900.00           11000.50                    0.176\n";
        Table run = reader.read(Input.ofText("loop.txt", text)).measurements(PerftestReader.RUN).orElseThrow();
        assertEquals("client", run.stringColumn("role").get(0));
        assertEquals("mlx5_2", run.stringColumn("device").get(0));
    }

    /** A server's peak warning pasted above the client's output: the client's printed peak is a measurement, not NaN. */
    @Test void thePeakWarningOfOneSideLeavesTheOthersPrintedPeak() {
        String text = "WARNING: BW peak won't be measured in this run.\n" + WRITE_BW_HEAD
                + " 65536      1000             367.17             318.37                      0.005094\n";
        Table bw = reader.read(Input.ofText("side.txt", text)).measurements(PerftestReader.BANDWIDTH).orElseThrow();
        assertEquals(367.17, bw.doubleColumn("bw_peak").get(0));
    }

    /**
     * A client whose queue pair exhausted its transport retries before the first row: perftest's NOTIFY_COMP_ERROR_SEND
     * lines (perftest src/perftest_resources.h; public ib_write_bw logs print them so, own values). The refusal said "no
     * rows (file truncated?)"; it now names the failure and its completion status, the fabric fact in the file.
     */
    @Test void aRunThatFailedBeforeAnyRowNamesItsCompletionStatus() {
        String text = WRITE_BW_HEAD + " Completion with error at client\n Failed status 12: wr_id 0 syndrom 0x81\nscnt=128, ccnt=0\n"
                + " Failed to complete run_iter_bw function successfully\n";
        var e = BadCaptureInput.fails(new PerftestReader(), "retry.log", text, 18, "perftest run failed before a result row");
        assertTrue(e.getMessage().contains("work completion status 12 (IBV_WC_RETRY_EXC_ERR), syndrome 0x81"), e.getMessage());
        assertTrue(e.getMessage().contains("'Completion with error at client'"), e.getMessage());
    }

    /** An -a sweep that aborted part-way (public GKE RDMA notes print rows up to 65536, then status 10): rows read, failure warned. */
    @Test void aRunThatFailedAfterSomeRowsKeepsThemAndWarns() {
        String text = WRITE_BW_HEAD + " 2          5000             5.10               5.07               2.658201\n"
                + " 4096       5000             9650.33            9611.20            2.460467\n"
                + " Completion with error at client\n Failed status transport retry counter exceeded (12): wr_id 0 syndrom 0x81\n"
                + "scnt=128, ccnt=0\n Failed to complete run_iter_bw function successfully\n";
        Capture c = new PerftestReader().read(Input.ofText("aborted.log", text));
        Table bw = c.measurements(PerftestReader.BANDWIDTH).orElseThrow();
        assertEquals(2, bw.rowCount());
        assertEquals(9611.20, bw.doubleColumn("bw_average").get(1));
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("failed after its last result row")
                && w.contains("status 12 (IBV_WC_RETRY_EXC_ERR)") && w.contains("aborted.log:20")), c.warnings().toString());
        Table run = c.measurements(PerftestReader.RUN).orElseThrow();
        assertEquals("mlx5_2", run.stringColumn("device").get(0));
        assertEquals(1, run.rowCount(), "the failure lines are no header fields of a second run");
    }

    /**
     * {@code --run_infinitely} runs as a duration test and prints a row per print period, each of the same size
     * (linux-rdma/perftest issue #232: "the iter num in this print period"); the second row was refused as not fitting.
     * Own values, the client layout above; BW peak prints 0.00 in a duration run.
     */
    @Test void runInfinitelyRowsAreSamplesOfOneSize() {
        String text = WRITE_BW_HEAD + " 65536      118530           0.00               7767.10            0.124274\n"
                + " 65536      118452           0.00               7762.00            0.124192\n"
                + " 65536      118490           0.00               7764.48            0.124232\n";
        Capture c = new PerftestReader().read(Input.ofText("infinite.log", text));
        Table bw = c.measurements(PerftestReader.BANDWIDTH).orElseThrow();
        assertEquals(3, bw.rowCount());
        assertEquals(List.of(65536L, 65536L, 65536L), bw.longColumn("msg_bytes").asList());
        assertEquals(7762.00, bw.doubleColumn("bw_average").get(1));
        assertEquals(118490L, bw.longColumn("iterations").get(2));
        assertEquals(1, c.measurements(PerftestReader.RUN).orElseThrow().rowCount());
        assertTrue(c.warnings().stream().anyMatch(w -> w.startsWith("2 result row(s) repeat")), c.warnings().toString());
    }

    /**
     * The same session read as any file is (each command's output on its own, {@code ShellSession}): the runs are still
     * numbered 1, 2, 3 in the file, not 1 in each command's output.
     */
    @Test void aSessionReadCommandByCommandNumbersItsRunsInTheFile() {
        Capture c = org.fabriclab.capture.Readers.standard().read(Path.of("src/test/resources/org/fabriclab/capture/perftest/session_three_runs_client.txt"));
        assertEquals(List.of(1, 2, 3), c.measurements(PerftestReader.RUN).orElseThrow().intColumn("run").asList());
        assertEquals(List.of(1, 2, 2, 2, 2, 2, 3), c.measurements(PerftestReader.BANDWIDTH).orElseThrow().intColumn("run").asList());
    }

    /**
     * A terminal session of three client runs, each after its prompt and command line: every run keeps its own
     * rows (the -a run's 8192 and 16384 rows are not the first run's next sizes), port, duration and role; the
     * duration-mode run's placeholder peak (after "BW peak won't be measured") is NaN, not 0.
     */
    @Test void terminalSessionOfSeveralRuns() {
        Capture c = reader.read(Input.of(Path.of("src/test/resources/org/fabriclab/capture/perftest/session_three_runs_client.txt")));
        Table run = c.measurements(PerftestReader.RUN).orElseThrow();
        assertEquals(List.of("RDMA_Write BW", "RDMA_Read BW", "Send BW"), run.stringColumn("test").asList());
        assertEquals(List.of("client", "client", "client"), run.stringColumn("role").asList());
        assertEquals(List.of("mlx5_2", "mlx5_3", "mlx5_3"), run.stringColumn("device").asList());
        assertEquals(List.of(1, 2, 2), run.intColumn("ib_port").asList());
        assertTrue(run.doubleColumn("duration_s").isMissing(0), "-D 5 belongs to the third run only");
        assertTrue(run.doubleColumn("duration_s").isMissing(1));
        assertEquals(5.0, run.doubleColumn("duration_s").get(2));
        Table bw = c.measurements(PerftestReader.BANDWIDTH).orElseThrow();
        assertEquals(List.of(4096L, 2L, 1024L, 4096L, 8192L, 16384L, 65536L), bw.longColumn("msg_bytes").asList());
        assertEquals(List.of(1, 2, 3), run.intColumn("run").asList());
        assertEquals(List.of(1, 2, 2, 2, 2, 2, 3), bw.intColumn("run").asList(), "each row names its run: the roles are all client");
        assertEquals(180.22, bw.doubleColumn("bw_average").get(0));
        assertEquals(189.88, bw.doubleColumn("bw_average").get(5));
        assertEquals(190.07, bw.doubleColumn("bw_peak").get(5));
        assertTrue(bw.doubleColumn("bw_peak").isMissing(6), "duration mode measures no peak");
        assertEquals(193.27, bw.doubleColumn("bw_average").get(6));
        assertEquals("mlx5_2", c.attr("mlx5_2/1", "device").orElseThrow());
        assertEquals("mlx5_3", c.attr("mlx5_3/2", "device").orElseThrow());
    }

    /** The role of a run its header leaves undecided, from its command line: the server named (client), none (server), or unsure. */
    @Test void roleFromTheCommandLineWhenTheHeaderCannotSay() {
        String header = String.join("\n",
                "---------------------------------------------------------------------------------------",
                "                    RDMA_Write Bidirectional BW Test",
                " Dual-port       : OFF\t\tDevice         : rxe0",
                " Number of qps   : 1\t\tTransport type : IB",
                " Connection type : RC\t\tUsing SRQ      : OFF",
                " TX depth        : 128",
                " Mtu             : 1024[B]",
                " Link type       : Ethernet",
                "---------------------------------------------------------------------------------------",
                " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]",
                " 65536      5000             9.81               9.80                 0.018692",
                "---------------------------------------------------------------------------------------", "");
        Map<String, String> roles = new java.util.LinkedHashMap<>();
        roles.put("$ ib_write_bw -d rxe0 -b -R --report_gbits -x 1 node2 | tee bw.log", "client");
        roles.put("$ ib_write_bw -d rxe0 -b -R --report_gbits -x 1", "server");
        roles.put("$ ib_write_bw --source_ip=10.0.0.1 -b node2", "client");
        roles.put("$ ib_write_bw --some_new_option 7 -b node2", "unknown");   // 7 may be its value or the server
        roles.put("$ ib_write_bw -b node2 node3", "unknown");
        roles.forEach((line, role) -> {
            Capture c = reader.read(Input.ofText("bw.txt", line + "\n" + header));
            assertEquals(role, c.measurements(PerftestReader.RUN).orElseThrow().stringColumn("role").get(0), line);
        });
    }
}
