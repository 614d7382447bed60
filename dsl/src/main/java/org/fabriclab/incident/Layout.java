package org.fabriclab.incident;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.fabriclab.capture.CaptureException;

/**
 * The incident folder {@code fabriclab collect} writes, the contract every reader, {@code incident(dir)}
 * and the template notebooks take (layout version {@value #VERSION}):
 * <pre>
 * DIR/
 *   manifest.json       what was collected: host, tools found and missing, every command with its exit
 *                       code and duration, the ports, the test command and its exit code
 *   before/  after/     two snapshots around a test (collect --out DIR -- CMD...)
 *   t0/ t1/ ...         or a series (collect --out DIR --every 10s --count N)
 *   test/stdout.txt     the test command's output as it printed it (perftest's report)
 *   test/stderr.txt
 *   unread/SNAPSHOT/    tool outputs no reader could read (the reason is in the manifest)
 * </pre>
 * A snapshot folder holds only captures, one file per tool run, each in its tool's own format
 * ({@code Snapshot.of(dir)} reads it as it is), plus {@value #TIMESTAMP} (wall clock, monotonic
 * clock, boot id: see {@link SnapshotTime}), which the readers skip:
 * {@code ibstat.txt}, {@code sysfs.txt} ({@code grep -H .} form of {@code counters/},
 * {@code hw_counters/} and the port attributes), {@code perfquery-x.DEV-PORT.txt},
 * {@code ethtool-S.NETDEV.txt} (first line {@code # ethtool -S NETDEV}, so the reader names the port),
 * {@code rdma-link.json}, {@code rdma-statistic.json}, {@code mlxlink.DEV-PORT.txt} (first line
 * {@code # mlxlink -d DEV -p PORT -m -c}: mlxlink's output does not name the port).
 *
 * <pre>{@code
 * List<Path> snaps = Layout.snapshots(Path.of("incident-42"));   // [before, after] or [t0, t1, ...]
 * double s = SnapshotTime.elapsedSeconds(snaps.get(0), snaps.get(1));
 * }</pre>
 */
public final class Layout {
    /** The layout version written into {@value #MANIFEST}. */
    public static final int VERSION = 1;
    public static final String MANIFEST = "manifest.json";
    public static final String TIMESTAMP = "timestamp.json";
    public static final String BEFORE = "before";
    public static final String AFTER = "after";
    public static final String TEST = "test";
    public static final String TEST_STDOUT = "stdout.txt";
    public static final String TEST_STDERR = "stderr.txt";
    public static final String UNREAD = "unread";

    private static final Pattern SERIES = Pattern.compile("t(\\d+)");

    private Layout() {}

    /** The folder name of the {@code i}-th snapshot of a series: {@code t0}, {@code t1}, ... */
    public static String series(int i) { return "t" + i; }

    /**
     * The snapshot folders of an incident folder in time order: {@code before, after}, or
     * {@code t0, t1, ...} by number.
     *
     * @throws CaptureException when {@code dir} holds neither
     */
    public static List<Path> snapshots(Path dir) {
        if (Files.isDirectory(dir.resolve(BEFORE)) && Files.isDirectory(dir.resolve(AFTER))) {
            return List.of(dir.resolve(BEFORE), dir.resolve(AFTER));
        }
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(Files::isDirectory).filter(p -> SERIES.matcher(p.getFileName().toString()).matches())
                    .sorted(Comparator.comparingInt(Layout::index)).forEach(out::add);
        } catch (IOException e) {
            throw new CaptureException(dir.toString(), 0, "cannot list the incident folder: " + e.getMessage());
        }
        if (out.isEmpty()) {
            throw new CaptureException(dir.toString(), 0, "not an incident folder: expected before/ and after/, or t0/ t1/ ... "
                    + "(as fabriclab collect writes)");
        }
        return out;
    }

    private static int index(Path p) {
        Matcher m = SERIES.matcher(p.getFileName().toString());
        return m.matches() ? Integer.parseInt(m.group(1)) : Integer.MAX_VALUE;
    }
}
