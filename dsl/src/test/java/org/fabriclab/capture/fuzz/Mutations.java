package org.fabriclab.capture.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The mutation operators of the reader campaign, each a pure function of the input bytes and a
 * seed. Three families, each with its own oracle ({@link Oracle}):
 * <ul>
 * <li>{@link Family#PRESERVING}: a byte-order mark, CRLF line ends, trailing blanks: the readings
 * must be identical;</li>
 * <li>{@link Family#CORRUPT_VALUE}: one counter value replaced by junk ({@code 12abc}, {@code 1e3},
 * {@code 0xFFFFFFFFFFFFFFFF}, {@code NaN}, {@code -5}, {@code 1.5}, a 20-digit number): refused or
 * absent, never a number;</li>
 * <li>{@link Family#STRUCTURE}: truncation, dropped/duplicated/swapped lines, a 32k-character line,
 * flipped bytes, a NUL byte, a huge valid number: a {@code CaptureException} or a capture, within
 * the time bound.</li>
 * </ul>
 */
final class Mutations {
    enum Family { PRESERVING, CORRUPT_VALUE, STRUCTURE }

    /** One mutated input; {@code line} is the 1-based line of a corrupted value (0 otherwise). */
    record Mutant(Family family, String description, byte[] bytes, int line, String token, String junk) {}

    private static final Pattern NUMBER = Pattern.compile("0[xX][0-9a-fA-F]+|\\d+");

    private Mutations() {}

    // ---- preserving ----

    static Mutant preserving(byte[] in, long seed) {
        Random r = new Random(seed);
        String s = text(in);
        return switch (r.nextInt(4)) {
            case 0 -> new Mutant(Family.PRESERVING, "UTF-8 BOM", concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, in),
                    0, null, null);
            case 1 -> new Mutant(Family.PRESERVING, "CRLF line ends", bytes(s.replace("\r\n", "\n").replace("\n", "\r\n")), 0,
                    null, null);
            case 2 -> new Mutant(Family.PRESERVING, "trailing blanks on every line", bytes(trailing(s, r, 1.0)), 0, null, null);
            default -> new Mutant(Family.PRESERVING, "BOM + CRLF + trailing blanks on some lines",
                    concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
                            bytes(trailing(s, r, 0.3).replace("\r\n", "\n").replace("\n", "\r\n"))), 0, null, null);
        };
    }

    private static String trailing(String s, Random r, double p) {
        StringBuilder sb = new StringBuilder(s.length() + s.length() / 8);
        String[] blanks = {" ", "  ", "\t", " \t "};
        int from = 0;
        while (from < s.length()) {
            int nl = s.indexOf('\n', from);
            int end = nl < 0 ? s.length() : nl;
            int content = end > from && s.charAt(end - 1) == '\r' ? end - 1 : end;
            sb.append(s, from, content);
            if (content > from && r.nextDouble() < p) sb.append(blanks[r.nextInt(blanks.length)]);
            sb.append(s, content, end);
            if (nl < 0) break;
            sb.append('\n');
            from = nl + 1;
        }
        return sb.toString();
    }

    // ---- corrupt one value ----

    static final String[] JUNK_SUFFIX = {"abc", "e3", ".5", "zz", "-", "x"};
    static final String[] JUNK_WHOLE = {"0xFFFFFFFFFFFFFFFF", "NaN", "Infinity", "-Infinity", "-5", "1.5", "1e3",
            "18446744073709551616", "99999999999999999999", "9223372036854775808", "inf", "12abc", "0x", "--1", "+-3"};

    /**
     * Replaces the number token {@code token} at {@code [start,end)} on line {@code line}; the
     * caller picks a token that is a reading's value.
     */
    static Mutant corrupt(byte[] in, int line, int start, int end, long seed) {
        Random r = new Random(seed);
        String s = text(in);
        String token = s.substring(start, end);
        String junk = r.nextBoolean() ? token + JUNK_SUFFIX[r.nextInt(JUNK_SUFFIX.length)]
                : JUNK_WHOLE[r.nextInt(JUNK_WHOLE.length)];
        if (token.startsWith("0x") || token.startsWith("0X")) {
            // a hex token with hex letters appended is still hex: use letters hex does not have
            if (junk.equals(token + "abc") || junk.equals(token + "e3")) junk = token + "g";
        }
        String out = s.substring(0, start) + junk + s.substring(end);
        return new Mutant(Family.CORRUPT_VALUE, "value " + token + " -> " + junk + " at line " + line, bytes(out), line, token, junk);
    }

    /** Number tokens of a line as [start, end) offsets into the whole text, bounded by non-identifier characters. */
    static List<int[]> numbers(String text, int lineStart, int lineEnd) {
        List<int[]> out = new ArrayList<>();
        Matcher m = NUMBER.matcher(text).region(lineStart, lineEnd);
        while (m.find()) {
            int a = m.start(), b = m.end();
            boolean left = a == lineStart || !ident(text.charAt(a - 1));
            boolean right = b == lineEnd || !ident(text.charAt(b));
            if (left && right) out.add(new int[] {a, b});
        }
        return out;
    }

    private static boolean ident(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '-' || c == '+';
    }

    // ---- structure ----

    static Mutant structure(byte[] in, long seed) {
        Random r = new Random(seed);
        String s = text(in);
        List<int[]> lines = lines(s);
        int li = lines.isEmpty() ? 0 : r.nextInt(lines.size());
        int[] l = lines.isEmpty() ? new int[] {0, 0} : lines.get(li);
        switch (r.nextInt(10)) {
            case 0: {
                int at = in.length == 0 ? 0 : r.nextInt(in.length);
                byte[] out = java.util.Arrays.copyOf(in, at);
                return new Mutant(Family.STRUCTURE, "truncated at byte " + at, out, 0, null, null);
            }
            case 1:
                return new Mutant(Family.STRUCTURE, "line " + (li + 1) + " deleted", bytes(s.substring(0, l[0]) + s.substring(next(s, l))),
                        0, null, null);
            case 2:
                return new Mutant(Family.STRUCTURE, "line " + (li + 1) + " duplicated",
                        bytes(s.substring(0, next(s, l)) + s.substring(l[0], next(s, l)) + s.substring(next(s, l))), 0, null, null);
            case 3: {
                int lj = lines.isEmpty() ? 0 : r.nextInt(lines.size());
                int[] m = lines.isEmpty() ? l : lines.get(lj);
                if (m[0] < l[0]) { int[] t = l; l = m; m = t; }
                if (m[0] == l[0]) return new Mutant(Family.STRUCTURE, "no-op swap", in, 0, null, null);
                String a = s.substring(l[0], l[1]), b = s.substring(m[0], m[1]);
                String out = s.substring(0, l[0]) + b + s.substring(l[1], m[0]) + a + s.substring(m[1]);
                return new Mutant(Family.STRUCTURE, "lines " + (li + 1) + " and " + (lj + 1) + " swapped", bytes(out), 0, null, null);
            }
            case 4: {
                String[] fills = {" ", "a", "9", ":", "{", "\"", ",", "-", "=", "a ", "a: ", "[", "x\t", "0x", "\\"};
                String fill = fills[r.nextInt(fills.length)];
                // 32k chars (quadratic regexes) or 70k (over univocity's old 64 KiB cell bound)
                String longLine = fill.repeat((r.nextBoolean() ? 32768 : 70000) / fill.length());
                boolean replace = r.nextBoolean();
                String prefix = r.nextBoolean() ? "" : s.substring(l[0], Math.min(l[1], l[0] + 20));
                String out = s.substring(0, l[0]) + prefix + longLine + (replace ? "" : s.substring(l[0], l[1])) + s.substring(l[1]);
                return new Mutant(Family.STRUCTURE, "32k line of '" + fill + "' at line " + (li + 1), bytes(out), 0, null, null);
            }
            case 5: {
                byte[] out = in.clone();
                int n = 1 + r.nextInt(4);
                for (int k = 0; k < n && out.length > 0; k++) out[r.nextInt(out.length)] = (byte) r.nextInt(256);
                return new Mutant(Family.STRUCTURE, n + " bytes flipped", out, 0, null, null);
            }
            case 6: {
                int at = in.length == 0 ? 0 : r.nextInt(in.length + 1);
                if (r.nextBoolean() && in.length > 8192) at = 8192 + r.nextInt(in.length - 8192);
                byte[] out = new byte[in.length + 1];
                System.arraycopy(in, 0, out, 0, at);
                out[at] = 0;
                System.arraycopy(in, at, out, at + 1, in.length - at);
                return new Mutant(Family.STRUCTURE, "NUL byte at offset " + at, out, 0, "NUL", null);
            }
            case 7: {
                List<int[]> nums = numbers(s, 0, s.length());
                if (nums.isEmpty()) return new Mutant(Family.STRUCTURE, "no number", in, 0, null, null);
                int[] t = nums.get(r.nextInt(nums.size()));
                String[] big = {"9223372036854775807", "9223372036854775806", "4611686018427387904", "0x7fffffffffffffff",
                        "18446744073709551615", "000000000000000000000000000001"};
                String v = big[r.nextInt(big.length)];
                return new Mutant(Family.STRUCTURE, "number " + s.substring(t[0], t[1]) + " -> " + v, bytes(s.substring(0, t[0]) + v
                        + s.substring(t[1])), 0, null, null);
            }
            case 8: {
                // every number of the file huge: sums over lanes or ports overflow
                Matcher m = NUMBER.matcher(s);
                String out = m.replaceAll(x -> x.group().startsWith("0x") ? x.group() : "9223372036854775807");
                return new Mutant(Family.STRUCTURE, "every decimal -> 2^63-1", bytes(out), 0, null, null);
            }
            default: {
                String[] junkLines = {"", "=", "==> x <==", ":", "#", "{", "}", "]", "Port 1:", "CA 'x'", "link x/1",
                        "START_PM_INFO", "END_PM_INFO", "Path: class/infiniband/x/ports/1/counters/symbol_error",
                        "Lines: 99999999999", "# Port counters: Lid 1 port 1", "x: y: z", "\u00e9\u00e8\u00ff", "\uFEFF"};
                String jl = junkLines[r.nextInt(junkLines.length)];
                String out = s.substring(0, l[0]) + jl + "\n" + s.substring(l[0]);
                return new Mutant(Family.STRUCTURE, "line '" + jl + "' inserted before line " + (li + 1), bytes(out), 0, null, null);
            }
        }
    }

    /** [start, end) of every line (end excludes the terminator). */
    static List<int[]> lines(String s) {
        List<int[]> out = new ArrayList<>();
        int from = 0;
        while (from < s.length()) {
            int nl = s.indexOf('\n', from);
            int end = nl < 0 ? s.length() : nl;
            out.add(new int[] {from, end});
            from = end + 1;
        }
        return out;
    }

    private static int next(String s, int[] l) { return Math.min(s.length(), l[1] + 1); }

    static String text(byte[] b) { return new String(b, StandardCharsets.ISO_8859_1); }

    static byte[] bytes(String s) { return s.getBytes(StandardCharsets.ISO_8859_1); }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
