package org.fabriclab.kernel.wire;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;

/**
 * The kernel's input history for {@code history_request}: {@code tail}, {@code range} and
 * {@code search} (glob pattern, {@code unique}, {@code n}), each entry {@code [session, line, input]}
 * or {@code [session, line, [input, output]]}. One session (1) per kernel process, kept in memory.
 *
 * <pre>{@code
 * history.add(1, "6*7", "42");
 * history.reply(request.content());   // [[1, 1, "6*7"]] for {"hist_access_type": "tail", "n": 1}
 * }</pre>
 */
public final class History {
    public static final int SESSION = 1;

    private record Entry(int line, String input, String output) {}

    private final List<Entry> entries = new ArrayList<>();

    public synchronized void add(int line, String input, String output) {
        entries.add(new Entry(line, input, output == null ? "" : output));
    }

    /** The {@code history} array for a request's content. */
    public synchronized ArrayNode reply(JsonNode req) {
        boolean output = req.path("output").asBoolean(false);
        String type = req.path("hist_access_type").asText("tail");
        List<Entry> pick = new ArrayList<>();
        switch (type) {
            case "range" -> {
                int session = req.path("session").asInt(SESSION);
                int start = req.path("start").asInt(1);
                int stop = req.path("stop").asInt(Integer.MAX_VALUE);
                if (session == SESSION || session == 0) {
                    for (Entry e : entries) if (e.line >= start && e.line < stop) pick.add(e);
                }
            }
            case "search" -> {
                Pattern p = glob(req.path("pattern").asText("*"));
                boolean unique = req.path("unique").asBoolean(false);
                Set<String> seen = new LinkedHashSet<>();
                List<Entry> hits = new ArrayList<>();
                for (int i = entries.size() - 1; i >= 0; i--) {
                    Entry e = entries.get(i);
                    if (!p.matcher(e.input).matches()) continue;
                    if (unique && !seen.add(e.input)) continue;
                    hits.add(0, e);
                }
                pick = tail(hits, req.path("n").asInt(0));
            }
            default -> pick = tail(entries, req.path("n").asInt(10));
        }
        ArrayNode out = Codec.JSON.createArrayNode();
        for (Entry e : pick) {
            ArrayNode row = out.addArray();
            row.add(SESSION).add(e.line);
            if (output) row.addArray().add(e.input).add(e.output);
            else row.add(e.input);
        }
        return out;
    }

    private static List<Entry> tail(List<Entry> l, int n) {
        if (n <= 0 || n >= l.size()) return new ArrayList<>(l);
        return new ArrayList<>(l.subList(l.size() - n, l.size()));
    }

    /** A shell glob (as IPython's history search uses): {@code *} any run, {@code ?} one character. */
    static Pattern glob(String g) {
        StringBuilder sb = new StringBuilder();
        for (char c : g.toCharArray()) {
            switch (c) {
                case '*' -> sb.append(".*");
                case '?' -> sb.append('.');
                default -> sb.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(sb.toString(), Pattern.DOTALL);
    }
}
