package org.fabriclab.capture.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabriclab.capture.BadCaptureInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.GoldenCapture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.fabriclab.catalogue.Source;
import org.junit.jupiter.api.Test;

/**
 * The fallback reader on a collection script's output (a fixture in the shape such scripts print:
 * a banner, per-port header lines, known counters as {@code name: value}, {@code name=value},
 * {@code name value}, and script lines the catalogue does not know).
 */
class ScriptReaderTest {
    private final ScriptReader reader = new ScriptReader();

    @Test void knownNamesUnderHeaders() {
        Input in = GoldenCapture.input(getClass(), "collect_two_ports.log");
        assertEquals("script", Readers.standard().choose(in).format());
        Capture c = Readers.standard().read(in);
        assertEquals(List.of("mlx5_0/1", "mlx5_1/1"), c.ports());
        assertEquals(3L, c.reading("mlx5_0/1", "SymbolErrorCounter").orElseThrow().value());
        assertEquals(Source.SYSFS, c.reading("mlx5_0/1", "SymbolErrorCounter").orElseThrow().source());
        assertEquals(0L, c.reading("mlx5_0/1", "PortRcvErrors").orElseThrow().value(), "name=value");
        assertEquals(1234L, c.reading("mlx5_0/1", "PortXmitWait").orElseThrow().value(), "name value");
        assertEquals(7L, c.reading("mlx5_0/1", "out_of_sequence").orElseThrow().value());
        assertEquals(99L, c.reading("mlx5_1/1", "PortXmitWait").orElseThrow().value(), "perfquery's name");
        assertTrue(c.absents().stream().anyMatch(a -> a.port().equals("mlx5_1/1") && a.counter().equals("LinkDownedCounter")));
        assertTrue(c.readings().stream().allMatch(r -> r.catalogued()), "binds only names the catalogue knows");
        assertTrue(c.readings().stream().noneMatch(r -> r.rawName().equals("uptime") || r.rawName().equals("some_script_field")));
    }

    @Test void scoresBelowEverySpecificReader() {
        Input in = GoldenCapture.input(getClass(), "collect_two_ports.log");
        int mine = reader.sniff(in);
        assertTrue(mine > 0 && mine <= ScriptReader.MAX_SCORE, "score " + mine);
        // a real ethtool -S, perfquery or sysfs capture goes to its own reader, never to the fallback
        for (String f : List.of("ethtool/named_header.txt", "perfquery/mixed_blocks.txt", "sysfs/grep_h.txt")) {
            Input other = Input.ofText(f, org.fabriclab.capture.CaptureCsv.text(f));
            int best = 0;
            for (CaptureReader r : Readers.standard().readers()) if (!(r instanceof ScriptReader)) best = Math.max(best, r.sniff(other));
            assertTrue(best > reader.sniff(other), f + ": " + best + " vs " + reader.sniff(other));
        }
    }

    @Test void aKnownNameWithJunkIsRefused() {
        BadCaptureInput.fails(reader, "x.log", "== mlx5_0 ==\nsymbol_error: 3\nlink_downed: 1\nport_rcv_errors: 12abc\n", 4, "12abc");
        BadCaptureInput.fails(reader, "x.log", "hello\nworld\n", 0, "no line 'name: value'");
    }
}
