package org.fabriclab.capture.pauseseries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.incident.Incident;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tech.tablesaw.api.Table;

/** A sampling loop's log (date, then a tool's output, repeated) read as a counter series. */
class TimedDumpsReaderTest {
    @TempDir Path tmp;

    static final long T0 = Instant.parse("2026-12-07T10:00:00Z").toEpochMilli();

    /** {@code while sleep 1; do date; ethtool -S eth0 | grep -E 'pause|bytes_phy'; done}: made-up values, ethtool's layout. */
    static String ethtoolLoop(int samples, long pausePerSample, long pauseUsPerSample) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < samples; i++) {
            sb.append(String.format("Mon Dec  7 10:00:%02d UTC 2026%n", i));
            sb.append("     rx_bytes_phy: ").append(1_000_000_000L * i).append('\n');
            sb.append("     rx_prio3_pause: ").append(pausePerSample * i).append('\n');
            sb.append("     rx_prio3_pause_duration: ").append(pauseUsPerSample * i).append('\n');
        }
        return sb.toString();
    }

    @Test void eachDateStartsASampleOfTheOutputAfterIt() {
        Capture c = Readers.standard().read(Input.ofText("pause.log", ethtoolLoop(4, 1000, 250_000)));
        Table t = c.measurements(Telemetry.NAME).orElseThrow();
        assertEquals(4, t.rowCount());
        assertEquals(T0 + 3000, t.longColumn(Telemetry.TIMESTAMP).get(3));
        assertEquals("netdev ?", t.stringColumn(Telemetry.PORT).get(0));
        assertEquals(3000L, t.longColumn("rx_prio3_pause").get(3));
        assertEquals(750_000L, t.longColumn("rx_prio3_pause_duration").get(3));
        assertTrue(c.readings().isEmpty(), "a series, not an instant");
    }

    @Test void bannerDatesAndAnotherToolsOutput() {
        String pq = "# Port extended counters: Lid 7 port 1 (CapMask: 0x5A00)\nPortSelect:......................1\nCounterSelect:...................0x0000\n"
                + "PortXmitData:....................%d\nPortRcvData:.....................10\nPortXmitPkts:....................20\nPortRcvPkts:.....................30\n"
                + "PortXmitWait:....................%d\n";
        String log = "=== 2026-12-07T10:00:00Z ===\n" + String.format(pq, 100, 5) + "=== 2026-12-07T10:00:10Z ===\n" + String.format(pq, 900, 45);
        Table t = Readers.standard().read(Input.ofText("xmitwait.log", log)).measurements(Telemetry.NAME).orElseThrow();
        assertEquals(List.of(T0, T0 + 10_000), t.longColumn(Telemetry.TIMESTAMP).asList());
        assertEquals(List.of(5L, 45L), t.longColumn("PortXmitWait").asList());
        assertEquals("lid 7/1", t.stringColumn(Telemetry.PORT).get(1));
    }

    /** A NIC with many queues prints thousands of lines per {@code ethtool -S}: the second date is far down. */
    @Test void theSecondDateMayComeAfterALongOutput() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 2; i++) {
            sb.append(String.format("Mon Dec  7 10:00:%02d UTC 2026%n", i * 10));
            sb.append("     rx_prio3_pause: ").append(100 * i).append('\n');
            for (int q = 0; q < 1000; q++) sb.append("     rx").append(q).append("_packets: ").append(q * (i + 1)).append('\n');
        }
        Table t = Readers.standard().read(Input.ofText("long.log", sb.toString())).measurements(Telemetry.NAME).orElseThrow();
        assertEquals(List.of(T0, T0 + 10_000), t.longColumn(Telemetry.TIMESTAMP).asList());
        assertEquals(List.of(0L, 100L), t.longColumn("rx_prio3_pause").asList());
    }

    @Test void datesOutOfOrderOrABadOutputAreRefusedAtTheirLine() {
        String back = "Mon Dec  7 10:00:05 UTC 2026\n     rx_prio3_pause: 1\nMon Dec  7 10:00:01 UTC 2026\n     rx_prio3_pause: 2\n";
        CaptureException e = assertThrows(CaptureException.class, () -> Readers.standard().read(Input.ofText("back.log", back)));
        assertTrue(e.getMessage().startsWith("back.log:3:") && e.getMessage().contains("not later"), e.getMessage());
        String bad = "Mon Dec  7 10:00:00 UTC 2026\n     rx_prio3_pause: 1\nMon Dec  7 10:00:01 UTC 2026\n     rx_prio3_pause: many\n";
        CaptureException b = assertThrows(CaptureException.class, () -> Readers.standard().read(Input.ofText("bad.log", bad)));
        assertTrue(b.getMessage().startsWith("bad.log:4:"), b.getMessage());
    }

    @Test void aDateFileAloneIsNoLoop() {
        assertEquals(0, new TimedDumpsReader().sniff(Input.ofText("date.txt", "Mon Dec  7 10:00:00 UTC 2026\n")));
        assertEquals(0, new TimedDumpsReader().sniff(Input.ofText("epoch.txt", "1796637600\n")));
    }

    /** {@code while sleep 10; do $STAMP; ethtool -S eth0 | grep pause; done}: the dump after each bare epoch number. */
    static String bareLoop(String... stamps) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < stamps.length; i++) sb.append(stamps[i]).append("\n     rx_prio3_pause: ").append(100 * i).append('\n');
        return sb.toString();
    }

    /**
     * {@code date +%s} (and {@code +%s.%N}, {@code +%s%3N}, {@code +%s%N}) before each dump: a bare epoch number is the
     * sample's date where it stands before the dump, as the loop's first one does. It was no date at all.
     */
    @Test void bareEpochNumbersBeforeEachDumpAreItsDate() {
        long s = 1796637600L;
        Table secs = Readers.standard().read(Input.ofText("s.log", bareLoop("" + s, "" + (s + 10), "" + (s + 20))))
                .measurements(Telemetry.NAME).orElseThrow();
        assertEquals(List.of(T0, T0 + 10_000, T0 + 20_000), secs.longColumn(Telemetry.TIMESTAMP).asList());
        assertEquals(List.of(0L, 100L, 200L), secs.longColumn("rx_prio3_pause").asList());
        Table frac = Readers.standard().read(Input.ofText("n.log", bareLoop(s + ".123456789", (s + 10) + ".5")))
                .measurements(Telemetry.NAME).orElseThrow();
        assertEquals(List.of(T0 + 123, T0 + 10_500), frac.longColumn(Telemetry.TIMESTAMP).asList());
        Table ms = Readers.standard().read(Input.ofText("ms.log", bareLoop(s + "042", (s + 10) + "042")))
                .measurements(Telemetry.NAME).orElseThrow();
        assertEquals(List.of(T0 + 42, T0 + 10_042), ms.longColumn(Telemetry.TIMESTAMP).asList());
        Table ns = Readers.standard().read(Input.ofText("ns.log", bareLoop(s + "250000000", (s + 1) + "750999999")))
                .measurements(Telemetry.NAME).orElseThrow();
        assertEquals(List.of(T0 + 250, T0 + 1750), ns.longColumn(Telemetry.TIMESTAMP).asList());
        // out of order, they are refused at their line as the other dates are
        CaptureException e = assertThrows(CaptureException.class,
                () -> Readers.standard().read(Input.ofText("back.log", bareLoop("" + (s + 10), "" + s))));
        assertTrue(e.getMessage().startsWith("back.log:3:") && e.getMessage().contains("date " + s + " is not later than the one at line 1"),
                e.getMessage());
    }

    /** A number outside 2001..2099 in seconds, ms, us or ns is no date: such a file is left to the other readers. */
    @Test void aBareNumberThatIsNoPlausibleEpochIsNoDate() {
        assertEquals(0, new TimedDumpsReader().sniff(Input.ofText("n.log", bareLoop("978307199", "978307209"))), "2000");
        assertEquals(0, new TimedDumpsReader().sniff(Input.ofText("n.log", bareLoop("4102444800", "4102444810"))), "2100");
        assertEquals(0, new TimedDumpsReader().sniff(Input.ofText("n.log", bareLoop("17966376000", "17966376010"))), "11 digits");
        assertEquals(96, new TimedDumpsReader().sniff(Input.ofText("n.log", bareLoop("978307200", "978307210"))), "2001-01-01");
    }

    /**
     * sysfs counter files print a bare number each, often in an epoch's range: {@code cat} of them (alone or under
     * {@code date +%s}) gives no date line at all, and the values of a {@code head} dump under {@code date +%s} are its
     * counters, not dates (each is followed by the next file's header, not by the dump's first line).
     */
    @Test void sysfsValuesPrintedBareAreNoDates() {
        TimedDumpsReader r = new TimedDumpsReader();
        // for f in counters/*; do cat $f; done (twice, a minute apart)
        String cats = "1796637605\n0\n1796637700\n1796637665\n0\n1796637760\n";
        assertEquals(0, r.sniff(Input.ofText("cats.txt", cats)));
        // while sleep 60; do date +%s; cat counters/*; done
        assertEquals(0, r.sniff(Input.ofText("dated-cats.txt", "1796637600\n" + cats.substring(0, 24) + "1796637660\n" + cats.substring(24))));
        // while sleep 60; do date +%s; head /sys/class/infiniband/mlx5_0/ports/1/counters/{link_downed,port_xmit_data,port_xmit_wait}; done
        String p = "/sys/class/infiniband/mlx5_0/ports/1/counters/";
        StringBuilder log = new StringBuilder();
        for (int i = 0; i < 2; i++) {
            log.append(1796637600L + 60 * i).append('\n');
            log.append("==> ").append(p).append("link_downed <==\n").append(i).append("\n\n");
            log.append("==> ").append(p).append("port_xmit_data <==\n").append(1796637605L + 100 * i).append("\n\n");
            log.append("==> ").append(p).append("port_xmit_wait <==\n").append(1796637700L + 60 * i).append('\n');
        }
        Capture c = Readers.standard().read(Input.ofText("head.log", log.toString()));
        Table t = c.measurements(Telemetry.NAME).orElseThrow();
        assertEquals(List.of(T0, T0 + 60_000), t.longColumn(Telemetry.TIMESTAMP).asList());
        assertEquals(List.of("mlx5_0/1", "mlx5_0/1"), t.stringColumn(Telemetry.PORT).asList());
        assertEquals(List.of(1796637605L, 1796637705L), t.longColumn("PortXmitData").asList());
        assertEquals(List.of(1796637700L, 1796637760L), t.longColumn("PortXmitWait").asList());
        assertEquals(List.of(0L, 1L), t.longColumn("LinkDownedCounter").asList());
    }

    /**
     * watch's header (procps-ng: {@code Every 10.0s: CMD   HOST: DATE}; procps: no host; busybox: an ISO date, after
     * its clear-screen sequence) when its screens were recorded: the date at its end is the sample's, read as UTC as it
     * names no zone (a warning says so), and the header stays its output's command line (ethtool's names the port). Such
     * a file was one port's runs without a time.
     */
    @Test void watchHeadersAreTheSamplesDates() {
        String[] headers = {
            "Every 10.0s: ethtool -S eth0 | grep pause                       host1: Mon Dec  7 10:00:%02d 2026",
            "Every 10.0s: ethtool -S eth0 | grep pause                              Mon Dec  7 10:00:%02d 2026",
            "\u001b[H\u001b[JEvery 10s: ethtool -S eth0 | grep pause                          2026-12-07 10:00:%02d"};
        for (String h : headers) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < 3; i++) {
                sb.append(String.format(h, 10 * i)).append("\n\n     rx_prio3_pause: ").append(100 * i)
                        .append("\n     rx_prio3_pause_duration: ").append(2500 * i).append('\n');
            }
            Capture c = Readers.standard().read(Input.ofText("watch.log", sb.toString()));
            Table t = c.measurements(Telemetry.NAME).orElseThrow();
            assertEquals(List.of(T0, T0 + 10_000, T0 + 20_000), t.longColumn(Telemetry.TIMESTAMP).asList(), h);
            assertEquals(List.of("netdev eth0", "netdev eth0", "netdev eth0"), t.stringColumn(Telemetry.PORT).asList(), h);
            assertEquals(List.of(0L, 2500L, 5000L), t.longColumn("rx_prio3_pause_duration").asList(), h);
            assertTrue(c.warnings().stream().anyMatch(w -> w.startsWith("watch.log:1: the dates name no zone (") && w.endsWith("read as UTC")),
                    c.warnings().toString());
        }
        // a header whose date is no date is no sample's date: the file is ethtool's runs, as before
        String noDate = "Every 10.0s: ethtool -S eth0     host1: 10:00:00\n     rx_prio3_pause: 1\nEvery 10.0s: ethtool -S eth0     host1: 10:00:10\n"
                + "     rx_prio3_pause: 2\n";
        assertEquals(0, new TimedDumpsReader().sniff(Input.ofText("w.log", noDate)), "procps-ng 4.0.5's header holds a time of day only");
    }

    /**
     * A banner around a date that names no zone ({@code echo "=== $(date '+%F %T') ==="}) and {@code date --rfc-3339=ns}:
     * loop dates, the first read as UTC with a warning. They were no date.
     */
    @Test void zoneLessAndRfc3339Dates() {
        String log = "=== 2026-12-07 10:00:00 ===\n     rx_prio3_pause: 1\n=== 2026-12-07 10:00:10 ===\n     rx_prio3_pause: 2\n";
        Capture c = Readers.standard().read(Input.ofText("local.log", log));
        assertEquals(List.of(T0, T0 + 10_000), c.measurements(Telemetry.NAME).orElseThrow().longColumn(Telemetry.TIMESTAMP).asList());
        assertEquals(List.of("local.log:1: the dates name no zone (=== 2026-12-07 10:00:00 ===); read as UTC"), c.warnings());
        String rfc = "2026-12-07 10:00:00.250000000+00:00\n     rx_prio3_pause: 1\n2026-12-07 11:00:10.500000000+01:00\n     rx_prio3_pause: 2\n";
        Capture r = Readers.standard().read(Input.ofText("rfc.log", rfc));
        assertEquals(List.of(T0 + 250, T0 + 10_500), r.measurements(Telemetry.NAME).orElseThrow().longColumn(Telemetry.TIMESTAMP).asList());
        assertEquals(List.of(), r.warnings());
    }

    /** The loop's log beside an incident's before/after gives the pause analysis its per-interval distribution. */
    @Test void besideAnIncidentItIsThePauseSeries() throws IOException {
        Path d = Files.createDirectories(tmp.resolve("incident"));
        for (String side : new String[] {"before", "after"}) {
            Path s = Files.createDirectories(d.resolve(side));
            long k = side.equals("before") ? 0 : 9;
            Files.writeString(s.resolve("ethtool.txt"), "# ethtool -S eth0\nNIC statistics:\n     rx_bytes_phy: " + 1_000_000_000L * k
                    + "\n     tx_bytes_phy: " + 1_000_000_000L * k + "\n     rx_prio3_pause: " + 1000 * k + "\n     rx_prio3_pause_duration: " + 250_000 * k + "\n");
        }
        Files.writeString(d.resolve("pause.log"), ethtoolLoop(10, 1000, 250_000).replace("     rx_bytes_phy", "# ethtool -S eth0\n     rx_bytes_phy"));
        Incident inc = Incident.of(d).fabric("roce").elapsed(9);
        assertTrue(inc.pause().hasDistribution(), inc.folderNotes() + " " + inc.pause().summaryLines());
        assertEquals(9, inc.pause().intervals().size(), inc.pause().intervalsTable().print());
    }
}
