package org.fabriclab.capture.perfquery;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.Capture;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Source;

/**
 * A file holding both {@code perfquery} and {@code perfquery -x} blocks for a port has two copies of
 * the error and data counters, read by two queries at slightly different moments. A classic copy
 * that equals its 64-bit twin, or is pegged at its cap, is kept (the snapshot then prefers the wide
 * one); one that merely lags the live 64-bit copy is dropped, counted and warned, because a
 * snapshot holds one value per port and counter. Files with only one kind of block pass straight
 * through, unbuffered.
 *
 * <pre>{@code
 * ClassicCopies copies = new ClassicCopies(builder, true);
 * copies.add(Source.PERFQUERY, "lid 5/1", "PortRcvErrors", 12, 3);
 * copies.add(Source.PERFQUERY_X, "lid 5/1", "PortRcvErrors", 14, 30);
 * copies.flush("pq.txt");   // 1 dropped: the classic copy lagged
 * }</pre>
 */
final class ClassicCopies {
    private record Pending(Source source, String port, String raw, long value, int line) {}

    private final Capture.Builder b;
    private final boolean buffer;
    private final List<Pending> pending = new ArrayList<>();
    private final Map<String, Long> extended = new HashMap<>();

    /** {@code buffer}: the file mixes classic and extended blocks, so copies must be compared. */
    ClassicCopies(Capture.Builder b, boolean buffer) {
        this.b = b;
        this.buffer = buffer;
    }

    void add(Source source, String port, String raw, long value, int line) {
        if (!buffer) {
            b.counter(source, port, raw, value, line);
            return;
        }
        pending.add(new Pending(source, port, raw, value, line));
        if (source == Source.PERFQUERY_X) extended.put(port + '\u0000' + raw, value);
    }

    /** Emits the buffered counters in file order; returns how many lagging classic copies were dropped. */
    int flush(String file) {
        int dropped = 0;
        String first = null;
        Catalogue cat = Catalogue.standard();
        for (Pending p : pending) {
            if (p.source() == Source.PERFQUERY) {
                Long wide = extended.get(p.port() + '\u0000' + p.raw());
                if (wide != null && wide != p.value()) {
                    boolean pegged = cat.lookup(Source.PERFQUERY, p.raw()).map(bd -> bd.field().isPegged(p.value()))
                            .orElse(false);
                    if (!pegged) {
                        dropped++;
                        if (first == null) {
                            first = p.port() + " " + p.raw() + " = " + p.value() + " at line " + p.line() + " vs " + wide;
                        }
                        continue;
                    }
                }
            }
            b.counter(p.source(), p.port(), p.raw(), p.value(), p.line());
        }
        if (dropped > 0) {
            b.warn(file + ": " + dropped + " classic (perfquery) counter(s) differ from the 64-bit (perfquery -x) copy "
                    + "of the same port, read at another moment, and are not pegged; kept the 64-bit copies (first: "
                    + first + ")");
        }
        pending.clear();
        return dropped;
    }
}
