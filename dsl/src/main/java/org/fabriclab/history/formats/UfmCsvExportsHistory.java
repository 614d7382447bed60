package org.fabriclab.history.formats;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.capture.telemetry.UfmCsvReader;
import org.fabriclab.catalogue.Source;
import org.fabriclab.history.History;
import org.fabriclab.history.Progress;

/**
 * A folder of periodic UFM telemetry CSV exports (the {@code csv/metrics} endpoint saved every interval:
 * {@code ufm-20251201T1000.csv}, ...; plain or gzip), or one export, as a history. Each file is read by the UFM CSV
 * capture reader ({@link UfmCsvReader}: its column roles, canonical names, widest copy, epoch
 * microseconds), and the files' telemetry rows are merged ({@link TelemetryRows}: one sample per port and
 * time; overlapping exports must agree). Counters are UFM's fields ({@link Source#UFM}); BER, temperature
 * and voltage stay the history's measurements.
 *
 * <pre>{@code
 * History h = new UfmCsvExportsHistory().read(Path.of("ufm-exports/"), Progress.NONE);
 * }</pre>
 */
public final class UfmCsvExportsHistory implements HistoryReader {
    private static final UfmCsvReader READER = new UfmCsvReader();

    @Override public String format() { return "ufm-csv-exports"; }

    @Override public int sniff(Path path) {
        if (Files.isDirectory(path)) return Heads.folderScore(path, UfmCsvExportsHistory::fileScore, 60);
        return fileScore(path);
    }

    private static int fileScore(Path f) {
        try {
            String head = Heads.head(f, 64 * 1024);                 // the head only: never a whole large file to sniff
            return !head.isEmpty() && READER.sniff(Input.ofText(f.toString(), head)) >= 90 ? 90 : 0;
        } catch (RuntimeException e) {
            return 0;
        }
    }

    @Override public History read(Path path, Progress progress) {
        List<Path> files = Files.isDirectory(path) ? Heads.files(path) : List.of(path);
        if (files.isEmpty()) throw new CaptureException(path.toString(), 0, "no UFM telemetry CSV files in the folder");
        TelemetryRows rows = new TelemetryRows();
        ReadWarnings said = new ReadWarnings();
        for (int i = 0; i < files.size(); i++) {
            Path f = files.get(i);
            Capture c = READER.read(Heads.isGzip(f) ? Input.ofText(f.toString(), Heads.text(f)) : Input.of(f));   // exports may be gzip
            rows.add(c.measurements(Telemetry.NAME).orElseThrow(() -> new CaptureException(f.toString(), 0, "no telemetry rows")), f.toString());
            said.add(c.warnings());
            progress.update("reading " + path.getFileName(), i + 1, files.size());
        }
        return History.of(rows.table(path.toString()), Source.UFM).withWarnings(said.list());
    }
}
