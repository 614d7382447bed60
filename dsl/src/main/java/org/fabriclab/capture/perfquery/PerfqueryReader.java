package org.fabriclab.capture.perfquery;

import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Values;
import org.fabriclab.capture.LineCursor;
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

    private static final byte LETTER = 1;
    private static final byte DIGIT_OR_UNDERSCORE = 2;
    /** Identifier characters of perfquery field names, by ASCII code. */
    private static final byte[] IDENT = new byte[128];

    static {
        for (char ch = 'a'; ch <= 'z'; ch++) IDENT[ch] = LETTER;
        for (char ch = 'A'; ch <= 'Z'; ch++) IDENT[ch] = LETTER;
        for (char ch = '0'; ch <= '9'; ch++) IDENT[ch] = DIGIT_OR_UNDERSCORE;
        IDENT['_'] = DIGIT_OR_UNDERSCORE;
    }

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

    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.PERFQUERY, file);
        LineCursor c = new LineCursor(in.text());
        String text = c.text();
        // the hot loop scans bytes (one per char, offsets equal to the string's); names and errors use the string
        byte[] a = text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        Block block = null;
        java.util.Map<String, Integer> described = new java.util.HashMap<>();
        boolean mixed = text.contains("# Port counters:") && text.contains("# Port extended counters:");
        ClassicCopies copies = new ClassicCopies(b, mixed);
        int blocks = 0;
        int noise = 0;
        boolean skipping = false;
        while (c.next()) {
            int s = c.skipSpace(c.start());
            int e = c.end();
            if (s >= e) { noise++; continue; }
            char first = text.charAt(s);
            if (first == '#') {
                String line = text.substring(s, e);
                BlockHeader h = BlockHeader.parse(line, file, c.number());
                if (h == null) {
                    noise++;
                    if (line.contains("Lid ") && line.contains(" port ")) {
                        // another perfquery attribute (-c PortSamplesControl): not counters, skip to the next block
                        if (block != null) block.finish();
                        block = null;
                        skipping = true;
                    }
                    continue;
                }
                if (block != null) block.finish();
                skipping = false;
                block = new Block(h, b, copies, file, c.number(), described);
                blocks++;
                continue;
            }
            // one pass over the name: identifier characters up to ':', hashing for the name cache
            if (first >= 128 || IDENT[first] != LETTER) { noise++; continue; }
            int colon = s;
            int hash = 0;
            int ch = first;
            while (colon < e && (ch = a[colon] & 0xff) != ':') {
                if (ch >= 128 || IDENT[ch] == 0) break;
                hash = 31 * hash + ch;
                colon++;
            }
            if (colon >= e || ch != ':') { noise++; continue; }
            int v = colon + 1;
            while (v < e && a[v] == '.') v++;
            boolean dotted = v > colon + 1;
            if (!dotted && isToolMessage(c, s)) { noise++; continue; }
            while (v < e && (a[v] == ' ' || a[v] == '\t')) v++;
            int ve = e;
            while (ve > v && (a[ve - 1] == ' ' || a[ve - 1] == '\t')) ve--;
            if (block == null) {
                if (dotted && !skipping) {
                    throw new CaptureException(file, c.number(), "counter line before any perfquery header; expected a "
                            + "'# Port counters: Lid <lid> port <port>' line first (is the file cut at the start?)");
                }
                noise++;
                continue;
            }
            block.field(text, a, s, colon, hash, v, ve, c);
        }
        if (block != null) block.finish();
        if (blocks == 0) {
            throw new CaptureException(file, 0, "no perfquery block found; expected a '# Port counters: Lid <lid> port "
                    + "<port>' or '# Port extended counters: ...' header");
        }
        copies.flush(file);
        b.noise(noise);
        return b.build();
    }

    /** {@code ibwarn: ...}, {@code perfquery: iberror: ...}: messages of the tool, not counters. */
    private static boolean isToolMessage(LineCursor c, int s) {
        String text = c.text();
        return text.startsWith("ibwarn", s) || text.startsWith("iberror", s) || text.startsWith("ibpanic", s)
                || c.contains("iberror:") || c.contains("ibwarn:") || c.contains("ibpanic:");
    }


    static boolean isIdentifier(CharSequence t, int from, int to) {
        if (from >= to || !Character.isLetter(t.charAt(from))) return false;
        for (int i = from + 1; i < to; i++) {
            char ch = t.charAt(i);
            if (!(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' || ch == '_')) return false;
        }
        return true;
    }

    /** One block being read: checks its counters and that it was not cut short. */
    private static final class Block {
        private final BlockHeader header;
        private final Capture.Builder b;
        private final ClassicCopies copies;
        private final String file;
        private final int line;
        private final String port;
        private int counters;
        private int required;

        Block(BlockHeader header, Capture.Builder b, ClassicCopies copies, String file, int line,
              java.util.Map<String, Integer> described) {
            this.header = header;
            this.b = b;
            this.copies = copies;
            this.file = file;
            this.line = line;
            this.port = header.portId();
            // attributes once per port: bit 1 lid and port_num, 2 cap_mask, 4 cap_mask2
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

        void field(String text, byte[] a, int s, int colon, int hash, int v, int ve, LineCursor c) {
            int len = colon - s;
            if (len == 10 && text.startsWith("PortSelect", s)) return;
            if ((len == 13 || len == 14 && text.charAt(s + 13) == '2') && text.startsWith("CounterSelect", s)) return;
            if (v >= ve) {
                throw new CaptureException(file, c.number(), "counter " + text.substring(s, colon)
                        + " has no value; expected 'Name:....<integer>' (is the file cut here?)");
            }
            long value = Values.parseDecimal(a, v, ve);
            if (value < 0) value = c.counter(v, ve, file);
            String raw = c.name(s, colon, hash);
            String reserved = header.reserved(raw);
            if (reserved != null) {
                if (!raw.equals("CounterSelect2")) b.absent(header.source(), port, raw, c.number(), reserved);
                counters++;
                if (header.kind().isRequired(raw)) required++;
                return;
            }
            copies.add(header.source(), port, raw, value, c.number());
            counters++;
            if (header.kind().isRequired(raw)) required++;
        }

        void finish() {
            if (counters == 0) {
                throw new CaptureException(file, line, "perfquery block '" + header.title() + "' holds no counters "
                        + "(is the file cut after its header?)");
            }
            int need = header.kind().required().size();
            if (required < need) {
                throw new CaptureException(file, line, "perfquery block '" + header.title() + "' ends after "
                        + counters + " counters but lacks some of " + header.kind().required()
                        + " that perfquery always prints (is the file cut?)");
            }
        }
    }
}
