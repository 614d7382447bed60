package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.fabriclab.catalogue.Source;
import org.fabriclab.history.History;
import org.junit.jupiter.api.Test;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * A telemetry table is judged by its columns' classes, not by Tablesaw's {@code ColumnType}
 * constants: when a program's first Tablesaw call creates a {@code DoubleColumn} before
 * {@code ColumnType} is initialised, that column's type is another {@code DoubleColumnType} instance
 * than {@code ColumnType.DOUBLE} (Tablesaw's circular static initialisation), and an identity check
 * refused a valid UFM table with "telemetry column 'temperature_c' must be DOUBLE". Class
 * initialisation happens once per JVM, so the check runs in a fresh one.
 */
class TelemetryColumnTypesTest {
    /** The child JVM: a DoubleColumn first, then the telemetry contract and a history of the table. */
    public static final class DoubleColumnFirst {
        public static void main(String[] a) {
            DoubleColumn temperature = DoubleColumn.create(Telemetry.TEMPERATURE_C, new double[] {41.5, 42.0});
            Table t = Table.create("ufm", LongColumn.create(Telemetry.TIMESTAMP, new long[] {1000, 2000}),
                    StringColumn.create(Telemetry.PORT, "guid 0x1/1", "guid 0x1/1"),
                    LongColumn.create("SymbolErrorCounter", new long[] {3, 9}), temperature);
            Telemetry.validate(t, "ufm");
            History h = History.of(t, Source.UFM);
            System.out.println("valid " + h.ports() + " " + h.counters());
        }
    }

    @Test void aDoubleColumnMadeBeforeColumnTypeIsStillADoubleColumn() throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), DoubleColumnFirst.class.getName())
                .redirectErrorStream(true).start();
        String all = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        String out = all.substring(all.lastIndexOf('\n') + 1);   // the last line: SLF4J may warn before it
        assertEquals(0, p.waitFor(), all);
        assertEquals("valid [guid 0x1/1] [SymbolErrorCounter]", out);
    }

    @Test void theColumnTypeCheckStillRefusesAWrongType() {
        Table t = Table.create("ufm", LongColumn.create(Telemetry.TIMESTAMP, new long[] {1}), StringColumn.create(Telemetry.PORT, "p"),
                LongColumn.create(Telemetry.TEMPERATURE_C, new long[] {40}));
        var e = org.junit.jupiter.api.Assertions.assertThrows(CaptureException.class, () -> Telemetry.validate(t, "ufm"));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("'temperature_c' must be DOUBLE"), e.getMessage());
    }
}
