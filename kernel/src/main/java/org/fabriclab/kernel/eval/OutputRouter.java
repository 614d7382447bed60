package org.fabriclab.kernel.eval;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

import org.fabriclab.kernel.display.DisplayLimits;

/**
 * Replaces {@code System.out} and {@code System.err} so that what cells (and the threads they
 * start) print is coalesced into few stream messages, each for the cell that printed it: bytes are
 * buffered per {@link CellOwner} of the printing thread and handed to the sink with that owner
 * {@link #DELAY_MS} after the first unflushed byte, when a buffer passes {@link #MAX_BUFFER}, or
 * when the front end calls {@link #flush()} at the end of a cell. A background thread that prints
 * after its cell ended still names that cell. Text is cut only at UTF-8 character boundaries. The
 * two streams keep their order for one cell: a write to one first sends what the other holds for
 * that cell, so {@code println} lines and an {@code e.printStackTrace()} between them arrive as
 * printed. A cell prints at most {@link DisplayLimits#maxOutput()} bytes on each stream ({@code %display
 * output=N}; default 1,000,000): what it prints beyond is dropped, and the stream ends in one note saying
 * so and how to raise the limit, so a loop printing a million lines or a 10 MB string leaves the kernel and
 * the front end (and the saved notebook) usable. Output of no known cell (fork/join pool threads) is
 * counted from the last {@link #flush()}, which front ends call at the end of each cell. The JVM's original
 * streams stay available for the kernel's own log.
 *
 * <pre>{@code
 * OutputRouter r = OutputRouter.install((owner, name, text) -> publish(owner, name, text));
 * System.out.print("a"); System.out.print("b");   // one (owner, "stdout", "ab") after ~10 ms
 * r.flush();                                       // or now
 * }</pre>
 */
public final class OutputRouter {
    public static final long DELAY_MS = 10;
    public static final int MAX_BUFFER = 64 * 1024;

    private final Channel out = new Channel("stdout");
    private final Channel err = new Channel("stderr");
    {
        out.other = err;
        err.other = out;
    }
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "fabriclab-output-flush");
        t.setDaemon(true);
        return t;
    });
    private volatile Sink sink;
    private final PrintStream originalOut = System.out;
    private final PrintStream originalErr = System.err;

    /** Receives text: the printing thread's {@link CellOwner} ({@code null}: none known), "stdout" or "stderr", the text. */
    @FunctionalInterface
    public interface Sink {
        void text(Object owner, String stream, String text);
    }

    private OutputRouter(Sink sink) { this.sink = sink; }

    /** Routes System.out/err of the whole JVM to {@code sink(name, text)}, whoever printed. */
    public static OutputRouter install(BiConsumer<String, String> sink) {
        return install(ignoringOwner(sink));
    }

    /** Routes System.out/err of the whole JVM to {@code sink(owner, name, text)}. */
    public static OutputRouter install(Sink sink) {
        OutputRouter r = new OutputRouter(sink);
        System.setOut(new PrintStream(r.out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(r.err, true, StandardCharsets.UTF_8));
        return r;
    }

    /** Sends what is buffered now (both streams, stdout first); output of no known cell is counted afresh from here. */
    public void flush() {
        out.drain();
        err.drain();
        out.forgetUnowned();
        err.forgetUnowned();
    }

    /** The note that ends a cell's stream once it passed the limit. */
    static String truncationNote(String stream, long limit) {
        return "[fabriclab: " + stream + " truncated: this cell printed more than " + String.format(java.util.Locale.ROOT, "%,d", limit)
                + " bytes there, the rest is dropped; %display output=N raises the limit (0: none), or write to a file]\n";
    }

    /** Changes where text goes (the runner points it at the current cell). */
    public void sink(BiConsumer<String, String> s) {
        flush();
        sink = ignoringOwner(s);
    }

    private static Sink ignoringOwner(BiConsumer<String, String> s) {
        return s == null ? null : (owner, name, text) -> s.accept(name, text);
    }

    /** Restores the JVM's original streams. */
    public void uninstall() {
        flush();
        System.setOut(originalOut);
        System.setErr(originalErr);
        timer.shutdownNow();
    }

    public PrintStream originalErr() { return originalErr; }

    /** One stream (stdout or stderr): a buffer per owner, in the order owners first printed. */
    private final class Channel extends OutputStream {
        private static final Object NOBODY = new Object();
        private final String name;
        private final Map<Object, ByteArrayOutputStream> bufs = new LinkedHashMap<>();
        private boolean scheduled;
        /** The other stream, drained first when it holds text of the owner writing here. */
        private Channel other;
        /** Bytes each owner (identity) printed here, for the limit; the latest owners only (a cell's threads may print long after). */
        private final Map<Owned, long[]> printed = new LinkedHashMap<>(16, 0.75f, true) {
            @Override protected boolean removeEldestEntry(Map.Entry<Owned, long[]> eldest) { return size() > 64; }
        };

        Channel(String name) { this.name = name; }

        @Override public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override public void write(byte[] b, int off, int len) {
            Object owner = CellOwner.current();
            Object key = owner == null ? NOBODY : owner;
            // what this cell printed on the other stream goes first, so the order holds (never both locks at once)
            if (other.holds(key)) other.drain();
            boolean now;
            synchronized (this) {
                long limit = DisplayLimits.maxOutput();
                byte[] note = null;
                if (limit > 0) {
                    long[] n = printed.computeIfAbsent(new Owned(key), o -> new long[] {0, '\n'}); // bytes so far, the last one
                    if (n[0] > limit) return; // past the limit: the note has been written
                    if (n[0] + len > limit) {
                        int room = (int) (limit - n[0]);
                        int line = room;
                        while (line > 0 && b[off + line - 1] != '\n') line--;
                        // whole lines: up to the slice's last line end, else none of it when a line ended before it, else
                        // (one long first line) whole characters; the note on a line of its own
                        len = line > 0 ? line : n[0] > 0 && n[1] == '\n' ? 0 : boundary(java.util.Arrays.copyOfRange(b, off, off + room));
                        boolean lineEnded = len > 0 ? b[off + len - 1] == '\n' : n[1] == '\n';
                        note = ((lineEnded ? "" : "\n") + truncationNote(name, limit)).getBytes(StandardCharsets.UTF_8);
                        n[0] = limit + 1;
                    } else {
                        n[0] += len;
                        if (len > 0) n[1] = b[off + len - 1];
                    }
                }
                ByteArrayOutputStream buf = bufs.computeIfAbsent(key, o -> new ByteArrayOutputStream());
                buf.write(b, off, len);
                if (note != null) buf.write(note, 0, note.length);
                now = buf.size() >= MAX_BUFFER;
                if (!now && !scheduled) {
                    scheduled = true;
                    timer.schedule(this::drain, DELAY_MS, TimeUnit.MILLISECONDS);
                }
            }
            if (now) drain();
        }

        synchronized void forgetUnowned() { printed.remove(new Owned(NOBODY)); }

        private synchronized boolean holds(Object key) {
            ByteArrayOutputStream buf = bufs.get(key);
            return buf != null && buf.size() > 0;
        }

        @Override public void flush() {
            // PrintStream autoflush calls this on every println: coalescing means waiting for the timer
        }

        void drain() {
            List<Object[]> texts = new ArrayList<>();
            synchronized (this) {
                scheduled = false;
                for (Iterator<Map.Entry<Object, ByteArrayOutputStream>> it = bufs.entrySet().iterator(); it.hasNext();) {
                    Map.Entry<Object, ByteArrayOutputStream> e = it.next();
                    ByteArrayOutputStream buf = e.getValue();
                    byte[] all = buf.toByteArray();
                    int cut = boundary(all);
                    if (cut == all.length) it.remove(); // owners are requests: hold none longer than its text
                    else {
                        buf.reset();
                        buf.write(all, cut, all.length - cut);
                    }
                    if (cut > 0) texts.add(new Object[] {e.getKey() == NOBODY ? null : e.getKey(), new String(all, 0, cut, StandardCharsets.UTF_8)});
                }
            }
            Sink s = sink;
            if (s != null) for (Object[] t : texts) s.text(t[0], name, (String) t[1]);
        }
    }

    /** An owner by identity (a request message's equals would compare its JSON on every write). */
    private record Owned(Object owner) {
        @Override public boolean equals(Object o) { return o instanceof Owned w && w.owner == owner; }

        @Override public int hashCode() { return System.identityHashCode(owner); }
    }

    /** Length of the prefix that ends on a complete UTF-8 character. */
    static int boundary(byte[] b) {
        int n = b.length;
        for (int back = 1; back <= Math.min(3, n); back++) {
            int c = b[n - back] & 0xff;
            if ((c & 0xC0) == 0x80) continue; // continuation byte
            int need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
            return need > back ? n - back : n;
        }
        return n;
    }
}
