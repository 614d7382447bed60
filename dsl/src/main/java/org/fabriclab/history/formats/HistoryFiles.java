package org.fabriclab.history.formats;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fabriclab.capture.Telemetry;
import org.fabriclab.history.History;
import org.fabriclab.history.HistoryFile;
import org.fabriclab.history.HistoryFormats;
import org.fabriclab.history.Progress;

/**
 * The project's own history files, recognised by content: the CSV ({@code timestamp,port,<counter>...},
 * also with the index column pandas writes first, {@code ,timestamp,port,...} or {@code Unnamed: 0,timestamp,...},
 * plain or gzip, read by {@link org.fabriclab.history.HistoryCsv}) and Parquet (magic {@code PAR1}, read
 * through the engines module). The file is handed to {@link HistoryFormats} by the format it holds.
 *
 * <pre>{@code
 * History h = new HistoryFiles().read(Path.of("datasets/history/history.csv.gz"), Progress.NONE);
 * }</pre>
 */
public final class HistoryFiles implements HistoryReader {
    @Override public String format() { return "history-csv-or-parquet"; }

    @Override public int sniff(Path path) {
        return kind(path) == null ? 0 : 95;
    }

    @Override public History read(Path path, Progress progress) {
        HistoryFile.Format k = kind(path);
        if (k == null) throw new org.fabriclab.capture.CaptureException(path.toString(), 1,
                "expected a history CSV (header timestamp,port,<counter>...) or a Parquet history");
        return HistoryFormats.of(k).read(path, Map.of(), progress);
    }

    private static HistoryFile.Format kind(Path path) {
        String head = Heads.head(path, 4096);
        if (head.startsWith("PAR1")) return HistoryFile.Format.PARQUET;
        int nl = head.indexOf('\n');   // Heads has dropped a byte-order mark
        String line = (nl < 0 ? head : head.substring(0, nl)).strip().replace("\"", "");
        // pandas' to_csv with its index writes one more column first: ",timestamp,port,..." ("Unnamed: 0" after read_csv)
        List<String> cells = List.of(line.split(",", -1));
        List<String> h = cells.subList(Telemetry.indexColumns(cells), cells.size());
        if (h.size() < 2 || !h.get(0).equals(Telemetry.TIMESTAMP) || !h.get(1).equals(Telemetry.PORT)) return null;
        return Heads.isGzip(path) ? HistoryFile.Format.CSV_GZ : HistoryFile.Format.CSV;
    }
}
