package org.fabriclab.capture.perfquery;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.catalogue.Source;

/**
 * Reads {@code perfquery} output: one or more blocks, each opened by a header such as
 * {@code # Port extended counters: Lid 1719 port 1 (CapMask: 0x5300 CapMask2: 0x0000002)} and
 * followed by {@code Name:.....value} lines. {@code -l} and port lists concatenate blocks;
 * {@code -E}/{@code -D} detail blocks and {@code -X}/{@code -S} per-SL blocks are read too. The port
 * is {@code lid <decimal>/<port>} (a hex LID is normalised) with attributes {@code lid},
 * {@code port_num}, {@code cap_mask}, {@code cap_mask2}. {@code ibwarn:}/{@code iberror:} lines and
 * text outside blocks are skipped and counted as noise; {@code PortSelect}, {@code CounterSelect},
 * {@code CounterSelect2} are not readings. A file mixing classic and {@code -x} blocks of a port
 * keeps both copies of a counter only when they agree or the classic one is pegged
 * ({@link ClassicCopies}).
 *
 * <pre>{@code
 * Capture c = new PerfqueryReader().read(Input.of(Path.of("perfquery_x.out")));
 * c.reading("lid 1719/1", "PortXmitData").get().value();   // 4-octet words
 * }</pre>
 */
public final class PerfqueryReader implements CaptureReader {
    /**
     * Characters from which a file is read in chunks on several threads (when the machine has
     * several cores and {@code -Dfabriclab.threads} is not 1): {@value}.
     */
    public static final int PARALLEL_MIN_CHARS = Chunks.MIN_PARALLEL_CHARS;

    @Override public String format() { return "perfquery"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        List<String> head = in.head(20);
        int dotted = 0;
        for (String l : head) {
            if (BlockHeader.isHeader(l)) return 95;
            int colon = l.indexOf(':');
            if (colon > 0 && colon + 1 < l.length() && l.charAt(colon + 1) == '.' && isIdentifier(l, 0, colon)) dotted++;
        }
        return dotted >= 3 ? 60 : 0;
    }

    /**
     * Reads the file; a large one that does not mix classic and extended blocks is cut at block
     * headers and its chunks parsed in parallel ({@link Chunks}), with the same result as a serial
     * read: the same readings, absent counters, attributes and warnings in the same order, and the
     * same first error.
     *
     * @throws CaptureException naming the file, the line and what was expected
     */
    @Override public Capture read(Input in) {
        String text = in.text();
        return read(in, Chunks.chunkCount(text.length()));
    }

    /** {@link #read(Input)} cut into at most {@code chunks} chunks (1: serially); for tests. */
    Capture read(Input in, int chunks) {
        String file = in.name();
        String text = in.text();
        // the hot loop scans bytes (one per char, offsets equal to the string's); names and errors use the string
        byte[] a = in.latin1();
        List<Chunk> parts = parse(file, text, a, chunks <= 1 ? new int[] {0} : Chunks.cuts(text, chunks), false);
        boolean classic = false;
        boolean extended = false;
        for (Chunk k : parts) {
            classic |= k.classicPhrase();
            extended |= k.extendedPhrase();
        }
        // a file holding both kinds of block compares the copies of a port's counters across the whole
        // file: read again, serially, with the classic copies buffered (the same lines, so no other error)
        if (classic && extended) parts = parse(file, text, a, new int[] {0}, true);
        Capture.Builder b = Capture.builder(Source.PERFQUERY, file);
        Map<String, Integer> described = new HashMap<>();
        int blocks = 0;
        int noise = 0;
        for (Chunk k : parts) {
            for (Chunk.Opened o : k.headers()) describe(b, described, o.header(), file, o.line());
            blocks += k.blocks();
            noise += k.noise();
        }
        if (blocks == 0) {
            throw new CaptureException(file, 0, "no perfquery block found; expected a '# Port counters: Lid <lid> port "
                    + "<port>' or '# Port extended counters: ...' header");
        }
        for (Chunk k : parts) {
            k.flush();
            b.append(k.builder());
        }
        b.noise(noise);
        return b.build();
    }

    /** The chunks starting at {@code cuts}, parsed (in parallel when there are several). */
    private static List<Chunk> parse(String file, String text, byte[] a, int[] cuts, boolean mixed) {
        int[] lines = Chunks.firstLines(a, cuts);
        List<Chunk> parts = new ArrayList<>(cuts.length);
        for (int k = 0; k < cuts.length; k++) {
            int to = k + 1 < cuts.length ? cuts[k + 1] : text.length();
            parts.add(new Chunk(file, text, a, cuts[k], to, lines[k], Capture.builder(Source.PERFQUERY, file), mixed));
        }
        if (parts.size() == 1) parts.get(0).parse();
        else Chunks.parse(parts);
        return parts;
    }

    /**
     * A block's port attributes, each once per port (the first block that has it gives its line):
     * {@code lid} and {@code port_num}, {@code cap_mask}, {@code cap_mask2}; and the warning for an
     * aggregate over all ports.
     */
    private static void describe(Capture.Builder b, Map<String, Integer> described, BlockHeader header, String file, int line) {
        String port = header.portId();
        // bit 1 lid and port_num, 2 cap_mask, 4 cap_mask2
        int had = described.getOrDefault(port, 0);
        int has = had;
        if ((has & 1) == 0) {
            b.attr(port, PortAttr.LID, Long.toString(header.lid()), line);
            b.attr(port, PortAttr.PORT_NUM, Integer.toString(header.port()), line);
            has |= 1;
        }
        if (header.capMask() != null && (has & 2) == 0) { b.attr(port, "cap_mask", header.capMask(), line); has |= 2; }
        if (header.capMask2() != null && (has & 4) == 0) { b.attr(port, "cap_mask2", header.capMask2(), line); has |= 4; }
        if (has != had) described.put(port, has);
        if (header.port() == 255) {
            b.warn(file + ":" + line + ": counters aggregated over all ports (perfquery -a), read as port 255");
        }
    }

    static boolean isIdentifier(CharSequence t, int from, int to) {
        if (from >= to || !Character.isLetter(t.charAt(from))) return false;
        for (int i = from + 1; i < to; i++) {
            char ch = t.charAt(i);
            if (!(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' || ch == '_')) return false;
        }
        return true;
    }
}
