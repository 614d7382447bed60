package org.fabriclab.history.formats;

import java.nio.file.Path;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The host of each scrape file of a folder, from its name, for scrapes that carry no {@code instance} label: a scrape
 * saved with {@code curl host:9100/metrics} has none (Prometheus adds it when it stores the sample), so the scrapes of
 * {@code node01-1764547200.prom} and {@code node02-1764547201.prom} would otherwise be one port {@code mlx5_0/1} whose
 * rows alternate between two hosts' counters (fake resets, fake deltas).
 * <ul>
 * <li>A file's stem is its name without the time it gives ({@link NameTime}), without the extensions {@code .prom},
 * {@code .txt}, {@code .metrics}, {@code .om}, {@code .gz}, and without the separators left at either end:
 * {@code node01-1764547200.prom} is {@code node01}, {@code metrics-20251201-120000.prom} is {@code metrics}.</li>
 * <li>Only when the files give two stems or more is the stem a host ({@link #of} is empty otherwise): a folder of one
 * host's scrapes ({@code node-<time>.prom}) keeps its port names.</li>
 * </ul>
 *
 * <pre>{@code
 * ScrapeHosts.of(List.of(Path.of("node01-1764547200.prom"), Path.of("node02-1764547201.prom")), ZoneOffset.UTC);
 * // {node01-1764547200.prom=node01, node02-1764547201.prom=node02}
 * }</pre>
 */
final class ScrapeHosts {
    private ScrapeHosts() {}

    /** File -> host for every file, or an empty map when the names give fewer than two hosts. */
    static Map<Path, String> of(List<Path> files, ZoneId zone) {
        Map<Path, String> out = new LinkedHashMap<>();
        Set<String> stems = new LinkedHashSet<>();
        for (Path f : files) {
            String s = stem(f.getFileName().toString(), zone);
            out.put(f, s);
            stems.add(s);
        }
        return stems.size() < 2 ? Map.of() : out;
    }

    /** The name without its time, its scrape extensions and the separators at either end. */
    static String stem(String name, ZoneId zone) {
        String s = name;
        String lower;
        boolean cut = true;
        while (cut) {
            cut = false;
            lower = s.toLowerCase(java.util.Locale.ROOT);
            for (String ext : List.of(".gz", ".prom", ".txt", ".metrics", ".om")) {
                if (lower.endsWith(ext) && lower.length() > ext.length()) { s = s.substring(0, s.length() - ext.length()); cut = true; break; }
            }
        }
        var t = NameTime.of(s, zone);
        if (t.isPresent()) {
            int at = s.indexOf(t.get().text());
            if (at >= 0) s = s.substring(0, at) + s.substring(at + t.get().text().length());
        }
        return s.replaceAll("^[-_. ]+|[-_. ]+$", "");
    }
}
