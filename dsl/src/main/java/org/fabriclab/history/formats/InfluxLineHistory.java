package org.fabriclab.history.formats;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.history.History;
import org.fabriclab.history.Progress;

/**
 * InfluxDB line protocol as a history: what Telegraf's file output writes ({@code [[outputs.file]]} with
 * {@code data_format = "influx"}), and what InfluxDB exports ({@code influxd inspect export-lp} in 2.x,
 * {@code influx_inspect export} in 1.x); a file, plain or gzip, or a folder of them.
 * <pre>
 * infiniband,device=mlx5_0,host=node01,port=1 port_xmit_data=1000000000i,symbol_error=0i 1764547200000000000
 * ethtool,driver=mlx5_core,host=node01,interface=eth2 rx_prio3_pause=12i 1764547200000000000
 * </pre>
 * <ul>
 * <li>Points of Telegraf's {@code infiniband} and {@code ethtool} inputs are read ({@link TelegrafPoints}: fields mean what
 * the catalogue says, ports {@code mlx5_0/1} and {@code netdev eth2}, hosts from the {@code host} tag); every other
 * measurement is skipped and counted, but every line must be line protocol ({@link LineProtocol}).</li>
 * <li>Time: the point's timestamp, in ns unless the whole file is evidently in another unit ({@link TimestampPrecision}:
 * the first timestamp's magnitude decides, a warning says so); a point of a read measurement without one is refused
 * (InfluxDB would stamp it on arrival; a file keeps no such time).</li>
 * <li>Comment lines ({@code #}) and blank lines are skipped, and so are the statements of a 1.x export's {@code # DDL}
 * section ({@code CREATE DATABASE ...}) up to its {@code # DML} line.</li>
 * </ul>
 *
 * <pre>{@code
 * History h = new InfluxLineHistory().read(Path.of("telegraf-metrics.out"), Progress.NONE);
 * }</pre>
 */
public final class InfluxLineHistory implements HistoryReader {
    private static final int SNIFFED_LINES = 64;

    @Override public String format() { return "influx-line-protocol"; }

    @Override public int sniff(Path path) {
        if (Files.isDirectory(path)) return Heads.folderScore(path, InfluxLineHistory::fileScore, 60);
        return fileScore(path);
    }

    /** 90 when the head's lines are line protocol with an infiniband or ethtool point, 60 when line protocol alone, else 0. */
    private static int fileScore(Path f) {
        String head = Heads.head(f, 16 * 1024);
        String[] lines = head.split("\n", -1);
        int n = Math.min(lines.length - (head.length() == 16 * 1024 ? 1 : 0), SNIFFED_LINES);   // the last may be cut short
        int points = 0;
        boolean ours = false, ddl = false;
        for (int i = 0; i < n; i++) {
            String t = lines[i].strip();
            if (t.equals("# DDL")) ddl = true;
            if (t.equals("# DML")) ddl = false;
            if (t.isEmpty() || t.startsWith("#") || ddl) continue;
            try {
                LineProtocol.Point p = LineProtocol.parse(t, f.toString(), i + 1);
                if (p.timestamp() == null) return 0;
                points++;
                ours |= TelegrafFields.measured(p.measurement());
            } catch (CaptureException e) {
                return 0;
            }
        }
        return points == 0 ? 0 : ours ? 90 : 60;
    }

    @Override public History read(Path path, Progress progress) {
        List<Path> files = Files.isDirectory(path) ? Heads.files(path) : List.of(path);
        if (files.isEmpty()) throw new CaptureException(path.toString(), 0, "no line-protocol files in the folder");
        TelegrafPoints points = new TelegrafPoints(path.toString());
        for (int i = 0; i < files.size(); i++) {
            TimestampPrecision p = readFile(files.get(i), points);
            if (p != null && p != TimestampPrecision.NS) {
                points.warn(files.get(i).getFileName() + ": timestamps read in " + p + " (their magnitude: a time in 2001-2286 in " + p
                        + "; line protocol's default is ns)");
            }
            progress.update("reading " + path.getFileName(), i + 1, files.size());
        }
        return points.history();
    }

    /** Reads one file into {@code out}; the precision of its timestamps (null when it has no point read). */
    private static TimestampPrecision readFile(Path f, TelegrafPoints out) {
        String file = f.toString();
        TimestampPrecision precision = null;
        boolean ddl = false;
        int lineNo = 0;
        try (BufferedReader r = Heads.reader(f)) {
            for (String line; (line = r.readLine()) != null; ) {
                lineNo++;
                String t = line.strip();
                if (t.equals("# DDL")) ddl = true;
                if (t.equals("# DML")) ddl = false;
                if (t.isEmpty() || t.startsWith("#") || ddl) continue;
                LineProtocol.Point p = LineProtocol.parse(line, file, lineNo);
                if (!out.wanted(p.measurement())) continue;
                if (p.timestamp() == null) {
                    throw new CaptureException(file, lineNo, "a point of " + p.measurement() + " has no timestamp; a history needs the time "
                            + "of each point (Telegraf's file output writes one, ns since the epoch)");
                }
                if (precision == null) precision = TimestampPrecision.of(p.timestamp(), file, lineNo);
                long ms = precision.toMillis(p.timestamp(), file, lineNo);
                for (var e : p.fields().entrySet()) {
                    out.value(p.measurement(), p.tags(), e.getKey(), e.getValue().type(), e.getValue().text(), ms, file, lineNo);
                }
            }
        } catch (IOException e) {
            throw new CaptureException(file, lineNo, "cannot read: " + e.getMessage(), e);
        }
        return precision;
    }
}
