package org.fabriclab.kernel.eval;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * {@code System.in} for cells: when its buffer is empty a read asks {@link Input} for one line
 * (with no prompt) and serves its UTF-8 bytes and a {@code \n}; {@code null} (end of input) reads as
 * -1 once, and the next read asks again (a console user may type more after Ctrl-D). A read that
 * cannot ask throws {@link NoInputException}.
 */
final class LineInput extends InputStream {
    private byte[] buf = new byte[0];
    private int pos;

    @Override public synchronized int read() {
        if (!fill()) return -1;
        return buf[pos++] & 0xff;
    }

    @Override public synchronized int read(byte[] b, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) return 0;
        if (!fill()) return -1;
        int n = Math.min(len, buf.length - pos);
        System.arraycopy(buf, pos, b, off, n);
        pos += n;
        return n;
    }

    @Override public synchronized int available() { return buf.length - pos; }

    /** Makes sure bytes are buffered; false at end of input. */
    private boolean fill() {
        if (pos < buf.length) return true;
        String line = Input.ask("", false);
        if (line == null) return false;
        buf = (line + "\n").getBytes(StandardCharsets.UTF_8);
        pos = 0;
        return true;
    }
}
