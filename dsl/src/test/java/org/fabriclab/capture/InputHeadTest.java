package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** {@link Input#head(int)} splits lines exactly as {@link Input#lines()} does, whichever is asked first. */
class InputHeadTest {
    private static List<String> nonBlank(List<String> lines, int n) {
        return lines.stream().filter(l -> !l.isBlank()).limit(n).toList();
    }

    @Test void headSplitsAsLinesDoesForEveryLineEnding() {
        String[] texts = {
            "a:1\nb:2\n",
            "a:1\r\nb:2\r\n",
            "a:1\rb:2\rc:3",                    // a lone CR ends a line (old Mac files), as String.lines() has it
            "\r\n \r\n\ta:1\r\r\nb:2",          // blank lines of every ending before the first one
            "\n\n",
            "",
            "x\r",
        };
        for (String t : texts) {
            for (int n = 1; n <= 3; n++) {
                Input fresh = Input.ofText("t", t);
                List<String> head = fresh.head(n);                      // scanned on the text
                Input split = Input.ofText("t", t);
                List<String> all = split.lines();
                assertEquals(nonBlank(all, n), head, "head(" + n + ") of " + t.replace("\r", "\\r").replace("\n", "\\n"));
                assertEquals(head, split.head(n), "head after lines()");  // from the lines already split
            }
        }
    }

    @Test void aGrepDumpWithLoneCarriageReturnsIsSniffedOnItsFirstLine() {
        // the first line alone ("eth0:rx_packets: 1") decides; a lone CR must not glue it to the next
        Input in = Input.ofText("d.txt", "eth0:rx_packets: 1\reth0:tx_packets: 2\reth1:rx_packets: 3\reth1:tx_packets: 4\r");
        List<Input> parts = MultiFileDump.grepH(in);
        assertEquals(2, parts == null ? 0 : parts.size());
    }
}
