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
import org.fabriclab.capture.Reading;
import org.fabriclab.capture.Readers;
import org.fabriclab.catalogue.Source;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * mlnx-tools' {@code show_counters <dev>} was refused. The fixture follows what the script prints
 * (Mellanox/mlnx-tools, sbin/show_counters at 8fbfd9cfff34e2d32f1dd5a115c42eb8bd3b66c8: {@code Port $port hw counters:},
 * {@code $file: $value} per hw_counters file in ls order, then {@code Port $port cm counters:} with the files of every
 * infiniband_cm folder, folder names not printed), pasted behind root's {@code # show_counters mlx5_bond_0} prompt as a
 * public blog note does; own values, cm section shortened.
 */
class ShowCountersReaderTest {
    private final ShowCountersReader reader = new ShowCountersReader();
    @TempDir Path tmp;

    @Test void hwCountersAsSysfsGivesThem() {
        Input in = Input.of(CaptureCsv.fixture("sysfs/show_counters_two_devices.txt"));
        assertEquals("show_counters", Readers.standard().choose(in).format());
        Capture c = reader.read(in);
        assertEquals(List.of("mlx5_2/1", "mlx5_3/1"), c.ports());
        assertEquals(17 + 2, c.readings().size());
        Reading oob = c.reading("mlx5_2/1", "out_of_buffer").orElseThrow();
        assertEquals(31, oob.value());
        assertEquals(Source.HW_COUNTERS, oob.source());
        assertEquals(9, oob.line());
        assertEquals(123456789012L, c.reading("mlx5_2/1", "rx_write_requests").orElseThrow().value());
        assertEquals(88213, c.reading("mlx5_2/1", "np_cnp_sent").orElseThrow().value());
        assertEquals(42, c.reading("mlx5_3/1", "rx_write_requests").orElseThrow().value());
        assertEquals(0, c.reading("mlx5_3/1", "out_of_buffer").orElseThrow().value());
        assertEquals(Optional.of("mlx5_3"), c.attr("mlx5_3/1", "device"));
        assertEquals(Optional.of("1"), c.attr("mlx5_3/1", "port_num"));
        assertTrue(c.reading("mlx5_2/1", "req").isEmpty(), "cm counters are not read");
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("15 cm counter line(s) not read")), c.warnings().toString());
    }

    /** The same files read through sysfs give the same readings: counter, source, port, value. */
    @Test void sameReadingsAsTheSysfsReader() {
        String sc = "# show_counters mlx5_0\nPort 1 hw counters:\nout_of_buffer: 31\nlocal_ack_timeout_err: 17\n"
                + "Port 2 hw counters:\nrnr_nak_retry_err: N/A\nout_of_sequence: 2\n";
        String grep = "/sys/class/infiniband/mlx5_0/ports/1/hw_counters/out_of_buffer:31\n"
                + "/sys/class/infiniband/mlx5_0/ports/1/hw_counters/local_ack_timeout_err:17\n"
                + "/sys/class/infiniband/mlx5_0/ports/2/hw_counters/rnr_nak_retry_err:N/A\n"
                + "/sys/class/infiniband/mlx5_0/ports/2/hw_counters/out_of_sequence:2\n";
        Capture a = reader.read(Input.ofText("sc.txt", sc));
        Capture b = new SysfsReader().read(Input.ofText("grep.txt", grep));
        assertEquals(key(b), key(a));
        assertEquals(1, a.absents().size());
        assertEquals(b.absents().get(0).port(), a.absents().get(0).port());
        assertEquals(b.attrs().stream().map(p -> p.port() + " " + p.key() + "=" + p.value()).toList(),
                a.attrs().stream().map(p -> p.port() + " " + p.key() + "=" + p.value()).toList());
    }

    /** In a snapshot folder beside a sysfs dump of the port's counters/ files, both land on one port mlx5_0/1. */
    @Test void aSnapshotJoinsItWithSysfs() throws java.io.IOException {
        Path dir = java.nio.file.Files.createDirectories(tmp.resolve("snap"));
        java.nio.file.Files.writeString(dir.resolve("show_counters.txt"),
                "# show_counters mlx5_0\nPort 1 hw counters:\nout_of_buffer: 31\npacket_seq_err: 6\n");
        java.nio.file.Files.writeString(dir.resolve("sysfs.txt"),
                "/sys/class/infiniband/mlx5_0/ports/1/counters/link_downed:2\n"
                + "/sys/class/infiniband/mlx5_0/ports/1/counters/symbol_error:40\n");
        org.fabriclab.snapshot.Snapshot s = org.fabriclab.snapshot.Snapshot.of(dir);
        assertEquals(List.of("mlx5_0/1"), s.ports());
        assertEquals(31, s.value("mlx5_0/1", "out_of_buffer").getAsLong());
        assertEquals(6, s.value("mlx5_0/1", "packet_seq_err").getAsLong());
        assertEquals(2, s.value("mlx5_0/1", "LinkDownedCounter").getAsLong());
        assertTrue(s.unjoined().isEmpty(), s.unjoined().toString());
    }

    private static List<String> key(Capture c) {
        return c.readings().stream().map(r -> r.port() + " " + r.source() + " " + r.counter() + " " + r.rawName() + "=" + r.value())
                .toList();
    }

    @Test void deviceFromTheFileName() {
        Capture c = reader.read(Input.ofText("show_counters_mlx5_bond_0.txt", "Port 1 hw counters:\nout_of_buffer: 3\n"));
        assertEquals(List.of("mlx5_bond_0/1"), c.ports());
        assertEquals(3, c.reading("mlx5_bond_0/1", "out_of_buffer").orElseThrow().value());
        assertEquals("mlx5_1", ShowCountersReader.fromFileName("show_counters-mlx5_1.log"));
        assertEquals(null, ShowCountersReader.fromFileName("counters.txt"));
    }

    @Test void badInput() {
        BadInput.expect(reader, BadInput.write(tmp, "a.txt", "Port 1 hw counters:\nout_of_buffer: 3\n"), 1, "no device name");
        BadInput.expect(reader, BadInput.write(tmp, "b.txt", "# show_counters mlx5_0\nout_of_buffer: 3\n"), 2, "before any");
        BadInput.expect(reader, BadInput.write(tmp, "c.txt", "# show_counters mlx5_0\nPort 1 hw counters:\nout_of_buffer 3\n"), 3,
                "expected '<hw_counters file>: <value>'");
        BadInput.expect(reader, BadInput.write(tmp, "d.txt", "# show_counters mlx5_0\nPort 1 hw counters:\nout_of_buffer: lots\n"),
                3, "");
        BadInput.expect(reader, BadInput.write(tmp, "e.txt", "# show_counters mlx5_0\nPort 1 cm counters:\nreq: 3\n"), 0,
                "no 'Port <n> hw counters:'");
        assertEquals(0, reader.sniff(Input.ofText("x.txt", "CA 'mlx5_0'\n\tCA type: MT4123\n\tPort 1:\n")));
    }
}
