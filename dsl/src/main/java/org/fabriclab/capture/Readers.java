package org.fabriclab.capture;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The registry of capture readers, chosen by content sniffing. Readers are discovered with
 * {@link ServiceLoader}, so a format added in another jar registers itself.
 *
 * <pre>{@code
 * Capture c = Readers.standard().read(Path.of("before/hw.txt"));
 * Readers.standard().formats();   // [perfquery, sysfs, ethtool, ...]
 * }</pre>
 */
public final class Readers {
    private static volatile Readers standard;
    private final List<CaptureReader> readers;

    public Readers(List<CaptureReader> readers) { this.readers = List.copyOf(readers); }

    /** Every reader on the class path. */
    public static Readers standard() {
        if (standard == null) {
            synchronized (Readers.class) {
                if (standard == null) {
                    List<CaptureReader> list = new ArrayList<>();
                    ServiceLoader.load(CaptureReader.class, Readers.class.getClassLoader()).forEach(list::add);
                    standard = new Readers(list);
                }
            }
        }
        return standard;
    }

    public List<CaptureReader> readers() { return readers; }

    public List<String> formats() { return readers.stream().map(CaptureReader::format).toList(); }

    /**
     * Reads a file or directory with the reader that claims it most confidently. An {@link Archive} is unpacked and read
     * as its folder's inputs are ({@link #open}), into one capture (its one capture, or theirs merged, the files that are
     * no capture named in its warnings); the unpacked files are deleted before this returns.
     */
    public Capture read(Path path) {
        if (!Files.exists(path)) throw new CaptureException(path.toString(), 0, "no such file or directory");
        // the file is opened once, for the archive check and its text (Input.archive)
        Input in = Input.of(path);
        if (in.archive() != null) {
            try (Opened o = open(path)) {
                return readAll(path.toString(), o.inputs(), o.notes());
            }
        }
        return read(in);
    }

    /** The captures of an archive's inputs as one: a bundle's outputs or a folder's files that hold none are skipped. */
    private Capture readAll(String name, List<Input> inputs, List<String> notes) {
        List<Capture> caps = new ArrayList<>();
        List<String> warnings = new ArrayList<>(notes);
        CaptureException first = null;
        for (Input in : inputs) {
            try {
                caps.add(read(in));
            } catch (NotACaptureException e) {
                if (first == null) first = e;
                warnings.add(e.skipped());
            } catch (CaptureException e) {
                if (in.bundle() == null) throw e;
                if (first == null) first = e;
                warnings.add(e.getMessage() + "; skipped");
            }
        }
        if (caps.isEmpty()) throw first != null ? first : new NotACaptureException(name, 0, "the archive holds no file; expected captures");
        // which netdev is which RDMA port, as a bundle among the inputs records it (Bundle#netdevLinks)
        new java.util.LinkedHashSet<>(inputs.stream().map(Input::bundle).filter(java.util.Objects::nonNull).toList())
                .forEach(b -> b.netdevLinks().ifPresent(caps::add));
        return caps.size() == 1 && warnings.isEmpty() ? caps.get(0) : Capture.merge(name, caps, warnings);
    }

    /**
     * Reads with the reader that claims {@code in} most confidently. A multi-file dump
     * ({@code ==> eth0 <==} sections, {@code grep -H} prefixes: {@link MultiFileDump}) is read part by
     * part, each with its own reader, into one capture; a {@code grep -H} split is used only when its
     * first part is claimed more confidently than the whole text. The output of several hosts ({@code pdsh},
     * {@code dshbak}, {@code clush}, ansible ad-hoc: {@link HostOutput}) is read host by host, each host's ports named
     * {@code HOST:PORT} ({@link HostPort}).
     */
    public Capture read(Input in) {
        if (!in.isDirectory() && in.partName() == null && !in.isHostPart() && in.sessionLine() == 0) {
            HostOutput hosts = HostOutput.of(in, this::bestScore);
            if (hosts != null) return readHosts(in, hosts);
            List<Input> session = ShellSession.parts(in);
            if (session != null) return readSession(in, session);
        }
        if (!in.isDirectory() && in.partName() == null) {
            List<Input> parts = MultiFileDump.headTail(in);
            if (parts == null) {
                List<Input> grep = MultiFileDump.grepH(in);
                if (grep != null && bestScore(grep.get(0)) > bestScore(in)) parts = grep;
            }
            if (parts != null) return readParts(in, parts);
        }
        return choose(in).read(in);
    }

    /**
     * Each host's output read as a file of its own, its ports named after the host ({@link Capture#onHost}); a group's
     * output (dshbak {@code -c}, {@code clush -b}) is every host's of the group. A host whose output is no capture (an ssh
     * error) is a warning; when no host's is, the file is none.
     */
    private Capture readHosts(Input in, HostOutput hosts) {
        List<Capture> caps = new ArrayList<>();
        List<String> warnings = new ArrayList<>(hosts.warnings());
        NotACaptureException first = null;
        for (HostOutput.Part p : hosts.parts()) {
            Input part = p.input();
            if (part.text().isBlank()) {
                warnings.add(in.name() + ":" + p.line() + ": " + p.label() + " printed nothing; no readings for it");
                continue;
            }
            Capture c;
            try {
                c = read(part);
            } catch (NotACaptureException e) {
                if (first == null) first = e;
                warnings.add(in.name() + ":" + p.line() + ": " + p.label() + " printed no capture ('"
                        + Values.abbreviate(part.head(1).get(0).strip()) + "'); no readings for it");
                continue;
            }
            for (String host : p.hosts()) caps.add(c.onHost(host));
            for (String w : c.warnings()) warnings.add(w + " (" + p.label() + ")");
        }
        if (caps.isEmpty()) {
            throw first != null ? first : new NotACaptureException(in.name(), 0, "no host of the " + hosts.kind() + " output printed "
                    + "anything; expected a capture tool's output on each host");
        }
        return Capture.merge(in.name(), caps, warnings);
    }

    /**
     * Each command of a pasted session read as a file of its own ({@link ShellSession}, which passes over the commands
     * that printed nothing or only a date), into one capture: one whose output is no capture ({@code ls}, a test's own
     * output no reader takes) is a warning naming its line; a capture that is malformed still fails.
     */
    private Capture readSession(Input in, List<Input> parts) {
        List<Capture> caps = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        NotACaptureException first = null;
        for (Input part : parts) {
            try {
                caps.add(read(part));
            } catch (NotACaptureException e) {
                if (first == null) first = e;
                warnings.add(in.name() + ":" + part.sessionLine() + ": the output of '" + Values.abbreviate(part.command()) + "' is no capture; not read");
            }
        }
        if (caps.isEmpty()) {
            throw first != null ? first : new NotACaptureException(in.name(), 0, "no command of the session printed anything; expected a capture tool's output");
        }
        return Capture.merge(in.name(), caps, warnings, true);
    }

    private Capture readParts(Input in, List<Input> parts) {
        List<Capture> caps = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        for (Input part : parts) {
            if (part.text().isBlank()) {
                warnings.add("file '" + part.partName() + "' of the dump is empty; skipped");
                continue;
            }
            caps.add(choose(part).read(part));
        }
        if (caps.isEmpty()) throw new CaptureException(in.name(), 0, "every file of the multi-file dump is empty");
        return Capture.merge(in.name(), caps, warnings);
    }

    /** The best sniff score for {@code in}, 0 when no reader claims it (never throws). */
    int bestScore(Input in) {
        int best = 0;
        for (CaptureReader r : readers) {
            try { best = Math.max(best, r.sniff(in)); } catch (RuntimeException e) { /* not this one */ }
        }
        return best;
    }

    /** Reads with a named format, bypassing sniffing. */
    public Capture read(Input in, String format) {
        for (CaptureReader r : readers) if (r.format().equals(format)) return r.read(in);
        throw new CaptureException(in.name(), 0, "unknown format '" + format + "'; known: " + formats());
    }

    /** The reader for {@code in}; a file no reader recognises is an error naming it. */
    public CaptureReader choose(Input in) {
        if (!in.isDirectory()) {
            String text = in.text();
            if (text.isBlank()) throw new NotACaptureException(in.name(), 0, "empty file, expected a capture");
        }
        CaptureReader best = null;
        int bestScore = 0;
        for (CaptureReader r : readers) {
            int s;
            try { s = r.sniff(in); } catch (RuntimeException e) { s = 0; }
            if (s > bestScore) { best = r; bestScore = s; }
        }
        if (best == null) {
            String first = in.isDirectory() ? "(a directory)" : in.head(1).stream().findFirst().orElse("");
            throw new NotACaptureException(in.name(), 1, "not a capture format fabriclab reads (known: " + formats()
                    + "); first line: '" + Values.abbreviate(first) + "'");
        }
        return best;
    }

    /** Expands a directory that is not itself a capture (a folder of captures) into its files, sorted. */
    public List<Path> expand(Path path) {
        return inputs(path).stream().map(Input::path).toList();
    }

    /**
     * What {@link #expand} gives, as inputs: a file, a directory some reader claims, or a folder's captures; a
     * {@link Bundle} (a sosreport, a sysinfo-snapshot: given, or found as a sub-folder) gives only the files its layout
     * holds captures in, each with the command the bundle records for it ({@link Input#command()}); its other files
     * (thousands in a sosreport) are not read at all. An {@link Archive} stays one input here (reading it refuses it as one
     * capture file): {@link #open} unpacks archives for as long as their inputs are read.
     */
    public List<Input> inputs(Path path) {
        List<Input> out = new ArrayList<>();
        collect(path, null, out::add, null, new java.util.HashSet<>());
        return out;
    }

    /**
     * {@link #inputs}, with the archives among them ({@code path} itself, or a file in a folder: {@link Archive}) unpacked
     * into temporary folders and their inputs taken as a folder's are, named {@code ARCHIVE!/MEMBER}: read them, then
     * close what this returns, which deletes those folders.
     *
     * @throws CaptureException naming an archive that cannot be unpacked (what was unpacked before it is deleted)
     */
    public Opened open(Path path) { return open(List.of(path)); }

    /** {@link #open(Path)} of several paths, their inputs in order. */
    public Opened open(List<Path> paths) {
        Opened o = new Opened();
        try {
            for (Path p : paths) collect(p, null, o::add, o, new java.util.HashSet<>());
            return o;
        } catch (RuntimeException | Error e) {
            o.close();
            throw e;
        }
    }

    /**
     * {@link #open(Path)} of a file or folder named {@code name} in messages (its files {@code name/RELATIVE}): a folder
     * of an archive already unpacked ({@link Unpacked#folder()}, {@link Unpacked#name()}).
     */
    public Opened open(Path path, String name) {
        Opened o = new Opened();
        try {
            collect(path, name, o::add, o, new java.util.HashSet<>());
            return o;
        } catch (RuntimeException | Error e) {
            o.close();
            throw e;
        }
    }

    /**
     * The inputs of {@code path} named {@code name} (null: by the path). An archive file is unpacked when
     * {@code opened} keeps it ({@link #open}); otherwise it stays one input, which reading refuses. A folder already
     * {@code seen} (a symbolic link back up the tree: {@code a -> .}) is not gone into again.
     */
    private void collect(Path path, String name, java.util.function.Consumer<Input> out, Opened opened, java.util.Set<Path> seen) {
        if (!Files.isDirectory(path)) {
            Input file = name == null ? Input.of(path) : Input.of(path, name);
            // read once: the bytes that tell it is no archive are those its text is decoded from (Input.archive)
            if (opened != null && file.archive() != null) {
                Unpacked u = opened.unpack(path, name == null ? path.toString() : name);
                collect(u.folder(), u.name(), out, opened, seen);
                return;
            }
            out.accept(file);
            return;
        }
        if (!seen.add(real(path))) return;
        Input in = name == null ? Input.of(path) : Input.of(path, name);
        for (CaptureReader r : readers) {
            try { if (r.sniff(in) > 0) { out.accept(in); return; } } catch (RuntimeException ignored) { /* not this one */ }
        }
        java.util.Optional<Bundle> b = Bundle.of(path, in.name());
        if (b.isPresent()) { b.get().captures().forEach(out); return; }
        for (Path p : children(path)) collect(p, name == null ? null : name + "/" + p.getFileName(), out, opened, seen);
    }

    /** Where {@code dir} really is (links resolved), or the path itself when that cannot be told. */
    private static Path real(Path dir) {
        try {
            return dir.toRealPath();
        } catch (java.io.IOException e) {
            return dir.toAbsolutePath().normalize();
        }
    }

    /**
     * The captures of a folder's entries, sorted: each file, and each sub-folder {@link #expand}ed, leaving out
     * hidden files, {@code README.md}, {@code *.json.meta} and {@code timestamp.json}. Also used by a reader
     * that claims a folder but not every file in it (an ibdiagnet output folder with a user's captures beside it).
     */
    public List<Path> entries(Path path) {
        List<Input> out = new ArrayList<>();
        for (Path p : children(path)) collect(p, null, out::add, null, new java.util.HashSet<>(java.util.Set.of(real(path))));
        return out.stream().map(Input::path).toList();
    }

    /** {@link #entries(Path)} of a folder input, each named after it ({@link Input#child}: inside an archive, {@code ARCHIVE!/...}). */
    public List<Input> entries(Input dir) {
        List<Input> out = new ArrayList<>();
        boolean byPath = dir.name().equals(dir.path().toString());
        for (Path p : children(dir.path())) collect(p, byPath ? null : dir.childName(p), out::add, null, new java.util.HashSet<>(java.util.Set.of(real(dir.path()))));
        return out;
    }

    private static List<Path> children(Path path) {
        try (var s = Files.list(path)) {
            List<Path> out = new ArrayList<>();
            for (Path p : s.sorted().toList()) {
                String n = p.getFileName().toString();
                // timestamp.json: the snapshot time fabriclab collect writes beside the captures (incident.Layout)
                if (n.startsWith(".") || n.equalsIgnoreCase("README.md") || n.endsWith(".json.meta") || n.equals("timestamp.json")) continue;
                out.add(p);
            }
            return out;
        } catch (java.io.IOException e) {
            throw new CaptureException(path.toString(), 0, "cannot list directory: " + e);
        }
    }
}
