package org.fabriclab.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.catalogue.Layer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.Table;

/** The labels CSV: read with FastCSV (no Tablesaw on the history path), its table built only when asked. */
class LabelsTest {
    @TempDir Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    @Test void readsTheIncidentsWithQuotedDescriptionsAndKeepsEveryColumnForTheTable() throws IOException {
        Path p = write("labels.csv", "\uFEFFport,layer,start_ms,end_ms,start_utc,description\n"
                + "guid 0x1/1,congestion,1000,2000,2025-12-01T00:00:01Z,\"ECN (CNP) congestion, about 2310 per GB\"\n"
                + "\n"
                + "lid 7/1 , physical ,3000,3000,2025-12-01T00:00:03Z,\n");
        Labels l = Labels.load(p);
        assertEquals(List.of(new Labels.Incident("guid 0x1/1", Layer.CONGESTION, 1000, 2000, "ECN (CNP) congestion, about 2310 per GB"),
                new Labels.Incident("lid 7/1", Layer.PHYSICAL, 3000, 3000, "")), l.incidents());
        assertEquals(1, l.of(Layer.PHYSICAL).size());
        Table t = l.table();
        assertEquals(List.of("port", "layer", "start_ms", "end_ms", "start_utc", "description"), t.columnNames());
        assertTrue(t.column("end_ms") instanceof LongColumn);
        assertEquals(3000L, t.longColumn("end_ms").getLong(1));
        assertEquals("2025-12-01T00:00:03Z", t.stringColumn("start_utc").get(1));
        assertEquals(2, t.rowCount());
    }

    @Test void badRowsNameTheFileAndLine() throws IOException {
        Path swapped = write("swapped.csv", "port,layer,start_ms,end_ms\na,congestion,1,2\na,congestion,5,4\n");
        var e = assertThrows(CaptureException.class, () -> Labels.load(swapped));
        assertTrue(e.getMessage().contains("swapped.csv:3") && e.getMessage().contains("start_ms <= end_ms"), e.getMessage());

        Path text = write("text.csv", "port,layer,start_ms,end_ms\na,congestion,yesterday,2\n");
        e = assertThrows(CaptureException.class, () -> Labels.load(text));
        assertTrue(e.getMessage().contains("text.csv:2") && e.getMessage().contains("'yesterday'"), e.getMessage());

        Path missing = write("missing.csv", "port,layer,start_ms,end_ms\na,congestion,,2\n");
        e = assertThrows(CaptureException.class, () -> Labels.load(missing));
        assertTrue(e.getMessage().contains("missing.csv:2"), e.getMessage());

        Path short_ = write("short.csv", "port,layer,start_ms,end_ms\na,congestion,1\n");
        e = assertThrows(CaptureException.class, () -> Labels.load(short_));
        assertTrue(e.getMessage().contains("short.csv:2") && e.getMessage().contains("expected 4 fields"), e.getMessage());

        Path empty = write("empty.csv", "");
        e = assertThrows(CaptureException.class, () -> Labels.load(empty));
        assertTrue(e.getMessage().contains("empty.csv"), e.getMessage());

        e = assertThrows(CaptureException.class, () -> Labels.load(dir.resolve("absent.csv")));
        assertTrue(e.getMessage().contains("absent.csv"), e.getMessage());
    }

    @Test void labelsMadeInCodeHaveTheFiveColumnTable() {
        Labels l = Labels.of(List.of(new Labels.Incident("p", Layer.TRANSPORT_RETRY, 1, 2, "d")));
        assertEquals(List.of("port", "layer", "start_ms", "end_ms", "description"), l.table().columnNames());
        assertEquals("transport-retry", l.table().stringColumn("layer").get(0));
    }
}
