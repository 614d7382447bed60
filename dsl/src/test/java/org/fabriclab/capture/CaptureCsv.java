package org.fabriclab.capture;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.net.URISyntaxException;

/**
 * Test support: a capture as the CSV that golden fixtures hold ({@code source,port,counter,raw_name,value,unit}
 * for readings then absents; {@code port,key,value} for attributes), and access to fixtures beside
 * the tests.
 */
public final class CaptureCsv {
    private CaptureCsv() {}

    /** Readings (source order) then absent counters (value empty, unit {@code absent: <reason>}). */
    public static String tidy(Capture c) {
        StringBuilder sb = new StringBuilder("source,port,counter,raw_name,value,unit\n");
        for (Reading r : c.readings()) {
            row(sb, r.source().key(), r.port(), r.counter(), r.rawName(), Long.toString(r.value()), r.unit());
        }
        for (Absent a : c.absents()) row(sb, a.source().key(), a.port(), a.counter(), a.rawName(), "", "absent: " + a.reason());
        return sb.toString();
    }

    /** Attributes in the order the reader recorded them. */
    public static String attrs(Capture c) {
        StringBuilder sb = new StringBuilder("port,key,value\n");
        for (PortAttr a : c.attrs()) row(sb, a.port(), a.key(), a.value());
        return sb.toString();
    }

    private static void row(StringBuilder sb, String... cells) {
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) sb.append(',');
            String s = cells[i];
            if (s.contains(",") || s.contains("\"")) sb.append('"').append(s.replace("\"", "\"\"")).append('"');
            else sb.append(s);
        }
        sb.append('\n');
    }

    /** A fixture file on the test class path, e.g. {@code fixture("perfquery/mixed_blocks.txt")}. */
    public static Path fixture(String relative) {
        try {
            var url = CaptureCsv.class.getResource(relative);
            if (url == null) throw new IllegalArgumentException("no fixture " + relative);
            return Paths.get(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** The text of a fixture. */
    public static String text(String relative) {
        try (InputStream in = CaptureCsv.class.getResourceAsStream(relative)) {
            if (in == null) throw new IllegalArgumentException("no fixture " + relative);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
