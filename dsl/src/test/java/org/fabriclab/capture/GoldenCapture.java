package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * GoldenCapture-file comparison for readers: a capture is rendered as stable text (readings, absents,
 * attributes, warnings, noise count, every measurement table with column types) and compared
 * exactly with {@code <fixture>.expected} beside the fixture. Run with
 * {@code -Dfabriclab.updateGolden=true} to (re)write the expected files after checking them by hand.
 *
 * <pre>{@code
 * GoldenCapture.check(MyReaderTest.class, "two_ports.pm", new IbdiagnetPmReader());
 * }</pre>
 */
public final class GoldenCapture {
    private GoldenCapture() {}

    /** The fixture beside {@code test}'s package in the test resources. */
    public static Path fixture(Class<?> test, String name) {
        try {
            var url = test.getResource(name);
            if (url == null) throw new IllegalArgumentException("no fixture " + name + " beside " + test.getName());
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** An input named by its bare file name, so rendered output does not depend on the build directory. */
    public static Input input(Class<?> test, String name) {
        try {
            return Input.ofText(name, Files.readString(fixture(test, name), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Capture check(Class<?> test, String name, CaptureReader reader) {
        Capture c = reader.read(input(test, name));
        String actual = render(c);
        Path src = Path.of("src/test/resources", test.getPackageName().replace('.', '/'), name + ".expected");
        if (Boolean.getBoolean("fabriclab.updateGolden")) {
            try {
                Path tmp = Files.createTempFile(src.getParent(), name, ".tmp");
                Files.writeString(tmp, actual, StandardCharsets.UTF_8);
                Files.move(tmp, src, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        String expected;
        try {
            expected = Files.readString(Files.exists(src) ? src : fixture(test, name + ".expected"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException | IOException e) {
            throw new AssertionError("missing golden file " + src + " (run once with -Dfabriclab.updateGolden=true and review it)");
        }
        assertEquals(expected, actual, "golden output of " + name);
        return c;
    }

    /** Stable text form of a capture. */
    public static String render(Capture c) {
        StringBuilder sb = new StringBuilder();
        sb.append("source\t").append(c.source()).append('\n');
        sb.append("noise\t").append(c.noiseLines()).append('\n');
        for (String w : c.warnings()) sb.append("warning\t").append(w).append('\n');
        sb.append("## readings: line port counter raw_name value width overflow catalogued\n");
        for (Reading r : c.readings()) {
            sb.append(r.line()).append('\t').append(r.port()).append('\t').append(r.counter()).append('\t').append(r.rawName())
                    .append('\t').append(r.value()).append('\t').append(r.field().width()).append('\t').append(r.field().overflow())
                    .append('\t').append(r.catalogued()).append('\n');
        }
        sb.append("## absent: line port counter raw_name\n");
        for (Absent a : c.absents()) {
            sb.append(a.line()).append('\t').append(a.port()).append('\t').append(a.counter()).append('\t').append(a.rawName()).append('\n');
        }
        sb.append("## attrs: line port key value\n");
        for (PortAttr a : c.attrs()) {
            sb.append(a.line()).append('\t').append(a.port()).append('\t').append(a.key()).append('\t').append(a.value()).append('\n');
        }
        for (Map.Entry<String, Table> e : c.allMeasurements().entrySet()) {
            Table t = e.getValue();
            sb.append("## table ").append(e.getKey()).append(": ").append(t.rowCount()).append(" rows\n");
            StringBuilder h = new StringBuilder();
            for (Column<?> col : t.columns()) h.append(h.length() == 0 ? "" : "\t").append(col.name()).append(':').append(col.type().name());
            sb.append(h).append('\n');
            for (int i = 0; i < t.rowCount(); i++) {
                StringBuilder row = new StringBuilder();
                for (int k = 0; k < t.columnCount(); k++) {
                    if (k > 0) row.append('\t');
                    row.append(cell(t.column(k), i));
                }
                sb.append(row).append('\n');
            }
        }
        return sb.toString();
    }

    private static String cell(Column<?> col, int i) {
        if (col.isMissing(i)) return col.type().name().equals("DOUBLE") ? "NaN" : "";
        Object v = col.get(i);
        return String.valueOf(v);
    }
}
