package org.fabriclab.capture;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;
import tech.tablesaw.table.Relation;

/**
 * One measurement table of a capture (ber, module, bandwidth, links, telemetry, ...) as its reader
 * made it: a name and Tablesaw columns of equal length, readable and printable as a read-only
 * {@link Relation} ({@code printAll()}, {@code column(name)}, {@code containsColumn}) without a
 * Tablesaw {@link Table}. The {@code Table} is built on first {@link #table()} call, once, from these
 * very columns: {@code Table}'s class initialisation scans tablesaw-core with ClassGraph for its
 * readers and writers (about 0.1-0.2 s of a short command), and {@code fabriclab show}, which only
 * prints the tables, need not pay it. After {@link #table()} the view reads through the table, so a
 * change made to the table shows here too.
 *
 * <pre>{@code
 * Measurement m = Measurement.of("ber", port, rawBer);   // no Table yet
 * m.printAll();                                          // Tablesaw's text layout, still no Table
 * m.table().doubleColumn("raw_ber");                     // the Table, built now
 * }</pre>
 */
public final class Measurement extends Relation {
    private final String name;
    private final List<Column<?>> columns;
    private volatile Table table;

    private Measurement(String name, List<Column<?>> columns, Table table) {
        this.name = name;
        this.columns = columns;
        this.table = table;
    }

    /**
     * A measurement of {@code columns}, in that order, its {@code Table} not built yet.
     *
     * @throws IllegalArgumentException when two columns' names differ only in case, or the columns'
     *     lengths differ (what {@code Table.create} refuses)
     */
    public static Measurement of(String name, Column<?>... columns) {
        return of(name, List.of(columns));
    }

    /** {@link #of(String, Column[])} with the columns as a list (copied). */
    public static Measurement of(String name, List<Column<?>> columns) {
        Set<String> seen = new HashSet<>();
        for (Column<?> c : columns) {
            if (!seen.add(c.name().toLowerCase(Locale.ROOT))) {
                throw new IllegalArgumentException("Cannot add column with duplicate name " + c.name() + " to table " + name);
            }
            if (c.size() != columns.get(0).size()) {
                throw new IllegalArgumentException("Column " + c.name() + " has " + c.size() + " rows, column "
                        + columns.get(0).name() + " has " + columns.get(0).size());
            }
        }
        return new Measurement(name, List.copyOf(columns), null);
    }

    /** A measurement of a table already built (its view reads the table). */
    public static Measurement of(Table table) {
        return new Measurement(table.name(), table.columns(), table);
    }

    /** Whether {@code name} is, ignoring case as Tablesaw does, one of {@code columns}' names. */
    public static boolean hasName(List<Column<?>> columns, String name) {
        for (Column<?> c : columns) if (c.name().equalsIgnoreCase(name)) return true;
        return false;
    }

    /** The Tablesaw table of these columns (built on the first call, then the same table every time). */
    public Table table() {
        Table t = table;
        if (t == null) {
            synchronized (this) {
                t = table;
                if (t == null) table = t = Table.create(name, columns.toArray(new Column<?>[0]));
            }
        }
        return t;
    }

    /**
     * This measurement with the text column {@code column} mapped value by value (a port renamed: {@link Capture#onHost}),
     * the other columns copied; itself when it has no such text column.
     */
    public Measurement withStrings(String column, java.util.function.UnaryOperator<String> f) {
        List<Column<?>> cols = cols();
        List<Column<?>> out = new java.util.ArrayList<>(cols.size());
        boolean found = false;
        for (Column<?> c : cols) {
            if (c instanceof tech.tablesaw.api.StringColumn s && c.name().equals(column)) {
                tech.tablesaw.api.StringColumn m = tech.tablesaw.api.StringColumn.create(c.name());
                for (int i = 0; i < s.size(); i++) m.append(f.apply(s.get(i)));
                out.add(m);
                found = true;
            } else {
                out.add(c.copy());
            }
        }
        return found ? of(name(), out) : this;
    }

    /** Whether {@link #table()} has been built. */
    public boolean isBuilt() { return table != null; }

    private List<Column<?>> cols() {
        Table t = table;
        return t != null ? t.columns() : columns;
    }

    @Override public String name() {
        Table t = table;
        return t != null ? t.name() : name;
    }

    @Override public Column<?> column(int columnIndex) { return cols().get(columnIndex); }

    @Override public int columnCount() { return cols().size(); }

    @Override public int rowCount() {
        List<Column<?>> c = cols();
        return c.isEmpty() ? 0 : c.get(0).size();
    }

    @Override public List<Column<?>> columns() { return new ArrayList<>(cols()); }

    @Override public int columnIndex(Column<?> column) { return cols().indexOf(column); }

    @Override public List<String> columnNames() {
        List<String> out = new ArrayList<>();
        for (Column<?> c : cols()) out.add(c.name());
        return out;
    }

    /** The rows, as the table's ({@link #table()}: builds it). */
    @Override public Iterator<Row> iterator() { return table().iterator(); }

    /** The first {@code n} rows, as {@code Table.first} (builds the table). */
    @Override public Table first(int n) { return table().first(n); }

    /** @throws UnsupportedOperationException always: the view is read-only (change {@link #table()}) */
    @Override public Relation addColumns(Column<?>... cols) { throw readOnly(); }

    /** @throws UnsupportedOperationException always: the view is read-only (change {@link #table()}) */
    @Override public Relation setName(String name) { throw readOnly(); }

    /** @throws UnsupportedOperationException always: the view is read-only (change {@link #table()}) */
    @Override public Relation removeColumns(Column<?>... cols) { throw readOnly(); }

    /** @throws UnsupportedOperationException always: the view is read-only (change {@link #table()}) */
    @Override public void clear() { throw readOnly(); }

    private static UnsupportedOperationException readOnly() {
        return new UnsupportedOperationException("a capture's measurement view is read-only; change its table()");
    }
}
