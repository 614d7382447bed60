package org.fabriclab.capture.pauseseries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.series.Series;
import org.junit.jupiter.api.Test;

import tech.tablesaw.api.Table;

class PauseSeriesReaderTest {
    static final Path STORM = Path.of("..", "datasets", "roce-pause-storm", "pause-series.csv");

    @Test void theBundledPauseSeriesIsACaptureFormat() {
        Capture c = Readers.standard().read(STORM);
        Table t = c.measurements(Telemetry.NAME).orElseThrow();
        assertEquals(61, t.rowCount());
        assertEquals("mlx5_0/1", t.stringColumn(Telemetry.PORT).get(0));
        assertEquals(1767225600000L, t.longColumn(Telemetry.TIMESTAMP).get(0));
        assertEquals(1505543L, t.longColumn("tx_prio3_pause").get(0));
        Series s = Series.of(t);
        assertEquals(1, s.portCount());
        assertEquals(61, s.rows());
        assertTrue(c.warnings().isEmpty(), c.warnings().toString());
    }

    @Test void rowsInAnyOrderAreSortedByPortThenTimeAndAnEmptyCellIsAbsent() {
        String csv = "timestamp,port,rx_prio3_pause,rx_prio3_pause_duration\n"
                + "1767225601000,b,5,50\n1767225600000,b,1,\n1767225600000,a,2,20\n";
        Table t = new PauseSeriesReader().read(Input.ofText("s.csv", csv)).measurements(Telemetry.NAME).orElseThrow();
        assertEquals("a", t.stringColumn(Telemetry.PORT).get(0));
        assertEquals(1767225600000L, t.longColumn(Telemetry.TIMESTAMP).get(1));
        assertTrue(t.longColumn("rx_prio3_pause_duration").isMissing(1));
        assertEquals(50L, t.longColumn("rx_prio3_pause_duration").get(2));
    }

    /**
     * As pandas' {@code to_csv} writes a series (pandas' documented to_csv layout; our values): its index column first
     * ({@code ,timestamp,...}, or {@code Unnamed: 0} once read back and written again), a counter column with a gap as
     * floats ({@code 20.0}). Read as the same series; a fraction is still refused, naming its line.
     */
    @Test void pandasIndexColumnAndWholeFloatsAreTheSameSeries() {
        String plain = "timestamp,port,rx_prio3_pause\n1767225600000,a,10\n1767225601000,a,\n1767225602000,a,20\n";
        Table expected = new PauseSeriesReader().read(Input.ofText("p.csv", plain)).measurements(Telemetry.NAME).orElseThrow();
        for (String head : new String[] {",timestamp,port,rx_prio3_pause", "Unnamed: 0,timestamp,port,rx_prio3_pause"}) {
            String csv = head + "\n0,1767225600000,a,10.0\n1,1767225601000,a,\n2,1767225602000,a,20.0\n";
            PauseSeriesReader r = new PauseSeriesReader();
            assertEquals(90, r.sniff(Input.ofText("p.csv", csv)), head);
            Table t = r.read(Input.ofText("p.csv", csv)).measurements(Telemetry.NAME).orElseThrow();
            assertEquals(expected.toString(), t.toString(), head);
        }
        CaptureException e = assertThrows(CaptureException.class, () -> new PauseSeriesReader().read(Input.ofText("p.csv",
                ",timestamp,port,rx_prio3_pause\n0,1767225600000,a,10.5\n")));
        assertTrue(e.getMessage().startsWith("p.csv:2:") && e.getMessage().contains("10.5"), e.getMessage());
        e = assertThrows(CaptureException.class, () -> new PauseSeriesReader().read(Input.ofText("p.csv",
                ",timestamp,port,rx_prio3_pause\n1767225600000,a,10\n")));
        assertTrue(e.getMessage().contains("expected 4 cells"), e.getMessage());
    }

    @Test void sniffNeedsTheHeaderAndACataloguedCounter() {
        var r = new PauseSeriesReader();
        assertEquals(90, r.sniff(Input.ofText("x", "timestamp,port,rx_prio3_pause\n1767225600000,a,1\n")));
        assertEquals(0, r.sniff(Input.ofText("x", "timestamp,port,foo\n1767225600000,a,1\n")));
        assertEquals(0, r.sniff(Input.ofText("x", "time,port,rx_prio3_pause\n1,a,1\n")));
    }

    @Test void badCellsNameTheLineAndColumn() {
        var r = new PauseSeriesReader();
        String h = "timestamp,port,rx_prio3_pause\n";
        CaptureException e = assertThrows(CaptureException.class, () -> r.read(Input.ofText("s.csv", h + "1767225600000,a,1\n1767225601000,a,1.5\n")));
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("rx_prio3_pause") && e.getMessage().contains("integer"), e.getMessage());
        e = assertThrows(CaptureException.class, () -> r.read(Input.ofText("s.csv", h + "1767225600,a,1\n")));
        assertTrue(e.getMessage().contains("epoch milliseconds"), e.getMessage());
        e = assertThrows(CaptureException.class, () -> r.read(Input.ofText("s.csv", h + "1767225600000,a,1\n1767225600000,a,2\n")));
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("line 2"), e.getMessage());
        e = assertThrows(CaptureException.class, () -> r.read(Input.ofText("s.csv", h + "1767225600000,a\n")));
        assertTrue(e.getMessage().contains("expected 3 cells"), e.getMessage());
        e = assertThrows(CaptureException.class, () -> r.read(Input.ofText("s.csv", h + "1767225600000,a,-3\n")));
        assertTrue(e.getMessage().contains("non-negative"), e.getMessage());
        e = assertThrows(CaptureException.class, () -> r.read(Input.ofText("s.csv", h)));
        assertTrue(e.getMessage().contains("no samples"), e.getMessage());
    }

    @Test void anUncataloguedColumnIsKeptAndNamed() {
        String csv = "timestamp,port,rx_prio3_pause,acme_thing\n1767225600000,a,1,7\n";
        Capture c = new PauseSeriesReader().read(Input.ofText("s.csv", csv));
        assertEquals(7L, c.measurements(Telemetry.NAME).get().longColumn("acme_thing").get(0));
        assertTrue(c.warnings().get(0).contains("acme_thing"));
    }
}
