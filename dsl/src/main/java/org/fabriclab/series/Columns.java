package org.fabriclab.series;

import java.util.List;
import java.util.Optional;

import org.fabriclab.capture.Reading;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.CounterDef;
import org.fabriclab.catalogue.Field;
import org.fabriclab.catalogue.Kind;
import org.fabriclab.catalogue.Layer;
import org.fabriclab.catalogue.Overflow;
import org.fabriclab.catalogue.Source;
import org.fabriclab.delta.Rules;

/**
 * What a counter column of a {@link Series} is: the canonical counter, the field its values were
 * read from (width and overflow, from the catalogue), its kind, layer and scale to base units. The
 * delta rule reads the field: {@link #cap()} is the saturation value it pegs at. A history file or a
 * telemetry table names counters canonically; which source wrote them is a load option, because the
 * same counter is 16-bit saturating in classic perfquery and 64-bit in perfquery -x or UFM.
 *
 * <pre>{@code
 * Columns.of("packet_seq_err", Columns.DEFAULT_SOURCES).field();   // 32-bit wrapping (hw_counters)
 * Columns.of("LinkDownedCounter", List.of(Source.PERFQUERY)).cap(); // 255
 * }</pre>
 */
public record Columns(String counter, Source source, Field field, Kind kind, Layer layer, long scale) {

    /** Sources tried in order for a column with no explicit source: netdev, RDMA device, PMA extended, UFM. */
    public static final List<Source> DEFAULT_SOURCES = List.of(Source.ETHTOOL, Source.HW_COUNTERS, Source.PERFQUERY_X,
            Source.UFM, Source.SYSFS, Source.PERFQUERY);

    /** The column {@code counter} as read from the first of {@code sources} that exposes it. */
    public static Columns of(String counter, List<Source> sources) {
        Optional<CounterDef> def = Catalogue.standard().definition(counter);
        if (def.isEmpty()) {
            return new Columns(counter, Source.GIVEN, new Field(counter, 0, Overflow.UNKNOWN), Kind.COUNTER,
                    Layer.INFORMATIVE, 1);
        }
        CounterDef d = def.get();
        for (Source s : sources) {
            List<Field> fs = Catalogue.standard().fields(counter, s);
            if (fs == null || fs.isEmpty()) continue;
            // the field printed under the canonical name itself (a vendor's other spelling may differ in width), else the widest
            // copy; a canonical-named field of unverified width (UFM's PortRcvErrors beside PortRcvErrorsExtended) beats no other
            Field widest = fs.get(0);
            for (Field f : fs) if (f.width() > widest.width()) widest = f;
            for (Field f : fs) if (f.rawName().equals(counter) && f.width() > 0) { widest = f; break; }
            return new Columns(counter, s, new Field(counter, widest.width(), widest.overflow()), d.kind(), d.layer(), d.scale());
        }
        return new Columns(counter, Source.GIVEN, new Field(counter, 0, Overflow.UNKNOWN), d.kind(), d.layer(), d.scale());
    }

    /** The column of one reading's counter, read from that reading's source and field. */
    public static Columns of(Reading r) {
        return new Columns(r.counter(), r.source(), new Field(r.counter(), r.field().width(), r.field().overflow()), r.kind(),
                r.layer(), r.scale());
    }

    /**
     * The saturation value the delta rule pegs at ({@link Rules#capOf}), 0 when the field has none.
     * Pass it to {@link Rules#status(long, long, long)} with two values of this column.
     */
    public long cap() { return Rules.capOf(field); }

    /** Of two columns of one counter read from different fields, the one whose field saturates lowest (the stricter). */
    Columns stricter(Columns other) {
        long a = cap(), b = other.cap();
        if (a == 0) return b == 0 ? this : other;
        return b == 0 || a <= b ? this : other;
    }
}
