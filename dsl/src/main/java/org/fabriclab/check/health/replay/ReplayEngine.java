package org.fabriclab.check.health.replay;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.fabriclab.check.health.Alert;
import org.fabriclab.check.health.Engine;
import org.fabriclab.check.health.HealthReport;
import org.fabriclab.check.health.Mode;
import org.fabriclab.check.health.pdr.PdrRules;
import org.fabriclab.series.Series;
import org.fabriclab.work.Cancellation;

/** The replay loop of {@link Replay}: one instance per run, mutable, single-threaded. */
final class ReplayEngine {
    private final Replay r;
    private final FabricView view;
    private final Series series;
    private final List<String> notes = new ArrayList<>();
    private final List<Alert> alerts;
    private final List<List<Alert>> alertsOfLink = new ArrayList<>();
    private final int[] hi;
    private final PortState[] state;
    private final long[] isolatedAt, lastAlert;
    private final String[] isolatedPort, notTaken, notTakenDe;
    private final List<List<String>> reasons = new ArrayList<>(), triggers = new ArrayList<>();
    private final List<long[]> isolations = new ArrayList<>(), deisolations = new ArrayList<>();
    private final List<List<long[]>> timeline = new ArrayList<>();
    private final List<ReplayEvent> events = new ArrayList<>();
    private final int fabricPorts;

    ReplayEngine(Replay r) {
        this.r = r;
        this.view = new FabricView(r.topology, r.series);
        this.series = r.series.withLinks(view.peers(), view.kinds());
        if (view.unknownPorts > 0) notes.add(view.unknownPorts + " ports of the series are not in the topology: each is a link of its own, of unknown kind (acted on only when access links are redundant)");
        if (r.ruleSet == RuleSet.IBLR) {
            HealthReport h = r.rules.run(series);
            alerts = h.alerts();
            notes.addAll(h.notes());
        } else {
            alerts = PdrRules.run(series, r.pdr, view.bandwidthByPort(), notes);
        }
        int n = view.links();
        for (int l = 0; l < n; l++) { alertsOfLink.add(new ArrayList<>()); reasons.add(List.of()); triggers.add(List.of()); timeline.add(new ArrayList<>()); }
        for (Alert a : alerts) {
            int l = view.link(a.port());
            if (l >= 0) alertsOfLink.get(l).add(a);
        }
        for (List<Alert> la : alertsOfLink) la.sort(Comparator.comparingLong(Alert::time));
        hi = new int[n];
        state = new PortState[n];
        Arrays.fill(state, PortState.HEALTHY);
        isolatedAt = new long[n];
        lastAlert = new long[n];
        Arrays.fill(lastAlert, Long.MIN_VALUE);
        isolatedPort = new String[n];
        notTaken = new String[n];
        notTakenDe = new String[n];
        int ports = 0;
        for (int l = 0; l < n; l++) ports += view.b.get(l).isEmpty() ? 1 : 2;
        fabricPorts = ports;
    }

    ReplayResult run() {
        long[] times = Arrays.stream(series.timestamps()).distinct().sorted().toArray();
        ReplayConfig c = r.config;
        int maxAlerts = ReplayConfig.resolve(c.maxAlertsPerIteration(), fabricPorts);
        int maxIsolated = ReplayConfig.resolve(c.maxIsolatedAtOnce(), fabricPorts);
        List<Replay.ExternalIsolation> ext = new ArrayList<>(r.external);
        boolean[] extFrom = new boolean[ext.size()], extUntil = new boolean[ext.size()];
        for (int l = 0; l < view.links(); l++) if (times.length > 0) timeline.get(l).add(new long[] {times[0], PortState.HEALTHY.ordinal()});
        Cancellation cancel = Cancellation.ofCurrentThread();
        for (long t : times) {
            cancel.check();
            external(t, ext, extFrom, extUntil);
            List<List<Alert>> active = new ArrayList<>(view.links());
            Set<String> alertingPorts = new HashSet<>();
            for (int l = 0; l < view.links(); l++) {
                List<Alert> la = alertsOfLink.get(l);
                while (hi[l] < la.size() && la.get(hi[l]).time() <= t) hi[l]++;
                List<Alert> now = new ArrayList<>();
                for (int i = 0; i < hi[l]; i++) if (la.get(i).until() >= t) now.add(la.get(i));
                active.add(now);
                for (Alert a : now) alertingPorts.add(a.port());
                if (!now.isEmpty()) lastAlert[l] = t;
                else { notTaken[l] = null; }
            }
            deisolation(t, c);
            isolation(t, c, active, alertingPorts.size(), maxAlerts, maxIsolated);
        }
        return new ReplayResult(r.ruleSet, r.config, series, view, alerts, events, timeline, notes, times);
    }

    private void external(long t, List<Replay.ExternalIsolation> ext, boolean[] from, boolean[] until) {
        for (int i = 0; i < ext.size(); i++) {
            Replay.ExternalIsolation e = ext.get(i);
            int l = view.link(e.port());
            if (l < 0) {
                if (!from[i]) { notes.add("external isolation of " + e.port() + ": port not in the fabric, ignored"); from[i] = until[i] = true; }
                continue;
            }
            if (!from[i] && e.fromMs() >= 0 && e.fromMs() <= t) {
                from[i] = true;
                setState(l, PortState.EXTERNALLY_ISOLATED, t);
                event(t, EventKind.EXTERNAL_ISOLATION, e.port(), l, List.of(), "the plugin leaves this link alone until it is de-isolated outside");
            }
            if (!until[i] && e.untilMs() >= 0 && e.untilMs() <= t && (e.fromMs() < 0 || from[i])) {
                until[i] = true;
                if (state[l] == PortState.EXTERNALLY_ISOLATED || state[l] == PortState.UNRECOVERABLE) {
                    setState(l, PortState.HEALTHY, t);
                    event(t, EventKind.EXTERNAL_DE_ISOLATION, e.port(), l, List.of(), "");
                }
            }
        }
    }

    private void deisolation(long t, ReplayConfig c) {
        for (int l = 0; l < view.links(); l++) {
            PortState s = state[l];
            if (s != PortState.ISOLATED && s != PortState.RECOVERED) continue;
            boolean clean = lastAlert[l] == Long.MIN_VALUE || t - lastAlert[l] >= c.minCleanMs();
            boolean considered = t - isolatedAt[l] >= c.deisolateConsiderMs();
            if (clean && considered && c.doDeisolation()) {
                if (s == PortState.ISOLATED) setState(l, PortState.RECOVERED, t);
                String port = isolatedPort[l];
                boolean anyActive = false;
                for (String eng : triggers.get(l)) if (mode(Engine.valueOf(eng), port, t) == Mode.ACTIVE) anyActive = true;
                if (!anyActive) {
                    notTakenDe(t, l, EventKind.SHADOW_PREVENTED_DEISOLATION, "the engines that isolated it (" + labels(triggers.get(l)) + ") now run in shadow mode");
                } else if (count(deisolations, t, ReplayConfig.HOUR_MS) >= c.maxDeisolationsPerHour()) {
                    notTakenDe(t, l, EventKind.DEISOLATION_RATE_EXCEEDED, "hour: " + count(deisolations, t, ReplayConfig.HOUR_MS)
                            + " links de-isolated in the last hour, limit " + c.maxDeisolationsPerHour());
                } else {
                    deisolations.add(new long[] {t, l});
                    String clean2 = lastAlert[l] == Long.MIN_VALUE ? "no alert since isolation"
                            : String.format(Locale.ROOT, "clean for %.0f min", (t - lastAlert[l]) / 60_000.0);
                    event(t, EventKind.DE_ISOLATION, port, l, reasons.get(l), clean2 + ", isolated " + hours(t - isolatedAt[l]));
                    setState(l, PortState.HEALTHY, t);
                    continue;
                }
            } else if (!clean && s == PortState.RECOVERED) {
                setState(l, PortState.ISOLATED, t);
            }
            if (c.maxRecoveryMs() != Long.MAX_VALUE && t - isolatedAt[l] >= c.maxRecoveryMs()) {
                event(t, EventKind.DECLARED_UNRECOVERABLE, isolatedPort[l], l, reasons.get(l), "not recovered within " + hours(c.maxRecoveryMs())
                        + "; the plugin will not de-isolate it");
                setState(l, PortState.UNRECOVERABLE, t);
            }
        }
    }

    private void isolation(long t, ReplayConfig c, List<List<Alert>> active, int totalAlerts, int maxAlerts, int maxIsolated) {
        List<Integer> cand = new ArrayList<>();
        for (int l = 0; l < view.links(); l++) if (state[l] == PortState.HEALTHY && !active.get(l).isEmpty()) cand.add(l);
        cand.sort(Comparator.<Integer>comparingLong(l -> active.get(l).get(0).time()).thenComparing(l -> active.get(l).get(0).port()));
        for (int l : cand) {
            List<Alert> now = active.get(l);
            Alert first = now.get(0);
            String port = first.port();
            List<String> why = new ArrayList<>(new LinkedHashSet<>(now.stream().map(a -> a.engine().label() + "/" + a.rule()).toList()));
            if (totalAlerts > maxAlerts) {
                notTaken(t, l, port, EventKind.TOTAL_ALERTS_EXCEEDED, why, totalAlerts + " ports alerting in this iteration, threshold " + maxAlerts);
                continue;
            }
            if (!view.trunk.get(l) && !c.accessLinksRedundant()) {
                notTaken(t, l, port, EventKind.ACCESS_LINK_ALERT, why, "no redundancy at the access level: only trunk links are acted on");
                continue;
            }
            List<String> trig = new ArrayList<>();
            for (Alert a : now) if (mode(a.engine(), a.port(), t) == Mode.ACTIVE && !trig.contains(a.engine().name())) trig.add(a.engine().name());
            if (trig.isEmpty()) {
                notTaken(t, l, port, EventKind.SHADOW_PREVENTED_ISOLATION, why, "every alerting engine runs in shadow mode for this port");
                continue;
            }
            int isolatedNow = 0;
            for (PortState s : state) if (s.byPlugin()) isolatedNow++;
            if (isolatedNow >= maxIsolated) {
                notTaken(t, l, port, EventKind.MAX_ISOLATED_EXCEEDED, why, isolatedNow + " ports isolated, maximum " + maxIsolated);
                continue;
            }
            String rate = rateExceeded(t, c);
            if (rate != null) {
                notTaken(t, l, port, EventKind.ISOLATION_RATE_EXCEEDED, why, rate);
                continue;
            }
            if (view.trunk.get(l)) {
                int healthy = 0;
                for (int k : view.linksOfPair.get(view.pair.get(l))) if (state[k] == PortState.HEALTHY) healthy++;
                if (healthy <= c.minHealthyLinksBetweenSwitches()) {
                    notTaken(t, l, port, EventKind.INSUFFICIENT_REDUNDANCY, why, healthy + " healthy links between " + view.pairName(l)
                            + ", minimum " + c.minHealthyLinksBetweenSwitches());
                    continue;
                }
            }
            String ports = activePortsShort(l, c);
            if (ports != null) {
                notTaken(t, l, port, EventKind.INSUFFICIENT_ACTIVE_PORTS, why, ports);
                continue;
            }
            isolations.add(new long[] {t, l});
            isolatedAt[l] = t;
            isolatedPort[l] = port;
            reasons.set(l, why);
            triggers.set(l, trig);
            event(t, EventKind.ISOLATION, port, l, why, first.detail() == null ? "" : first.detail());
            setState(l, PortState.ISOLATED, t);
        }
    }

    private String rateExceeded(long t, ReplayConfig c) {
        long[] windows = {ReplayConfig.HOUR_MS, ReplayConfig.DAY_MS, ReplayConfig.WEEK_MS, ReplayConfig.MONTH_MS};
        int[] limits = {c.maxIsolationsPerHour(), c.maxIsolationsPerDay(), c.maxIsolationsPerWeek(), c.maxIsolationsPerMonth()};
        String[] names = {"hour", "day", "week", "month"};
        for (int i = 0; i < windows.length; i++) {
            int n = count(isolations, t, windows[i]);
            if (n >= limits[i]) return names[i] + ": " + n + " distinct links isolated in the last " + names[i] + ", limit " + limits[i];
        }
        return null;
    }

    private String activePortsShort(int l, ReplayConfig c) {
        for (String sw : new String[] {view.switchA.get(l), view.switchB.get(l)}) {
            if (sw == null) continue;
            int activePorts = 0;
            for (int k : view.linksOfSwitch.get(sw)) if (state[k] == PortState.HEALTHY) activePorts++;
            if (activePorts <= c.minActivePortsPerSwitch()) {
                return activePorts + " active ports on " + view.switchName.get(sw) + ", minimum " + c.minActivePortsPerSwitch();
            }
        }
        return null;
    }

    /** Distinct links in {@code log} at times in (t - window, t]. */
    private static int count(List<long[]> log, long t, long window) {
        Set<Long> links = new HashSet<>();
        for (long[] e : log) if (e[0] > t - window && e[0] <= t) links.add(e[1]);
        return links.size();
    }

    private Mode mode(Engine e, String port, long t) {
        Replay.ModeChange latest = null;
        for (Replay.ModeChange m : r.modeChanges) if (m.engine() == e && m.atMs() <= t && (latest == null || m.atMs() >= latest.atMs())) latest = m;
        if (latest != null) return latest.mode().of(port);
        if (e == Engine.PDR) return r.pdr.dryRun() ? Mode.SHADOW : Mode.ACTIVE;
        return r.rules.config().modeOf(e, port);
    }

    private void notTaken(long t, int l, String port, EventKind k, List<String> why, String detail) {
        String key = k.name() + (k == EventKind.ISOLATION_RATE_EXCEEDED ? detail.substring(0, detail.indexOf(':')) : "");
        if (key.equals(notTaken[l])) return;
        notTaken[l] = key;
        event(t, k, port, l, why, detail);
    }

    private void notTakenDe(long t, int l, EventKind k, String detail) {
        if (k.name().equals(notTakenDe[l])) return;
        notTakenDe[l] = k.name();
        event(t, k, isolatedPort[l], l, reasons.get(l), detail);
    }

    private void event(long t, EventKind k, String port, int l, List<String> why, String detail) {
        events.add(new ReplayEvent(t, k, port, view.peer(port), view.pairName(l), why, detail));
    }

    private void setState(int l, PortState s, long t) {
        if (state[l] == s) return;
        state[l] = s;
        notTaken[l] = null;
        notTakenDe[l] = null;
        timeline.get(l).add(new long[] {t, s.ordinal()});
    }

    private static String labels(List<String> engines) {
        List<String> out = new ArrayList<>();
        for (String e : engines) out.add(Engine.valueOf(e).label());
        return String.join(", ", out);
    }

    static String hours(long ms) { return String.format(Locale.ROOT, "%.1f h", ms / 3_600_000.0); }
}
