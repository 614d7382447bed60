package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * A capture's measurement tables are kept as the reader's columns and become Tablesaw tables only
 * when asked for ({@link Measurement}): printing them from the view gives Tablesaw's own text.
 */
class MeasurementTest {
    private static Path dataset(String... parts) { return Path.of("..", "datasets").resolve(Path.of("", parts)); }

    @Test void aReadersTablesAreBuiltOnlyWhenAskedFor() {
        Capture c = Readers.standard().read(dataset("degrading-optic", "mlxlink", "day00.txt"));
        Measurement ber = c.measurementViews().get("ber");
        assertFalse(ber.isBuilt());
        String text = ber.printAll();   // Tablesaw's printer over the reader's columns
        assertFalse(ber.isBuilt());
        assertTrue(c.summaryLines().stream().anyMatch(l -> l.startsWith("table ber: 1 rows x ")), c.summaryLines().toString());
        assertFalse(ber.isBuilt());
        Table t = c.measurements("ber").orElseThrow();
        assertTrue(ber.isBuilt());
        assertSame(t, c.measurements("ber").orElseThrow());
        assertSame(t, c.allMeasurements().get("ber"));
        assertEquals(t.printAll(), text);
        assertEquals(t.columnNames(), ber.columnNames());
    }

    @Test void everyReaderWithTablesLeavesThemUnbuilt() {
        for (Path p : List.of(dataset("reconcile-a-line-rate", "perftest.log"), dataset("degrading-optic", "mlxlink", "day00.txt"))) {
            Capture c = Readers.standard().read(p);
            assertFalse(c.measurementViews().isEmpty(), p.toString());
            c.measurementViews().forEach((k, m) -> assertFalse(m.isBuilt(), p + " " + k));
        }
    }

    @Test void theViewReadsThroughTheTableOnceBuilt() {
        StringColumn port = StringColumn.create("port", "a", "b");
        Measurement m = Measurement.of("t", port, DoubleColumn.create("x", 1.0, 2.0));
        assertEquals(2, m.rowCount());
        assertEquals(2, m.columnCount());
        m.table().addColumns(StringColumn.create("y", "c", "d"));
        assertEquals(List.of("port", "x", "y"), m.columnNames());
        assertTrue(m.containsColumn("Y"));
        assertThrows(UnsupportedOperationException.class, () -> m.addColumns(StringColumn.create("z", "e", "f")));
    }

    @Test void whatTableCreateRefusesIsRefusedAtOnce() {
        assertThrows(IllegalArgumentException.class, () -> Measurement.of("t", StringColumn.create("a", "1"), StringColumn.create("A", "2")));
        assertThrows(IllegalArgumentException.class, () -> Measurement.of("t", StringColumn.create("a", "1"), StringColumn.create("b", "2", "3")));
    }
}
