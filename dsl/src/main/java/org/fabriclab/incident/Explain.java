package org.fabriclab.incident;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Layer;
import org.fabriclab.check.CheckRow;
import org.fabriclab.check.Outcome;
import org.fabriclab.delta.CounterDelta;
import org.fabriclab.delta.Status;
import org.fabriclab.verdict.Verdict;

/**
 * The report's words: why the deciding layer wins over everything else that moved, and what to do
 * next for each verdict. The reasoning is the classifier's (layers in rank order, congestion as a rate
 * per GB above the bar); the next steps are a fabric engineer's checklist per layer.
 *
 * <pre>{@code
 * List<String> why = Explain.why(verdict, delta.port("mlx5_0/1"));
 * }</pre>
 */
final class Explain {
    private Explain() {}

    /** Why the layer cause the ones after it: one clause per layer. */
    static String causes(Layer l) {
        return switch (l) {
            case PHYSICAL -> "corrupted symbols lose packets, and every lost packet is retransmitted and queued again: physical errors "
                    + "manufacture the retries and congestion above them";
            case PAUSE_STORM -> "a receiver that stalled keeps the link paused, so drops, retries and congestion on the fabric follow from it";
            case LOSSLESS_BROKEN -> "drops on a lossless priority are what the transport then retransmits";
            case TRANSPORT_RETRY -> "retransmissions slow the flows and show up as pauses and CNPs";
            case REMOTE_ACCESS -> "an application or key error: the fabric carried the requests, the peer refused them";
            case CONGESTION -> "pause frames and CNPs above the per-GB bar: the fabric is busy, nothing below it broke";
            case INFORMATIVE -> "informative counters never decide";
        };
    }

    static List<String> why(Verdict v, Map<String, CounterDelta> port) {
        List<String> out = new ArrayList<>();
        switch (v.verdict()) {
            case Verdict.INCOMPLETE -> {
                out.add("no verdict: " + String.join(", ", v.detail()) + (v.detail().size() == 1 ? " is" : " are")
                        + " required by profile " + v.profile() + " and missing, so the counters cannot support an answer");
                for (String c : v.detail()) if (v.reasons().containsKey(c)) out.add(c + ": " + v.reasons().get(c));
                return out;
            }
            case Verdict.UNUSABLE -> {
                out.add("no verdict: " + String.join(", ", v.detail()) + (v.detail().size() == 1 ? " was" : " were")
                        + " reset or pegged, so " + (v.detail().size() == 1 ? "its delta is" : "their deltas are")
                        + " unknowable (not zero, not negative)");
                for (String c : v.detail()) if (v.reasons().containsKey(c)) out.add(c + ": " + v.reasons().get(c));
                if (!v.live().isEmpty()) out.add("also moved (not enough for a verdict while a counter is unusable): " + String.join(", ", v.live()));
                return out;
            }
            default -> { }
        }
        out.add("layers are read in rank order — " + ranks() + " — and the first layer with a counter that moved decides, "
                + "whatever the sizes; congestion counts only above " + rate(v.congPerGb()) + " per GB moved");
        if (v.isClean()) {
            out.add("no error counter of profile " + v.profile() + " moved" + (v.perGb().isEmpty() ? "" : " and every congestion rate is at or below the bar: "
                    + rates(v)));
            return out;
        }
        Layer decided = v.layer().orElseThrow();
        out.add(decided.label() + " (rank " + (decided.ordinal() + 1) + ") decides: " + moves(v.detail(), port, v));
        List<String> outranked = new ArrayList<>();
        for (String c : v.live()) {
            if (v.detail().contains(c)) continue;
            CounterDelta cd = port.get(c);
            if (cd != null) outranked.add(c + " " + move(cd, v) + " (" + cd.layer().label() + ", rank " + (cd.layer().ordinal() + 1) + ")");
        }
        if (!outranked.isEmpty()) out.add("it outranks " + String.join(", ", outranked) + " however large: " + causes(decided));
        else out.add(causes(decided));
        for (var e : v.perGb().entrySet()) {
            if (!v.live().contains(e.getKey())) out.add(e.getKey() + " moved at " + rate(e.getValue()) + " per GB, at or below the bar: not congestion");
        }
        return out;
    }

    /** What an incomplete verdict's captured counters say, and whether the missing ones could change it. */
    static String provisional(Verdict incomplete, Verdict provisional) {
        Catalogue cat = Catalogue.standard();
        String head = "provisionally, with " + String.join(", ", incomplete.detail()) + " left out, the captured counters say: " + provisional.summary();
        if (provisional.layer().isEmpty()) return head + " (not a verdict: a missing counter could have moved)";
        Layer l = provisional.layer().get();
        boolean below = incomplete.detail().stream().allMatch(c -> cat.layerOf(c).ordinal() > l.ordinal());
        return head + (below
                ? "; the missing counters all rank below " + l.label() + ", so they could not outrank it (one could still make the port unusable, had it been reset)"
                : " (not a verdict: a missing counter ranks at or above " + l.label() + " and could decide)");
    }

    static String ranks() {
        StringBuilder sb = new StringBuilder();
        for (Layer l : Layer.values()) {
            if (l == Layer.INFORMATIVE) continue;
            if (sb.length() > 0) sb.append(", ");
            sb.append(l.ordinal() + 1).append(' ').append(l.label());
        }
        return sb.toString();
    }

    private static String moves(List<String> counters, Map<String, CounterDelta> port, Verdict v) {
        List<String> out = new ArrayList<>();
        for (String c : counters) {
            CounterDelta cd = port.get(c);
            out.add(cd == null ? c : c + " " + move(cd, v));
        }
        return String.join(", ", out);
    }

    private static String move(CounterDelta cd, Verdict v) {
        String s = cd.status() == Status.READABLE && cd.delta() != null ? "+" + cd.delta() : cd.status().toString();
        Double r = v.perGb().get(cd.counter());
        return r == null ? s : s + " (" + rate(r) + " per GB)";
    }

    private static String rates(Verdict v) {
        List<String> out = new ArrayList<>();
        v.perGb().forEach((k, r) -> out.add(k + " " + rate(r) + " per GB"));
        return String.join(", ", out);
    }

    static String rate(double r) { return org.fabriclab.result.Html.num(r, 4); }

    /** A fabric engineer's next steps for a verdict. */
    /**
     * What the port's transceiver diagnostics say ({@link OpticsChecks} rows that failed or warn), one line each:
     * evidence beside the counters' verdict, which they never change.
     */
    static List<String> optics(List<CheckRow> rows, String port) {
        List<String> out = new ArrayList<>();
        for (CheckRow r : rows) {
            if (!r.port().equals(port)) continue;
            if (r.outcome() == Outcome.FAIL) out.add("optics (ethtool -m): " + r.name() + ": " + r.reason());
            else if (r.outcome() == Outcome.INFO && r.reason().startsWith("warning:")) out.add("optics (ethtool -m): " + r.name() + ": " + r.reason().substring(9));
        }
        return out;
    }

    /** The next step when the port's transceiver diagnostics failed: which lanes, and what to do on each end. */
    static List<String> opticsNextSteps(List<CheckRow> rows, String port) {
        java.util.TreeSet<String> lanes = new java.util.TreeSet<>();
        boolean rx = false;
        for (CheckRow r : rows) {
            if (!r.port().equals(port) || r.outcome() != Outcome.FAIL) continue;
            int at = r.name().indexOf(" lane ");
            lanes.add(at < 0 ? "the module" : r.name().substring(at + 1));
            rx |= r.name().startsWith("rx_");
        }
        if (lanes.isEmpty()) return List.of();
        return List.of("optics failed on " + String.join(", ", lanes) + ": clean and reseat the connectors on both ends, then swap the transceiver"
                + (rx ? "; for low rx power also read the far end's tx power (ethtool -m or mlxlink -m there): a low far-end tx is that module, a normal one is the fibre" : "")
                + "; read ethtool -m again after the change");
    }

    static List<String> nextSteps(Verdict v, FabricKind fabric) {
        return nextSteps(v, fabric, LosslessConfig.NONE, Map.of());
    }

    /**
     * Where each of {@code counters} is captured, as the catalogue binds it: counters that the same tools print
     * grouped, e.g. {@code "local_ack_timeout_err, packet_seq_err: sysfs hw_counters/ or rdma statistic"}. Only
     * what a host collection runs is named (no exporter or fabric manager); empty when none of the counters is
     * bound to one.
     */
    static String whereCaptured(List<String> counters, Catalogue cat) {
        Map<String, java.util.Set<String>> tools = new java.util.LinkedHashMap<>();
        for (String c : counters) tools.put(c, new java.util.LinkedHashSet<>());
        for (org.fabriclab.catalogue.Binding b : cat.bindings()) {
            java.util.Set<String> t = tools.get(b.canonical());
            String how = b.field() == null ? null : collectedBy(b.source());
            if (t != null && how != null) t.add(how);
        }
        Map<java.util.Set<String>, List<String>> byTools = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, java.util.Set<String>> e : tools.entrySet()) {
            if (!e.getValue().isEmpty()) byTools.computeIfAbsent(new java.util.TreeSet<>(e.getValue()), k -> new ArrayList<>()).add(e.getKey());
        }
        List<String> parts = new ArrayList<>();
        byTools.forEach((how, names) -> parts.add(String.join(", ", names) + ": " + String.join(" or ", how)));
        return String.join("; ", parts);
    }

    /** Whether one of {@code counters} is counted per priority (a per-priority pause counter, which exists only where PFC is on). */
    private static boolean perPriority(List<String> counters, Catalogue cat) {
        for (String c : counters) {
            if (cat.counter(c).map(n -> n.def().scope() == org.fabriclab.catalogue.Scope.PRIORITY).orElse(false)) return true;
        }
        return false;
    }

    /** The command or file a host collection reads {@code source} from; null for sources it does not collect. */
    private static String collectedBy(org.fabriclab.catalogue.Source source) {
        return switch (source) {
            case PERFQUERY, PERFQUERY_X -> "perfquery -x";
            case SYSFS -> "sysfs counters/";
            case HW_COUNTERS -> "sysfs hw_counters/";
            case RDMA -> "rdma statistic";
            case ETHTOOL -> "ethtool -S";
            case MLXLINK -> "mlxlink -c";
            case NETDEV_STATS -> "ip -s link";
            default -> null;
        };
    }

    /**
     * The next steps, with what the host's QoS configuration ({@code mlnx_qos}, {@code dcb}) says about
     * the verdict in place of the advice to go and look at it.
     */
    static List<String> nextSteps(Verdict v, FabricKind fabric, LosslessConfig qos, Map<String, CounterDelta> port) {
        List<String> out = new ArrayList<>();
        List<String> said = qos.onVerdict(v, port);
        switch (v.verdict()) {
            case Verdict.CLEAN -> {
                out.addAll(said);
                out.add("the counters hold nothing against the fabric: look at the application, the host (CPU, NUMA, PCIe) or the test itself");
                out.add("if the bandwidth was low, read the reconciliation (perftest vs counters vs link rate)");
            }
            case Verdict.INCOMPLETE -> {
                if (v.detail().contains(Grading.BYTES)) out.add("give the bytes the test moved (bytesMoved), or capture the port's data counters (PortXmitData, tx_bytes_phy)");
                else if (!said.isEmpty()) {
                    out.addAll(said);
                    out.add("capture any other missing counter: ethtool -S of the RDMA netdev, sysfs hw_counters; or grade with the -full profile, which needs fewer");
                }
                else {
                    Catalogue cat = Catalogue.standard();
                    String where = whereCaptured(v.detail(), cat);
                    out.add("capture the missing counters: " + (!where.isEmpty() ? where : fabric == FabricKind.ROCE
                            ? "ethtool -S of the RDMA netdev, sysfs hw_counters"
                            : "perfquery -x for the port, sysfs counters/ and hw_counters/")
                            + (fabric == FabricKind.ROCE && perPriority(v.detail(), cat)
                                    ? " (per-priority pause counters exist only for PFC-enabled priorities: check mlnx_qos / dcb)" : "")
                            + "; or grade with the -full profile, which needs fewer");
                }
            }
            case Verdict.UNUSABLE -> {
                out.add("re-measure: a reset or pegged counter cannot be read back. Take both snapshots without clearing counters in between "
                        + "(no perfquery -r/-R, no driver reload)");
                out.add("prefer 64-bit copies (perfquery -x, sysfs counters_ext, hw_counters) to the classic 8/16/32-bit fields that peg");
                out.add("a pegged LinkDownedCounter (255) or LinkErrorRecoveryCounter means the link flapped often: check the link's state history and its optics even so");
            }
            default -> {
                switch (v.layer().orElseThrow()) {
                    case PHYSICAL -> {
                        out.add("read the link's BER and module data on both ends: mlxlink -d DEV -p PORT -m -c (effective and raw BER, FEC, temperature, rx power), "
                                + "or ethtool -m NETDEV (the transceiver's rx/tx power and bias per lane against its own thresholds)");
                        out.add("compare the peer port's symbol errors (perfquery on the switch port): one side only points at that side's optic or cable");
                        out.add("clean or reseat the connectors; replace the cable or transceiver if the BER stays above the threshold (the BER check)");
                    }
                    case PAUSE_STORM -> {
                        out.add("find the host whose receive path stalled: it sends the pause (tx pause, storm counters rising on its port)");
                        out.add("check that host for a hung process, PCIe stalls (outbound_pci_stalled_*), receive-buffer exhaustion; the NIC watchdog only stops the pause, not the cause");
                        out.add("check the switches' PFC watchdog logs for the same window");
                    }
                    case LOSSLESS_BROKEN -> {
                        if (said.isEmpty()) out.add("drops on the lossless priority: check that PFC is enabled on that priority on both the NIC (mlnx_qos -i NETDEV on Mellanox, dcb pfc show dev NETDEV on any driver) and the switch port");
                        else out.addAll(said);
                        out.add("check the DSCP/PCP to priority mapping end to end and the switch's headroom (lossless buffer) for the cable length");
                    }
                    case TRANSPORT_RETRY -> {
                        out.add("retries without a physical cause: local_ack_timeout_err points at a peer that does not answer, rnr_nak_retry_err at a receiver not posting buffers, packet_seq_err at drops on the path");
                        out.add("check the peer ports' error counters and the path's switches for discards");
                    }
                    case REMOTE_ACCESS -> out.add("an application problem: memory registration, rkeys or permissions; the fabric delivered the requests");
                    case CONGESTION -> {
                        out.add("the fabric is busy above the bar: check ECN/DCQCN settings and whether the pattern is incast");
                        out.add("tune the bar against history (notebook 05) before calling it a fault");
                    }
                    default -> { }
                }
                if (v.layer().get() != Layer.LOSSLESS_BROKEN) out.addAll(said);
            }
        }
        return out;
    }
}
