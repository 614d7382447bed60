package org.fabriclab.capture.perfquery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PublicCaptureFiles;
import org.junit.jupiter.api.Test;

/**
 * The chunked (parallel) perfquery read agrees exactly with the serial one: readings, absent
 * counters, attributes, warnings and noise, each in order with their lines, and a bad file's first
 * error (file, line, message).
 */
class ParallelReadTest {
    private final PerfqueryReader reader = new PerfqueryReader();

    /** Serial and cut into 2, 3, 7, 64 and 10,000 chunks: all equal, and the cuts really happened. */
    private void agrees(Input in) {
        Capture serial = reader.read(in, 1);
        for (int chunks : new int[] {2, 3, 7, 64, 10_000}) {
            Capture par = reader.read(in, chunks);
            String what = in.name() + " in " + chunks + " chunks";
            same(serial.readings(), par.readings(), what + ", readings");
            same(serial.absents(), par.absents(), what + ", absents");
            same(serial.attrs(), par.attrs(), what + ", attributes");
            same(serial.warnings(), par.warnings(), what + ", warnings");
            assertEquals(serial.noiseLines(), par.noiseLines(), what);
            assertEquals(serial.ports(), par.ports(), what);
            assertEquals(serial.source(), par.source(), what);
        }
    }

    /** Equal lists; a difference is reported at its first index, not as two lists of 100,000 rows. */
    private static void same(List<?> expected, List<?> actual, String what) {
        for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
            if (!expected.get(i).equals(actual.get(i))) {
                throw new AssertionError(what + " differ at index " + i + ": serial " + expected.get(i) + ", chunked " + actual.get(i));
            }
        }
        assertEquals(expected.size(), actual.size(), what + ": sizes");
    }

    /** A generated dump with everything that crosses a cut: repeated ports, -E blocks, reserved fields, port 255, noise, CRLF. */
    static String generated(int ports, String eol) {
        StringBuilder sb = new StringBuilder();
        long seed = 7;
        sb.append("ibwarn: [1234] mad_rpc_open_port: client_register for mgmt 1 failed").append(eol).append(eol);
        for (int i = 0; i < ports; i++) {
            int lid = 2 + i / 36;
            int port = i % 36 == 35 ? 255 : 1 + i % 36;
            // every 5th block leaves the additional counters reserved (CapMask2 bit 1 clear): absents
            String mask2 = i % 5 == 0 ? "0x0000000" : "0x0000002";
            String capMask = i % 7 == 0 ? "" : " (CapMask: 0x5300 CapMask2: " + mask2 + ")";
            sb.append("# Port extended counters: Lid ").append(i % 3 == 0 ? "0x" + Integer.toHexString(lid) : lid)
                    .append(" port ").append(port).append(capMask).append(eol);
            sb.append("PortSelect:......................").append(port).append(eol);
            sb.append("CounterSelect:...................0x0000").append(eol);
            for (String n : List.of("PortXmitData", "PortRcvData", "PortXmitPkts", "PortRcvPkts", "PortUnicastXmitPkts")) {
                seed = seed * 6364136223846793005L + 1442695040888963407L;
                String v = i % 11 == 0 ? "0x" + Long.toHexString((seed >>> 2) % 400_000_000_000L) : Long.toString((seed >>> 2) % 400_000_000_000L);
                sb.append(n).append(":").append(".".repeat(32 - n.length())).append(v).append(eol);
            }
            sb.append("CounterSelect2:..................0x00000000").append(eol);
            for (String n : List.of("SymbolErrorCounter", "LinkDownedCounter", "PortRcvErrors", "PortXmitWait")) {
                seed = seed * 6364136223846793005L + 1442695040888963407L;
                sb.append(n).append(":").append(".".repeat(32 - n.length())).append((seed >>> 2) % 50).append(eol);
            }
            if (i % 9 == 4) sb.append("perfquery: iberror: [pid 77] ibwarn: query timed out").append(eol);
            if (i % 13 == 0) sb.append(eol).append("# a comment between blocks").append(eol);
            if (i % 17 == 3) {
                // a detail block of a port read before (attributes once per port, its own line)
                sb.append("# PortRcvErrorDetails counters: Lid ").append(lid).append(" port ").append(port).append(eol);
                sb.append("PortSelect:......................").append(port).append(eol);
                sb.append("CounterSelect:...................0x0000").append(eol);
                for (String n : BlockKind.RCV_ERROR_DETAILS.required()) {
                    sb.append(n).append(":").append(".".repeat(Math.max(1, 32 - n.length()))).append(i % 4).append(eol);
                }
            }
        }
        // a second -x run over every 10th port at the end: its attributes were given in the first run, except the
        // cap masks of the blocks printed without them (every 7th), which this run gives, at its own lines
        for (int i = 0; i < ports; i += 10) {
            int lid = 2 + i / 36;
            int port = i % 36 == 35 ? 255 : 1 + i % 36;
            sb.append("# Port extended counters: Lid ").append(lid).append(" port ").append(port)
                    .append(" (CapMask: 0x5300 CapMask2: 0x0000002)").append(eol);
            for (String n : BlockKind.EXTENDED.required()) {
                sb.append(n).append(":").append(".".repeat(32 - n.length())).append(i).append(eol);
            }
        }
        return sb.toString();
    }

    @Test void generatedDumpsAgree() {
        agrees(Input.ofText("gen.txt", generated(600, "\n")));
        agrees(Input.ofText("gen-crlf.txt", generated(250, "\r\n")));
    }

    @Test void generatedDumpIsReallyCutAtHeadersAndLinesKeepTheirNumbers() {
        String text = generated(600, "\n");
        int[] cuts = Chunks.cuts(text, 16);
        assertEquals(16, cuts.length);
        for (int k = 1; k < cuts.length; k++) {
            assertTrue(cuts[k] > cuts[k - 1]);
            assertEquals('\n', text.charAt(cuts[k] - 1));
            assertTrue(text.startsWith("# Port", cuts[k]) || text.startsWith("# PortRcvErrorDetails", cuts[k]), text.substring(cuts[k], cuts[k] + 30));
        }
        int[] lines = Chunks.firstLines(text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1), cuts);
        for (int k = 0; k < cuts.length; k++) {
            assertEquals(text.substring(0, cuts[k]).split("\n", -1).length, lines[k]);
        }
        // the chunks' readings, in order, are the serial readings: a merge out of order fails here
        Capture serial = reader.read(Input.ofText("gen.txt", text), 1);
        Capture par = reader.read(Input.ofText("gen.txt", text), 16);
        same(serial.readings(), par.readings(), "16 chunks");
        assertTrue(serial.readings().get(0).line() < serial.readings().get(serial.readings().size() - 1).line());
        assertFalse(serial.absents().isEmpty());
        assertFalse(serial.warnings().isEmpty());
    }

    @Test void largeGeneratedDumpIsReadInParallelByDefault() {
        String text = generated(4000, "\n");
        assertTrue(text.length() >= Chunks.MIN_PARALLEL_CHARS);
        Capture dflt = reader.read(Input.ofText("big.txt", text));
        Capture serial = reader.read(Input.ofText("big.txt", text), 1);
        same(serial.readings(), dflt.readings(), "default read, readings");
        same(serial.attrs(), dflt.attrs(), "default read, attributes");
        same(serial.absents(), dflt.absents(), "default read, absents");
    }

    @Test void bundledPerfqueryFilesAgree() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.walk(Path.of("../datasets"))) {
            s.filter(p -> p.getFileName().toString().startsWith("perfquery") && Files.isRegularFile(p)).sorted().forEach(files::add);
        }
        try (Stream<Path> s = Files.walk(Path.of("src/test/resources/org/fabriclab"))) {
            s.filter(p -> p.getFileName().toString().contains("perfquery") && p.toString().endsWith(".txt")).sorted().forEach(files::add);
        }
        assertTrue(files.size() >= 10, "bundled perfquery files: " + files);
        for (Path p : files) agrees(Input.of(p));
        agrees(Input.of(CaptureCsv.fixture("perfquery/mixed_blocks.txt")));
    }

    @Test void publicPerfqueryCapturesAgree() throws IOException {
        Path dir = PublicCaptureFiles.dir();
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().startsWith("perfquery_")).sorted().toList();
        }
        assertTrue(files.size() >= 4, "public perfquery captures: " + files);
        for (Path p : files) agrees(Input.of(p));
        // and all four concatenated, as one -l run over several devices would print them
        StringBuilder all = new StringBuilder();
        for (Path p : files) all.append(Files.readString(p)).append('\n');
        agrees(Input.ofText("public-concatenated.out", all.toString()));
    }

    /** A bad block in chunk 5 of 16 and another in chunk 12: both readers throw the first, the same exception. */
    @Test void firstErrorInFileOrderWins() {
        String text = generated(600, "\n");
        int[] cuts = Chunks.cuts(text, 16);
        // cut the block that opens chunk 12 short (no counters), then chunk 5's (header only, then counters of another kind)
        String bad = cutAfterHeader(cutAfterHeader(text, cuts[12]), cuts[5]);
        Input in = Input.ofText("bad.txt", bad);
        CaptureException serial = assertThrows(CaptureException.class, () -> reader.read(in, 1));
        for (int chunks : new int[] {2, 16, 64, 10_000}) {
            CaptureException par = assertThrows(CaptureException.class, () -> reader.read(in, chunks));
            assertEquals(serial.getMessage(), par.getMessage(), chunks + " chunks");
            assertEquals(serial.line(), par.line());
            assertEquals(serial.file(), par.file());
        }
        int headerLine = bad.substring(0, cuts[5]).split("\n", -1).length;
        assertEquals(headerLine, serial.line(), serial.getMessage());
        // the later error alone is found too, at its own line
        CaptureException later = assertThrows(CaptureException.class,
                () -> reader.read(Input.ofText("bad.txt", cutAfterHeader(text, cuts[12])), 16));
        assertTrue(later.line() > serial.line());
    }

    /** Drops the counter lines of the block whose header starts at {@code at} (the header stays). */
    private static String cutAfterHeader(String text, int at) {
        int bodyFrom = text.indexOf('\n', at) + 1;
        int next = text.indexOf("\n#", bodyFrom);
        int bodyTo = next < 0 ? text.length() : next + 1;
        return text.substring(0, bodyFrom) + "\n".repeat((int) text.substring(bodyFrom, bodyTo).chars().filter(c -> c == '\n').count())
                + text.substring(bodyTo);
    }

    @Test void aMixedFileIsReadSeriallyAndStillAgrees() {
        String text = "# Port counters: Lid 5 port 1 (CapMask: 0x1400)\n" + classicBody() + generated(300, "\n");
        agrees(Input.ofText("mixed.txt", text));
    }

    private static String classicBody() {
        StringBuilder sb = new StringBuilder();
        for (String n : BlockKind.PORT.required()) sb.append(n).append(":").append(".".repeat(Math.max(1, 32 - n.length()))).append(3).append('\n');
        return sb.toString();
    }
}
