package org.fabriclab.plot;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.fabriclab.io.AtomicFiles;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Writes charts as PNG ({@code BitmapEncoder}; several charts stacked in one image) or SVG
 * ({@code VectorGraphicsEncoder}; one chart per file), atomically ({@link AtomicFiles}: a temporary
 * beside the target, then a rename; mode 0644 under the usual umask; a killed run's temporary is
 * removed by the next write).
 *
 * <pre>{@code
 * Charts.write(List.of(chart), Path.of("out/ber.svg"));
 * byte[] png = Charts.png(List.of(chart));
 * }</pre>
 */
public final class Charts {
    private Charts() {}

    /** Writes {@code charts} to {@code out}; the format follows the extension (.png or .svg). */
    public static void write(List<? extends Chart<?, ?>> charts, Path out) {
        if (charts.isEmpty()) throw new IllegalArgumentException("no chart to write");
        String name = out.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean svg = name.endsWith(".svg");
        if (!svg && !name.endsWith(".png")) throw new IllegalArgumentException(out + ": expected a .png or .svg file name");
        if (svg && charts.size() != 1) {
            throw new IllegalArgumentException(out + ": an SVG holds one chart, " + charts.size() + " were given; write PNG or choose one chart");
        }
        try {
            AtomicFiles.write(out, os -> {
                if (svg) VectorGraphicsEncoder.saveVectorGraphic(charts.get(0), os, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
                else writePng(charts, os);
            });
        } catch (IOException e) {
            throw new UncheckedIOException(out + ": cannot write chart: " + e.getMessage(), e);
        }
    }

    /** The charts as one PNG image (stacked vertically). */
    public static byte[] png(List<? extends Chart<?, ?>> charts) {
        var bos = new java.io.ByteArrayOutputStream();
        try {
            writePng(charts, bos);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bos.toByteArray();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void writePng(List<? extends Chart<?, ?>> charts, OutputStream os) throws IOException {
        if (charts.size() == 1) BitmapEncoder.saveBitmap(charts.get(0), os, BitmapEncoder.BitmapFormat.PNG);
        else BitmapEncoder.saveBitmap((List) charts, charts.size(), 1, os, BitmapEncoder.BitmapFormat.PNG);
    }
}
