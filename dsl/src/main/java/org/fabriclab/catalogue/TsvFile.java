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

    private TsvFile() {}

    static List<Row> parse(String text, String file, List<String> columns) {
        List<Row> rows = new ArrayList<>();
        boolean header = false;
        int n = 0;
        try (BufferedReader r = new BufferedReader(new StringReader(text))) {
            String line;
            while ((line = r.readLine()) != null) {
                n++;
                if (n == 1 && line.startsWith("\uFEFF")) line = line.substring(1);
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] cells = line.split("\t", -1);
                for (int i = 0; i < cells.length; i++) cells[i] = cells[i].strip();
                if (!header) {
                    if (!List.of(cells).equals(columns)) {
                        throw new IllegalArgumentException(file + ":" + n + ": expected the header "
                                + String.join("<TAB>", columns) + ", found " + String.join("<TAB>", cells));
                    }
                    header = true;
                    continue;
                }
                if (cells.length != columns.size()) {
                    throw new IllegalArgumentException(file + ":" + n + ": expected " + columns.size()
                            + " tab-separated cells (" + String.join(", ", columns) + "), found " + cells.length);
                }
                for (int i = 0; i < cells.length; i++) {
                    if (cells[i].isEmpty()) {
                        throw new IllegalArgumentException(file + ":" + n + ": empty cell '" + columns.get(i)
                                + "'; write - for none");
                    }
                }
                rows.add(new Row(file, n, cells));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!header) throw new IllegalArgumentException(file + ":" + n + ": no header line; expected " + String.join("<TAB>", columns));
        return rows;
    }
}
