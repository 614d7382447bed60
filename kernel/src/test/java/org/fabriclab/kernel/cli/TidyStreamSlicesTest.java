package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code show}'s text to stdout is measured and formatted in slices of {@link TidyStream#SLICE} rows on
 * worker threads: a capture of many slices (a 2,000-port perfquery dump: 20,000 counter rows, 6,000
 * attribute rows) prints exactly what the one-thread writer prints, whose layout TidyStreamTest checks
 * against Tablesaw's.
 */
class TidyStreamSlicesTest {
    private static final String[] COUNTERS = {"PortXmitData", "PortRcvData", "PortXmitPkts", "PortRcvPkts", "SymbolErrorCounter",
        "LinkErrorRecoveryCounter", "LinkDownedCounter", "PortRcvErrors", "PortXmitDiscards", "PortXmitWait"};

    @Test void slicesPrintWhatOneThreadPrints(@TempDir Path dir) throws Exception {
        Path dump = dir.resolve("perfquery-x.txt");
        StringBuilder sb = new StringBuilder();
        Random rnd = new Random(42);
        for (int i = 0; i < 2000; i++) {
            int lid = 2 + i / 40, port = 1 + i % 40;
            sb.append("# Port extended counters: Lid ").append(lid).append(" port ").append(port).append(" (CapMask: 0x5300)\n");
            sb.append(field("PortSelect", Integer.toString(port))).append(field("CounterSelect", "0x0000"));
            // widths vary from slice to slice: the widest cell is in the last slice only
            for (String c : COUNTERS) sb.append(field(c, Long.toString(i == 1999 ? Long.MAX_VALUE / 3 : rnd.nextInt(1 << (i % 30 + 1)))));
        }
        Files.writeString(dump, sb.toString());
        Capture cap = Readers.standard().read(dump);
        assertTrue(cap.readings().size() > 2 * TidyStream.SLICE, "rows: " + cap.readings().size());
        assertTrue(cap.attrs().size() > TidyStream.SLICE, "attributes: " + cap.attrs().size());
        for (List<Capture> caps : List.of(List.of(cap), List.of(cap, cap))) {
            StringWriter one = new StringWriter();
            TidyStream.text(caps, "captures", new PrintWriter(one, true));
            ByteArrayOutputStream sliced = new ByteArrayOutputStream();
            TidyStream.text(caps, "captures", sliced);
            assertEquals(one.toString(), sliced.toString(StandardCharsets.UTF_8));
        }
        StringWriter one = new StringWriter();
        TidyStream.attributesText(cap, "attributes", new PrintWriter(one, true));
        ByteArrayOutputStream sliced = new ByteArrayOutputStream();
        TidyStream.attributesText(cap, "attributes", sliced);
        assertEquals(one.toString(), sliced.toString(StandardCharsets.UTF_8));
    }

    private static String field(String name, String value) {
        return name + ":" + ".".repeat(Math.max(1, 32 - name.length())) + value + "\n";
    }
}
