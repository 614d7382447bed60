package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.fabriclab.catalogue.Source;
import org.junit.jupiter.api.Test;

/** What a {@link Capture} tells about itself beyond its readings. */
class CaptureTest {
    /** A warning names its file once: prefixed when the reader left the file out, kept when it starts with {@code file:line:}. */
    @Test void locatedWarningsNameTheirFileOnce() {
        Capture c = Capture.builder(Source.PERFQUERY, "a.txt").warn("3 rows skipped").warn("a.txt:4: a bad row").build();
        assertEquals(List.of("a.txt: 3 rows skipped", "a.txt:4: a bad row"), c.locatedWarnings());
        assertEquals(List.of("3 rows skipped", "a.txt:4: a bad row"), c.warnings());
    }
}
