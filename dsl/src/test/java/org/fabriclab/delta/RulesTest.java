package org.fabriclab.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.fabriclab.capture.Reading;
import org.fabriclab.catalogue.Field;
import org.fabriclab.catalogue.Kind;
import org.fabriclab.catalogue.Layer;
import org.fabriclab.catalogue.Overflow;
import org.fabriclab.catalogue.Source;
import org.junit.jupiter.api.Test;

/** The primitive rule must decide exactly as {@link Delta} does for every kind of field and value pair. */
class RulesTest {
    private static final List<Field> FIELDS = List.of(
            new Field("LinkDownedCounter", 8, Overflow.SATURATING),
            new Field("PortXmitData", 32, Overflow.SATURATING),
            new Field("SymbolErrorCounter", 64, Overflow.SATURATING),
            new Field("packet_seq_err", 32, Overflow.WRAPPING),
            new Field("port_xmit_data", 0, Overflow.UNKNOWN));
    private static final long[] VALUES = {0, 1, 254, 255, 256, 65_535, 4_294_967_294L, 4_294_967_295L, 4_294_967_296L,
            Long.MAX_VALUE};

    private static Reading reading(Field f, long v, Kind kind) {
        return new Reading(Source.PERFQUERY, "f", 1, "p", f.rawName(), f.rawName(), v, "count", 1, f, kind, Layer.PHYSICAL, true);
    }

    @Test void agreesWithDeltaOnEveryPair() {
        int checked = 0;
        for (Field f : FIELDS) {
            for (Kind kind : Kind.values()) {
                for (long b : VALUES) {
                    for (long a : VALUES) {
                        Status expected = Delta.one("p", f.rawName(), reading(f, b, kind), reading(f, a, kind), null, null, 1, null).status();
                        assertEquals(expected, Rules.status(true, b, true, a, f, kind), f + " " + kind + " " + b + " -> " + a);
                        if (kind == Kind.COUNTER) assertEquals(expected, Rules.status(b, a, Rules.capOf(f)), f + " primitive " + b + " -> " + a);
                        checked++;
                    }
                }
            }
        }
        assertEquals(FIELDS.size() * 2 * VALUES.length * VALUES.length, checked);
    }

    @Test void absentOnEitherSideIsMissing() {
        Field f = FIELDS.get(0);
        assertEquals(Delta.one("p", "x", null, reading(f, 3, Kind.COUNTER), null, null, 1, null).status(),
                Rules.status(false, 0, true, 3, f, Kind.COUNTER));
        assertEquals(Status.MISSING, Rules.status(Rules.ABSENT, 3, 0));
        assertEquals(Status.MISSING, Rules.status(3, Rules.ABSENT, 0));
    }

    @Test void capOfFollowsTheField() {
        assertEquals(255, Rules.capOf(FIELDS.get(0)));
        assertEquals(0, Rules.capOf(FIELDS.get(2)));   // 64-bit: no saturation value a long can reach
        assertEquals(0, Rules.capOf(FIELDS.get(3)));   // wrapping
        assertEquals(0, Rules.capOf(FIELDS.get(4)));   // width not verified: never guessed
    }
}
