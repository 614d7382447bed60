package org.fabriclab.capture;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A folder another tool wrote that holds captures among many files that are none: a sosreport ({@link SosReport}) or
 * an NVIDIA sysinfo-snapshot ({@link SysinfoSnapshot}). Its layout says which files are command outputs a reader takes
 * and which command made each (the file names say it: sos's {@code sos_commands/networking/ethtool_-S_eth0}); every
 * other file (a sosreport holds thousands: logs, {@code /etc}, {@code /proc} copies) is counted, never read, so
 * none is warned about one by one or taken for a capture by accident. It may record when it was taken
 * ({@link #time()}).
 *
 * <pre>{@code
 * Bundle b = Bundle.of(Path.of("sosreport-node1-2026-12-03-abcdef")).orElseThrow();
 * b.captures();   // ibstat, ibv_devinfo -v, perfquery -C mlx5_0 -P 1, ethtool -S ens1f0np0, ...
 * b.summary();    // "sosreport (sos report: 4.8.1) ...: read 6 command outputs (...); 3412 other files left unread"
 * }</pre>
 */
public final class Bundle {
    /** When a bundle was taken: epoch milliseconds, the file it was read from, and how ({@code date --utc} output, ...). */
    public record Time(long epochMs, String file, String how) {}

    private final String kind;
    private final String version;
    private final String name;
    private final List<Input> captures = new ArrayList<>();
    private final Map<Path, String> chosen = new LinkedHashMap<>();
    private int others;
    private Time time;
    private String host;
    private Capture netdevLinks;

    private Bundle(String kind, String version, String name) {
        this.kind = kind;
        this.version = version;
        this.name = name;
    }

    /** The bundle {@code dir} is (a sosreport's or a sysinfo-snapshot's top folder), or empty. */
    public static Optional<Bundle> of(Path dir) { return of(dir, dir.toString()); }

    /** As {@link #of(Path)}, its files named {@code name/RELATIVE} in messages (an unpacked archive's member names). */
    static Optional<Bundle> of(Path dir, String name) {
        if (!Files.isDirectory(dir)) return Optional.empty();
        Bundle b = SosReport.find(dir, name);
        if (b == null) b = SysinfoSnapshot.find(dir, name);
        return Optional.ofNullable(b);
    }

    /** A bundle being laid out by its layout class: files are added with {@link #add}, then {@link #done} counts the rest. */
    static Bundle start(String kind, String version, String name) { return new Bundle(kind, version, name); }

    /** Adds {@code file} (a file or a folder a reader claims, under {@code root}) as a capture made by {@code command}. */
    void add(Path root, Path file, String command) {
        if (chosen.containsKey(file)) return;
        chosen.put(file, command);
        String rel = root.relativize(file).toString();
        captures.add(Input.member(file, name + "/" + rel, command, this, Files.isDirectory(file)));
    }

    void time(Time t) { this.time = t; }

    void host(String h) { this.host = h; }

    void netdevLinks(Capture c) { this.netdevLinks = c; }

    /** Counts the regular files under {@code root} that were not chosen (symbolic links are not followed). */
    Bundle done(Path root) {
        int[] n = {0};
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes a) {
                    return chosen.containsKey(d) ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }
                @Override public FileVisitResult visitFile(Path f, BasicFileAttributes a) {
                    if (a.isRegularFile() && !chosen.containsKey(f)) n[0]++;
                    return FileVisitResult.CONTINUE;
                }
                @Override public FileVisitResult visitFileFailed(Path f, IOException e) { return FileVisitResult.CONTINUE; }
            });
        } catch (IOException e) {
            // a count only: what could not be walked is not counted
        }
        others = n[0];
        return this;
    }

    /** {@code sosreport} or {@code sysinfo-snapshot}. */
    public String kind() { return kind; }

    /** The tool's version as the bundle states it ({@code sos report: 4.8.1}), or empty. */
    public String version() { return version; }

    /** The bundle's folder as given (an unpacked archive's as {@code ARCHIVE!/FOLDER}). */
    public String name() { return name; }

    /** The files its layout holds captures in, each with the command that made it. */
    public List<Input> captures() { return List.copyOf(captures); }

    /** How many other files it holds, none of them read. */
    public int others() { return others; }

    /** When the bundle was taken, as it records it; empty when it records nothing this reads. */
    public Optional<Time> time() { return Optional.ofNullable(time); }

    /**
     * The host the bundle was taken on, as it records it (a sosreport's {@code hostname} output, a sysinfo-snapshot's
     * folder name), or empty: two bundles of one host are a snapshot pair ({@code incident.Layout}).
     */
    public Optional<String> host() { return Optional.ofNullable(host); }

    /**
     * Which netdev is which RDMA port, as the bundle's own files record it ({@code netdev} attributes on
     * {@code <dev>/<port>}, each naming the files it was read from), with a warning for each port left apart because
     * they do not say; empty when the bundle records no RDMA device beside a netdev. A snapshot joins the ports
     * through it, as it joins {@code rdma link}'s {@code netdev}.
     */
    public Optional<Capture> netdevLinks() { return Optional.ofNullable(netdevLinks); }

    /** One line: what the bundle is, which command outputs were read, how many other files were left unread. */
    public String summary() {
        List<String> cmds = new ArrayList<>();
        for (Input in : captures) cmds.add(in.command() != null ? in.command() : in.fileName());
        String list = cmds.size() <= 12 ? String.join(", ", cmds) : String.join(", ", cmds.subList(0, 12)) + ", ... (" + cmds.size() + ")";
        return name + ": a " + kind + (version.isEmpty() ? "" : " (" + version + ")") + "; " + captures.size() + " command output"
                + (captures.size() == 1 ? "" : "s") + " taken as captures (" + list + "); " + others + " other file" + (others == 1 ? "" : "s")
                + " of the " + kind + " left unread" + (time == null ? "" : "; taken at " + java.time.Instant.ofEpochMilli(time.epochMs())
                + " (" + time.how() + ")");
    }

    @Override public String toString() { return summary(); }
}
