package org.fabriclab.catalogue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * One of the catalogue's data files: tab-separated, a header line naming the columns (exactly
 * {@code columns}, in order), {@code #} comment lines and blank lines ignored, no quoting (a cell
 * never holds a tab). Every error names the file and line.
 */
final class TsvFile {
    /** One data line: its cells and its 1-based line number. */
    record Row(String file, int line, String[] cells) {
        String get(int i) { return cells[i]; }

        /** An error at this row, naming the file and line. */
        IllegalArgumentException error(String what) {
            return new IllegalArgumentException(file + ":" + line + ": " + what);
        }
    }

    /**
     * One data line not cut into cells yet: its text (terminator removed) and 1-based line number. The
     * shipped bindings are cut one source at a time, when that source is first looked up.
     */
    record Line(String file, int line, String text) {
        /**
         * The line's cells, each stripped.
         *
         * @throws IllegalArgumentException naming the file and line when the line does not hold one
         *         non-empty cell per column
         */
        Row row(List<String> columns) {
            String[] cells = cells(text);
            if (cells.length != columns.size()) {
                throw new IllegalArgumentException(file + ":" + line + ": expected " + columns.size()
                        + " tab-separated cells (" + String.join(", ", columns) + "), found " + cells.length);
            }
            for (int i = 0; i < cells.length; i++) {
                if (cells[i].isEmpty()) {
                    throw new IllegalArgumentException(file + ":" + line + ": empty cell '" + columns.get(i)
                            + "'; write - for none");
                }
            }
            return new Row(file, line, cells);
        }

        /** Cell {@code i} (from 0), stripped, cutting the line no further; null when it has fewer cells. */
        String cell(int i) {
            int from = 0;
            for (int k = 0; k < i; k++) {
                int t = text.indexOf('\t', from);
                if (t < 0) return null;
                from = t + 1;
            }
            int to = text.indexOf('\t', from);
            return (to < 0 ? text.substring(from) : text.substring(from, to)).strip();
        }
    }

    private TsvFile() {}

    /**
     * The data rows of {@code text}; the header must be exactly {@code columns}.
     *
     * @throws IllegalArgumentException naming {@code file} and the line of a missing or wrong header,
     *         a line with the wrong number of cells or an empty cell
     */
    static List<Row> parse(String text, String file, List<String> columns) {
        List<Line> lines = lines(text, file, columns);
        List<Row> rows = new ArrayList<>(lines.size());
        for (Line l : lines) rows.add(l.row(columns));
        return rows;
    }

    /**
     * The data lines of {@code text}, not cut into cells; the header must be exactly {@code columns}.
     *
     * @throws IllegalArgumentException naming {@code file} and the line of a missing or wrong header
     */
    static List<Line> lines(String text, String file, List<String> columns) {
        List<Line> rows = new ArrayList<>();
        Header header = new Header();
        int n = 0;
        if (text.indexOf('\r') < 0) {
            // lines end at \n only: cut with String.indexOf, compiled after a few calls, where
            // BufferedReader.readLine tests each char of the file in a loop the interpreter runs (cold)
            int len = text.length();
            for (int at = 0; at < len; ) {
                int end = text.indexOf('\n', at);
                if (end < 0) end = len;
                n++;
                line(text.substring(at, end), n, file, columns, header, rows);
                at = end + 1;
            }
        } else {
            try (BufferedReader r = new BufferedReader(new StringReader(text))) {
                String line;
                while ((line = r.readLine()) != null) line(line, ++n, file, columns, header, rows);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        if (!header.seen) throw new IllegalArgumentException(file + ":" + n + ": no header line; expected " + String.join("<TAB>", columns));
        return rows;
    }

    /** Whether the header line was read. */
    private static final class Header { boolean seen; }

    /** One line (number {@code n}, terminator removed): skipped, the header checked, or a data line added. */
    private static void line(String line, int n, String file, List<String> columns, Header header, List<Line> rows) {
        if (n == 1 && line.startsWith("\uFEFF")) line = line.substring(1);
        if (line.isBlank() || line.startsWith("#")) return;
        if (!header.seen) {
            String[] cells = cells(line);
            if (!List.of(cells).equals(columns)) {
                throw new IllegalArgumentException(file + ":" + n + ": expected the header "
                        + String.join("<TAB>", columns) + ", found " + String.join("<TAB>", cells));
            }
            header.seen = true;
            return;
        }
        rows.add(new Line(file, n, line));
    }

    /** The tab-separated cells of {@code line}, each stripped: {@code line.split("\t", -1)} without its list and copy. */
    static String[] cells(String line) {
        int count = 1;
        for (int t = line.indexOf('\t'); t >= 0; t = line.indexOf('\t', t + 1)) count++;
        String[] cells = new String[count];
        int at = 0;
        for (int i = 0; i < count - 1; i++) {
            int t = line.indexOf('\t', at);
            cells[i] = line.substring(at, t).strip();
            at = t + 1;
        }
        cells[count - 1] = line.substring(at).strip();
        return cells;
    }
}
