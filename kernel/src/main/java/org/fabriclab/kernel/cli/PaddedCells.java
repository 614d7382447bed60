package org.fabriclab.kernel.cli;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;

/**
 * The UTF-8 bytes of the text cells of a table laid out as Tablesaw's {@code printAll} lays it out,
 * each cell whole: a blank between columns (not before the first), a blank, the padding to the
 * column's width (in characters), the text, then {@code "  |"}. A tidy table repeats the same few
 * strings down a column (the source, file, port, counter and unit of every row), so a cell is
 * built once per column, string and width and then copied as one piece: the same string as the row
 * above is found by identity, an equal one seen before in a small per-column map (which is emptied
 * when it holds {@value #MAX_KEPT} strings; a perfquery dump's attribute values are equal strings
 * made anew for every port).
 *
 * <pre>{@code
 * PaddedCells cells = new PaddedCells();
 * byte[] cell = cells.of(1, "dump.txt", 10);   // "    dump.txt  |" with the blank between columns
 * }</pre>
 */
final class PaddedCells {
    /** Strings kept per column before its map is emptied. */
    static final int MAX_KEPT = 4096;
    private static final byte[] END = {' ', ' ', '|'};
    /** The length of a cell's end, {@code "  |"}. */
    static final int END_LENGTH = END.length;

    private String[] last = new String[16];
    private byte[][] lastCell = new byte[16][];
    private int[] width = new int[16];
    @SuppressWarnings("unchecked")
    private HashMap<String, byte[]>[] seen = new HashMap[16];

    /**
     * The cell of {@code s} in column {@code column} (0-based) of {@code w} characters; the array is
     * shared, callers must not modify it.
     *
     * @throws NegativeArraySizeException never for a {@code w} at least {@code s.length()}
     */
    byte[] of(int column, String s, int w) {
        if (column >= last.length) grow(column + 1);
        if (last[column] == s && width[column] == w) return lastCell[column];
        HashMap<String, byte[]> m = seen[column];
        if (m == null || width[column] != w) {
            m = new HashMap<>();
            seen[column] = m;
            width[column] = w;
        }
        byte[] cell = m.get(s);
        if (cell == null) {
            if (m.size() >= MAX_KEPT) m.clear();
            cell = build(column, s, w);
            m.put(s, cell);
        }
        last[column] = s;
        lastCell[column] = cell;
        return cell;
    }

    private static byte[] build(int column, String s, int w) {
        byte[] text = s.getBytes(StandardCharsets.UTF_8);
        int lead = lead(column, w, s.length());
        byte[] cell = new byte[lead + text.length + END.length];
        Arrays.fill(cell, 0, lead, (byte) ' ');
        System.arraycopy(text, 0, cell, lead, text.length);
        end(cell, lead + text.length);
        return cell;
    }

    /** The blanks before a cell of {@code chars} characters in column {@code column} of {@code w} characters. */
    static int lead(int column, int w, int chars) {
        return (column > 0 ? 1 : 0) + 1 + Math.max(0, w - chars);
    }

    /** Writes a cell's end ({@code "  |"}, {@link #END_LENGTH} bytes) at {@code at}; the offset after it. */
    static int end(byte[] buf, int at) {
        System.arraycopy(END, 0, buf, at, END.length);
        return at + END.length;
    }

    @SuppressWarnings("unchecked")
    private void grow(int n) {
        last = Arrays.copyOf(last, n);
        lastCell = Arrays.copyOf(lastCell, n);
        width = Arrays.copyOf(width, n);
        seen = Arrays.copyOf(seen, n);
    }
}
