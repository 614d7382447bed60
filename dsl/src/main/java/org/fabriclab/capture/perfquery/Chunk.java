package org.fabriclab.capture.perfquery;

import java.util.ArrayList;
import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Source;

/**
 * One run of lines of a perfquery file, parsed into its own builder: the whole file when it is read
 * serially, or one of the chunks a large file is cut into at block headers ({@link Chunks}). A chunk
 * holds its counters and absent counters in line order and the headers of the blocks it opened
 * ({@link #headers()}); the port attributes, which perfquery prints once per port but a file may
 * repeat in another block, are made from the headers when the chunks are joined in file order
 * ({@link PerfqueryReader}), so a chunk needs nothing from the chunks before it. A chunk that starts
 * at a block header begins in exactly the state the serial reader is in at that line.
 *
 * <pre>{@code
 * Chunk k = new Chunk("pq.txt", text, bytes, 0, text.length(), 1, builder, false);
 * k.parse();   // throws the first CaptureException of its lines
 * }</pre>
 */
final class Chunk {
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

    private static final Catalogue CATALOGUE = Catalogue.standard();

    /** A block header this chunk opened, at its 1-based line. */
    record Opened(BlockHeader header, int line) {}

    private final String file;
    private final String text;
    private final byte[] a;
    private final LineCursor c;
    private final Capture.Builder b;
    private final ClassicCopies copies;
    private final List<Opened> headers = new ArrayList<>();
    private int blocks;
    private int noise;
    private Block block;
    private boolean skipping;
    private boolean classicPhrase;
    private boolean extendedPhrase;

    /**
     * Lines {@code text[from, to)} of {@code file}, the first of them line {@code firstLine};
     * {@code a} is the whole text as ISO-8859-1 bytes (shared, read only). {@code mixed}: the file
     * holds classic and extended blocks, so classic copies are buffered and compared
     * ({@link ClassicCopies}); only a chunk that is the whole file may be mixed.
     */
    Chunk(String file, String text, byte[] a, int from, int to, int firstLine, Capture.Builder b, boolean mixed) {
        this.file = file;
        this.text = text;
        this.a = a;
        this.c = new LineCursor(text, from, to, firstLine);
        this.b = b;
        this.copies = new ClassicCopies(b, mixed);
    }

    Capture.Builder builder() { return b; }

    /** The block headers this chunk opened, in line order. */
    List<Opened> headers() { return headers; }

    int blocks() { return blocks; }

    int noise() { return noise; }

    /** Parses the chunk's lines; throws the first {@link CaptureException} among them. */
    void parse() {
        while (c.next()) {
            if (!line()) phrases();
        }
        if (block != null) block.finish();
        block = null;
    }

    /**
     * True when some line of the chunk contains {@code # Port counters:} (the classic header's
     * words, anywhere in a line), and likewise {@link #extendedPhrase()}: a file with both mixes
     * classic and extended blocks ({@link ClassicCopies}).
     */
    boolean classicPhrase() { return classicPhrase; }

    boolean extendedPhrase() { return extendedPhrase; }

    /** Notes which header phrases the current line contains (only a line with a '#' can). */
    private void phrases() {
        if (c.indexOf('#') < 0) return;
        if (c.contains("# Port counters:")) classicPhrase = true;
        if (c.contains("# Port extended counters:")) extendedPhrase = true;
    }

    /**
     * Reads the current line; true only for a line of the form {@code Name:....<decimal>} (with
     * blanks around), which holds no '#' and so no header phrase.
     */
    private boolean line() {
        int s = c.skipSpace(c.start());
        int e = c.end();
        if (s >= e) { noise++; return true; }
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
                return false;
            }
            if (block != null) block.finish();
            skipping = false;
            block = new Block(h, c.number());
            headers.add(new Opened(h, c.number()));
            blocks++;
            return false;
        }
        // one pass over the name: identifier characters up to ':', hashing for the name cache
        if (first >= 128 || IDENT[first] != LETTER) { noise++; return false; }
        int colon = s;
        int hash = 0;
        int ch = first;
        while (colon < e && (ch = a[colon] & 0xff) != ':') {
            if (ch >= 128 || IDENT[ch] == 0) break;
            hash = 31 * hash + ch;
            colon++;
        }
        if (colon >= e || ch != ':') { noise++; return false; }
        int v = colon + 1;
        while (v < e && a[v] == '.') v++;
        boolean dotted = v > colon + 1;
        if (!dotted && isToolMessage(s)) { noise++; return false; }
        while (v < e && (a[v] == ' ' || a[v] == '\t')) v++;
        int ve = e;
        while (ve > v && (a[ve - 1] == ' ' || a[ve - 1] == '\t')) ve--;
        if (block == null) {
            if (dotted && !skipping) {
                throw new CaptureException(file, c.number(), "counter line before any perfquery header; expected a "
                        + "'# Port counters: Lid <lid> port <port>' line first (is the file cut at the start?)");
            }
            noise++;
            return false;
        }
        return block.field(s, colon, hash, v, ve);
    }

    /** Emits buffered classic copies (a mixed file); see {@link ClassicCopies#flush}. */
    void flush() { copies.flush(file); }

    /** {@code ibwarn: ...}, {@code perfquery: iberror: ...}: messages of the tool, not counters. */
    private boolean isToolMessage(int s) {
        return text.startsWith("ibwarn", s) || text.startsWith("iberror", s) || text.startsWith("ibpanic", s)
                || c.contains("iberror:") || c.contains("ibwarn:") || c.contains("ibpanic:");
    }

    /** One block being read: checks its counters and that it was not cut short. */
    private final class Block {
        private BlockHeader header;
        private final int line;
        private final String port;
        private boolean mayReserve;
        private int counters;
        private int required;

        Block(BlockHeader header, int line) {
            this.header = header;
            this.line = line;
            this.port = header.portId();
            this.mayReserve = header.mayReserve();
        }

        /** Reads a field line; true when its value was a plain decimal (see {@link Chunk#line()}). */
        boolean field(int s, int colon, int hash, int v, int ve) {
            int len = colon - s;
            if (len == 10 && text.startsWith("PortSelect", s)) return false;
            if ((len == 13 || len == 14 && text.charAt(s + 13) == '2') && text.startsWith("CounterSelect", s)) return false;
            if (v >= ve) {
                throw new CaptureException(file, c.number(), "counter " + text.substring(s, colon)
                        + " has no value; expected 'Name:....<integer>' (is the file cut here?)");
            }
            long value = Values.parseDecimal(a, v, ve);
            boolean decimal = value >= 0;
            String wide = null;
            if (!decimal) {
                String t = text.substring(v, ve);
                if (Values.isWide(t)) wide = t;
                else value = c.counter(v, ve, file);
            }
            String raw = c.name(s, colon, hash);
            if (counters == 0 && header.kind() == BlockKind.PORT && BlockKind.opensExtended(raw)) {
                // older perfquery printed -x output under the classic title: its fields say which block it is
                header = header.as(BlockKind.EXTENDED);
                mayReserve = header.mayReserve();
                b.warn(file + ":" + line + ": a '# Port counters:' block that holds the extended (64-bit) counters, as "
                        + "older perfquery printed 'perfquery -x': read as extended counters");
            }
            String reserved = mayReserve ? header.reserved(raw) : null;
            if (reserved == null && wide != null) {
                // above a long: a 64-bit counter pegged at 2^64-1 (an aggregate of -a saturates there), or junk
                reserved = "value " + wide + " is above 2^63-1, which fabriclab does not hold exactly (a 64-bit counter "
                        + "stops at 2^64-1 when it saturates)";
            }
            Source source = header.source();
            if (reserved != null) {
                if (!raw.equals("CounterSelect2")) b.absent(source, port, raw, c.number(), reserved);
            } else {
                copies.add(source, port, raw, value, c.number());
            }
            counters++;
            if (isRequired(source, raw)) required++;
            return decimal;
        }

        /**
         * Whether {@code raw} is one of the fields perfquery always prints for this kind of block: by its
         * name, or by the counter the catalogue binds it to (older libibmad printed the same PortCounters
         * fields under other names: SymbolErrors, XmtData, ...).
         */
        private boolean isRequired(Source source, String raw) {
            BlockKind k = header.kind();
            if (k.isRequired(raw)) return true;
            if (k.required().isEmpty()) return false;
            return CATALOGUE.lookup(source, raw).map(bd -> k.isRequired(bd.canonical())).orElse(false);
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
