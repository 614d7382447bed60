package org.fabriclab.kernel.eval;

import java.util.List;

/** Completion matches replacing {@code code[start, end)}. */
public record Completion(List<String> matches, int start, int end) {
    public Completion { matches = List.copyOf(matches); }
}
