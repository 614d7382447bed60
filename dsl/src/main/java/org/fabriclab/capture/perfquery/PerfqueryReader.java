package org.fabriclab.capture.perfquery;

import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
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
 * {@code CounterSelect2} are not readings.
 *
 * <pre>{@code
 * Capture c = new PerfqueryReader().read(Input.of(Path.of("perfquery_x.out")));
 * c.reading("lid 1719/1", "PortXmitData").get().value();   // 4-octet words
 * }</pre>
 */
public final class PerfqueryReader implements CaptureReader {

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
        Block block = null;
        java.util.Set<String> described = new java.util.HashSet<>();
        int blocks = 0;
        int noise = 0;
        while (c.next()) {
            int s = c.skipSpace(c.start());
            int e = c.end();
            if (s >= e) { noise++; continue; }
            char first = text.charAt(s);
            if (first == '#') {
                BlockHeader h = BlockHeader.parse(text.substring(s, e), file, c.number());
                if (h == null) { noise++; continue; }
                if (block != null) block.finish();
                block = new Block(h, b, file, c.number(), described);
                blocks++;
                continue;
            }
            int colon = c.indexOf(':', s);
            if (colon < 0 || !isIdentifier(text, s, colon) || isToolMessage(c, s, colon)) { noise++; continue; }
            int v = colon + 1;
            while (v < e && text.charAt(v) == '.') v++;
            boolean dotted = v > colon + 1;
            v = c.skipSpace(v);
            int ve = c.trimEnd(v);
            if (block == null) {
                if (dotted) {
                    throw new CaptureException(file, c.number(), "counter line before any perfquery header; expected a "
                            + "'# Port counters: Lid <lid> port <port>' line first (is the file cut at the start?)");
                }
                noise++;
                continue;
            }
            block.field(text, s, colon, v, ve, c);
        }
        if (block != null) block.finish();
        if (blocks == 0) {
            throw new CaptureException(file, 0, "no perfquery block found; expected a '# Port counters: Lid <lid> port "
                    + "<port>' or '# Port extended counters: ...' header");
        }
        b.noise(noise);
        return b.build();
    }

    /** {@code ibwarn: ...}, {@code perfquery: iberror: ...}: messages of the tool, not counters. */
    private static boolean isToolMessage(LineCursor c, int s, int colon) {
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
        private final String file;
        private final int line;
        private final String port;
        private int counters;
        private int required;

        Block(BlockHeader header, Capture.Builder b, String file, int line, java.util.Set<String> described) {
            this.header = header;
            this.b = b;
            this.file = file;
            this.line = line;
            this.port = header.portId();
            if (described.add(port)) {
                b.attr(port, PortAttr.LID, Long.toString(header.lid()), line);
                b.attr(port, PortAttr.PORT_NUM, Integer.toString(header.port()), line);
            }
            if (header.capMask() != null && described.add(port + " cap_mask")) b.attr(port, "cap_mask", header.capMask(), line);
            if (header.capMask2() != null && described.add(port + " cap_mask2")) {
                b.attr(port, "cap_mask2", header.capMask2(), line);
            }
            if (header.port() == 255) {
                b.warn(file + ":" + line + ": counters aggregated over all ports (perfquery -a), read as port 255");
            }
        }

        void field(String text, int s, int colon, int v, int ve, LineCursor c) {
            int len = colon - s;
            if (len == 10 && text.startsWith("PortSelect", s)) return;
            if (text.startsWith("CounterSelect", s) && (len == 13 || len == 14 && text.charAt(s + 13) == '2')) return;
            if (v >= ve) {
                throw new CaptureException(file, c.number(), "counter " + text.substring(s, colon)
                        + " has no value; expected 'Name:....<integer>' (is the file cut here?)");
            }
            long value = c.counter(v, ve, file);
            String raw = text.substring(s, colon);
            b.counter(header.source(), port, raw, value, c.number());
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
