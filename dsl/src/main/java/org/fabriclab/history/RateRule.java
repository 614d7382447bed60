package org.fabriclab.history;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.CounterName;
import org.fabriclab.catalogue.Direction;
import org.fabriclab.catalogue.Layer;
import org.fabriclab.catalogue.Role;
import org.fabriclab.catalogue.Scope;

/**
 * What is swept: per interval, the deltas of the rule's numerator {@link Term terms} divided by a
 * denominator ({@link Per}: GB or bits moved, packets, hours, nothing), combined by MAX or SUM, and
 * compared with a threshold. An interval alerts when the value is strictly above the threshold. The
 * delta rule decides every delta ({@code delta.Rules.status}): an interval where the denominator or
 * any term is reset (or wrapped), pegged at its field's cap or missing, where the denominator did
 * not move, or that spans a gap of more than 1.5 steps, has no value and is not scored. The
 * congestion rule is exactly the classifier's bar ({@code delta.classify(ROCE, bar)}), so a chosen
 * threshold can be used as that bar unchanged.
 *
 * <p>Rules are built from catalogue roles, never from counter names of their own: a role term reads
 * the first port-wide counter with that role that the history holds (catalogue order: InfiniBand
 * PMA first, then the netdev's), the denominator likewise.
 *
 * <pre>{@code
 * RateRule.congestion();                                         // max of rx pause (prio3) and CNPs per GB
 * RateRule.of(Role.SYMBOL).perHour();                           // symbol errors per hour
 * RateRule.of(Role.DISCARD, Direction.RX).per(Role.PACKETS);    // packet-drop rate (discards per packet)
 * RateRule.of(Role.SYMBOL).perBit().layer(Layer.PHYSICAL);      // BER: errors per bit moved
 * RateRule.measured(Telemetry.EFFECTIVE_BER);                   // UFM's BER measurement, per sample
 * RateRule.errorCount("SymbolErrorCounter");                    // a count per interval (ibqueryerrors-style)
 * }</pre>
 *
 * @param name   how reports name the rule
 * @param layer  the layer whose labelled incidents score it
 * @param combine MAX (any term above the bar alerts: the classifier's rule) or SUM of the terms' values
 * @param terms  the numerators, at least one
 * @param per    the denominator; its {@link Per#unit() unit} is the threshold's unit
 */
public record RateRule(String name, Layer layer, Combine combine, List<Term> terms, Per per) {

    public enum Combine {
        /** Alert when any term's value exceeds the threshold (the classifier's rule); the maximum starts at 0. */
        MAX,
        /** Alert when the sum of the terms' values exceeds the threshold (summed left to right from 0). */
        SUM;

        @Override public String toString() { return name().toLowerCase(Locale.ROOT); }
    }

    /**
     * Byte counters tried in order: the catalogue's port counters with role {@code bytes}, transmit
     * before receive, in catalogue order (PMA data words, then the netdev's port and software bytes).
     */
    public static final List<String> BYTES = bytesCounters(Direction.TX, Direction.RX);

    /** The priority the runbook's lossless RoCE traffic uses (its {@code roce} profile grades pause on it). */
    public static final String LOSSLESS_PRIORITY = "prio3";

    private static List<String> bytesCounters(Direction first, Direction second) {
        Catalogue cat = Catalogue.standard();
        List<String> out = new ArrayList<>(cat.portCounters(Role.BYTES, first));
        out.addAll(cat.portCounters(Role.BYTES, second));
        return List.copyOf(out);
    }

    public RateRule {
        if (per == null || layer == null || combine == null) throw new IllegalArgumentException("a rate rule needs a layer, a combination and a denominator");
        terms = List.copyOf(terms);
        if (terms.isEmpty()) throw new IllegalArgumentException("a rate rule needs at least one counter");
        if (name == null || name.isBlank()) throw new IllegalArgumentException("a rate rule needs a name");
        for (Term t : terms) {
            if (t.allowance() != 0 && per.kind() != Per.Kind.INTERVAL) {
                throw new IllegalArgumentException("term '" + t.label() + "' has an allowance of " + t.allowance()
                        + ": allowances are counts, for rules per interval only");
            }
        }
    }

    /**
     * The rule of the classic constructor: one term per named counter, per GB of the first byte
     * counter of {@code bytes} the history holds.
     */
    public RateRule(String name, Layer layer, Combine combine, List<String> counters, List<String> bytes) {
        this(name, layer, combine, counters.stream().map(Term::counter).toList(), Per.gb(bytes));
    }

    /**
     * The congestion bar: received PFC pause on the lossless priority and CNPs (handled and sent), each
     * per GB moved; MAX as the classifier. The counters are the catalogue's roles {@code pause} (rx, on
     * {@link #LOSSLESS_PRIORITY}), {@code cnp-handled} and {@code cnp-sent}.
     */
    public static RateRule congestion() {
        Catalogue cat = Catalogue.standard();
        List<String> c = new ArrayList<>();
        c.add(cat.forPriority(Role.PAUSE, Direction.RX, LOSSLESS_PRIORITY).orElseThrow());
        c.addAll(cat.counters(Role.CNP_HANDLED));
        c.addAll(cat.counters(Role.CNP_SENT));
        return new RateRule("congestion per GB", Layer.CONGESTION, Combine.MAX, c, BYTES);
    }

    /** Named counters per GB moved. */
    public static RateRule perGb(String name, Layer layer, Combine combine, String... counters) {
        return new RateRule(name, layer, combine, List.of(counters), BYTES);
    }

    /**
     * The numerators of a rule, one term per role (any direction); follow with the denominator:
     * {@code perGb()}, {@code perBit()}, {@code per(Role)}, {@code perHour()}, {@code perInterval()}.
     *
     * @throws IllegalArgumentException when the catalogue has no port counter with a role
     */
    public static Numerator of(Role... roles) {
        List<Term> t = new ArrayList<>();
        for (Role r : roles) t.add(Term.role(r));
        return new Numerator(t, null);
    }

    /** One role counted in one direction (the denominator of {@code per(Role)} then takes the same direction). */
    public static Numerator of(Role role, Direction direction) { return new Numerator(List.of(Term.role(role, direction)), direction); }

    /** Numerators given as terms (named counters: {@link Term#counter}). */
    public static Numerator of(Term... terms) { return new Numerator(List.of(terms), null); }

    /** Symbol errors (role {@code symbol}) per hour. */
    public static RateRule symbolErrorsPerHour() { return of(Role.SYMBOL).perHour().named("symbol errors per hour"); }

    /** The packet-drop rate: discards per packet, both counted on receive (role {@code discard} / {@code packets}, rx). */
    public static RateRule dropRate() { return of(Role.DISCARD, Direction.RX).per(Role.PACKETS).named("packet-drop rate"); }

    /**
     * The bit error rate from counters: symbol errors (role {@code symbol}) per data bit moved (bytes
     * received, else sent, x 8), layer physical. Data bits leave out line coding and idle symbols, so
     * this is above the PHY's BER per line bit: compare it with itself over time and across ports.
     */
    public static RateRule ber() {
        return of(Role.SYMBOL).perBit().layer(Layer.PHYSICAL).named("BER (symbol errors per bit)");
    }

    /**
     * A measurement's value at the end of each interval, such as UFM's {@code effective_ber} or
     * {@code raw_ber} ({@link org.fabriclab.capture.Telemetry#MEASUREMENTS}); missing or NaN samples
     * have no value. Layer physical.
     */
    public static RateRule measured(String... measurements) {
        List<Term> t = new ArrayList<>();
        for (String m : measurements) t.add(Term.counter(m));
        return new RateRule(String.join(", ", measurements), Layer.PHYSICAL, Combine.MAX, t, Per.sample());
    }

    /**
     * The count of one counter per interval, as ibqueryerrors' threshold file grades a field
     * (alert when the count is above the threshold); layer from the catalogue.
     */
    public static RateRule errorCount(String counter) {
        return new RateRule(counter + " per interval", Catalogue.standard().layerOf(counter), Combine.MAX,
                List.of(Term.counter(counter)), Per.interval());
    }

    /**
     * ibqueryerrors' thresholds as one rule per interval: each named counter's count per interval
     * minus its threshold, MAX; with the bar 0 an interval alerts exactly when some counter counted
     * more than its threshold (as ibqueryerrors reports a field above its threshold). A higher bar
     * raises every threshold by the same count. {@code thresholds} is what
     * {@code capture.topology.ErrorThresholdsReader} reads (counter to threshold), restricted to the
     * counters the history holds; the layer is the first non-informative counter's.
     *
     * <pre>{@code
     * RateRule.errorThresholds(Map.of("SymbolErrorCounter", 10L, "LinkDownedCounter", 0L));
     * }</pre>
     *
     * @throws IllegalArgumentException when {@code thresholds} is empty or a threshold is negative
     */
    public static RateRule errorThresholds(java.util.Map<String, Long> thresholds) {
        List<Term> t = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (var e : thresholds.entrySet()) {
            t.add(Term.counter(e.getKey()).allowing(e.getValue()));
            names.add(e.getKey() + " > " + e.getValue());
        }
        if (t.isEmpty()) throw new IllegalArgumentException("no error thresholds given");
        return of(t.toArray(new Term[0])).perInterval().named("error counts above thresholds (" + String.join(", ", names) + ")");
    }

    /**
     * ibqueryerrors' threshold file as a rule on {@code h}: every error field ibqueryerrors grades
     * ({@code ErrorThresholdsReader.FIELDS}) that the history holds, with the file's threshold, or 0 for a
     * field the file does not name (as the tool does); see {@link #errorThresholds(java.util.Map)}.
     *
     * <pre>{@code
     * RateRule.errorThresholds(capture("error_thresholds"), history);
     * }</pre>
     *
     * @throws IllegalArgumentException when {@code file} holds no threshold table, or the history holds none of the fields
     */
    public static RateRule errorThresholds(org.fabriclab.capture.Capture file, History h) {
        var t = file.measurements(org.fabriclab.capture.topology.IbqueryerrorsReader.THRESHOLDS).orElseThrow(() ->
                new IllegalArgumentException("'" + file.file() + "' is not an ibqueryerrors threshold file (no '"
                        + org.fabriclab.capture.topology.IbqueryerrorsReader.THRESHOLDS + "' table)"));
        java.util.Map<String, Long> given = new java.util.HashMap<>();
        for (int r = 0; r < t.rowCount(); r++) given.put(t.stringColumn("counter").get(r), t.longColumn("threshold").get(r));
        java.util.Map<String, Long> m = new java.util.LinkedHashMap<>();
        for (String f : org.fabriclab.capture.topology.ErrorThresholdsReader.FIELDS) if (h.has(f)) m.put(f, given.getOrDefault(f, 0L));
        if (m.isEmpty()) {
            throw new IllegalArgumentException("history '" + h.name() + "' holds none of the fields ibqueryerrors grades "
                    + org.fabriclab.capture.topology.ErrorThresholdsReader.FIELDS);
        }
        return errorThresholds(m);
    }

    /** The names {@link #standard(String)} knows, in order. */
    public static final List<String> STANDARD = List.of("congestion", "symbol-errors-per-hour", "ber", "packet-drop-rate", "drops-per-gb",
            "symbol-errors-per-interval");

    /**
     * A rule by the name a notebook parameter gives: {@code congestion}, {@code symbol-errors-per-hour},
     * {@code ber}, {@code packet-drop-rate} (received discards per received packet), {@code drops-per-gb}
     * (received discards per GB) or {@code symbol-errors-per-interval} (role {@code symbol}, a count).
     *
     * @throws IllegalArgumentException naming the known names when {@code name} is none of them
     */
    public static RateRule standard(String name) {
        return switch (name) {
            case "congestion" -> congestion();
            case "symbol-errors-per-hour" -> symbolErrorsPerHour();
            case "ber" -> ber();
            case "packet-drop-rate" -> dropRate();
            case "drops-per-gb" -> of(Role.DISCARD, Direction.RX).perGb().named("drops per GB");
            case "symbol-errors-per-interval" -> of(Role.SYMBOL).perInterval().named("symbol errors per interval");
            default -> throw new IllegalArgumentException("unknown rule '" + name + "'; known: " + STANDARD);
        };
    }

    /** The same rule under another name. */
    public RateRule named(String n) { return new RateRule(n, layer, combine, terms, per); }

    /** The same rule scored against another layer's labels. */
    public RateRule layer(Layer l) { return new RateRule(name, l, combine, terms, per); }

    /** The same rule reading other named counters. */
    public RateRule withCounters(List<String> others) {
        return new RateRule(name, layer, combine, others.stream().map(Term::counter).toList(), per);
    }

    /** The same rule with another combination. */
    public RateRule withCombine(Combine c) { return new RateRule(name, layer, c, terms, per); }

    /** The same numerators over another denominator. */
    public RateRule withPer(Per p) { return new RateRule(name, layer, combine, terms, p); }

    /** The threshold's unit in words: {@code per GB}, {@code per hour}, {@code per interval}, or {@code ""} for a measurement. */
    public String unit() { return per.kind() == Per.Kind.SAMPLE ? "" : "per " + per.label(); }

    /**
     * The counters this rule reads on a history or file holding {@code columns}.
     *
     * @throws IllegalArgumentException naming the term and the columns when one cannot be read
     */
    public Resolved resolve(String where, Collection<String> columns) {
        List<String> cs = new ArrayList<>();
        for (Term t : terms) {
            String hit = null;
            for (String c : t.candidates()) if (columns.contains(c)) { hit = c; break; }
            if (hit == null) {
                throw new IllegalArgumentException("history '" + where + "' has no counter for '" + t.label() + "' that rule '" + name
                        + "' reads (any of " + t.candidates() + "); it has " + columns);
            }
            cs.add(hit);
        }
        String den = null;
        if (per.kind() == Per.Kind.COUNTER) {
            for (String c : per.candidates()) if (columns.contains(c)) { den = c; break; }
            if (den == null) {
                throw new IllegalArgumentException("history '" + where + "' has none of the " + per.label() + " counters " + per.candidates()
                        + "; rule '" + name + "' divides by one");
            }
        }
        return new Resolved(this, cs, den);
    }

    /** The byte (or other denominator) counter this rule uses on {@code h}. */
    public String bytesCounter(History h) {
        String d = resolve(h.name(), h.counters()).denominator();
        if (d == null) throw new IllegalArgumentException("rule '" + name + "' divides by no counter (" + unit() + ")");
        return d;
    }

    @Override public String toString() {
        List<String> labels = terms.stream().map(Term::label).toList();
        return name + " (" + combine + " of " + String.join(", ", labels) + (unit().isEmpty() ? "" : " " + unit())
                + ", layer " + layer.label() + ")";
    }

    /**
     * One numerator: the first of {@code candidates} the history holds. {@code allowance} (rules per
     * interval only) is subtracted from the count, as an ibqueryerrors threshold: with allowance
     * {@code a} the value is {@code delta - a}, so the bar 0 alerts exactly when the count is above a.
     */
    public record Term(String label, List<String> candidates, long allowance) {
        public Term {
            candidates = List.copyOf(candidates);
            if (candidates.isEmpty()) throw new IllegalArgumentException("term '" + label + "' has no counter");
            if (allowance < 0) throw new IllegalArgumentException("an allowance is a count >= 0, found " + allowance);
        }

        /** A named counter (or measurement). */
        public static Term counter(String name) { return new Term(name, List.of(name), 0); }

        /** The port-wide counters with {@code role} in any direction, in catalogue order. */
        public static Term role(Role role) {
            List<String> c = new ArrayList<>();
            for (CounterName n : Catalogue.standard().counterNames(role)) {
                if (n.def().scope() == Scope.PORT && !c.contains(n.name())) c.add(n.name());
            }
            if (c.isEmpty()) throw new IllegalArgumentException("the catalogue has no port counter with role " + role);
            return new Term(role.label(), c, 0);
        }

        /** The port-wide counters with {@code role} counting in {@code direction}, in catalogue order. */
        public static Term role(Role role, Direction direction) {
            List<String> c = Catalogue.standard().portCounters(role, direction);
            if (c.isEmpty()) throw new IllegalArgumentException("the catalogue has no port counter with role " + role + " and direction " + direction);
            return new Term(direction + " " + role.label(), c, 0);
        }

        /** The same term with a count allowed per interval before it counts. */
        public Term allowing(long n) { return new Term(label, candidates, n); }
    }

    /**
     * The denominator. {@code COUNTER}: the delta of the first of {@code candidates} the history holds,
     * times its catalogue scale and {@code factor}, divided by {@code unit} ({@code 1e9}: GB; factor
     * 8: bits). {@code TIME}: the interval's length in ms divided by {@code unit} ({@code 3.6e6}: hours).
     * {@code INTERVAL}: nothing (a count per interval). {@code SAMPLE}: the terms are measurements
     * (gauges) read at the interval's end, no delta.
     */
    public record Per(Kind kind, String label, List<String> candidates, long factor, double unit) {
        public enum Kind { COUNTER, TIME, INTERVAL, SAMPLE }

        public Per {
            candidates = List.copyOf(candidates);
            if (kind == Kind.COUNTER && candidates.isEmpty()) throw new IllegalArgumentException("a counter denominator needs counters");
            if (factor < 1) throw new IllegalArgumentException("factor must be >= 1");
            if (!(unit > 0) || Double.isInfinite(unit)) throw new IllegalArgumentException("unit must be > 0");
        }

        /** Per GB (1e9 bytes) of the first byte counter of {@code bytes}. */
        public static Per gb(List<String> bytes) { return new Per(Kind.COUNTER, "GB", bytes, 1, 1e9); }

        /** Per GB moved ({@link RateRule#BYTES}). */
        public static Per gb() { return gb(BYTES); }

        /** Per bit moved: bytes received, else sent (catalogue role {@code bytes}), x 8. */
        public static Per bit() { return new Per(Kind.COUNTER, "bit", bytesCounters(Direction.RX, Direction.TX), 8, 1); }

        /** Per unit of the port-wide counters with {@code role} counting in {@code direction}. */
        public static Per of(Role role, Direction direction) {
            List<String> c = Catalogue.standard().portCounters(role, direction);
            if (c.isEmpty()) throw new IllegalArgumentException("the catalogue has no port counter with role " + role + " and direction " + direction);
            return new Per(Kind.COUNTER, singular(role), c, 1, 1);
        }

        /** Per unit of the port-wide counters with {@code role}, receive first. */
        public static Per of(Role role) {
            Catalogue cat = Catalogue.standard();
            List<String> c = new ArrayList<>(cat.portCounters(role, Direction.RX));
            c.addAll(cat.portCounters(role, Direction.TX));
            c.addAll(cat.portCounters(role, Direction.NONE));
            if (c.isEmpty()) throw new IllegalArgumentException("the catalogue has no port counter with role " + role);
            return new Per(Kind.COUNTER, singular(role), c, 1, 1);
        }

        /** Per hour of the interval's length. */
        public static Per hour() { return new Per(Kind.TIME, "hour", List.of(), 1, 3_600_000); }

        /** A count per interval. */
        public static Per interval() { return new Per(Kind.INTERVAL, "interval", List.of(), 1, 1); }

        /** A measurement's value at the interval's end (no delta). */
        public static Per sample() { return new Per(Kind.SAMPLE, "sample", List.of(), 1, 1); }

        private static String singular(Role r) {
            String l = r.label();
            return l.endsWith("s") ? l.substring(0, l.length() - 1) : l;
        }
    }

    /**
     * The numerators of a rule being built; the denominator completes it. The layer is the catalogue
     * layer of the terms' counters (the first that is not informative), else informative: change it
     * with {@link RateRule#layer(Layer)}.
     */
    public static final class Numerator {
        private final List<Term> terms;
        private final Direction direction;

        Numerator(List<Term> terms, Direction direction) {
            if (terms.isEmpty()) throw new IllegalArgumentException("a rate rule needs at least one role or counter");
            this.terms = List.copyOf(terms);
            this.direction = direction;
        }

        public RateRule perGb() { return build(Per.gb()); }

        public RateRule perBit() { return build(Per.bit()); }

        /** Per unit of {@code role} (in the numerator's direction when it has one): {@code per(Role.PACKETS)}. */
        public RateRule per(Role role) { return build(direction == null ? Per.of(role) : Per.of(role, direction)); }

        public RateRule per(Role role, Direction d) { return build(Per.of(role, d)); }

        public RateRule perHour() { return build(Per.hour()); }

        public RateRule perInterval() { return build(Per.interval()); }

        public RateRule per(Per p) { return build(p); }

        private RateRule build(Per p) {
            Catalogue cat = Catalogue.standard();
            Layer layer = Layer.INFORMATIVE;
            outer:
            for (Term t : terms) {
                for (String c : t.candidates()) {
                    Layer l = cat.layerOf(c);
                    if (l != Layer.INFORMATIVE) { layer = l; break outer; }
                }
            }
            String n = String.join(", ", terms.stream().map(Term::label).toList()) + " per " + p.label();
            return new RateRule(n, layer, Combine.MAX, terms, p);
        }
    }

    /** A rule resolved on one history: the counter each term reads, and the denominator counter (null unless {@code COUNTER}). */
    public record Resolved(RateRule rule, List<String> counters, String denominator) {
        public Resolved { counters = List.copyOf(counters); }
    }
}
