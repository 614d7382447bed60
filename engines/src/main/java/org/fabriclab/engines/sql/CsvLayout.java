package org.fabriclab.engines.sql;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.zip.GZIPInputStream;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Telemetry;
import org.fabriclab.history.HistoryFile;

/**
 * What the SQL engines read of a history CSV: the project's layout exactly, {@code timestamp,port,<counter>...}
 * with epoch-ms times. The in-memory load ({@code History.load}) also reads pandas' index column, ISO-8601 times
 * and epoch seconds, converting them with a warning; an SQL engine given such a file refuses it, naming the file,
 * line and what to do, rather than read seconds as milliseconds (its alerts per day would be 1,000 times too many)
 * or fail on a time it cannot parse.
 */
public final class CsvLayout {
    private CsvLayout() {}

    /**
     * Checks the header and the first row of local CSV history {@code f}; other files pass.
     *
     * @throws CaptureException naming the file and line when the file is not the project's exact layout
     */
    public static void check(HistoryFile f) {
        if (f.format() == HistoryFile.Format.PARQUET || f.path().toString().contains("://") || !Files.isRegularFile(f.path())) return;
        String name = f.path().toString();
        String header, first;
        try (InputStream raw = Files.newInputStream(f.path());
             InputStream in = f.format() == HistoryFile.Format.CSV_GZ ? new GZIPInputStream(raw) : raw;
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            header = r.readLine();
            first = r.readLine();
        } catch (IOException e) {
            throw new CaptureException(name, 0, "cannot read history: " + e.getMessage(), e);
        }
        if (header == null || first == null) return;                 // the engine names what is missing
        String advice = "; History.load reads it (converting, with a warning), and HistoryFormats.write(history, Path.of(\"h.parquet\")) "
                + "gives a file every engine reads";
        if (header.startsWith("\uFEFF")) header = header.substring(1);
        if (!header.startsWith(Telemetry.TIMESTAMP + ",")) {
            throw new CaptureException(name, 1, "the SQL engines read the header 'timestamp,port,<counter>...' only, found '" + cut(header) + "'" + advice);
        }
        int comma = first.indexOf(',');
        String t = (comma < 0 ? first : first.substring(0, comma)).strip();
        if (t.startsWith("\"") && t.endsWith("\"") && t.length() > 1) t = t.substring(1, t.length() - 1);
        boolean digits = !t.isEmpty();
        for (int i = 0; i < t.length(); i++) digits &= Character.isDigit(t.charAt(i));
        if (!digits) {
            throw new CaptureException(name, 2, "the SQL engines read epoch-ms timestamps only, found '" + cut(t) + "'" + advice);
        }
        if (t.length() == 10) {                                      // 1,000,000,000..9,999,999,999: the range History.load takes as seconds
            throw new CaptureException(name, 2, "the timestamp " + t + " looks like epoch seconds (as milliseconds it is in January 1970); "
                    + "the SQL engines read epoch ms only" + advice);
        }
    }

    private static String cut(String s) { return s.length() > 80 ? s.substring(0, 80) + "..." : s; }
}
