package org.fabriclab.kernel.maven;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A session's {@code %maven} and {@code %mavenRepo}: resolves artifacts (transitively, in one
 * graph per {@code %maven}) with the resolver loaded on first use, then puts each jar on the cell
 * class path unless that path already has the artifact: the same version is skipped silently
 * (counted), another version is a conflict reported by name, because the class path's first copy
 * would win anyway (the kernel's jars come first for cells; a jar added earlier in the session
 * cannot be taken back).
 *
 * <pre>{@code
 * MavenDependencies m = MavenDependencies.standard(cellVisibleKernelJars);
 * Outcome o = m.maven("--repo file:/tmp/repo com.example:liba:1.0", List.of(), jar -> shell.addToClasspath(jar));
 * System.out.print(o.out());  System.err.print(o.conflicts());
 * }</pre>
 */
public final class MavenDependencies {
    private final Supplier<List<String>> kernelEntries;
    private final Supplier<Resolver> factory;
    private final List<Repository> repositories = new ArrayList<>();
    /** What earlier {@code %maven}s put on the cell class path, by {@code group:artifact}. */
    private final Map<String, ClasspathArtifacts.Held> added = new LinkedHashMap<>();
    private Map<String, ClasspathArtifacts.Held> kernel;
    private Resolver resolver;

    MavenDependencies(Supplier<List<String>> kernelEntries, Supplier<Resolver> factory) {
        this.kernelEntries = kernelEntries;
        this.factory = factory;
    }

    /** For a session whose cells see {@code kernelEntries} of the kernel's class path; the real resolver. */
    public static MavenDependencies standard(Supplier<List<String>> kernelEntries) {
        return new MavenDependencies(kernelEntries, ResolverLoader::load);
    }

    /** What {@code %maven} printed: the report for stdout, and the conflicts (empty when none) for stderr. */
    public record Outcome(String out, String conflicts, List<Path> jars) {}

    /**
     * {@code %maven ARGS}: resolves, adds, reports.
     *
     * @param classpathAdded the jars {@code %classpath} added so far (checked for conflicts too)
     * @param addToClasspath puts one jar on the cell class path
     * @throws IllegalArgumentException for bad arguments or an artifact that cannot be resolved
     * @throws IllegalStateException when the resolver itself cannot be loaded
     */
    public synchronized Outcome maven(String args, List<String> classpathAdded, Consumer<Path> addToClasspath) {
        MavenArgs a = MavenArgs.parse(args);
        List<Repository> repos = new ArrayList<>(repositories);
        repos.addAll(a.repositories());
        if (resolver == null) resolver = factory.get();
        Resolver.Resolution res = resolver.resolve(a.coordinates(), repos);
        if (kernel == null) kernel = ClasspathArtifacts.scan(kernelEntries.get());
        Map<String, ClasspathArtifacts.Held> viaClasspath = ClasspathArtifacts.scan(classpathAdded);
        List<Artifact> fresh = new ArrayList<>();
        List<String> same = new ArrayList<>();
        StringBuilder conflicts = new StringBuilder();
        List<Path> jars = new ArrayList<>();
        for (Artifact art : res.artifacts()) {
            String why = null;
            ClasspathArtifacts.Held held;
            if ((held = kernel.get(art.key())) != null) why = "the kernel's " + fileName(held.jar());
            else if ((held = added.get(art.key())) != null) why = "added by an earlier %maven";
            else if ((held = viaClasspath.get(art.key())) != null) why = "added with %classpath " + held.jar();
            if (held != null && held.version().equals(art.version())) {
                same.add(art.coordinates());
                continue;
            }
            if (held != null) {
                conflicts.append("%maven: conflict: ").append(art.coordinates())
                         .append(art.neededBy() == null ? " (asked for)" : " (needed by " + art.neededBy() + ")")
                         .append(" was not added: the cell class path already has ").append(art.key()).append(':').append(held.version())
                         .append(" (").append(why).append("), and cells use that one")
                         .append(why.startsWith("the kernel") ? "" : "; restart the kernel to switch versions").append('\n');
                continue;
            }
            if (art.file() == null) continue; // a pom-only artifact: nothing to load
            addToClasspath.accept(art.file());
            jars.add(art.file());
            added.put(art.key(), new ClasspathArtifacts.Held(art.version(), art.file().toString()));
            fresh.add(art);
        }
        return new Outcome(report(fresh, same, res), conflicts.toString(), jars);
    }

    private static String report(List<Artifact> fresh, List<String> same, Resolver.Resolution res) {
        StringBuilder sb = new StringBuilder();
        if (fresh.isEmpty()) sb.append("%maven: nothing new for the cell class path");
        else sb.append("%maven: added ").append(fresh.size()).append(fresh.size() == 1 ? " jar" : " jars").append(" to the cell class path");
        sb.append(" (local repository ").append(res.localRepository());
        if (res.downloads() > 0) sb.append("; ").append(res.downloads()).append(" files downloaded, ").append(kib(res.downloadedBytes()));
        sb.append(")\n");
        for (Artifact a : fresh) {
            sb.append("  ").append(a.coordinates());
            if (a.neededBy() != null) sb.append("  (needed by ").append(a.neededBy()).append(')');
            sb.append('\n');
        }
        if (!same.isEmpty()) sb.append("  already on the cell class path: ").append(String.join(", ", same)).append('\n');
        return sb.toString();
    }

    private static String kib(long bytes) {
        return bytes < 1024 * 1024 ? (bytes + 1023) / 1024 + " KiB" : String.format(java.util.Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
    }

    private static String fileName(String path) { return Path.of(path).getFileName().toString(); }

    /**
     * {@code %mavenRepo ID URL} (or {@code %mavenRepo URL}): searched by every later {@code %maven}
     * of the session, after the repositories {@code settings.xml} activates. Returns the line to print.
     *
     * @throws IllegalArgumentException for a missing or malformed URL
     */
    public synchronized String repository(String args) {
        String[] t = args.isBlank() ? new String[0] : args.trim().split("\\s+");
        Repository r;
        if (t.length == 2) r = new Repository(t[0], Repository.of(t[1]).url());
        else if (t.length == 1) r = MavenArgs.repository(t[0]);
        else throw new IllegalArgumentException("usage: %mavenRepo [ID] URL  (e.g. %mavenRepo snapshots https://example.org/snapshots)");
        repositories.removeIf(x -> x.id().equals(r.id()));
        repositories.add(r);
        return "%mavenRepo: later %maven cells also search " + r.id() + " (" + r.url() + ")\n";
    }
}
