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

import org.fabriclab.capture.Archive;
import org.fabriclab.capture.Bundle;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Unpacked;

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
 * {@code ethtool-m.NETDEV.txt} (first line {@code # ethtool -m NETDEV}: the transceiver's diagnostics),
 * {@code ethtool.NETDEV.txt} (first line {@code # ethtool NETDEV}: the link settings, whose speed is a RoCE port's link rate),
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
    /**
     * Other names a hand-collected pair goes by, in the order tried after {@code before/after}:
     * {@code pre/post}, {@code start/end}, {@code baseline/after} (any case).
     */
    static final List<String[]> PAIRS = List.of(new String[] {BEFORE, AFTER}, new String[] {"pre", "post"},
            new String[] {"start", "end"}, new String[] {"baseline", AFTER});
    /**
     * A hand-collected series: a sampling prefix ({@code snap}, {@code snapshot}, {@code sample}, {@code s},
     * {@code iter}, {@code poll}; {@code -} or {@code _} allowed) and a number, or a timestamp name of at
     * least 8 digits among {@code - _ : . T Z} ({@code 20261201-101500}, {@code 2026-12-01T10:15:00Z}).
     */
    private static final Pattern OTHER_SERIES = Pattern.compile(
            "(?i)(?:(snap|snapshot|sample|s|iter|poll)[-_]?(\\d+)|([0-9][0-9TZ:._-]{7,}))");

    private Layout() {}

    /** The folder name of the {@code i}-th snapshot of a series: {@code t0}, {@code t1}, ... */
    public static String series(int i) { return "t" + i; }

    /**
     * The snapshot folders of an incident folder in time order: {@code before, after} (as collect
     * writes them; a hand-collected {@code pre/post}, {@code start/end} or {@code baseline/after}, any
     * case, is taken the same way), or {@code t0, t1, ...} by number. Failing those, a hand-collected
     * series: two or more folders named by one sampling prefix and a number ({@code snap1, snap2, ...},
     * ordered by number), or by timestamps ({@code 20261201-101500, ...}, ordered by their digits).
     * A snapshot may be handed over as an archive of its folder, named as the folder plus the archive's suffix
     * ({@code before.tar.gz}, {@code after.tgz}, {@code t0.tar.xz}, {@code snap1.zip}: {@link Archive}); the path given
     * is then the archive's, which {@code Snapshot.of} unpacks; a folder of the same name (the archive unpacked beside it)
     * is taken instead. Failing folders, archives and bundles, single capture files named the same way are the snapshots
     * ({@code before.txt after.txt}, {@code t0.txt t1.txt ...}: {@link #captureFiles}). Failing those too, two or more sosreports (or sysinfo-snapshots) side by side, folders or archives
     * ({@code sosreport-node07-2026-12-01-abcdefg/}, {@code sosreport-node07-2026-12-01-hijklmn.tar.xz}; an archive is
     * taken for one by its name, {@code sosreport-...} or {@code sysinfo-snapshot-...}), when all are of one host: ordered by
     * the time each records ({@value #TIMESTAMP}, else the bundle's own: {@link SnapshotTime#of}). An archive is unpacked
     * for that, then deleted ({@link Unpacked}; read again when its snapshot is).
     *
     * @throws CaptureException when {@code dir} holds none of these, naming the folders it found; for sosreports side by
     *         side, when they are of different hosts (naming each host and its reports), or when one records no time or two
     *         the same (naming them)
     */
    public static List<Path> snapshots(Path dir) { return snapshots(dir, true); }

    /** {@link #snapshots(Path)}; {@code hint}: when none, say which sub-folders are incident folders themselves (one level down). */
    private static List<Path> snapshots(Path dir, boolean hint) {
        List<Path> subs = new ArrayList<>(), archives = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.sorted().toList()) {
                if (Files.isDirectory(p)) subs.add(p);
                else if (Archive.stem(p.getFileName().toString()) != null && Archive.is(p)) archives.add(p);
            }
        } catch (IOException e) {
            throw new CaptureException(dir.toString(), 0, "cannot list the incident folder: " + e.getMessage());
        }
        // a folder before an archive of the same name (before/ beside the before.tar.gz it was unpacked from)
        subs.addAll(archives);
        for (String[] pair : PAIRS) {
            Path b = named(subs, pair[0]), a = named(subs, pair[1]);
            if (b != null && a != null) return List.of(b, a);
        }
        List<Path> out = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        subs.stream().filter(p -> SERIES.matcher(name(p)).matches()).filter(p -> seen.add(name(p)))
                .sorted(Comparator.comparingInt(Layout::index)).forEach(out::add);
        if (out.isEmpty()) out = otherSeries(subs);
        if (out.isEmpty()) out = bundles(dir, subs, hint);
        if (out.isEmpty()) out = captureFiles(dir);
        if (out.isEmpty()) {
            List<String> names = subs.stream().map(p -> Files.isDirectory(p) ? p.getFileName() + "/" : p.getFileName().toString()).toList();
            // a folder of hosts (node17/before, node18/before, ...): each host is an incident folder of its own
            List<String> incidents = new ArrayList<>();
            for (Path sub : hint ? subs : List.<Path>of()) {
                if (!Files.isDirectory(sub)) continue;
                try {
                    snapshots(sub, false);
                    incidents.add(sub.getFileName() + "/");
                } catch (CaptureException e) {
                    // not one either
                }
            }
            throw new CaptureException(dir.toString(), 0, "not an incident folder: expected before/ and after/ (or pre/ post/, "
                    + "start/ end/), or t0/ t1/ ... (as fabriclab collect writes), or a series snap1/ snap2/ ... or "
                    + "timestamp-named folders, each a folder or an archive of one (before.tar.gz), or sosreports of one host, "
                    + "or single capture files named so (before.txt after.txt), or one file holding a tool's output two or more times "
                    + "(give that file); found "
                    + (names.isEmpty() ? "no folders" + filesFound(dir) : String.join(" ", names))
                    + (incidents.isEmpty() ? "" : "; " + String.join(" ", incidents) + (incidents.size() == 1 ? " is an incident folder" : " are incident folders")
                            + " of its own (one host each?): give one, as " + dir.resolve(incidents.get(0)).normalize()));
        }
        return out;
    }

    /** {@code " (files: a.txt, b.txt)"}: the first files of {@code dir}, for an error that found no folder; empty when it has none. */
    private static String filesFound(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            List<String> f = s.filter(Files::isRegularFile).map(p -> p.getFileName().toString()).filter(n -> !n.startsWith(".")).sorted().toList();
            if (f.isEmpty()) return "";
            return " (files: " + String.join(", ", f.subList(0, Math.min(8, f.size()))) + (f.size() > 8 ? ", ..." : "") + ")";
        } catch (IOException e) {
            return "";
        }
    }

    /** An archive taken for a bundle by its name: sos's {@code sosreport-HOST-...}, NVIDIA's {@code sysinfo-snapshot-v...}. */
    private static final Pattern BUNDLE_NAME = Pattern.compile("(?i)(sosreport|sysinfo-snapshot)-.+");
    /** The host in sos's name for a report ({@code sosreport-HOST[-LABEL][-CASE]-YYYY-MM-DD-RANDOM}), when the report records none. */
    private static final Pattern SOS_NAME = Pattern.compile("(?i)sosreport-(.+?)-\\d{4}-\\d{2}-\\d{2}-[a-z0-9]+");

    /** A bundle side by side with others: its path, its host (or null), its time (or null). */
    private record Side(Path path, String kind, String host, SnapshotTime time) {
        String shown() { return path.getFileName() + (Files.isDirectory(path) ? "/" : ""); }
    }

    /**
     * Two or more bundles side by side (see {@link #snapshots}) in time order, all of one host; empty when there are fewer
     * than two. {@code check}: read each one's host and time (else only count them: a hint one level down).
     */
    private static List<Path> bundles(Path dir, List<Path> subs, boolean check) {
        List<Path> found = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Path p : subs) {
            if (seen.contains(name(p))) continue;
            boolean bundle = Files.isDirectory(p) ? Bundle.of(p).isPresent() : BUNDLE_NAME.matcher(name(p)).matches();
            if (bundle && seen.add(name(p))) found.add(p);
        }
        if (found.size() < 2 || !check) return found.size() < 2 ? List.of() : found;
        List<Side> sides = new ArrayList<>();
        for (Path p : found) {
            Side s = side(p);
            if (s != null) sides.add(s);
        }
        if (sides.size() < 2) return List.of();
        java.util.Map<String, List<String>> hosts = new java.util.LinkedHashMap<>();
        for (Side s : sides) {
            if (s.host != null) hosts.computeIfAbsent(shortHost(s.host), k -> new ArrayList<>()).add(s.shown());
        }
        if (hosts.size() > 1) {
            List<String> each = new ArrayList<>();
            hosts.forEach((h, names) -> each.add(h + " (" + String.join(", ", names) + ")"));
            throw new CaptureException(dir.toString(), 0, sides.size() + " " + sides.get(0).kind + "s side by side of different hosts: "
                    + String.join(" and ", each) + "; an incident compares one host's snapshots: give each host's in a folder of its own");
        }
        for (Side s : sides) {
            if (s.time == null) {
                throw new CaptureException(dir.resolve(s.path.getFileName()).toString(), 0, "records no time (no " + TIMESTAMP
                        + ", no sos_reports/manifest.json start_time, no date output), so which of " + names(sides)
                        + " came first cannot be told: name them " + BEFORE + " and " + AFTER + " (before/, after/ or before.tar.xz, after.tar.xz)");
            }
        }
        sides.sort(Comparator.comparingLong((Side s) -> s.time.epochMs()));
        for (int i = 1; i < sides.size(); i++) {
            Side a = sides.get(i - 1), b = sides.get(i);
            if (a.time.epochMs() == b.time.epochMs()) {
                throw new CaptureException(dir.toString(), 0, a.shown() + " and " + b.shown() + " record the same time ("
                        + a.time.instant() + ", " + a.time.source() + "), so which came first cannot be told: name them " + BEFORE
                        + " and " + AFTER);
            }
        }
        return sides.stream().map(Side::path).toList();
    }

    private static String names(List<Side> sides) {
        return String.join(", ", sides.stream().map(Side::shown).toList());
    }

    /** The host's name without its domain, in lower case: {@code node07.example.com} and {@code NODE07} are one host. */
    private static String shortHost(String host) {
        int dot = host.indexOf('.');
        return (dot > 0 ? host.substring(0, dot) : host).toLowerCase(java.util.Locale.ROOT);
    }

    /** {@code p}'s bundle, host and time (an archive unpacked for them, then deleted); null when it holds no bundle. */
    private static Side side(Path p) {
        if (!Files.isDirectory(p)) {
            try (Unpacked u = Unpacked.of(p)) {
                return side(p, u.folder());
            }
        }
        return side(p, p);
    }

    private static Side side(Path p, Path folder) {
        Bundle b = Bundle.of(folder).orElse(null);
        if (b == null) return null;
        String host = b.host().orElse(null);
        if (host == null) {
            Matcher m = SOS_NAME.matcher(name(p));
            if (m.matches()) host = m.group(1);
        }
        SnapshotTime t;
        if (Files.isRegularFile(folder.resolve(TIMESTAMP))) t = SnapshotTime.read(folder);
        else t = b.time().map(x -> new SnapshotTime(x.epochMs(), 0, 0, "", x.file(), x.how())).orElse(null);
        return new Side(p, b.kind(), host, t);
    }

    private static Path named(List<Path> subs, String name) {
        Path hit = null;
        for (Path p : subs) {
            if (name(p).equals(name)) return p;
            if (hit == null && name(p).equalsIgnoreCase(name)) hit = p;
        }
        return hit;
    }

    /**
     * A snapshot's name: its folder's, its archive's less the archive suffix ({@code before.tar.gz}: {@code before}), or a
     * capture file's less its extension ({@code before.txt}: {@code before}; an extension is letters only, so
     * {@code 20261201-101500.5} keeps its digits).
     */
    public static String name(Path p) {
        String n = p.getFileName().toString();
        if (Files.isDirectory(p)) return n;
        String stem = Archive.stem(n);
        if (stem != null) return stem;
        int dot = n.lastIndexOf('.');
        return dot > 0 && dot < n.length() - 1 && n.substring(dot + 1).chars().allMatch(Character::isLetter) ? n.substring(0, dot) : n;
    }

    /**
     * Snapshots that are single capture files, as a quick hand collection saves them ({@code ethtool -S eth0 > before.txt},
     * then {@code after.txt}): the files of {@code dir} named as snapshot folders are (by {@link #name}: {@code before.txt}
     * and {@code after.txt}, {@code pre.log} and {@code post.log}, {@code t0.txt t1.txt ...}, {@code snap1.txt snap2.txt ...},
     * timestamp-named files), each read as a snapshot of one capture. Empty when none are, or when two files share a name
     * ({@code before.txt} and {@code before.log}: which one is the snapshot cannot be told).
     */
    private static List<Path> captureFiles(Path dir) {
        List<Path> files = new ArrayList<>();
        java.util.Set<String> names = new java.util.HashSet<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.sorted().toList()) {
                String n = p.getFileName().toString();
                if (!Files.isRegularFile(p) || n.startsWith(".") || Archive.stem(n) != null) continue;
                if (!names.add(name(p).toLowerCase(java.util.Locale.ROOT))) return List.of();
                files.add(p);
            }
        } catch (IOException e) {
            return List.of();
        }
        for (String[] pair : PAIRS) {
            Path b = named(files, pair[0]), a = named(files, pair[1]);
            if (b != null && a != null) return List.of(b, a);
        }
        List<Path> out = files.stream().filter(p -> SERIES.matcher(name(p)).matches()).sorted(Comparator.comparingInt(Layout::index)).toList();
        return out.size() >= 2 ? out : otherSeries(files);
    }

    /** A hand-collected series (see {@link #snapshots}): all of one kind, one prefix, two or more; else empty. */
    private static List<Path> otherSeries(List<Path> subs) {
        List<Path> numbered = new ArrayList<>(), stamped = new ArrayList<>();
        String prefix = null;
        boolean mixed = false;
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Path p : subs) {
            Matcher m = OTHER_SERIES.matcher(name(p));
            if (!m.matches() || !seen.add(name(p))) continue;
            if (m.group(1) != null) {
                String pre = m.group(1).toLowerCase(java.util.Locale.ROOT);
                if (prefix != null && !prefix.equals(pre)) mixed = true;
                prefix = pre;
                numbered.add(p);
            } else if (m.group(3).chars().filter(Character::isDigit).count() >= 8) {
                stamped.add(p);
            }
        }
        if (!numbered.isEmpty() && !stamped.isEmpty() || mixed) return List.of();
        if (numbered.size() >= 2) {
            numbered.sort(Comparator.comparing((Path p) -> new java.math.BigInteger(number(p))));
            return numbered;
        }
        if (stamped.size() >= 2) {
            stamped.sort(Comparator.comparing(Layout::digits).thenComparing(Path::toString));
            return stamped;
        }
        return List.of();
    }

    private static String number(Path p) {
        Matcher m = OTHER_SERIES.matcher(name(p));
        return m.matches() ? m.group(2) : "0";
    }

    private static String digits(Path p) {
        return name(p).replaceAll("[^0-9]", "");
    }

    private static int index(Path p) {
        Matcher m = SERIES.matcher(name(p));
        return m.matches() ? Integer.parseInt(m.group(1)) : Integer.MAX_VALUE;
    }
}
