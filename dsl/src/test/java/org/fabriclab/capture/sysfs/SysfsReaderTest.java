package org.fabriclab.capture.sysfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fabriclab.capture.Absent;
import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.fabriclab.catalogue.Source;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SysfsReaderTest {
    private final SysfsReader reader = new SysfsReader();
    @TempDir Path tmp;

    @Test void goldenGrepH() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("sysfs/grep_h.txt")));
        assertEquals(CaptureCsv.text("sysfs/grep_h.expected.csv"), CaptureCsv.tidy(c));
        assertEquals(CaptureCsv.text("sysfs/grep_h.attrs.csv"), CaptureCsv.attrs(c));
        // gid_attrs/types/0 is not read
        assertEquals(1, c.noiseLines());
    }

    @Test void notAvailableIsAbsentNotZero() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("sysfs/grep_h.txt")));
        assertEquals(Optional.empty(), c.reading("mlx5_0/1", "SymbolErrorCounter"));
        Absent a = c.absents().get(0);
        assertEquals("SymbolErrorCounter", a.counter());
        assertEquals(7, a.line());
    }

    /**
     * {@code grep -H .} run on the device's own folder ({@code /sys/devices/.../infiniband/<dev>}, where the class
     * folder links to; {@code /sys/bus/pci/devices/...} alike), as a public issue pasted it: the PCI path holds colons
     * of its own. It was refused as no capture.
     */
    @Test void devicePathsNameThePortLikeTheClassFolder() {
        String dev0 = "/sys/devices/pci0000:80/0000:80:01.0/0000:81:00.0/infiniband/mlx5_0/ports/1/";
        String dev1 = "/sys/bus/pci/devices/0000:81:00.1/infiniband/mlx5_1/ports/1/";
        String text = "# grep -H . /sys/devices/pci0000:80/0000:80:01.0/0000:81:00.*/infiniband/mlx5_*/ports/1/counters/*\n"
                + dev0 + "counters/symbol_error:17\n"
                + dev0 + "counters/port_xmit_data:5120000\n"
                + dev0 + "counters/link_downed:N/A (no PMA)\n"
                + "grep: " + dev0 + "counters/port_xmit_wait: Invalid argument\n"
                + dev1 + "counters/port_rcv_errors:4\n"
                + dev1 + "rate:100 Gb/sec (4X EDR)\n";
        Input in = Input.ofText("dev_paths.txt", text);
        assertEquals("sysfs", Readers.standard().choose(in).format());
        Capture c = Readers.standard().read(in);
        assertEquals(List.of("mlx5_0/1", "mlx5_1/1"), c.ports());
        assertEquals(17L, c.reading("mlx5_0/1", "SymbolErrorCounter").orElseThrow().value());
        assertEquals(3, c.reading("mlx5_0/1", "PortXmitData").orElseThrow().line());
        assertEquals(4L, c.reading("mlx5_1/1", "PortRcvErrors").orElseThrow().value());
        assertEquals(Optional.empty(), c.reading("mlx5_0/1", "LinkDownedCounter"));
        assertEquals(Optional.empty(), c.reading("mlx5_0/1", "PortXmitWait"));
        assertTrue(c.absents().stream().anyMatch(a -> a.counter().equals("PortXmitWait") && a.line() == 5), c.absents().toString());
        assertEquals(Optional.of("100"), c.attr("mlx5_1/1", "rate_gbps"));
    }

    /**
     * A shell loop that prints each file's path and content on one line ({@code for f in .../counters/*; do echo $f
     * $(cat $f); done}), its prompt and command line first: read as {@code grep -H} is. It was refused as no capture;
     * a path alone is still a cut line.
     */
    @Test void aShellLoopsPathAndValueLines() {
        String p = "/sys/class/infiniband/mlx5_2/ports/1/";
        String text = "[root@gpu07 ~]# for f in /sys/class/infiniband/mlx5_2/ports/1/{counters/*,rate,state}; do echo $f $(cat $f); done\n"
                + p + "counters/excessive_buffer_overrun_errors 2\n"
                + p + "counters/port_rcv_data 987654321012\n"
                + p + "counters/port_xmit_discards 65535\n"
                + p + "rate 200 Gb/sec (4X HDR)\n"
                + p + "state 4: ACTIVE\n";
        Input in = Input.ofText("loop.txt", text);
        assertEquals("sysfs", Readers.standard().choose(in).format());
        Capture c = Readers.standard().read(in);
        assertEquals(List.of("mlx5_2/1"), c.ports());
        assertEquals(2L, c.reading("mlx5_2/1", "ExcessiveBufferOverrunErrors").orElseThrow().value());
        assertEquals(987654321012L, c.reading("mlx5_2/1", "PortRcvData").orElseThrow().value());
        assertEquals(4, c.reading("mlx5_2/1", "PortXmitDiscards").orElseThrow().line());
        assertEquals(Optional.of("200"), c.attr("mlx5_2/1", "rate_gbps"));
        assertEquals(Optional.of("ACTIVE"), c.attr("mlx5_2/1", "state"));
        CaptureException cut = org.junit.jupiter.api.Assertions.assertThrows(CaptureException.class,
                () -> reader.read(Input.ofText("cut.txt", text + p + "counters/symbol_error\n")));
        assertTrue(cut.getMessage().contains("cut.txt:7"), cut.getMessage());
    }

    /**
     * {@code tail -n +1 /sys/class/infiniband/mlx5_0/ports/1/counters/*}: one {@code ==> path <==} section per file, the
     * value under it; each section is the one file its header names, at its line in the dump. It was refused as no capture.
     */
    @Test void aTailDumpOfSysfsFiles() {
        String p = "/sys/class/infiniband/mlx5_0/ports/1/";
        String text = "==> " + p + "counters/link_downed <==\n3\n\n"
                + "==> " + p + "counters/port_xmit_wait <==\n4294967295\n\n"
                + "==> " + p + "counters/symbol_error <==\n0\n\n"
                + "==> " + p + "state <==\n4: ACTIVE\n";
        Capture c = Readers.standard().read(Input.ofText("tail.txt", text));
        assertEquals(List.of("mlx5_0/1"), c.ports());
        assertEquals(3L, c.reading("mlx5_0/1", "LinkDownedCounter").orElseThrow().value());
        assertEquals(2, c.reading("mlx5_0/1", "LinkDownedCounter").orElseThrow().line());
        assertEquals(4294967295L, c.reading("mlx5_0/1", "PortXmitWait").orElseThrow().value());
        assertEquals(8, c.reading("mlx5_0/1", "SymbolErrorCounter").orElseThrow().line());
        assertEquals(Optional.of("ACTIVE"), c.attr("mlx5_0/1", "state"));
    }

    /**
     * {@code diff} of two {@code grep -H} dumps, as a blog post showed a counter moving: its '&gt;' lines looked like a
     * shell's continuation prompt and were skipped, so the file read silently as the first dump's changed lines. It is
     * refused, naming the line; so is {@code diff -u}.
     */
    @Test void aDiffOfTwoDumpsIsRefused() {
        String p = "/sys/class/infiniband/mlx5_0/ports/1/hw_counters/";
        String normal = "4c4\n< " + p + "out_of_buffer:3\n---\n> " + p + "out_of_buffer:4\n";
        CaptureException e = org.junit.jupiter.api.Assertions.assertThrows(CaptureException.class,
                () -> Readers.standard().read(Input.ofText("d.txt", normal)));
        assertTrue(e.getMessage().contains("d.txt:2") && e.getMessage().contains("diff"), e.getMessage());
        String unified = "--- before.txt\n+++ after.txt\n@@ -4 +4 @@\n-" + p + "out_of_buffer:3\n+" + p + "out_of_buffer:4\n";
        e = org.junit.jupiter.api.Assertions.assertThrows(CaptureException.class,
                () -> Readers.standard().read(Input.ofText("u.txt", unified)));
        assertTrue(e.getMessage().contains("u.txt:4") && e.getMessage().contains("diff"), e.getMessage());
    }

    @Test void hwCountersHaveTheirOwnSource() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("sysfs/grep_h.txt")));
        assertEquals(Source.HW_COUNTERS, c.reading("mlx5_0/1", "local_ack_timeout_err").orElseThrow().source());
        assertEquals(Source.SYSFS, c.reading("mlx5_0/1", "LinkDownedCounter").orElseThrow().source());
    }

    @Test void goldenTtar() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("sysfs/small.ttar")));
        assertEquals(CaptureCsv.text("sysfs/small.expected.csv"), CaptureCsv.tidy(c));
        assertEquals(CaptureCsv.text("sysfs/small.attrs.csv"), CaptureCsv.attrs(c));
        assertEquals(9, c.reading("mlx5_1/2", "PortRcvErrors").orElseThrow().line());
    }

    @Test void directoryLayoutsReadTheSameCounters() throws IOException {
        Path cls = tmp.resolve("infiniband");
        Path port = cls.resolve("mlx5_0/ports/1");
        Files.createDirectories(port.resolve("counters"));
        Files.createDirectories(port.resolve("hw_counters"));
        Files.createDirectories(cls.resolve("mlx5_0/ports/1/gid_attrs"));
        Files.writeString(cls.resolve("mlx5_0/node_guid"), "0c42:a103:00a1:b2c3\n");
        Files.writeString(port.resolve("lid"), "0x6b7\n");
        Files.writeString(port.resolve("rate"), "200 Gb/sec (4X HDR)\n");
        Files.writeString(port.resolve("counters/port_xmit_discards"), "20046\n");
        Files.writeString(port.resolve("counters/symbol_error"), "N/A (no PMA)\n");
        Files.writeString(port.resolve("hw_counters/out_of_sequence"), "3\n");
        Files.writeString(port.resolve("gid_attrs/ignored"), "x\n");
        for (Path dir : List.of(cls, cls.resolve("mlx5_0"), port)) {
            Capture c = Readers.standard().read(dir);
            assertEquals("sysfs", Readers.standard().choose(Input.of(dir)).format(), dir.toString());
            assertEquals(List.of("mlx5_0/1"), c.ports(), dir.toString());
            assertEquals(20046, c.reading("mlx5_0/1", "PortXmitDiscards").orElseThrow().value());
            assertEquals(3, c.reading("mlx5_0/1", "out_of_sequence").orElseThrow().value());
            assertEquals(1, c.absents().size());
            assertEquals(Optional.of("1719"), c.attr("mlx5_0/1", "lid"));
            assertEquals(Optional.of("200"), c.attr("mlx5_0/1", "rate_gbps"));
        }
        assertEquals(Optional.of("0x0c42a10300a1b2c3"), reader.read(Input.of(cls)).attr("mlx5_0/1", "node_guid"));
    }

    @Test void aTreeReadsInTheSameOrderEveryRun() throws IOException {
        // the counter folders and device files in the order of their names, each one's files sorted: the same
        // tree always gives the same rows (the folders were walked in Set.of order, which differs run to run)
        Path port = tmp.resolve("infiniband/mlx5_0/ports/1");
        for (String d : List.of("hw_counters", "counters_ext", "counters")) {
            Files.createDirectories(port.resolve(d));
            Files.writeString(port.resolve(d + "/b_" + d), "1\n");
            Files.writeString(port.resolve(d + "/a_" + d), "2\n");
        }
        for (String f : List.of("sys_image_guid", "node_guid", "fw_ver", "board_id", "hca_type", "node_desc")) {
            Files.writeString(tmp.resolve("infiniband/mlx5_0/" + f), "x\n");
        }
        Capture c = Readers.standard().read(tmp.resolve("infiniband"));
        List<String> files = c.readings().stream().map(r -> Path.of(r.file()).getParent().getFileName() + "/" + Path.of(r.file()).getFileName()).toList();
        assertEquals(List.of("counters/a_counters", "counters/b_counters", "counters_ext/a_counters_ext", "counters_ext/b_counters_ext",
                "hw_counters/a_hw_counters", "hw_counters/b_hw_counters"), files);
    }

    @Test void oneFileOfATreeReadsAloneByItsPath() throws IOException {
        Path port = tmp.resolve("infiniband/mlx5_3/ports/2");
        Files.createDirectories(port.resolve("counters"));
        Files.createDirectories(port.resolve("hw_counters"));
        Path counter = Files.writeString(port.resolve("counters/symbol_error"), "15\n");
        Path hw = Files.writeString(port.resolve("hw_counters/out_of_sequence"), "7\n");
        Path state = Files.writeString(port.resolve("state"), "4: ACTIVE\n");
        Path fw = Files.writeString(tmp.resolve("infiniband/mlx5_3/fw_ver"), "28.39.1002\n");
        Capture c = Readers.standard().read(counter);
        assertEquals("sysfs", Readers.standard().choose(Input.of(counter)).format());
        assertEquals(List.of("mlx5_3/2"), c.ports());
        assertEquals(15, c.reading("mlx5_3/2", "SymbolErrorCounter").orElseThrow().value());
        assertEquals(7, Readers.standard().read(hw).reading("mlx5_3/2", "out_of_sequence").orElseThrow().value());
        assertEquals(List.of("mlx5_3/2"), Readers.standard().read(state).ports());
        assertEquals("sysfs", Readers.standard().choose(Input.of(fw)).format());
        // the same name outside a sysfs layout is not claimed by its path
        Path loose = Files.writeString(tmp.resolve("symbol_error"), "15\n");
        assertEquals(0, reader.sniff(Input.of(loose)));
        Path two = Files.writeString(port.resolve("counters/link_downed"), "1\n2\n");
        BadInput.expect(reader, two, 2, "expected one value");
    }

    @Test void directoryValueNotANumberNamesTheFile() throws IOException {
        Path port = tmp.resolve("mlx5_0/ports/1");
        Files.createDirectories(port.resolve("counters"));
        Path bad = Files.writeString(port.resolve("counters/link_downed"), "oops\n");
        CaptureException e = org.junit.jupiter.api.Assertions.assertThrows(CaptureException.class,
                () -> reader.read(Input.of(tmp.resolve("mlx5_0"))));
        assertEquals(bad.toString(), e.file());
        assertTrue(e.getMessage().startsWith(bad + ":1: "), e.getMessage());
        assertTrue(e.getMessage().contains("found 'oops'"), e.getMessage());
    }

    @Test void valueNotANumber() {
        Path f = BadInput.write(tmp, "sysfs.txt", "/sys/class/infiniband/mlx5_0/ports/1/counters/link_downed:0\n"
                + "/sys/class/infiniband/mlx5_0/ports/1/counters/port_xmit_wait:12 34\n");
        BadInput.expect(reader, f, 2, "found '12 34'");
    }

    @Test void truncatedGrepLine() {
        Path f = BadInput.write(tmp, "sysfs.txt", "/sys/class/infiniband/mlx5_0/ports/1/counters/link_downed:0\n"
                + "/sys/class/infiniband/mlx5_0/ports/1/coun");
        BadInput.expect(reader, f, 2, "expected '<sysfs path>:<value>'");
    }

    @Test void truncatedTtar() {
        Path f = BadInput.write(tmp, "t.ttar", "Directory: sys/class/infiniband\nMode: 755\n"
                + "Path: sys/class/infiniband/mlx5_0/ports/1/counters/link_downed\nLines: 2\n0\n");
        BadInput.expect(reader, f, 5, "announces 2 lines but the file ends after 1");
    }

    @Test void ttarValueNotANumber() {
        Path f = BadInput.write(tmp, "t.ttar", "Path: sys/class/infiniband/mlx5_0/ports/1/counters/link_downed\nLines: 1\n"
                + "-1\nMode: 644\n");
        BadInput.expect(reader, f, 3, "found '-1'");
    }

    @Test void nothingUnderInfiniband() {
        Path f = BadInput.write(tmp, "net.txt", "/sys/class/net/eth0/mtu:1500\n/sys/class/infiniband/mlx5_0/uevent:x\n");
        BadInput.expect(reader, f, 0, "no InfiniBand sysfs counters or port attributes found");
    }

    @Test void binaryJunk() {
        Path f = BadInput.write(tmp, "sysfs.bin",
                BadInput.binaryJunk("/sys/class/infiniband/mlx5_0/ports/1/counters/link_downed:0\n\n"));
        BadInput.expect(reader, f, 3, "binary content");
    }

    /**
     * Amazon EFA's port {@code hw_counters} {@code rx_bytes}/{@code tx_bytes} (efa_verbs.c
     * EFA_DEFINE_PORT_STATS) were read as uncatalogued counts, so no bytes-moved derivation could use
     * them; they are the RDMA device's byte counters (rdma_rx_bytes) now. EFA's other names stay informative.
     */
    @Test void efaPortBytesAreBytes() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("sysfs/efa_hw_counters_grepH.txt")));
        var rx = c.reading("rdmap16s27/1", "rdma_rx_bytes").orElseThrow();
        assertEquals(7400112640L, rx.value());
        assertEquals("bytes", rx.unit());
        assertEquals(Source.HW_COUNTERS, rx.source());
        assertEquals(64, rx.field().width());
        assertEquals("bytes", c.reading("rdmap16s27/1", "rdma_tx_bytes").orElseThrow().unit());
        assertTrue(c.reading("rdmap16s27/1", "rx_bytes").isEmpty(), "the EFA device's bytes are not a netdev's software rx_bytes");
        assertTrue(!c.reading("rdmap16s27/1", "rdma_read_bytes").orElseThrow().catalogued());
    }

    /**
     * {@code cd /sys/class/infiniband && grep -r . mlx5_0/ports/1/counters mlx5_0/ports/1/hw_counters}
     * prints paths relative to the class folder; such a dump was "not a capture format". The paths
     * name device and port as the absolute ones do.
     */
    @Test void grepRecursiveFromTheClassFolderNamesDeviceAndPort() {
        String text = "mlx5_2/ports/1/counters/link_downed:3\nmlx5_2/ports/1/counters/port_rcv_data:1048576\n"
                + "mlx5_2/ports/1/hw_counters/np_cnp_sent:41\nmlx5_2/ports/1/state:4: ACTIVE\n";
        Input in = Input.ofText("grep_r.txt", text);
        assertEquals(80, reader.sniff(in));
        assertEquals("sysfs", Readers.standard().choose(in).format());
        Capture c = reader.read(in);
        assertEquals(List.of("mlx5_2/1"), c.ports());
        assertEquals(3L, c.reading("mlx5_2/1", "LinkDownedCounter").orElseThrow().value());
        assertEquals(Source.HW_COUNTERS, c.reading("mlx5_2/1", "np_cnp_sent").orElseThrow().source());
        assertEquals(Optional.of("ACTIVE"), c.attr("mlx5_2/1", "state"));
        assertEquals(0, reader.sniff(Input.ofText("notes.txt", "see mlx5_2/ports/1/counters/link_downed: it moved\nnothing else\nhere\n")));
    }

    /**
     * A grep -H dump as pasted or as a collection loop writes it: the prompt with its command, a header per
     * folder ({@code echo "### $dev"; grep -H . "$dev"/*}, the loop of a public lab runbook) and, with
     * {@code 2>&1}, GNU grep's message for a file the kernel would not read ({@code grep: FILE: strerror}).
     * Each refused the whole file: the prompt and the header as "cut" path lines, the message as a counter
     * value. Now prompts and headers are noise, the unreadable counter is absent with the message, and a
     * path line without its value is still an error. Own values.
     */
    @Test void promptsHeadersAndGrepMessagesAroundGrepLines() {
        String text = "root@gpu07:~# grep -H . /sys/class/infiniband/*/ports/*/counters/* 2>&1\n"
                + "### /sys/class/infiniband/mlx5_0/ports/1/counters\n"
                + "/sys/class/infiniband/mlx5_0/ports/1/counters/link_downed:2\n"
                + "grep: /sys/class/infiniband/mlx5_0/ports/1/counters/port_xmit_wait: Invalid argument\n"
                + "/sys/class/infiniband/mlx5_0/ports/1/counters/symbol_error:7\n"
                + "grep: /sys/class/infiniband/mlx5_0/ports/1/gid_attrs/types/2: Invalid argument\n"
                + "### /sys/class/infiniband/mlx5_1/ports/1/counters\n"
                + "/sys/class/infiniband/mlx5_1/ports/1/counters/link_downed:0\n";
        Input in = Input.ofText("counters.txt", text);
        assertEquals("sysfs", Readers.standard().choose(in).format());
        Capture c = reader.read(in);
        assertEquals(List.of("mlx5_0/1", "mlx5_1/1"), c.ports());
        assertEquals(2L, c.reading("mlx5_0/1", "LinkDownedCounter").orElseThrow().value());
        assertEquals(7L, c.reading("mlx5_0/1", "SymbolErrorCounter").orElseThrow().value());
        assertEquals(0L, c.reading("mlx5_1/1", "LinkDownedCounter").orElseThrow().value());
        Absent wait = c.absents().stream().filter(a -> a.rawName().equals("port_xmit_wait")).findFirst().orElseThrow();
        assertEquals("unreadable: grep: Invalid argument", wait.reason());
        assertEquals(4, wait.line());
        assertEquals("mlx5_0/1", wait.port());
        assertEquals(1, c.warnings().size());
        assertTrue(c.warnings().get(0).contains("1 counter file(s) could not be read"), c.warnings().get(0));
        Path f = BadInput.write(tmp, "cut.txt", "/sys/class/infiniband/mlx5_0/ports/1/counters/link_downed:2\n"
                + "/sys/class/infiniband/mlx5_0/ports/1/counters/symbol_er\n");
        BadInput.expect(reader, f, 2, "expected '<sysfs path>:<value>'");
    }

    /**
     * A tree unpacked from {@code tar czf ib.tgz /sys/class/infiniband/...}: GNU tar archives each sysfs file at
     * its stat size, 4096 bytes, and pads the shorter read with zeros ("File shrank by 4094 bytes; padding
     * with zeros", checked on this machine's /sys). Every such file was "binary content", the whole tree
     * refused. Now a file is read up to its zero padding, with one warning; a NUL inside a value is still an
     * error. Own values, gpud's sys-class-infiniband-h100.0 layout (no newline after rate).
     */
    @Test void aTreeUnpackedFromATarOfSysfsIsZeroPadded() throws IOException {
        Path port = tmp.resolve("infiniband/mlx5_4/ports/1");
        Files.createDirectories(port.resolve("counters"));
        Files.createDirectories(port.resolve("hw_counters"));
        padded(port.resolve("rate"), "400 Gb/sec (4X NDR)");
        padded(port.resolve("state"), "4: ACTIVE\n");
        padded(port.resolve("counters/link_downed"), "3\n");
        padded(port.resolve("counters/port_xmit_wait"), "2489603687\n");
        padded(port.resolve("hw_counters/out_of_sequence"), "12\n");
        padded(tmp.resolve("infiniband/mlx5_4/fw_ver"), "28.41.1000\n");
        Capture c = reader.read(Input.of(tmp.resolve("infiniband")));
        assertEquals(3L, c.reading("mlx5_4/1", "LinkDownedCounter").orElseThrow().value());
        assertEquals(2489603687L, c.reading("mlx5_4/1", "PortXmitWait").orElseThrow().value());
        assertEquals(12L, c.reading("mlx5_4/1", "out_of_sequence").orElseThrow().value());
        assertEquals(Optional.of("400"), c.attr("mlx5_4/1", "rate_gbps"));
        assertEquals(Optional.of("ACTIVE"), c.attr("mlx5_4/1", "state"));
        assertEquals(Optional.of("28.41.1000"), c.attr("mlx5_4/1", "fw_ver"));
        assertEquals(1, c.warnings().size());
        assertTrue(c.warnings().get(0).contains("6 file(s) end in NUL bytes"), c.warnings().get(0));
        Files.write(port.resolve("counters/symbol_error"), "1\u00002\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        CaptureException e = org.junit.jupiter.api.Assertions.assertThrows(CaptureException.class,
                () -> reader.read(Input.of(tmp.resolve("infiniband"))));
        assertTrue(e.getMessage().contains("binary content"), e.getMessage());
    }

    private static void padded(Path f, String value) throws IOException {
        byte[] v = value.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Files.write(f, java.util.Arrays.copyOf(v, 4096));
    }
}
