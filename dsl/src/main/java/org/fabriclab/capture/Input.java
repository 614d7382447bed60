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

    /** An in-memory input, for tests and for text pasted into a cell. */
    public static Input ofText(String name, String text) {
        return new Input(null, name, false, text);
    }

    public Path path() { return path; }
    public String name() { return name; }
    public boolean isDirectory() { return directory; }

    /** The file name without folders, a hint only. */
    public String fileName() {
        if (path != null && path.getFileName() != null) return path.getFileName().toString();
        int slash = name.lastIndexOf('/');
        return slash < 0 ? name : name.substring(slash + 1);
    }

    /** The whole file as text (UTF-8); binary content is reported, not decoded into junk. */
    public String text() {
        if (text == null) {
            if (directory) throw new CaptureException(name, 0, "is a directory, expected a file");
            try {
                byte[] bytes = Files.readAllBytes(path);
                for (int i = 0, n = Math.min(bytes.length, 8192); i < n; i++) {
                    if (bytes[i] == 0) throw new CaptureException(name, lineAt(bytes, i), "binary content (NUL byte at "
                            + "offset " + i + "), expected a text capture");
                }
                // fast path (ASCII and valid UTF-8 decode straight into a compact string); only text that
                // decoded with replacement characters is decoded again strictly, falling back to Latin-1
                String fast = new String(bytes, StandardCharsets.UTF_8);
                if (fast.indexOf('\uFFFD') < 0) {
                    text = fast;
                } else {
                    try {
                        text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                                .onUnmappableCharacter(CodingErrorAction.REPORT)
                                .decode(java.nio.ByteBuffer.wrap(bytes)).toString();
                    } catch (CharacterCodingException e) {
                        text = new String(bytes, StandardCharsets.ISO_8859_1);
                    }
                }
            } catch (IOException e) {
                throw new CaptureException(name, 0, "cannot read: " + e, e);
            }
        }
        return text;
    }

    /** All lines (terminators removed, a trailing {@code \r} stripped). */
    public List<String> lines() {
        if (lines == null) {
            lines = text().lines().map(l -> l.endsWith("\r") ? l.substring(0, l.length() - 1) : l).toList();
        }
        return lines;
    }

    /** The first {@code n} non-blank lines, for sniffing (scans only as far as needed, not the whole file). */
    public List<String> head(int n) {
        if (lines != null) return lines.stream().filter(l -> !l.isBlank()).limit(n).toList();
        String t = text();
        List<String> out = new java.util.ArrayList<>(n);
        int pos = 0;
        while (out.size() < n && pos < t.length()) {
            int nl = t.indexOf('\n', pos);
            if (nl < 0) nl = t.length();
            int end = nl > pos && t.charAt(nl - 1) == '\r' ? nl - 1 : nl;
            String l = t.substring(pos, end);
            if (!l.isBlank()) out.add(l);
            pos = nl + 1;
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
