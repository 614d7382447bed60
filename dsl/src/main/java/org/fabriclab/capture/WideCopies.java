package org.fabriclab.capture;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Binding;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Field;
import org.fabriclab.catalogue.Source;

/**
 * Emits the counters of one port when a format carries both a classic (narrow) and an extended
 * (64-bit) copy of the same counter, read by separate queries (ibdiagnet2.pm, ibdiagnet2.db_csv,
 * UFM). Both copies are emitted when they agree or when the narrow one is pegged at its cap: the
 * snapshot then keeps the wide copy. When they disagree and the narrow copy is not pegged, the two
 * queries simply ran at slightly different moments on a live port; only the wide copy is emitted
 * (a snapshot holds one value per port and counter) and the disagreement is counted. A copy whose
 * width the catalogue has not verified (UFM's {@code Infiniband_*} names) counts as narrower than a
 * verified 64-bit copy.
 *
 * <pre>{@code
 * WideCopies w = new WideCopies(Source.IBDIAGNET_PM);
 * w.add("port_xmit_pkts", 0x12526db7L, 40);
 * w.add("port_xmit_pkts_extended", 0x12526dd7L, 45);
 * int dropped = w.emit(builder, "guid 0x.../1");   // 1: the 32-bit copy lagged the 64-bit one
 * }</pre>
 */
public final class WideCopies {
    private final Source source;
    private final Catalogue catalogue;
    private final Map<String, List<Entry>> byCounter = new LinkedHashMap<>();
    private int inconsistentWide;
    private String firstInconsistent;

    private record Entry(String raw, long value, int line, int width, Field field) {}

    public WideCopies(Source source) { this(source, Catalogue.standard()); }

    public WideCopies(Source source, Catalogue catalogue) {
        this.source = source;
        this.catalogue = catalogue;
    }

    /** Records one raw counter of the current port. */
    public void add(String rawName, long value, int line) {
        var b = catalogue.lookup(source, rawName);
        String key = b.map(Binding::canonical).orElse(rawName);
        int width = b.map(x -> Math.max(0, x.field().width())).orElse(64);
        Field field = b.map(Binding::field).orElse(null);
        byCounter.computeIfAbsent(key, k -> new ArrayList<>()).add(new Entry(rawName, value, line, width, field));
    }

    /**
     * Emits the recorded counters as readings of {@code port} in line order, clears this collector
     * and returns how many narrow copies were left out because they disagreed with an unpegged wide
     * copy. A wide copy below a narrow copy of the same counter cannot be right (the 64-bit field
     * counts everything the narrow one does): it is left out and the narrow copy kept, so a pegged
     * narrow copy stays pegged (no verdict) rather than being replaced by a bogus wide value.
     */
    public int emit(Capture.Builder builder, String port) {
        int dropped = 0;
        List<Entry> kept = new ArrayList<>();
        for (List<Entry> copies : byCounter.values()) {
            Entry widest = copies.get(0);
            for (Entry e : copies) if (e.width > widest.width) widest = e;
            boolean wideBelowNarrow = false;
            for (Entry e : copies) if (e.width < widest.width && e.value > widest.value) wideBelowNarrow = true;
            if (wideBelowNarrow) {
                for (Entry e : copies) {
                    if (e.width == widest.width) {
                        if (inconsistentWide++ == 0) firstInconsistent = port + " " + e.raw + " = " + e.value + " (line " + e.line + ")";
                    } else {
                        kept.add(e);
                    }
                }
                continue;
            }
            for (Entry e : copies) {
                // an unverified width (0) is treated as narrower than a verified one: the verified copy wins
                boolean keep = e == widest || e.value == widest.value || e.width == widest.width || pegged(e);
                if (keep) kept.add(e);
                else dropped++;
            }
        }
        kept.sort(java.util.Comparator.comparingInt(Entry::line));
        for (Entry e : kept) builder.counter(source, port, e.raw, e.value, e.line);
        byCounter.clear();
        return dropped;
    }

    /** How many wide copies were left out, over all {@link #emit} calls, for being below a narrow copy. */
    public int inconsistentWide() { return inconsistentWide; }

    /** Adds one warning summarising the wide copies left out, if any. */
    public void warnInconsistent(Capture.Builder builder) {
        if (inconsistentWide > 0) {
            builder.warn(inconsistentWide + " 64-bit counter copies are below their narrow copy (not supported or not valid on "
                    + "the device) and were left out, the narrow copy kept; first: " + firstInconsistent);
        }
    }

    private static boolean pegged(Entry e) {
        return e.field != null && e.field.isPegged(e.value);
    }

    public boolean isEmpty() { return byCounter.isEmpty(); }
}
