package org.fabriclab.capture;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The layout of an NVIDIA (Mellanox) sysinfo-snapshot ({@code sysinfo-snapshot.py}, Mellanox/linux-sysinfo-snapshot),
 * unpacked: {@code sysinfo-snapshot-v<version>-<host>-<YYYYMMDD-HHMMSS>/} holding {@code <host>-<stamp>.html} (every
 * command's output in one page), {@code err_messages/} and folders of separate outputs. The captures this takes, all
 * others left unread:
 * <ul>
 * <li>{@code ethtool_S/ethtool_S_<netdev>}: {@code ethtool -S} of each NVIDIA netdev, the name with {@code :} and
 * {@code .} removed as the script writes it;</li>
 * <li>{@code ibdiagnet_<ca>_<port>/ibdiagnet/} ({@code --ibdiagnet}): an ibdiagnet output folder per subnet.</li>
 * </ul>
 * Outputs kept only inside the HTML page (ibstat, perfquery, ibv_devinfo) are not read. The time: the page's
 * {@code date} section ({@code date}'s output, to the second), when it parses. The host: from the folder's name, else
 * the page's.
 */
final class SysinfoSnapshot {
    static final String KIND = "sysinfo-snapshot";
    private static final Pattern ETHTOOL = Pattern.compile("ethtool_S_(.+)");
    private static final Pattern IBDIAGNET = Pattern.compile("ibdiagnet_.+_\\d+");
    private static final Pattern VERSION = Pattern.compile("sysinfo-snapshot-(v[0-9][0-9.]*)-.*");
    /** The host in the folder's name ({@code sysinfo-snapshot-v3.7.6-node07-20261201-101500}) or the page's ({@code node07-20261201-101500.html}). */
    private static final Pattern HOST = Pattern.compile("sysinfo-snapshot-v[0-9][0-9.]*-(.+)-\\d{8}-\\d{6}");
    private static final Pattern PAGE_HOST = Pattern.compile("(.+)-\\d{8}-\\d{6}\\.html");
    private static final Pattern DATE = Pattern.compile("<h2>date</h2>\\s*<p>([^<]{10,80})(?:<br/>)*</p>");

    private SysinfoSnapshot() {}

    /** The sysinfo-snapshot {@code dir} is, or null. */
    static Bundle find(Path dir, String name) {
        Path ethtool = dir.resolve("ethtool_S");
        boolean named = dir.getFileName() != null && dir.getFileName().toString().startsWith("sysinfo-snapshot");
        if (!Files.isDirectory(ethtool) && !(named && Files.isDirectory(dir.resolve("err_messages")))) return null;
        List<Path> pages = list(dir).stream().filter(p -> p.getFileName().toString().endsWith(".html") && Files.isRegularFile(p)).toList();
        if (pages.isEmpty()) return null;
        Matcher v = VERSION.matcher(dir.getFileName().toString());
        Bundle b = Bundle.start(KIND, v.matches() ? v.group(1) : "", name);
        for (Path f : list(ethtool)) {
            Matcher m = ETHTOOL.matcher(f.getFileName().toString());
            if (m.matches() && Files.isRegularFile(f)) b.add(dir, f, "ethtool -S " + m.group(1));
        }
        for (Path d : list(dir)) {
            Path ib = d.resolve("ibdiagnet");
            if (IBDIAGNET.matcher(d.getFileName().toString()).matches() && Files.isDirectory(ib)) b.add(dir, ib, null);
        }
        for (Path page : pages) {
            Bundle.Time t = pageDate(dir, page);
            if (t != null) { b.time(t); break; }
        }
        Matcher h = HOST.matcher(dir.getFileName().toString());
        if (!h.matches()) {
            for (Path page : pages) if ((h = PAGE_HOST.matcher(page.getFileName().toString())).matches()) break;
        }
        if (h.matches()) b.host(h.group(1));
        return b.done(dir);
    }

    private static List<Path> list(Path folder) {
        if (!Files.isDirectory(folder)) return List.of();
        try (Stream<Path> s = Files.list(folder)) {
            return s.sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The page's {@code date} section as a time, or null. */
    private static Bundle.Time pageDate(Path dir, Path page) {
        try {
            if (Files.size(page) > Input.maxBytes()) return null;
            Matcher m = DATE.matcher(Files.readString(page, StandardCharsets.ISO_8859_1));
            if (!m.find()) return null;
            String text = m.group(1).replace("&nbsp;", " ").replace("<br/>", " ").strip();
            Long ms = DateOutput.epochMs(text);
            String f = dir.relativize(page).toString();
            return ms == null ? null : new Bundle.Time(ms, f, f + " (its date section, to the second)");
        } catch (IOException e) {
            return null;
        }
    }
}
