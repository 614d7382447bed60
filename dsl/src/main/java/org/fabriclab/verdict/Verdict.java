package org.fabriclab.verdict;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.fabriclab.catalogue.Layer;
import org.fabriclab.result.Html;
import org.fabriclab.result.Renderable;

import tech.tablesaw.api.Table;

/**
 * One verdict for one port: {@code verdict} is a layer label ("physical", "pause-storm",
 * "lossless-broken", "transport-retry", "remote-access", "congestion"), "clean", or one of the two
 * no-verdict answers "unusable" (a counter pegged or reset) and "incomplete" (a required counter
 * absent). {@code detail} and {@code live} are exactly what the runbook's {@code classify} returns;
 * {@code reasons} explains every counter that could not be used and {@code perGb} gives the rate
 * behind each congestion counter that moved.
 */
public record Verdict(String port, String profile, String verdict, List<String> detail, List<String> live,
                      Map<String, String> reasons, Map<String, Double> perGb, double bytes, double congPerGb) implements Renderable {

    public static final String CLEAN = "clean";
    public static final String UNUSABLE = "unusable";
    public static final String INCOMPLETE = "incomplete";

    public Verdict {
        detail = List.copyOf(detail);
        live = List.copyOf(live);
        reasons = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(reasons));
        perGb = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(perGb));
    }

    /** The layer blamed, when the verdict is a layer. */
    public Optional<Layer> layer() {
        for (Layer l : Layer.values()) if (l.label().equals(verdict)) return Optional.of(l);
        return Optional.empty();
    }

    /** True for "unusable" and "incomplete": the counters cannot support an answer. */
    public boolean isNoVerdict() { return verdict.equals(UNUSABLE) || verdict.equals(INCOMPLETE); }

    public boolean isClean() { return verdict.equals(CLEAN); }

    /**
     * Worst first, the order reports list ports in: a layer finding by the layer's rank (physical first, as the classifier
     * reads the layers), then no verdict (unusable, incomplete), then clean. Stable sorts keep the ports of one rank in order.
     */
    public static final java.util.Comparator<Verdict> WORST_FIRST = java.util.Comparator.comparingInt(Verdict::rank);

    private static int rank(Verdict v) {
        if (v.isClean()) return Integer.MAX_VALUE;
        return v.layer().map(Enum::ordinal).orElse(Integer.MAX_VALUE - 1);
    }

    /** The reference classifier's dict: {@code verdict}, {@code detail}, {@code live}. */
    public Map<String, Object> seedView() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("verdict", verdict);
        m.put("detail", detail);
        m.put("live", live);
        return m;
    }

    /** The JSON shape of a verdict (CLI {@code --json}, the kernel's {@code application/json}): the seed's three keys first. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = seedView();
        m.put("port", port);
        m.put("profile", profile);
        m.put("reasons", reasons);
        m.put("per_gb", perGb);
        m.put("bytes", bytes);
        m.put("cong_per_gb", congPerGb);
        return m;
    }

    /** The reason {@link Classifier} gives an optional counter that neither snapshot holds. */
    static final String OPTIONAL_NOT_CAPTURED = Classifier.OPTIONAL + Classifier.NOT_CAPTURED;

    /**
     * {@link #reasons()} as lines for a table row or a card ({@code "counter: reason"}), in their order, except that the
     * optional counters neither snapshot holds (a vendor's NIC has none of another's counters) are one line when there
     * are more than two of them: {@code "19 optional counters in neither snapshot: a, b, ..."} (the first three
     * named). {@link #toMap()} keeps every reason.
     */
    public List<String> reasonLines() {
        List<String> out = new java.util.ArrayList<>(), absent = new java.util.ArrayList<>();
        reasons.forEach((k, r) -> {
            if (r.equals(OPTIONAL_NOT_CAPTURED)) absent.add(k);
            else out.add(k + ": " + r);
        });
        if (absent.size() <= 2) {
            for (String k : absent) out.add(k + ": " + OPTIONAL_NOT_CAPTURED);
        } else {
            out.add(absent.size() + " optional counters in neither snapshot: " + String.join(", ", absent.subList(0, 3)) + ", ...");
        }
        return out;
    }

    /** A one-line explanation, the text the CLI and the REPL print. */
    public String summary() {
        StringBuilder sb = new StringBuilder();
        sb.append(port == null ? "-" : port).append(": ").append(verdict);
        if (!detail.isEmpty()) sb.append(" (").append(String.join(", ", detail)).append(")");
        if (!live.isEmpty() && !live.equals(detail)) sb.append("; also moved: ").append(String.join(", ", live));
        return sb.toString();
    }

    @Override public String toString() { return summary(); }

    /** This verdict as the one row of a {@link Verdicts} table. */
    @Override public Table table() { return new Verdicts(List.of(this)).table(); }

    /** A card: the port, the verdict coloured by outcome (clean, layer finding, no verdict), detail, live, reasons, rates. */
    @Override public String toHtml() { return VerdictCard.html(this); }

    /** The colour of a verdict: green clean, red a layer finding, grey no verdict. */
    public String colour() { return isClean() ? "#2e7d32" : isNoVerdict() ? "#757575" : "#c62828"; }
}
