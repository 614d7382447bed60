package org.fabriclab.generate;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The {@code scenario.json} of one scenario folder: what was simulated, which files hold it, the
 * bytes moved, and the known right answer (verdict and detail per profile and port, reconciliation
 * case, alerts) that tests and notebooks assert against.
 */
final class Manifest {
    final ObjectNode root = Out.object();

    Manifest(String scenario, String kind, String title, String question) {
        root.put("scenario", scenario);
        root.put("kind", kind);
        root.put("title", title);
        root.put("question", question);
    }

    Manifest put(String key, String value) { root.put(key, value); return this; }
    Manifest put(String key, double value) { root.put(key, value); return this; }
    Manifest put(String key, long value) { root.put(key, value); return this; }

    Manifest files(String key, List<String> files) {
        ObjectNode f = root.has("files") ? (ObjectNode) root.get("files") : root.putObject("files");
        ArrayNode a = f.putArray(key);
        files.forEach(a::add);
        return this;
    }

    /** The expected verdict of {@code port} under {@code profile}. */
    Manifest verdict(String profile, String port, String verdict, List<String> detail, String why) {
        ObjectNode exp = root.has("expected") ? (ObjectNode) root.get("expected") : root.putObject("expected");
        ObjectNode byProfile = exp.has(profile) ? (ObjectNode) exp.get(profile) : exp.putObject(profile);
        ObjectNode p = byProfile.putObject(port);
        p.put("verdict", verdict);
        ArrayNode d = p.putArray("detail");
        detail.forEach(d::add);
        if (why != null) p.put("why", why);
        return this;
    }

    /** The designed counter deltas as the snapshot sees them (informative). */
    Manifest deltas(Map<String, Long> before, Map<String, Long> after) {
        ObjectNode d = root.putObject("deltas");
        for (String k : new java.util.TreeSet<>(after.keySet())) {
            Long b = before.get(k), a = after.get(k);
            if (b == null || a == null) continue;
            if (!a.equals(b)) d.put(k, a - b);
        }
        return this;
    }

    ObjectNode node(String key) { return root.putObject(key); }

    void write(java.nio.file.Path dir) { Out.json(dir.resolve("scenario.json"), root); }
}
