package org.fabriclab.capture.ibdiagnet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.fabriclab.capture.BadCaptureInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.GoldenCapture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PublicCaptureFiles;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tech.tablesaw.api.Table;

class IbdiagnetLogReaderTest {
    private final IbdiagnetLogReader reader = new IbdiagnetLogReader();

    @Test void goldenShort() {
        Capture c = GoldenCapture.check(getClass(), "short.log", reader);
        assertTrue(c.readings().isEmpty());
        Table run = c.measurements(IbdiagnetLogReader.RUN).orElseThrow();
        assertEquals("5", value(run, "option pm_pause_time"));
        assertEquals("5", value(run, "pm_pause_time_s"));
        assertEquals("1", value(run, "Links at 4x200"));
    }

    @Test void sniffing() {
        Input in = GoldenCapture.input(getClass(), "short.log");
        assertEquals(95, reader.sniff(in));
        assertEquals(0, reader.sniff(GoldenCapture.input(getClass(), "two_ports.pm")));
        assertEquals("ibdiagnet-log", Readers.standard().choose(in).format());
    }

    @Test void truncated() {
        BadCaptureInput.fails(reader, "t.log", "Running version:   \"IBDIAGNET 2.10.0\"\n----\nDiscovery\n-I- Start Fabric Discover\n", 0,
                "no '-I- Stage Warnings Errors Comment' summary table");
    }

    @Test void aStageNameThatFillsItsColumnLeavesOneSpace() {
        // the 26-wide stage column of older 2.x logs: a 25-character plugin stage is followed by one space only
        Capture c = reader.read(Input.ofText("old.log", "Running version:   \"IBDIAGNET 2.1.1\"\n"
                + "-I- Stage                     Warnings   Errors     Comment   \n"
                + "-I- Discovery                 2          0          \n"
                + "-I- Cable Diagnostic (Plugin) 0          3          \n"
                + "-I- Speed / Width checks      1          0          Skipped\n"
                + "-I- Phy Diagnostic (Plugin)   0          0          \n"
                + "-I- Temperature Sensing (Plugin) 4       0          one sensor not read\n\n"));
        Table t = c.measurements(IbdiagnetLogReader.SUMMARY).orElseThrow();
        assertEquals(5, t.rowCount());
        assertEquals("Temperature Sensing (Plugin)", t.stringColumn("stage").get(4));
        assertEquals(4L, t.longColumn("warnings").get(4));
        assertEquals("one sensor not read", t.stringColumn("comment").get(4));
        assertEquals("Cable Diagnostic (Plugin)", t.stringColumn("stage").get(1));
        assertEquals(3L, t.longColumn("errors").get(1));
        assertEquals("Speed / Width checks", t.stringColumn("stage").get(2));
        assertEquals("Skipped", t.stringColumn("comment").get(2));
    }

    @Test void aSummaryPastedWithoutItsBlankLines() {
        Capture c = reader.read(Input.ofText("pasted.log", "Running version:   \"IBDIAGNET 2.4.0\"\nSummary\n"
                + "-I- Stage                     Warnings   Errors     Comment   \n"
                + "-I- Discovery                 0          0          \n"
                + "-I- Port Counters             6          2          \n"
                + "-I- You can find detailed errors/warnings in: /var/tmp/ibdiagnet2/ibdiagnet2.log\n"
                + "-I- Database                  : /var/tmp/ibdiagnet2/ibdiagnet2.db_csv\n"));
        Table t = c.measurements(IbdiagnetLogReader.SUMMARY).orElseThrow();
        assertEquals(2, t.rowCount());
        assertEquals(2L, t.longColumn("errors").get(1));
    }

    /**
     * ibdiagnet's console output as kept from a terminal: the Fabric Summary and the stage table, no "Running version:"
     * line and fewer than ten tagged lines (public {@code ibdiagnet --routing --r_opt=dump_only} output in a UFM
     * deployment README, the summary part of gary-minghuili/infiniband-exporter data/ibdiagnet2/ibdiagnet2.log @088f9dc;
     * own values). It was refused as "not a capture format".
     */
    @Test void theConsoleSummaryAloneIsRead() {
        String text = "---------------------------------------------\nFabric Summary\n\n"
                + "Total Nodes             : 22\nIB Switches             : 4\nIB Channel Adapters     : 16\n"
                + "IB Aggregation Nodes    : 2\nIB Routers              : 0\n\nAdaptive Routing is enabled on 4 switches\n\n"
                + "---------------------------------------------\nSummary\n"
                + "-I- Stage                     Warnings   Errors     Comment\n"
                + "-I- Discovery                 5          0\n-I- Virtualization            0          0\n"
                + "-I- Routing                   1          2\n";
        Input in = Input.ofText("ibdiagnet_console.txt", text);
        assertEquals("ibdiagnet-log", Readers.standard().choose(in).format());
        Capture c = reader.read(in);
        Table t = c.measurements(IbdiagnetLogReader.SUMMARY).orElseThrow();
        assertEquals(3, t.rowCount());
        assertEquals("Routing", t.stringColumn("stage").get(2));
        assertEquals(1L, t.longColumn("warnings").get(2));
        assertEquals(2L, t.longColumn("errors").get(2));
        assertEquals(5L, t.longColumn("warnings").get(0));
        Table run = c.measurements(IbdiagnetLogReader.RUN).orElseThrow();
        assertEquals("22", value(run, "Total Nodes"));
        assertEquals("4", value(run, "IB Switches"));
    }

    @Test void nonNumberCount() {
        BadCaptureInput.fails(reader, "t.log", "Running version:   \"IBDIAGNET 2.10.0\"\n-I- Stage     Warnings   Errors     Comment\n"
                + "-I- Discovery                           x7         0\n", 3, "expected a number of warnings, found 'x7'");
    }

    @Test void junk(@TempDir Path dir) {
        BadCaptureInput.binaryFile(reader, dir);
        BadCaptureInput.fails(reader, "junk.log", BadCaptureInput.junkText(), 1, "not an ibdiagnet2.log");
    }

    @Test void publicLog() {
        Capture c = reader.read(Input.of(PublicCaptureFiles.file("ibdiagnet2_log_sequoia.log")));
        Table t = c.measurements(IbdiagnetLogReader.SUMMARY).orElseThrow();
        assertEquals(12, t.rowCount());
        assertEquals("Discovery", t.stringColumn("stage").get(0));
        assertEquals(17L, t.longColumn("warnings").get(0));
        assertEquals("Nodes Information", t.stringColumn("stage").get(5));
        assertEquals(7L, t.longColumn("warnings").get(5));
        assertEquals(0L, t.longColumn("errors").sum(), 0.0);
        Table run = c.measurements(IbdiagnetLogReader.RUN).orElseThrow();
        assertEquals("1", value(run, "pm_pause_time_s"));
        assertEquals("272", value(run, "Total Nodes"));
        assertEquals("271", value(run, "Links at 4x100"));
        assertEquals("2025-03-31 23:43:18 UTC +0000", value(run, "timestamp"));
    }

    private static String value(Table run, String key) {
        for (int i = 0; i < run.rowCount(); i++) if (run.stringColumn("key").get(i).equals(key)) return run.stringColumn("value").get(i);
        throw new AssertionError("no key " + key + " in " + run.print());
    }
}
