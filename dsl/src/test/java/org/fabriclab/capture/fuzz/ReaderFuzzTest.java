package org.fabriclab.capture.fuzz;

import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Coverage-guided fuzzing of the readers with Jazzer. The seeds are the inputs of the {@link Corpus}
 * (the public captures when present, read in place, and the readers' fixtures): the fuzzer picks a
 * seed and a list of byte edits (overwrite, insert, delete a run), so its mutations start from real
 * captures and coverage steers them into the readers' branches. The oracle, for every input:
 * <ul>
 * <li>no exception other than a {@link CaptureException} naming the input, no read over 2 s
 * ({@link Oracle#read});</li>
 * <li>a UTF-8 byte-order mark in front changes nothing: the same readings, absents, attributes and
 * tables ({@link Oracle#same}), or a refusal at the same line.</li>
 * </ul>
 * Without {@code JAZZER_FUZZ} (a plain {@code mvn test}) Jazzer runs the empty input and the saved
 * findings in {@code ReaderFuzzTestInputs/} (regression inputs, each a bug it once found); with {@code JAZZER_FUZZ=1} it fuzzes for {@code maxDuration}: the dsl pom's
 * {@code jazzer-fuzz} profile sets it whenever the public captures are beside the project (CI), with
 * instrumentation off (fast mutation of real captures); {@code -Djazzer.hooks=true} makes it
 * coverage-guided (measured here: 158 s and 3 GB for the test, so not the CI default).
 */
class ReaderFuzzTest {

    @FuzzTest(maxDuration = "45s")
    void readersNeverCrashAndIgnoreABom(FuzzedDataProvider data) {
        List<Corpus.Entry> entries = Corpus.entries();
        if (entries.isEmpty()) return;
        Corpus.Entry seed = entries.get(data.consumeInt(0, entries.size() - 1));
        byte[] in = edit(seed.bytes(), data);
        check(seed.name(), in);
    }

    /** Applies up to 8 edits the fuzzer chooses to a copy of {@code seed}. */
    static byte[] edit(byte[] seed, FuzzedDataProvider data) {
        byte[] b = seed;
        int edits = data.consumeInt(0, 8);
        for (int k = 0; k < edits && data.remainingBytes() > 0; k++) {
            int at = b.length == 0 ? 0 : data.consumeInt(0, b.length);
            switch (data.consumeInt(0, 2)) {
                case 0 -> {   // overwrite a run
                    byte[] run = data.consumeBytes(data.consumeInt(1, 64));
                    byte[] out = b.clone();
                    for (int i = 0; i < run.length && at + i < out.length; i++) out[at + i] = run[i];
                    b = out;
                }
                case 1 -> {   // insert a run, possibly long
                    byte[] run = data.consumeBytes(data.consumeInt(1, 256));
                    int repeat = data.consumeInt(1, 256);
                    byte[] out = new byte[b.length + run.length * repeat];
                    System.arraycopy(b, 0, out, 0, at);
                    for (int r = 0; r < repeat; r++) System.arraycopy(run, 0, out, at + r * run.length, run.length);
                    System.arraycopy(b, at, out, at + run.length * repeat, b.length - at);
                    b = out;
                }
                default -> {  // delete a run
                    int n = Math.min(data.consumeInt(0, 4096), b.length - at);
                    byte[] out = new byte[b.length - n];
                    System.arraycopy(b, 0, out, 0, at);
                    System.arraycopy(b, at + n, out, at, b.length - at - n);
                    b = out;
                }
            }
        }
        return b;
    }

    static void check(String name, byte[] in) {
        Oracle.Outcome plain = Oracle.read(name, in);
        fail(name, plain);
        byte[] bom = new byte[in.length + 3];
        bom[0] = (byte) 0xEF;
        bom[1] = (byte) 0xBB;
        bom[2] = (byte) 0xBF;
        System.arraycopy(in, 0, bom, 3, in.length);
        Oracle.Outcome withBom = Oracle.read(name, bom);
        fail(name, withBom);
        if ((plain.capture() == null) != (withBom.capture() == null)) {
            throw new AssertionError(name + ": a BOM changed the outcome: " + describe(plain) + " vs " + describe(withBom));
        }
        if (plain.capture() != null) {
            String d = Oracle.same(plain.capture(), withBom.capture());
            if (d != null) throw new AssertionError(name + ": a BOM changed the reading: " + d);
        } else if (plain.error().line() != withBom.error().line()) {
            // the same refusal at the same line (a byte offset in the message may count the BOM's 3 bytes)
            throw new AssertionError(name + ": a BOM changed the refusal: " + plain.error().getMessage() + " vs "
                    + withBom.error().getMessage());
        }
    }

    private static void fail(String name, Oracle.Outcome o) {
        if (o.hang()) throw new AssertionError(name + ": read over " + Oracle.TIMEOUT_MS + " ms");
        if (o.crash() != null) throw new AssertionError(name + ": " + o.crash(), o.crash());
        if (o.error() != null && !o.error().file().equals(name)) {
            throw new AssertionError(name + ": CaptureException names " + o.error().file() + ": " + o.error().getMessage());
        }
    }

    private static String describe(Oracle.Outcome o) {
        Capture c = o.capture();
        return c != null ? c.toString() : o.error().getMessage();
    }
}
