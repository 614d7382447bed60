package org.fabriclab.verdict;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.fabriclab.result.Renderable;

import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * One verdict per port, with the table view and the exit code the CLI uses: 0 every port clean,
 * 3 some port has a layer verdict, 4 some port has no verdict (unusable or incomplete) and none has
 * a layer verdict. A layer verdict wins over "no verdict" because it is a definite finding.
 */
public record Verdicts(List<Verdict> verdicts) implements Iterable<Verdict>, Renderable {

    public Verdicts { verdicts = List.copyOf(verdicts); }

    @Override public Iterator<Verdict> iterator() { return verdicts.iterator(); }

    public int size() { return verdicts.size(); }

    public Optional<Verdict> port(String port) {
        return verdicts.stream().filter(v -> port.equals(v.port())).findFirst();
    }

    /** 0 all clean, 3 some layer verdict, 4 some port without a verdict. */
    public int exitCode() {
        // no port at all (captures of rates only, two snapshots with no port in common) is no verdict, never "clean"
        if (verdicts.isEmpty()) return 4;
        boolean layer = verdicts.stream().anyMatch(v -> v.layer().isPresent());
        boolean none = verdicts.stream().anyMatch(Verdict::isNoVerdict);
        return layer ? 3 : none ? 4 : 0;
    }

    /** The columns of {@link #table()} and {@link #rows()}. */
    public static final List<String> COLUMNS = List.of("port", "profile", "verdict", "detail", "live", "reasons");

    /**
     * The cells of {@link #table()}, row by row ({@link #COLUMNS}): detail and live comma-joined, the
     * reasons ({@link Verdict#reasonLines()}) then the per-GB rates {@code "; "}-joined. For printing without building a table.
     */
    public List<List<String>> rows() {
        List<List<String>> out = new java.util.ArrayList<>(verdicts.size());
        for (Verdict v : verdicts) {
            StringBuilder sb = new StringBuilder();
            for (String r : v.reasonLines()) sb.append(sb.length() == 0 ? "" : "; ").append(r);
            v.perGb().forEach((k, r) -> sb.append(sb.length() == 0 ? "" : "; ").append(k).append(String.format(" %.1f/GB", r)));
            out.add(java.util.Arrays.asList(v.port(), v.profile(), v.verdict(), String.join(",", v.detail()), String.join(",", v.live()), sb.toString()));
        }
        return out;
    }

    /** port, profile, verdict, detail, live, reasons ({@link #rows()} as a table named "verdicts"). */
    @Override public Table table() {
        StringColumn[] cols = new StringColumn[COLUMNS.size()];
        for (int c = 0; c < cols.length; c++) cols[c] = StringColumn.create(COLUMNS.get(c));
        for (List<String> row : rows()) for (int c = 0; c < cols.length; c++) cols[c].append(row.get(c));
        return Table.create("verdicts", cols);
    }

    @Override public String toString() {
        StringBuilder sb = new StringBuilder();
        for (Verdict v : verdicts) sb.append(v.summary()).append('\n');
        return sb.toString();
    }

    /**
     * How many clean ports still get a card ({@link #toHtml()}): a host's ports. Past this, as in a capture of a whole fabric
     * ({@code perfquery} or {@code ibdiagnet} over every switch port), the clean ports are counted in one line.
     */
    public static final int CLEAN_CARDS = 8;

    /**
     * Under a line with the port count and the exit code, one card per port worst first ({@link Verdict#WORST_FIRST}); clean
     * ports get cards when there are at most {@value #CLEAN_CARDS} of them, else one line counts them ({@link #table()} has
     * every port).
     */
    @Override public String toHtml() {
        StringBuilder sb = new StringBuilder("<div class=\"fabriclab-verdicts\"><div><b>").append(size()).append(size() == 1 ? " port" : " ports")
                .append("</b>, exit code ").append(exitCode()).append("</div>");
        List<Verdict> cards = cards(verdicts, v -> v);
        for (Verdict v : cards) sb.append(v.toHtml());
        if (cards.size() < size()) {
            sb.append("<div>").append(size() - cards.size()).append(" ports clean (not shown as cards; <code>table()</code> lists every port)</div>");
        }
        return sb.append("</div>").toString();
    }

    /**
     * The items a report shows as cards, worst first by their verdict ({@link Verdict#WORST_FIRST}; one rank keeps the given
     * order): every one not clean, and the clean ones too when there are at most {@value #CLEAN_CARDS} of them. What
     * {@link #toHtml()} and an incident's report ({@code Incident.cards()}) both show.
     */
    public static <T> List<T> cards(List<T> items, java.util.function.Function<T, Verdict> verdict) {
        List<T> out = new java.util.ArrayList<>(items);
        out.sort(java.util.Comparator.comparing(verdict, Verdict.WORST_FIRST));
        long clean = items.stream().filter(x -> verdict.apply(x).isClean()).count();
        return clean <= CLEAN_CARDS ? out : out.stream().filter(x -> !verdict.apply(x).isClean()).toList();
    }

    /** {@code exit_code} and one {@link Verdict#toMap()} per port. */
    @Override public Map<String, Object> toMap() {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("exit_code", exitCode());
        m.put("verdicts", verdicts.stream().map(Verdict::toMap).toList());
        return m;
    }
}
