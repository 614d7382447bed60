package org.fabriclab.capture.fuzz;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Runs {@code variants} mutants of each family over every input of the {@link Corpus}, seeds fixed
 * (the same mutants every run), within a wall-clock budget, and collects what the {@link Oracle}
 * says.
 */
final class Campaign {
    /** Outcome counts by family, verdict and outcome; every failure; the slowest read. */
    record Result(int mutants, int inputs, Map<String, Integer> counts, List<String> failures, long slowestMs, String slowest,
                  boolean budgetReached) {
        void print(PrintStream out) {
            out.println("mutation campaign: " + mutants + " mutants over " + inputs + " inputs"
                    + (budgetReached ? " (time budget reached)" : ""));
            counts.forEach((k, v) -> out.println("  " + k + ": " + v));
            out.println("  slowest read: " + slowestMs + " ms (" + slowest + ")");
            Corpus.unread.forEach(x -> out.println("  not read unmutated: " + x));
            failures.forEach(x -> out.println("FAIL " + x));
        }
    }

    private Campaign() {}

    static Result run(int variants, long budgetMs) {
        long deadline = budgetMs == Long.MAX_VALUE ? Long.MAX_VALUE : System.currentTimeMillis() + budgetMs;
        Map<String, Integer> counts = new TreeMap<>();
        List<String> failures = new ArrayList<>();
        long slowest = 0;
        String slowestWhat = "";
        int total = 0;
        boolean budget = false;
        List<Corpus.Entry> entries = Corpus.entries();
        outer:
        for (int i = 0; i < variants; i++) {
            for (Corpus.Entry e : entries) {
                for (Mutations.Family f : Mutations.Family.values()) {
                    if (System.currentTimeMillis() > deadline) { budget = true; break outer; }
                    long seed = (long) e.name().hashCode() * 1_000_003L + i * 31L + f.ordinal();
                    Mutations.Mutant m = switch (f) {
                        case PRESERVING -> Mutations.preserving(e.bytes(), seed);
                        case CORRUPT_VALUE -> Corpus.corruptOne(e, seed);
                        case STRUCTURE -> Mutations.structure(e.bytes(), seed);
                    };
                    if (m == null) continue;
                    total++;
                    Oracle.Outcome o = Oracle.read(e.name(), m.bytes());
                    if (o.nanos() > slowest) { slowest = o.nanos(); slowestWhat = e.name() + ": " + m.description(); }
                    String verdict = Oracle.judge(e.name(), m, e.original(), o);
                    String outcome = o.hang() ? "hang" : o.crash() != null ? "crash" : o.error() != null ? "refused" : "read";
                    counts.merge(f + " " + (verdict == null ? "ok" : "FAIL") + " " + outcome, 1, Integer::sum);
                    if (verdict != null) failures.add(e.name() + ": " + m.description() + ": " + verdict);
                }
            }
        }
        return new Result(total, entries.size(), counts, failures, slowest / 1_000_000, slowestWhat, budget);
    }
}
