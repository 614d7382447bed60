package org.fabriclab.history.formats;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the capture readers said while a history was read from many files (a folder of exports, a series of snapshots):
 * kept for {@link org.fabriclab.history.History#warnings()}, each once, the first {@value #MAX} of them and a count of
 * the rest (a skipped field of every export file is one message per file).
 */
final class ReadWarnings {
    static final int MAX = 20;
    private final Set<String> all = new LinkedHashSet<>();

    /** Adds a reader's warnings. */
    void add(List<String> warnings) { all.addAll(warnings); }

    /** The first {@value #MAX} distinct warnings, then how many more there were. */
    List<String> list() {
        List<String> out = new ArrayList<>();
        for (String w : all) {
            if (out.size() == MAX) break;
            out.add(w);
        }
        if (all.size() > MAX) out.add((all.size() - MAX) + " more warnings of the files read (the first " + MAX + " above)");
        return out;
    }
}
