package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** {@link PaddedCells}: a cell's bytes as Tablesaw's {@code printAll} lays a string cell out, built once per column and width. */
class PaddedCellsTest {
    private static String text(byte[] b) { return new String(b, StandardCharsets.UTF_8); }

    @Test void aCellIsRightAlignedBetweenItsSeparators() {
        PaddedCells cells = new PaddedCells();
        assertEquals("   ab  |", text(cells.of(0, "ab", 4)));
        assertEquals("    ab  |", text(cells.of(1, "ab", 4)));
        assertEquals("  ab  |", text(cells.of(1, "ab", 1)));   // wider than the column: no padding
        assertEquals("    é  |", text(cells.of(2, "é", 3)));   // padded by characters, written as UTF-8
    }

    @Test void theSameStringInAnotherWidthOrColumnIsAnotherCell() {
        PaddedCells cells = new PaddedCells();
        String s = "lid 2/1";
        byte[] first = cells.of(3, s, 9);
        assertSame(first, cells.of(3, s, 9));
        cells.of(3, "lid 2/2", 9);
        assertSame(first, cells.of(3, s, 9));   // seen before in the column
        assertEquals("     lid 2/1  |", text(cells.of(3, s, 10)));
        assertEquals("   lid 2/1  |", text(cells.of(0, s, 9)));
        assertEquals("     lid 2/1  |", text(cells.of(40, s, 10)));   // a column beyond the first arrays
    }
}
