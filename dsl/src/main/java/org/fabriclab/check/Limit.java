package org.fabriclab.check;

import java.util.Optional;

import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Source;

/**
 * One ibdiagnet {@code -P name=limit}: a counter (canonical or any source's raw name, resolved
 * through the catalogue) or {@code all} (every error counter), and the largest value that passes.
 * A value strictly above the limit fails, so {@code all=0} is zero tolerance.
 *
 * <pre>{@code
 * Limit.parse("symbol_error_counter=10");   // Limit[counter=SymbolErrorCounter, limit=10, ...]
 * Limit.parse("all=0").isAll();             // true
 * }</pre>
 */
public record Limit(String counter, long limit, String text) {
    public static final String ALL = "all";

    public boolean isAll() { return counter.equals(ALL); }

    /** Parses {@code NAME=N}; N a whole number >= 0. */
    public static Limit parse(String spec) {
        if (spec == null) throw new IllegalArgumentException("limit: expected NAME=N, found nothing");
        int eq = spec.indexOf('=');
        if (eq <= 0 || eq == spec.length() - 1) {
            throw new IllegalArgumentException("limit '" + spec + "': expected NAME=N (ibdiagnet -P), e.g. SymbolErrorCounter=10 or all=0");
        }
        String name = spec.substring(0, eq).trim();
        String num = spec.substring(eq + 1).trim();
        long n;
        try { n = Long.parseLong(num); } catch (NumberFormatException e) {
            throw new IllegalArgumentException("limit '" + spec + "': expected a whole number >= 0 after '=', found '" + num + "'");
        }
        if (n < 0) throw new IllegalArgumentException("limit '" + spec + "': the limit must be >= 0");
        if (name.equalsIgnoreCase(ALL)) return new Limit(ALL, n, spec.trim());
        return new Limit(resolve(name).orElseThrow(() -> new IllegalArgumentException("limit '" + spec
                + "': unknown counter '" + name + "'; expected a catalogue name such as SymbolErrorCounter, "
                + "symbol_error or symbol_error_counter, or all")), n, spec.trim());
    }

    /** The canonical name of {@code name} in any source, or the name itself when canonical. */
    static Optional<String> resolve(String name) {
        Catalogue cat = Catalogue.standard();
        if (cat.definition(name).isPresent()) return Optional.of(name);
        for (Source s : Source.values()) {
            var b = cat.lookup(s, name);
            if (b.isPresent()) return Optional.of(b.get().canonical());
        }
        return Optional.empty();
    }
}
