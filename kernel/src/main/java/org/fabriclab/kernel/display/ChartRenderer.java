package org.fabriclab.kernel.display;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * XChart charts as {@code image/png} (base64, as Jupyter stores it) and, on request,
 * {@code image/svg+xml} (XChart's VectorGraphicsEncoder; VectorGraphics2D already comes with
 * XChart 3.8.8, no extra dependency), plus a one-line {@code text/plain}.
 */
@SuppressWarnings("rawtypes")
public final class ChartRenderer implements Renderer<Chart> {
    @Override public Class<Chart> type() { return Chart.class; }

    @Override public List<String> mimeTypes() { return List.of(Mime.PNG, Mime.SVG, Mime.TEXT); }

    @SuppressWarnings("unchecked")
    @Override public Object render(Chart chart, String mime) throws Exception {
        switch (mime) {
            case Mime.PNG -> {
                return Base64.getEncoder().encodeToString(BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG));
            }
            case Mime.SVG -> {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
                return out.toString(StandardCharsets.UTF_8);
            }
            default -> {
                return chart.getClass().getSimpleName() + " '" + chart.getTitle() + "' (" + chart.getWidth() + "x" + chart.getHeight()
                        + ", " + chart.getSeriesMap().size() + " series)";
            }
        }
    }
}
