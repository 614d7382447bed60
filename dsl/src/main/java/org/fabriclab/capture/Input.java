package org.fabriclab.capture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One file or directory offered to the readers. {@link #name()} is the path as the user gave it
 * (used in every message); the content is read once and shared by sniffing and parsing.
 *
 * <pre>{@code
 * Input in = Input.of(Path.of("before/eth.txt"));
 * in.head(20);          // first lines, for sniffing
 * in.text();            // the whole file
 * }</pre>
 */
public final class Input {
    private final Path path;
    private final String name;
    private final boolean directory;
    private String text;
    private List<String> lines;

    private Input(Path path, String name, boolean directory, String text) {
        this.path = path;
        this.name = name;
        this.directory = directory;
        this.text = text;
    }

    public static Input of(Path path) {
        return new Input(path, path.toString(), Files.isDirectory(path), null);
    }

    /**
     * A file or folder named {@code name} in messages instead of its path: a file of an unpacked archive as
     * {@code ARCHIVE!/MEMBER} ({@link Unpacked#nameOf}), not the temporary file.
     */
    public static Input of(Path path, String name) {
        return new Input(path, name, Files.isDirectory(path), null);
    }

    /**
     * A file or folder inside this directory input, named after it ({@code NAME/RELATIVE}: inside an unpacked archive
     * {@code ARCHIVE!/DIR/FILE}; for a folder named by its path, the file's path as {@link #of(Path)} names it). For the
     * readers of a folder (an ibdiagnet output folder, a sysfs tree) that open its files themselves.
     */
    public Input child(Path file) { return of(file, childName(file)); }

    /** The name {@link #child} gives {@code file}. */
    public String childName(Path file) {
        if (path == null || name.equals(path.toString())) return file.toString();
        String rel = path.relativize(file).toString().replace('\\', '/');
        return rel.isEmpty() ? name : name + "/" + rel;
    }

    /**
     * A file of a {@link Bundle} (a sosreport, a sysinfo-snapshot), named {@code name} in messages (an unpacked
     * archive's member as {@code ARCHIVE!/MEMBER}, not the temporary file), with the command line the bundle records
     * for it outside the file ({@code ethtool -S eth0} for sos's {@code ethtool_-S_eth0}), or null.
     */
    static Input member(Path path, String name, String command, Bundle bundle, boolean directory) {
        Input in = new Input(path, name, directory, null);
        in.command = command;
        in.bundle = bundle;
        return in;
    }

    private String command;
    private Bundle bundle;

    /**
     * The command line that produced this file when it is recorded outside the file (a sosreport's file name or
     * manifest, a sysinfo-snapshot's file name, the command line of a pasted session's part), or null: readers that name a port from a command line in the
     * text ({@code # ethtool -S eth0}) take this one when the text has none.
     */
    public String command() { return command; }

    /** The bundle this file was selected from ({@link Bundle#of}), or null for a file given or found in a plain folder. */
    public Bundle bundle() { return bundle; }

    /** An in-memory input, for tests and for text pasted into a cell. */
    public static Input ofText(String name, String text) {
        // a leading byte-order mark goes with what a paste adds (Pasted removes U+FEFF anywhere)
        return new Input(null, name, false, TerminalLog.unwrap(Pasted.clean(text)));
    }

    /**
     * In-memory bytes decoded exactly as a file's are (BOM dropped, UTF-16 with its BOM decoded, NUL refused).
     *
     * @throws CaptureException naming {@code name} for binary content or malformed UTF-16
     */
    public static Input ofBytes(String name, byte[] bytes) {
        return new Input(null, name, false, decode(bytes, name));
    }

    public Path path() { return path; }
    public String name() { return name; }
    public boolean isDirectory() { return directory; }

    private String partName;

    /**
     * One file of a multi-file dump ({@code ==> eth0 <==} sections of {@code tail -n +1}, or the
     * {@code eth0:} prefixes of {@code grep -H}): {@code text} is that file's lines at their own line
     * numbers in the dump (the other lines blank), so messages name the dump and its line.
     */
    public static Input part(Input dump, String partName, String text) {
        Input in = new Input(null, dump.name(), false, text);
        in.partName = partName;
        return in;
    }

    /**
     * Lines {@code from} (0-based) up to {@code to} (exclusive) of {@code in}, at their own line numbers (the lines before
     * them blank): a stretch of a file read on its own ({@link #part} with no part name), whose messages name the file
     * and its lines.
     */
    public static Input slice(Input in, int from, int to) {
        List<String> lines = in.lines();
        StringBuilder sb = new StringBuilder("\n".repeat(from));
        for (int i = from; i < to; i++) sb.append(lines.get(i)).append('\n');
        return part(in, null, sb.toString());
    }

    private boolean hostPart;

    /**
     * One host's output in a multi-host output ({@link HostOutput}: pdsh, dshbak, clush, ansible): {@code text} is that
     * output's lines at their own line numbers in the file (the other lines blank), so messages name the file and its
     * line. It is read as a file of one host is (a multi-file dump in it is split); it is not split by host again.
     */
    static Input hostPart(Input dump, String text) {
        Input in = new Input(null, dump.name(), false, text);
        in.hostPart = true;
        return in;
    }

    /** Whether this is one host's output of a multi-host output ({@link #hostPart}). */
    public boolean isHostPart() { return hostPart; }

    /** The line of a session part's command line (1-based), 0 for any other input. */
    private int sessionLine;

    /**
     * One command of a pasted terminal session ({@link ShellSession}): {@code text} is its command line, at line
     * {@code line}, and its output, at their own line numbers in the file (the other lines blank). It is read as a file
     * of one tool's output is (a multi-file dump in it is split); it is not split by session or host again.
     */
    static Input sessionPart(Input session, String text, int line, String command) {
        Input in = new Input(null, session.name(), false, text);
        in.sessionLine = line;
        in.command = command;   // also where the text leaves it out (JSON output): see command()
        return in;
    }

    /** The line of the command line of a session part ({@link #sessionPart}), 0 when this is none. */
    public int sessionLine() { return sessionLine; }

    /** The name of the file this input is one part of a multi-file dump for ({@code eth0}), or null. */
    public String partName() { return partName; }

    /**
     * The file name without folders (for a part of a dump, the part's name), a hint only; a
     * {@code .gz}, {@code .xz}, {@code .bz2}, {@code .zst} or {@code .lzma} suffix is dropped ({@code ethtool-S-eth0.txt.gz} hints as
     * {@code ethtool-S-eth0.txt}), since a compressed file is read as the text it holds.
     */
    public String fileName() {
        String n;
        if (partName != null) {
            int slash = partName.lastIndexOf('/');
            n = slash < 0 ? partName : partName.substring(slash + 1);
        } else if (path != null && path.getFileName() != null) {
            n = path.getFileName().toString();
        } else {
            int slash = name.lastIndexOf('/');
            n = slash < 0 ? name : name.substring(slash + 1);
        }
        return Compression.withoutSuffix(n);
    }

    /**
     * The largest file the readers accept, in bytes: {@value #DEFAULT_MAX_BYTES} (512 MiB) unless the
     * system property {@code fabriclab.maxCaptureBytes} says otherwise. A capture is text held in
     * memory; a larger file (or {@code /dev/zero}) is refused before it is read.
     */
    public static final long DEFAULT_MAX_BYTES = 512L << 20;

    /** The size bound in force (see {@link #DEFAULT_MAX_BYTES}). */
    public static long maxBytes() {
        String p = System.getProperty("fabriclab.maxCaptureBytes");
        if (p != null) {
            try {
                long v = Long.parseLong(p.trim());
                if (v > 0) return Math.min(v, Integer.MAX_VALUE - 16);
            } catch (NumberFormatException ignored) {
                // fall back to the default
            }
        }
        return DEFAULT_MAX_BYTES;
    }

    /**
     * The whole file as text (UTF-8, a leading byte-order mark dropped; UTF-16 where its byte-order mark says so, as
     * Windows PowerShell's redirection writes it; a gzip-, xz-, bzip2-, zstd- or lzma-compressed
     * file ({@link Compression}) is read as the text it holds, its decompressed size bounded as a plain file's); binary content (a NUL byte
     * anywhere), malformed UTF-16, a file that is not a regular file (a FIFO, a device, a socket) and a
     * file above {@link #maxBytes()} are refused with a {@link CaptureException}, never decoded into
     * junk, waited on or read into memory.
     *
     * @throws CaptureException naming the file (and the line of a NUL byte)
     */
    public String text() {
        if (text == null) {
            if (directory) throw new CaptureException(name, 0, "is a directory, expected a file");
            byte[] onDisk = firstRead;
            firstRead = null;
            byte[] raw = onDisk != null ? Compression.unpacked(onDisk, name, maxBytes()) : readBounded(path, name);
            text = decode(raw, name);
            // one char per byte (ASCII, or the Latin-1 fallback; no BOM, no multi-byte sequence): the bytes read
            // are the text's ISO-8859-1 encoding, kept for latin1() instead of encoding the text again
            if (text.length() == raw.length) latin1 = raw;
        }
        return text;
    }

    private byte[] latin1;

    /** The file's bytes as {@link #archive()} read them (it being no archive), until {@link #text()} takes them. */
    private byte[] firstRead;
    private boolean archiveTold;
    private Archive.Kind archive;

    /**
     * The largest file {@link #archive()} reads whole and keeps for {@link #text()}: {@value} bytes (1 MiB). A folder's
     * files are all checked before the first is parsed, so what is kept is bounded per file: a folder of large binary
     * files (packet captures, core dumps) is not held in memory at once.
     */
    static final int READ_ONCE_BYTES = 1 << 20;

    /**
     * The {@link Archive} this file is, told by its first bytes, or null (a folder, an in-memory input, no regular file,
     * unreadable, or no archive). A file of at most {@link #READ_ONCE_BYTES} (every capture but the largest dumps) is
     * opened once for this and for {@link #text()}: read whole, its archive check made on those bytes (a compressed
     * file's first block decoded from memory), and the bytes kept for {@code text()}. A larger one has only its first
     * bytes read here, and is read again by {@code text()} (which refuses one above {@link #maxBytes()} by its size
     * without opening it). What cannot be read is left for {@code text()} to report.
     */
    Archive.Kind archive() {
        if (archiveTold) return archive;
        archiveTold = true;
        if (directory || path == null || text != null) return null;
        long max = maxBytes();
        java.nio.file.attribute.BasicFileAttributes a;
        try {
            a = Files.readAttributes(path, java.nio.file.attribute.BasicFileAttributes.class);
        } catch (IOException e) {
            return null;
        }
        if (!a.isRegularFile()) return null;
        if (a.size() > Math.min(max, READ_ONCE_BYTES)) return archive = Archive.kind(path);
        byte[] raw;
        try {
            raw = readRaw(path, name, max);
        } catch (CaptureException e) {
            return null;
        }
        archive = Archive.kind(raw, path, raw);
        if (archive == null) firstRead = raw;
        return archive;
    }

    /**
     * {@link #text()} as ISO-8859-1 bytes, one per char (a char above U+00FF as {@code '?'}), for
     * readers that scan bytes: for a file read from disk whose bytes are one per char (ASCII) these
     * are the bytes read, not a copy. Shared: callers must not modify the array.
     */
    public byte[] latin1() {
        String t = text();
        return latin1 != null ? latin1 : t.getBytes(StandardCharsets.ISO_8859_1);
    }

    /**
     * Reads a regular file of at most {@link #maxBytes()} bytes, compressed content decompressed within the same
     * bound ({@link Compression#unpacked}); anything else is a {@link CaptureException}.
     */
    static byte[] readBounded(Path path, String name) {
        long max = maxBytes();
        return Compression.unpacked(readRaw(path, name, max), name, max);
    }

    /** The file's bytes as they are on disk, at most {@code max}. */
    private static byte[] readRaw(Path path, String name, long max) {
        try {
            java.nio.file.attribute.BasicFileAttributes a = Files.readAttributes(path,
                    java.nio.file.attribute.BasicFileAttributes.class);
            if (a.isDirectory()) throw new CaptureException(name, 0, "is a directory, expected a file");
            if (!a.isRegularFile()) {
                throw new CaptureException(name, 0, "not a regular file (" + (a.isOther() ? "a FIFO, device or socket" : "a special file")
                        + "); expected a capture file, refused rather than read");
            }
            if (a.size() > max) {
                throw new CaptureException(name, 0, "file is " + a.size() + " bytes, above the " + max + "-byte bound for one "
                        + "capture (set -Dfabriclab.maxCaptureBytes to raise it)");
            }
            try (java.io.InputStream in = Files.newInputStream(path)) {
                // read into one array of the size the file has (not in 8 KB pieces copied together at the end)
                int size = (int) a.size();
                byte[] bytes = new byte[size];
                int n = in.readNBytes(bytes, 0, size);
                if (n < size) return java.util.Arrays.copyOf(bytes, n);   // shrank while being read
                // what it grew by while being read, one byte past the bound at most (nothing: the usual case)
                byte[] more = in.readNBytes((int) (max - size) + 1);
                if (more.length == 0) return bytes;
                if ((long) size + more.length > max) {
                    throw new CaptureException(name, 0, "file grew above the " + max + "-byte bound for one capture while "
                            + "being read");
                }
                byte[] all = java.util.Arrays.copyOf(bytes, size + more.length);
                System.arraycopy(more, 0, all, size, more.length);
                return all;
            }
        } catch (IOException e) {
            throw new CaptureException(name, 0, "cannot read: " + e, e);
        }
    }

    /**
     * Decodes capture bytes: BOM dropped, UTF-16 with its BOM decoded, NUL refused, invalid UTF-8 read as
     * Latin-1, what a paste adds removed ({@link Pasted}: terminal escape sequences, typographic spaces); a
     * terminal session log's banner and closing prompt blanked ({@link TerminalLog}).
     */
    static String decode(byte[] bytes, String name) {
        return TerminalLog.unwrap(decodeText(bytes, name));
    }

    private static String decodeText(byte[] bytes, String name) {
        int from = 0;
        if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB && (bytes[2] & 0xff) == 0xBF) from = 3;
        // UTF-16 with its byte-order mark (what Windows PowerShell's '>' and Out-File write): decoded as such
        if (bytes.length >= from + 2 && ((bytes[from] & 0xff) == 0xFF && (bytes[from + 1] & 0xff) == 0xFE
                || (bytes[from] & 0xff) == 0xFE && (bytes[from + 1] & 0xff) == 0xFF)) {
            return Pasted.clean(utf16(bytes, from, name));
        }
        // one pass for NUL bytes and for the first byte above ASCII (a capture is ASCII nearly always)
        int i = from;
        while (i < bytes.length && bytes[i] > 0) i++;
        if (i == bytes.length) {
            // ASCII: its UTF-8 and ISO-8859-1 decodings are the same string; the latter is a plain copy. Of what a paste
            // adds (Pasted) only escape sequences can be in ASCII: one intrinsic scan, not a char loop (92 ms on 10 MB under C1)
            return Pasted.escapes(new String(bytes, from, bytes.length - from, StandardCharsets.ISO_8859_1));
        }
        for (; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                throw new NotACaptureException(name, lineAt(bytes, i), "binary content (NUL byte at offset " + i
                        + "), expected a text capture");
            }
        }
        // fast path (valid UTF-8 decodes straight into a compact string); only text that
        // decoded with replacement characters is decoded again strictly, falling back to Latin-1
        String fast = new String(bytes, from, bytes.length - from, StandardCharsets.UTF_8);
        if (fast.indexOf('\uFFFD') < 0) return Pasted.clean(fast);
        try {
            return Pasted.clean(StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(bytes, from, bytes.length - from)).toString());
        } catch (CharacterCodingException e) {
            return Pasted.clean(new String(bytes, from, bytes.length - from, StandardCharsets.ISO_8859_1));
        }
    }

    /**
     * UTF-16 text from {@code bytes[from]}, where its byte-order mark is (FF FE little-endian, FE FF big-endian).
     *
     * @throws CaptureException for an odd byte count or an unpaired surrogate (malformed UTF-16), or a NUL character
     */
    private static String utf16(byte[] bytes, int from, String name) {
        boolean little = (bytes[from] & 0xff) == 0xFF;
        String mark = little ? "FF FE" : "FE FF";
        try {
            String t = (little ? StandardCharsets.UTF_16LE : StandardCharsets.UTF_16BE).newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(bytes, from + 2, bytes.length - from - 2)).toString();
            int nul = t.indexOf('\0');
            if (nul >= 0) {
                int line = 1;
                for (int i = 0; i < nul; i++) if (t.charAt(i) == '\n') line++;
                throw new NotACaptureException(name, line, "binary content (a NUL character in UTF-16 text), expected a text capture");
            }
            return t;
        } catch (CharacterCodingException e) {
            throw new NotACaptureException(name, 0, "malformed UTF-16 text (byte-order mark " + mark + "): " + e.getMessage()
                    + "; expected UTF-16, UTF-8 or ASCII text");
        }
    }

    /** All lines (terminators removed, a trailing {@code \r} stripped). */
    public List<String> lines() {
        if (lines == null) {
            lines = text().lines().map(l -> l.endsWith("\r") ? l.substring(0, l.length() - 1) : l).toList();
        }
        return lines;
    }

    /**
     * The first {@code n} non-blank lines, for sniffing (scans only as far as needed, not the whole
     * file), split as {@link #lines()} splits them ({@code \n}, {@code \r\n} and a lone {@code \r}).
     */
    public List<String> head(int n) { return head(n, null); }

    /**
     * As {@link #head(int)}, the lines {@code uncounted} accepts not counted towards {@code n} (but returned in their
     * place): a tool's debug lines or a list pasted above its output do not push the output out of the head.
     */
    public List<String> head(int n, java.util.function.Predicate<String> uncounted) {
        List<String> out = new java.util.ArrayList<>(n);
        int counted = 0;
        if (lines != null) {
            for (String l : lines) {
                if (counted == n) break;
                if (l.isBlank()) continue;
                out.add(l);
                if (uncounted == null || !uncounted.test(l)) counted++;
            }
            return out;
        }
        String t = text();
        int len = t.length();
        int pos = 0;
        while (counted < n && pos < len) {
            int end = pos;
            while (end < len && t.charAt(end) != '\n' && t.charAt(end) != '\r') end++;
            String l = t.substring(pos, end);
            if (!l.isBlank()) {
                out.add(l);
                if (uncounted == null || !uncounted.test(l)) counted++;
            }
            pos = end < len && t.charAt(end) == '\r' && end + 1 < len && t.charAt(end + 1) == '\n' ? end + 2 : end + 1;
        }
        return out;
    }

    /** The 1-based line holding byte {@code offset}. */
    private static int lineAt(byte[] bytes, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) if (bytes[i] == '\n') line++;
        return line;
    }

    static UncheckedIOException unchecked(IOException e) { return new UncheckedIOException(e); }
}
