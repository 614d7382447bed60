package org.fabriclab.check.health.fec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PublicCaptureFiles;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.telemetry.UfmJsonReader;
import org.fabriclab.series.Series;
import org.junit.jupiter.api.Test;

/** FEC histograms from the real captures: mlxlink --rx_fec_histogram --json (readers' fec_histogram table) and UFM streaming (hist{i}_u_count). */
class MlxlinkHistogramTest {
    @Test void anMlxlinkReadoutTwiceIsASeriesOfTheSixteenBins() {
        Capture c = Readers.standard().read(PublicCaptureFiles.file("mlxlink_json_mft4.34_400g_fec_histogram_serdes_yuuki.json"));
        Series s = FecHistogram.fromMlxlink(List.of(c, c), 0, 600_000);
        FecHistogram h = FecHistogram.of(s).orElseThrow();
        assertEquals(16, h.bins());
        assertEquals(22858119037881L, h.value(0, 0));
        assertEquals(65755507L, h.value(1, 0));
        assertEquals(3L, h.value(8, 0));
        long[] d = new long[16];
        assertTrue(h.interval(1, d));          // the same readout twice: an interval of nothing
        for (long x : d) assertEquals(0, x);
    }

    @Test void aReadoutWithoutAHistogramIsRefusedByName() {
        Capture c = Readers.standard().read(PublicCaptureFiles.file("mlxlink_json_mft4.34_400g_dr4_osfp_yuuki.json"));
        CaptureException e = assertThrows(CaptureException.class, () -> FecHistogram.fromMlxlink(List.of(c), 0));
        assertTrue(e.getMessage().contains("rx_fec_histogram"), e.getMessage());
    }

    @Test void ufmStreamingNamesTheFirstFiveBins() {
        Capture c = new UfmJsonReader().read(Input.of(PublicCaptureFiles.file("ufm_telemetry_fluentd_small_sample.json")));
        Series s = Series.of(c.measurements("telemetry").orElseThrow());
        FecHistogram h = FecHistogram.of(s).orElseThrow();
        assertEquals(5, h.bins());
        assertEquals("fec_hist4", h.counter(4));
        assertFalse(s.has("hist0_u_count"));
    }
}
