package org.fabriclab.capture.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabriclab.capture.BadCaptureInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.GoldenCapture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.fabriclab.catalogue.Source;
import org.junit.jupiter.api.Test;

import tech.tablesaw.api.Table;

/**
 * ibqueryerrors output and its threshold file, fixtures written from infiniband-diags
 * {@code ibqueryerrors.c} (print_results, check_threshold, print_summary: unpadded {@code 0x%PRIx64}
 * GUIDs, {@code [Name == value]}, the human-readable form of extended counters) and
 * {@code etc/error_thresholds}.
 */
class IbqueryerrorsReaderTest {

    @Test void aCleanFabricsSummaryIsSniffedBelowTheHead() {
        // every node clean: no "Errors for" line, only the summary, here after more than the sniffed head
        String noise = "Suppressing: RcvSwRelayErrors\n".repeat(25);
        String clean = noise + "\n## Summary: 6 nodes checked, 0 bad nodes found\n##      12 ports checked, 0 ports have errors beyond threshold\n";
        assertEquals(90, new IbqueryerrorsReader().sniff(Input.ofText("clean.txt", clean)));
        // the counts line before the summary line is not ibqueryerrors' order
        String swapped = noise + "##      12 ports checked, 0 ports have errors beyond threshold\n\n## Summary: 6 nodes checked, 0 bad nodes found\n";
        assertEquals(0, new IbqueryerrorsReader().sniff(Input.ofText("swapped.txt", swapped)));
        assertEquals(0, new IbqueryerrorsReader().sniff(Input.ofText("other.txt", noise)));
    }

    /**
     * A pasted session (a mailing-list post of {@code # ibqueryerrors} on a SwitchX fabric): root's prompt and the
     * command line before the output, a bare prompt after it. It was refused at its first line.
     */
    @Test void aPastedSessionsPromptsAreNotLines() {
        String out = GoldenCapture.input(getClass(), "ibqueryerrors.txt").text();
        Capture plain = Readers.standard().read(GoldenCapture.input(getClass(), "ibqueryerrors.txt"));
        for (String prompt : List.of("# ", "[root@sm01 ~]# ", "admin@sm01:~$ ")) {
            Input in = Input.ofText("pasted.txt", prompt + "ibqueryerrors -c\n" + out + prompt.strip() + "\n");
            assertEquals("ibqueryerrors", Readers.standard().choose(in).format(), prompt);
            Capture c = Readers.standard().read(in);
            assertEquals(plain.ports(), c.ports(), prompt);
            assertEquals(1234L, c.reading("guid 0x0002c903000c0b8c/13", "SymbolErrorCounter").orElseThrow().value(), prompt);
            assertEquals(plain.readings().size(), c.readings().size(), prompt);
        }
    }

    @Test void errorsPerPortWithThresholds() {
        Input in = GoldenCapture.input(getClass(), "ibqueryerrors.txt");
        assertEquals("ibqueryerrors", Readers.standard().choose(in).format());
        Capture c = Readers.standard().read(in);
        String sw = "guid 0x0002c903000c0b8c/13", ca = "guid 0x0002c903000fb73b/1";
        assertEquals(List.of(sw, ca), c.ports());
        assertEquals(1234L, c.reading(sw, "SymbolErrorCounter").orElseThrow().value());
        assertEquals(Source.PERFQUERY, c.reading(sw, "SymbolErrorCounter").orElseThrow().source(), "32-bit classic: no human form");
        assertEquals(Source.PERFQUERY_X, c.reading(ca, "PortXmitWait").orElseThrow().source(), "extended: printed with (195.312K)");
        assertEquals(200000L, c.reading(ca, "PortXmitWait").orElseThrow().value());
        // an unprinted checked field is at most its threshold: exactly 0 under threshold 0, unknown above
        assertEquals(0L, c.reading(sw, "PortRcvErrors").orElseThrow().value(), "threshold 0, not printed: 0");
        assertEquals(Source.PERFQUERY, c.reading(sw, "PortRcvErrors").orElseThrow().source(), "the port's path: classic");
        assertEquals(0L, c.reading(ca, "LinkDownedCounter").orElseThrow().value());
        assertEquals(Source.PERFQUERY_X, c.reading(ca, "LinkDownedCounter").orElseThrow().source(), "the port's path: extended");
        assertTrue(c.reading(ca, "SymbolErrorCounter").isEmpty(), "threshold 10, not printed: at most 10, not read");
        assertTrue(c.reading(sw, "PortXmitWait").isEmpty(), "threshold 1000: not read");
        // ... and absent with that reason: checked by ibqueryerrors and under its bar, not left out of the capture
        var under = c.absents().stream().filter(a -> a.port().equals(ca) && a.counter().equals("SymbolErrorCounter")).findFirst().orElseThrow();
        assertTrue(under.reason().contains("at most its threshold 10"), under.reason());
        assertEquals(4, under.line(), "the port's line");
        Table e = c.measurements(IbqueryerrorsReader.PORT_ERRORS).orElseThrow();
        assertEquals(4, e.rowCount());
        assertEquals(10L, e.longColumn("threshold").get(0), "SymbolErrorCounter = 10 from the summary");
        assertEquals(0L, e.longColumn("threshold").get(1), "LinkDownedCounter: the file names none, 0");
        assertEquals(1000L, e.longColumn("threshold").get(3));
        assertEquals("node01 HCA-1", e.stringColumn("node_desc").get(2));
        Table s = c.measurements(IbqueryerrorsReader.SUMMARY).orElseThrow();
        assertEquals(List.of("nodes_checked", "bad_nodes", "ports_checked", "bad_ports", "suppressed"), s.stringColumn("key").asList());
        assertEquals(List.of("4", "2", "40", "2", ""), s.stringColumn("value").asList());
        assertTrue(c.warnings().isEmpty(), c.warnings().toString());
    }

    /**
     * Zeros are inferred only with the summary's thresholds and suppressed lines: not for a suppressed
     * field, nor for a classic PortXmitWait (cleared to 0 when CapMask lacks bit 12), and not at all when
     * the output is cut before its summary. {@code ## (null)}: no threshold file, every threshold 0.
     */
    @Test void unprintedFieldsAreZeroOnlyWhenTheSummarySaysSo() {
        String errors = "Errors for \"h1 HCA-1\"\n   GUID 0x1 port 1: [PortXmitDiscards == 9]\n";
        Capture c = new IbqueryerrorsReader().read(Input.ofText("q.txt", errors
                + "\n## Summary: 1 nodes checked, 1 bad nodes found\n##          1 ports checked, 1 ports have errors beyond threshold\n"
                + "## (null)\n## Suppressed: PortRcvSwitchRelayErrors\n"));
        String p = "guid 0x0000000000000001/1";
        assertEquals(9L, c.reading(p, "PortXmitDiscards").orElseThrow().value());
        assertEquals(0L, c.reading(p, "SymbolErrorCounter").orElseThrow().value());
        assertEquals(0L, c.reading(p, "VL15Dropped").orElseThrow().value());
        assertTrue(c.reading(p, "PortRcvSwitchRelayErrors").isEmpty(), "suppressed: not checked");
        assertTrue(c.absents().stream().anyMatch(a -> a.counter().equals("PortRcvSwitchRelayErrors") && a.reason().contains("suppressed")),
                c.absents().toString());
        assertTrue(c.reading(p, "PortXmitWait").isEmpty(), "classic PortXmitWait may be unsupported");
        assertEquals(1, c.measurements(IbqueryerrorsReader.PORT_ERRORS).orElseThrow().rowCount(), "inferred zeros are not port errors");
        Capture cut = new IbqueryerrorsReader().read(Input.ofText("cut.txt", errors + "\n## Summary: 1 nodes checked, 1 bad nodes found\n"));
        assertEquals(1, cut.readings().size(), "no thresholds line: nothing inferred");
    }

    @Test void aValueNotAboveItsThresholdIsWarned() {
        Capture c = new IbqueryerrorsReader().read(Input.ofText("q.txt", "Errors for \"h\"\n   GUID 0x1 port 1: [SymbolErrorCounter == 5]\n"
                + "## Thresholds: [SymbolErrorCounter = 10]\n"));
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("not above the threshold 10")), c.warnings().toString());
    }

    /**
     * {@code --counters} (print_data_cnts): {@code Data Counters for 0x<node GUID> "<desc>"}, every data
     * counter of every port, zeros too, with its human-readable form; no threshold applies, so they are
     * counters of a port named by the node GUID and neither port errors nor "not above the threshold".
     */
    @Test void dataCountersOnlyAreCountersOfTheNode() {
        String text = "Data Counters for 0x7cfe9003001a2b3c \"leaf07\"\n"
                + "   GUID 0x7cfe9003001a2b3c port 1: [PortXmitData == 8000000000 (29.802GB)] [PortRcvData == 0 (0.000B)]"
                + " [PortXmitPkts == 3000 (3.000k)] [PortRcvPkts == 0 (0.000 )]\n"
                + "Data Counters for 0x0002c9030011aa10 \"node02 HCA-1\"\n"
                + "   GUID 0x0002c9030011aa10 port 1: [PortXmitData == 12 (48.000B)] [PortRcvData == 7 (28.000B)]"
                + " [PortXmitPkts == 1 (1.000 )] [PortRcvPkts == 18446744073709551615 (16.000E)]\n"
                + "\n## Summary: 2 nodes checked, 0 bad nodes found\n##          2 ports checked, 0 ports have errors beyond threshold\n"
                + "## Thresholds: \n## Suppressed:\n";
        Input in = Input.ofText("counters.txt", text);
        assertEquals("ibqueryerrors", Readers.standard().choose(in).format());
        Capture c = Readers.standard().read(in);
        String sw = "guid 0x7cfe9003001a2b3c/1", ca = "guid 0x0002c9030011aa10/1";
        assertEquals(List.of(sw, ca), c.ports());
        assertEquals(8000000000L, c.reading(sw, "PortXmitData").orElseThrow().value());
        assertEquals(0L, c.reading(sw, "PortRcvData").orElseThrow().value(), "printed 0 is a reading");
        assertTrue(c.attrs().stream().anyMatch(a -> a.port().equals(ca) && a.key().equals("node_guid")
                && a.value().equals("0x0002c9030011aa10")), "the node's GUID, not a port GUID");
        assertTrue(c.attrs().stream().noneMatch(a -> a.key().equals("guid")));
        assertTrue(c.reading(ca, "PortRcvPkts").isEmpty());
        assertTrue(c.absents().stream().anyMatch(a -> a.port().equals(ca) && a.counter().equals("PortRcvPkts")
                && a.reason().contains("above 2^63-1")));
        assertEquals(0, c.measurements(IbqueryerrorsReader.PORT_ERRORS).orElseThrow().rowCount());
        assertTrue(c.warnings().isEmpty(), c.warnings().toString());
    }

    /** ibhosts' list pasted above the counters (as a user shows which hosts were asked) is not a line of ibqueryerrors. */
    @Test void aNodeListPastedAboveIsNoise() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 30; i++) text.append(String.format("Ca\t: 0x0002c9030011aa%02x ports 2 \"node%02d HCA-1\"%n", i, i));
        text.append("Switch\t: 0x7cfe9003001a2b3c ports 36 \"leaf07\" enhanced port 0 lid 3 lmc 0\n\n");
        text.append("Data Counters for 0x0002c9030011aa10 \"node16 HCA-1\"\n"
                + "   GUID 0x0002c9030011aa10 port 1: [PortXmitData == 12 (48.000B)] [PortRcvData == 7 (28.000B)]"
                + " [PortXmitPkts == 1 (1.000 )] [PortRcvPkts == 2 (2.000 )]\n"
                + "       Link info:    122   1[  ] ==( 4X          10.0 Gbps Active/  LinkUp)==>  0x0002c90200429160      2   34[  ] \"l-2-3 IS5030\" ( )\n");
        Input in = Input.ofText("pasted.txt", text.toString());
        assertEquals("ibqueryerrors", Readers.standard().choose(in).format());
        Capture c = Readers.standard().read(in);
        assertEquals(List.of("guid 0x0002c9030011aa10/1"), c.ports());
        assertEquals(12, c.reading("guid 0x0002c9030011aa10/1", "PortXmitData").orElseThrow().value());
        assertEquals(java.util.Optional.of("122"), c.attr("guid 0x0002c9030011aa10/1", "lid"), "the Link info line's own LID");
        Capture pq = Readers.standard().read(Input.ofText("pq.txt", "# Port extended counters: Lid 122 port 1\n"
                + "PortXmitData:....................12\nPortRcvData:.....................7\n"
                + "PortXmitPkts:....................1\nPortRcvPkts:.....................2\nSymbolErrorCounter:..............3\n"));
        org.fabriclab.snapshot.Snapshot s = org.fabriclab.snapshot.Snapshot.ofCaptures("t", List.of(c, pq));
        assertEquals(1, s.ports().size(), "ibqueryerrors' port and perfquery's lid 122/1 are one port: " + s.ports());
    }

    @Test void thresholdFileIsReadAsStrtoulDoes() {
        Input in = GoldenCapture.input(getClass(), "error_thresholds");
        assertEquals("error-thresholds", Readers.standard().choose(in).format(), "not the collection-script fallback");
        Capture c = Readers.standard().read(in);
        assertTrue(c.readings().isEmpty(), "thresholds are not counter values");
        Table t = c.measurements(IbqueryerrorsReader.THRESHOLDS).orElseThrow();
        assertEquals(List.of("SymbolErrorCounter", "LinkDownedCounter", "PortRcvErrors", "PortXmitWait"), t.stringColumn("counter").asList());
        assertEquals(List.of(10L, 2L, 8L, 1000L), t.longColumn("threshold").asList(), "0x2 hex, 010 octal");
    }

    @Test void badInput() {
        BadCaptureInput.fails(new IbqueryerrorsReader(), "q.txt", "Errors for \"h\"\n   GUID 0x1 port 1: [SymbolErrorCounter == 5x]\n", 2,
                "5x");
        BadCaptureInput.fails(new IbqueryerrorsReader(), "q.txt", "Errors for \"h\"\n   GUID 0x1 port 1:\n", 2, "without '[Name == value]'");
        BadCaptureInput.fails(new ErrorThresholdsReader(), "t", "SymbolErrorCounter=09\n", 1, "strtoul");
    }
}
