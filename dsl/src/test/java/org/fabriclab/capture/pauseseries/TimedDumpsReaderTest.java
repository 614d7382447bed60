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
        assertEquals(0, new TimedDumpsReader().sniff(Input.ofText("n.txt", "1796637600\n     rx_prio3_pause: 1\n1796637601\n     rx_prio3_pause: 2\n")),
                "bare epoch seconds are a cat of a counter file as much as a date");
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
