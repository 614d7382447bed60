package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class LineCursorTest {

    @Test void walksLinesWithNumbersAndStripsCr() {
        LineCursor c = new LineCursor("a: 1\r\n\r\n  b: 2\nlast");
        List<String> seen = new ArrayList<>();
        while (c.next()) seen.add(c.number() + "=" + c.line() + (c.isBlank() ? " (blank)" : ""));
        assertEquals(List.of("1=a: 1", "2= (blank)", "3=  b: 2", "4=last"), seen);
    }

    @Test void searchesNeverLeaveTheLine() {
        LineCursor c = new LineCursor("no colon here\nx: y\n");
        c.next();
        assertEquals(-1, c.indexOf(':'));
        assertEquals(-1, c.indexOf(": ", c.start()));
        assertEquals(-1, c.lastIndexOf(": ", c.end()));
        assertFalse(c.contains("x:"));
        c.next();
        assertEquals(c.start() + 1, c.indexOf(':'));
        assertEquals(c.start() + 1, c.lastIndexOf(": ", c.end()));
        assertTrue(c.contains("x:"));
    }

    @Test void namesAreSharedAcrossLines() {
        LineCursor c = new LineCursor("rx_bytes: 1\nrx_bytes: 2\n");
        c.next();
        String first = c.name(c.start(), c.start() + 8);
        c.next();
        String second = c.name(c.start(), c.start() + 8);
        assertEquals("rx_bytes", first);
        assertSame(first, second);
    }

    @Test void counterValuesAreExact() {
        LineCursor c = new LineCursor("v: 9223372036854775807\n");
        c.next();
        assertEquals(Long.MAX_VALUE, c.counter(c.start() + 3, c.end(), "f"));
    }
}
