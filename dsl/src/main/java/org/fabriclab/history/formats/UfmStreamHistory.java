package org.fabriclab.history.formats;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.capture.telemetry.UfmJsonReader;
import org.fabriclab.catalogue.Source;
import org.fabriclab.history.History;
import org.fabriclab.history.Progress;

/**
 * The UFM fluentd telemetry stream as a history: the messages the fluentd telemetry plugin (TFS, Mellanox/
 * ufm_sdk_3.0 plugins/fluentd_telemetry_plugin) sends, as a receiver keeps them: one per line (JSON lines,
 * or fluentd {@code out_file}'s {@code <time>\t<tag>\t<json>} lines), concatenated, or in a JSON array;
 * plain or gzip; messages of one record each ({@code bulk_streaming = False}: {@code "values": {<record>}}) too.
 * The values are read by the UFM JSON capture reader ({@link UfmJsonReader}: names, widest
 * copies, epoch microseconds, bad values at their own line); {@link FluentdStream} tells the fetches apart.
 * <p>The plugin's default {@code stream_only_new_samples = True} sends only what changed since its previous
 * message: a counter missing from a record kept its last streamed value, and a port missing from a fetch
 * changed nothing. So by default ({@link #UfmStreamHistory()}) the history restores what the plugin's own
 * cache held: each port gets a row at every fetch of its tag after its first record, and a missing value is
 * the port's last streamed one (so a quiet interval is a zero delta, not a gap). For a stream sent with
 * {@code stream_only_new_samples = False} use {@code new UfmStreamHistory(false)}: a missing value is then
 * absent (the telemetry cell was empty), as in the CSV exports.
 *
 * <pre>{@code
 * History h = new UfmStreamHistory().read(Path.of("tfs.log"), Progress.NONE);
 * }</pre>
 */
public final class UfmStreamHistory implements HistoryReader {
    private static final UfmJsonReader READER = new UfmJsonReader();
    private final boolean changesOnly;

    /** A stream of only the changed values (the plugin's default). */
    public UfmStreamHistory() { this(true); }

    /** @param changesOnly true when the plugin streamed only new samples (its default), false for full records */
    public UfmStreamHistory(boolean changesOnly) { this.changesOnly = changesOnly; }

    @Override public String format() { return changesOnly ? "ufm-fluentd-stream" : "ufm-fluentd-stream-full"; }

    @Override public int sniff(Path path) {
        if (Files.isDirectory(path)) return 0;
        String h = Heads.head(path, 8192);
        if (h.isEmpty()) return 0;
        FluentdStream s = new FluentdStream(h);
        try {
            int score = READER.sniff(Input.ofText(path.getFileName().toString(), s.text));
            return score >= 90 ? 90 : score >= 50 ? 60 : 0;
        } catch (RuntimeException e) {
            return 0;
        }
    }

    @Override public History read(Path path, Progress progress) {
        String file = path.toString();
        progress.update("reading " + path.getFileName(), 0, 2);
        FluentdStream stream = new FluentdStream(Heads.text(path));
        Capture c = READER.read(Input.ofText(file, stream.text));
        TelemetryRows rows = new TelemetryRows();
        rows.add(c.measurements(Telemetry.NAME).orElseThrow(() -> new CaptureException(file, 0, "no telemetry records")), file);
        if (changesOnly) {
            Map<String, Set<String>> seen = new HashMap<>();          // tag -> ports streamed so far
            List<FluentdStream.Fetch> fetches = stream.fetches();
            for (FluentdStream.Fetch f : fetches) {
                if (f.timeMs() == Long.MIN_VALUE) continue;
                Set<String> s = seen.computeIfAbsent(f.tag(), k -> new LinkedHashSet<>());
                for (String p : s) if (!f.ports().contains(p)) rows.touch(p, f.timeMs());
                s.addAll(f.ports());
            }
            rows.carryForward();
        }
        progress.update("reading " + path.getFileName(), 2, 2);
        return History.of(rows.table(file), Source.UFM).withWarnings(c.warnings());   // what the reader skipped (float fields)
    }
}
