package org.fabriclab.history.formats;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

import org.fabriclab.capture.CaptureException;

/**
 * File helpers of the history readers: the head of a file for sniffing, the whole text (gzip inflated
 * when the file starts with the gzip magic, a leading UTF-8 byte-order mark dropped), the data files of a folder.
 */
final class Heads {
    private Heads() {}

    /** Up to {@code max} bytes of text from the start of {@code file} (inflated when gzip); "" when unreadable. */
    static String head(Path file, int max) {
        if (!Files.isRegularFile(file)) return "";
        try (InputStream in = open(file)) {
            return unBom(new String(in.readNBytes(max), StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /** True when {@code file} starts with the gzip magic bytes. */
    static boolean isGzip(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] b = in.readNBytes(2);
            return b.length == 2 && (b[0] & 0xff) == 0x1f && (b[1] & 0xff) == 0x8b;
        } catch (IOException e) {
            return false;
        }
    }

    /** The whole text of {@code file} (gzip inflated). @throws CaptureException when it cannot be read */
    static String text(Path file) {
        try (InputStream in = open(file)) {
            return unBom(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new CaptureException(file.toString(), 0, "cannot read: " + e.getMessage());
        }
    }

    /**
     * The text of {@code file} line by line (gzip inflated, a leading UTF-8 byte-order mark dropped), for files too
     * large to hold as one string (a Telegraf file output grows for as long as the agent runs).
     *
     * @throws CaptureException when it cannot be opened
     */
    static java.io.BufferedReader reader(Path file) {
        try {
            java.io.BufferedReader r = new java.io.BufferedReader(new java.io.InputStreamReader(open(file), StandardCharsets.UTF_8), 1 << 16);
            r.mark(1);
            if (r.read() != '\uFEFF') r.reset();
            return r;
        } catch (IOException e) {
            throw new CaptureException(file.toString(), 0, "cannot read: " + e.getMessage());
        }
    }

    /**
     * {@code s} without a leading UTF-8 byte-order mark (Windows editors and PowerShell's {@code Out-File -Encoding utf8}
     * write one): the mark is no character of the file's content, and left in it would make the first line unreadable.
     */
    private static String unBom(String s) { return s.startsWith("\uFEFF") ? s.substring(1) : s; }

    private static InputStream open(Path file) throws IOException {
        InputStream in = Files.newInputStream(file);
        if (isGzip(file)) return new GZIPInputStream(in, 1 << 16);
        return in;
    }

    /**
     * The data files of a folder in name order: regular files, not hidden, not {@code README*} nor
     * {@code *.md}; empty when {@code dir} is not a folder or cannot be listed.
     */
    static List<Path> files(Path dir) {
        List<Path> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) return out;
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.sorted().toList()) {
                String n = p.getFileName().toString();
                String lower = n.toLowerCase(Locale.ROOT);
                if (n.startsWith(".") || lower.startsWith("readme") || lower.endsWith(".md") || !Files.isRegularFile(p)) continue;
                out.add(p);
            }
        } catch (IOException e) {
            return List.of();
        }
        return out;
    }

    /** How many files of a folder are sniffed (the read checks every file anyway). */
    static final int SNIFFED_FILES = 32;

    /**
     * The score of a folder whose data files (the first {@value #SNIFFED_FILES} in name order) all score at
     * least {@code min} with {@code fileScore}: the lowest file score, 0 when a file scores less or the folder is empty.
     */
    static int folderScore(Path dir, java.util.function.ToIntFunction<Path> fileScore, int min) {
        List<Path> fs = files(dir);
        if (fs.isEmpty()) return 0;
        int low = 100;
        for (Path f : fs.subList(0, Math.min(fs.size(), SNIFFED_FILES))) {
            int s = fileScore.applyAsInt(f);
            if (s < min) return 0;
            low = Math.min(low, s);
        }
        return low;
    }
}
