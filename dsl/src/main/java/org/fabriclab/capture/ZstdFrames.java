package org.fabriclab.capture;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * A zstd stream less its skippable frames (RFC 8878 section 3.1.2: magic {@code 0x184D2A50}..{@code 0x184D2A5F}, a
 * 4-byte little-endian size, that many bytes a decoder ignores), as {@code zstd -d} reads it: {@code pzstd} writes one
 * before each frame it compresses in parallel, and aircompressor's decoder reads zstd frames only. Each zstd frame is
 * walked by its header and block headers (section 3.1.1) and passed on byte for byte, so the frame boundaries are known
 * without decoding; bytes that are neither frame are passed on as they are, for the decoder to refuse.
 *
 * <pre>{@code
 * new io.airlift.compress.zstd.ZstdInputStream(new ZstdFrames(raw));   // pzstd's output decoded
 * }</pre>
 */
final class ZstdFrames extends InputStream {
    private static final int ZSTD_MAGIC = 0xFD2FB528;
    private static final int[] DICT_ID_BYTES = {0, 1, 2, 4};

    private enum Next { FRAME, BLOCK, REST }

    private final InputStream in;
    /** Header bytes read and still to pass on. */
    private final byte[] queued = new byte[8];
    private int queuedFrom, queuedTo;
    /** Bytes of the current frame to pass on unparsed: a header's rest, a block's content, the checksum. */
    private long body;
    private Next next = Next.FRAME;
    private boolean checksum;

    ZstdFrames(InputStream in) { this.in = in; }

    @Override public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    /**
     * @throws EOFException when a skippable frame ends before its declared size
     * @throws IOException as the underlying stream throws
     */
    @Override public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) return 0;
        while (true) {
            if (queuedFrom < queuedTo) {
                int n = Math.min(len, queuedTo - queuedFrom);
                System.arraycopy(queued, queuedFrom, b, off, n);
                queuedFrom += n;
                return n;
            }
            if (body > 0) {
                int n = in.read(b, off, (int) Math.min(len, body));
                if (n > 0) body -= n;
                return n;
            }
            switch (next) {
                case REST -> { return in.read(b, off, len); }
                case FRAME -> { if (!frame()) return -1; }
                case BLOCK -> block();
            }
        }
    }

    /** The next frame's start: a skippable frame skipped, a zstd frame's header queued; false at the end of the stream. */
    private boolean frame() throws IOException {
        while (true) {
            int n = fill(4);
            if (n == 0) return false;
            if (n < 4) {
                next = Next.REST;
                return true;
            }
            int magic = le(0, 4);
            if ((magic & 0xFFFFFFF0) == 0x184D2A50) {
                queuedTo = 0;
                if (fill(4) < 4) throw new EOFException("zstd skippable frame ends early");
                long size = le(0, 4) & 0xFFFFFFFFL;
                queuedTo = 0;
                skipSkippable(size);
                continue;
            }
            if (magic != ZSTD_MAGIC) {
                next = Next.REST;
                return true;
            }
            int got = in.read();
            if (got < 0) {
                next = Next.REST;
                return true;
            }
            queued[queuedTo++] = (byte) got;
            int fhd = got & 0xff;
            boolean single = (fhd >> 5 & 1) != 0;
            int fcs = fhd >>> 6;
            checksum = (fhd >> 2 & 1) != 0;
            body = (single ? 0 : 1) + DICT_ID_BYTES[fhd & 3] + (fcs == 0 ? (single ? 1 : 0) : 1 << fcs);
            next = Next.BLOCK;
            return true;
        }
    }

    /** A block's 3-byte header queued, its content (and after the last block, the frame's checksum) to pass on. */
    private void block() throws IOException {
        queuedFrom = queuedTo = 0;
        if (fill(3) < 3) {
            next = Next.REST;
            return;
        }
        int h = le(0, 3);
        boolean last = (h & 1) != 0;
        int type = h >> 1 & 3;
        int size = h >>> 3;
        // raw and compressed blocks carry their size in bytes; an RLE block one byte; the reserved type nothing (the decoder refuses it)
        body = type == 1 ? 1 : type == 3 ? 0 : size;
        if (last) {
            if (checksum) body += 4;
            next = Next.FRAME;
        }
    }

    /** Reads up to {@code n} more bytes into {@link #queued} (from its start); how many were read, fewer only at the end. */
    private int fill(int n) throws IOException {
        queuedFrom = 0;
        queuedTo = 0;
        while (queuedTo < n) {
            int r = in.read(queued, queuedTo, n - queuedTo);
            if (r < 0) break;
            queuedTo += r;
        }
        return queuedTo;
    }

    private int le(int from, int n) {
        int v = 0;
        for (int i = n - 1; i >= 0; i--) v = v << 8 | (queued[from + i] & 0xff);
        return v;
    }

    private void skipSkippable(long n) throws IOException {
        byte[] buf = new byte[(int) Math.min(n, 8192)];
        while (n > 0) {
            int r = in.read(buf, 0, (int) Math.min(n, buf.length));
            if (r < 0) throw new EOFException("zstd skippable frame ends early");
            n -= r;
        }
    }

    @Override public void close() throws IOException { in.close(); }
}
