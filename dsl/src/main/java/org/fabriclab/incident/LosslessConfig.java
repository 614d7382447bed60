package org.fabriclab.incident;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import org.fabriclab.capture.PortAttr;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.CounterName;
import org.fabriclab.catalogue.Role;
import org.fabriclab.delta.CounterDelta;
import org.fabriclab.delta.Status;
import org.fabriclab.snapshot.Snapshot;
import org.fabriclab.verdict.Verdict;

/**
 * What the host said about a port's lossless configuration ({@code mlnx_qos}, {@code dcb pfc show},
 * {@code ethtool -a} in the last snapshot: {@link PortAttr#PFC_ENABLED}, {@link PortAttr#TRUST},
 * {@link PortAttr#PAUSE_RX} ...), each value with the file and line it was read from, and what it means
 * for a verdict: a per-priority pause counter missing on a priority the host says has PFC off, or drops
 * on such a priority, are stated with that evidence instead of "check mlnx_qos".
 *
 * <pre>{@code
 * LosslessConfig q = LosslessConfig.of(last, "mlx5_0/1");
 * q.pfcOn();       // Optional[[3]]
 * q.summary();     // "the host's QoS configuration: PFC on priority 3 (after/mlnx_qos.txt:19); trust dscp (...)"
 * }</pre>
 */
final class LosslessConfig {
    private final Optional<List<Integer>> pfcOn;
    private final String pfcWhere;
    private final String netdev;
    private final List<String> facts;

    private LosslessConfig(Optional<List<Integer>> pfcOn, String pfcWhere, String netdev, List<String> facts) {
        this.pfcOn = pfcOn;
        this.pfcWhere = pfcWhere;
        this.netdev = netdev;
        this.facts = facts;
    }

    static final LosslessConfig NONE = new LosslessConfig(Optional.empty(), "", "", List.of());

    /**
     * The configuration the last snapshot holds, else the first's (a QoS file collected on one side only);
     * when both hold PFC settings that differ, a fact says so: the change happened during the test.
     */
    static LosslessConfig of(Snapshot first, Snapshot last, String port) {
        LosslessConfig l = of(last, port), f = of(first, port);
        if (!l.known()) return f;
        if (f.pfcOn.isPresent() && l.pfcOn.isPresent() && !f.pfcOn.get().equals(l.pfcOn.get())) {
            List<String> facts = new ArrayList<>(l.facts);
            facts.add("PFC changed between the snapshots: " + on(f.pfcOn.get()) + " (" + f.pfcWhere + ") before, " + on(l.pfcOn.get())
                    + " (" + l.pfcWhere + ") after");
            return new LosslessConfig(l.pfcOn, l.pfcWhere, l.netdev, List.copyOf(facts));
        }
        return l;
    }

    private static String on(List<Integer> p) { return p.isEmpty() ? "on no priority" : "on " + priorities(p); }

    static LosslessConfig of(Snapshot s, String port) {
        List<String> facts = new ArrayList<>();
        Optional<List<Integer>> pfc = s.attr(port, PortAttr.PFC_ENABLED).map(PortAttr::pfcPriorities);
        String where = where(s, port, PortAttr.PFC_ENABLED);
        pfc.ifPresent(p -> facts.add((p.isEmpty() ? "PFC off on every priority" : "PFC on " + priorities(p)) + " (" + where + ")"));
        // two QoS files of one snapshot (mlnx_qos and dcb, or two pastes) that disagree: the first is kept, the others named
        for (PortAttr a : s.attrSources(port, PortAttr.PFC_ENABLED)) {
            if (pfc.isPresent() && !PortAttr.pfcPriorities(a.value()).equals(pfc.get())) {
                facts.add("but " + a.file() + ":" + a.line() + " says PFC is on " + (a.value().equals("none") ? "no priority" : a.value())
                        + ": the QoS captures of one snapshot disagree");
            }
        }
        s.attr(port, "peer_" + PortAttr.PFC_ENABLED).map(PortAttr::pfcPriorities).ifPresent(peer -> {
            String w = where(s, port, "peer_" + PortAttr.PFC_ENABLED);
            facts.add("the neighbour (switch) advertises PFC " + (peer.isEmpty() ? "on no priority" : "on " + priorities(peer)) + " (lldptool -n, " + w + ")"
                    + (pfc.isPresent() && !pfc.get().equals(peer) ? ": not what the host has, so the two ends disagree on which priorities are lossless" : ""));
        });
        s.attr(port, PortAttr.TRUST).ifPresent(t -> facts.add("trust " + t + " (" + where(s, port, PortAttr.TRUST) + ")"));
        s.attr(port, PortAttr.DCBX).ifPresent(t -> facts.add("DCBX " + t + "-controlled (" + where(s, port, PortAttr.DCBX) + ")"));
        Optional<String> rx = s.attr(port, PortAttr.PAUSE_RX), tx = s.attr(port, PortAttr.PAUSE_TX);
        if (rx.isPresent() || tx.isPresent()) {
            facts.add("link-level pause rx " + rx.orElse("?") + ", tx " + tx.orElse("?") + " ("
                    + where(s, port, rx.isPresent() ? PortAttr.PAUSE_RX : PortAttr.PAUSE_TX) + ")");
        }
        if (facts.isEmpty()) return NONE;
        return new LosslessConfig(pfc, where, s.attr(port, PortAttr.NETDEV).orElse("NETDEV"), List.copyOf(facts));
    }

    private static String where(Snapshot s, String port, String key) {
        return s.attrSource(port, key).map(a -> a.file() + ":" + a.line()).orElse("?");
    }

    /** The priorities the host says have PFC on; empty when no capture says. */
    Optional<List<Integer>> pfcOn() { return pfcOn; }

    boolean known() { return !facts.isEmpty(); }

    /** One line for the report's "why", or null when no capture said anything about the configuration. */
    String summary() {
        return facts.isEmpty() ? null : "the host's QoS configuration: " + String.join("; ", facts);
    }

    /**
     * What the PFC configuration says about a verdict, or an empty list when it says nothing (not known,
     * or a verdict it does not bear on): missing per-priority pause counters, drops on a priority.
     */
    List<String> onVerdict(Verdict v, Map<String, CounterDelta> port) {
        List<String> out = new ArrayList<>();
        if (pfcOn.isEmpty()) return out;
        List<Integer> on = pfcOn.get();
        Catalogue cat = Catalogue.standard();
        if (v.verdict().equals(Verdict.INCOMPLETE)) {
            for (String c : v.detail()) {
                int prio = priority(cat, c);
                if (prio < 0 || !cat.hasRole(c, Role.PAUSE)) continue;
                if (!on.contains(prio)) {
                    out.add(c + " is missing because PFC is off on priority " + prio + ": " + stated(on)
                            + "; drivers print per-priority pause counters only for PFC-enabled priorities, so this is the configuration, "
                            + "not a lost file. If priority " + prio + " is the RoCE priority, enable PFC on it on the NIC (mlnx_qos -i " + netdev
                            + " --pfc " + mask(on, prio) + ", or dcb pfc set dev " + netdev + " prio-pfc " + prio + ":on) and on the switch port; "
                            + "otherwise grade with the -full profile, which grades the priorities the capture holds");
                } else {
                    out.add(c + " is missing although PFC is on for priority " + prio + " (" + pfcWhere + "): capture ethtool -S of " + netdev
                            + " again (the file may be cut, or of another port)");
                }
            }
        } else if (v.layer().isPresent() && v.layer().get() == org.fabriclab.catalogue.Layer.LOSSLESS_BROKEN) {
            for (String c : v.detail()) {
                int prio = priority(cat, c);
                CounterDelta cd = port.get(c);
                String moved = cd != null && cd.status() == Status.READABLE && cd.delta() != null ? " +" + cd.delta() : "";
                if (prio < 0) {
                    out.add(c + moved + " is a port-wide drop; " + (on.isEmpty()
                            ? "the port is not lossless at all: " + stated(on)
                            : stated(on) + ": check that the traffic runs on " + (on.size() == 1 ? "that priority" : "one of them")
                            + " (the DSCP/PCP to priority map)"));
                } else if (!on.contains(prio)) {
                    out.add(c + moved + ": drops on priority " + prio + ", which has PFC off (" + stated(on) + "): a priority without PFC "
                            + "drops when its buffer fills. Enable PFC on priority " + prio + " (mlnx_qos -i " + netdev + " --pfc " + mask(on, prio)
                            + ", or dcb pfc set dev " + netdev + " prio-pfc " + prio + ":on) and on the switch port, or move the RoCE traffic "
                            + "to a PFC priority");
                } else {
                    out.add(c + moved + ": drops on priority " + prio + " although the NIC has PFC on for it (" + pfcWhere + "): check the switch "
                            + "port's PFC on that priority and its headroom for the cable length");
                }
            }
        } else if (on.isEmpty() && (v.isClean() || v.layer().isPresent())) {
            // dcb -s reads every priority's pause counter, so a port with PFC off everywhere can grade: say what the counters cannot
            out.add("the port is not lossless: " + stated(on) + ", so its pause counters stay at 0 and RoCE traffic is dropped, not paused, "
                    + "when a buffer fills. Enable PFC on the RoCE priority on the NIC (mlnx_qos -i " + netdev + " --pfc, or dcb pfc set dev "
                    + netdev + " prio-pfc N:on) and on the switch port");
        }
        return out;
    }

    /**
     * Per-priority pause counters that moved on a priority the host says has PFC off: the QoS capture and
     * the counters disagree (taken at another time, or of another port), so neither should be trusted alone.
     */
    List<String> disagreements(Map<String, CounterDelta> port) {
        List<String> out = new ArrayList<>();
        if (pfcOn.isEmpty()) return out;
        Catalogue cat = Catalogue.standard();
        for (CounterDelta cd : port.values()) {
            int prio = priority(cat, cd.counter());
            if (prio < 0 || pfcOn.get().contains(prio) || !cat.hasRole(cd.counter(), Role.PAUSE)) continue;
            if (cd.status() != Status.READABLE || cd.delta() == null || cd.delta() <= 0) continue;
            out.add(cd.counter() + " moved +" + cd.delta() + " although " + stated(pfcOn.get()) + ": PFC frames on priority " + prio
                    + " mean PFC was on there; the QoS capture and the counters disagree (another moment, or another port?)");
        }
        return out;
    }

    private String stated(List<Integer> on) {
        return "the host says PFC is on for " + (on.isEmpty() ? "no priority" : priorities(on)) + " (" + pfcWhere + ")";
    }

    private static String priorities(List<Integer> p) {
        return (p.size() == 1 ? "priority " : "priorities ") + p.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }

    /** mlnx_qos' --pfc list with {@code add} turned on beside what is on already. */
    private static String mask(List<Integer> on, int add) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i > 0) sb.append(',');
            sb.append(on.contains(i) || i == add ? '1' : '0');
        }
        return sb.toString();
    }

    /** The priority of a per-priority counter ({@code rx_prio3_pause} -> 3), -1 for any other. */
    private static int priority(Catalogue cat, String counter) {
        return cat.counter(counter).map(CounterName::priorityIndex).orElse(-1);
    }
}
