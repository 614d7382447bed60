package org.fabriclab.kernel.notebook;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.fabriclab.kernel.cli.AtomicWrite;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * An nbformat 4 notebook as a Jackson tree: read with checks that name the file and what was
 * expected, written atomically with Jupyter's one-space indentation. Unknown fields are kept.
 *
 * <pre>{@code
 * Notebook nb = Notebook.read(Path.of("triage.ipynb"));
 * for (ObjectNode cell : nb.cells()) Notebook.source(cell);
 * nb.write(Path.of("triage.out.ipynb"));
 * }</pre>
 */
public final class Notebook {
    static final ObjectMapper JSON = new ObjectMapper();

    private final ObjectNode root;

    public Notebook(ObjectNode root) { this.root = root; }

    public ObjectNode root() { return root; }

    public static Notebook read(Path file) throws IOException {
        JsonNode n;
        try {
            n = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + ":" + e.getLocation().getLineNr() + ": expected a JSON notebook: " + e.getOriginalMessage());
        }
        if (n == null || !n.isObject()) throw new IllegalArgumentException(file + ":1: expected a JSON object (an nbformat 4 notebook)");
        if (n.path("nbformat").asInt(-1) != 4) {
            throw new IllegalArgumentException(file + ": nbformat: expected 4, found " + n.get("nbformat"));
        }
        if (!n.path("cells").isArray()) throw new IllegalArgumentException(file + ": cells: expected an array");
        int i = 0;
        for (JsonNode c : n.get("cells")) {
            i++;
            if (!c.isObject() || !c.path("cell_type").isTextual()) {
                throw new IllegalArgumentException(file + ": cell " + i + ": expected an object with a cell_type");
            }
        }
        return new Notebook((ObjectNode) n);
    }

    /** Cells in order (live nodes: changing them changes the notebook). */
    public List<ObjectNode> cells() {
        List<ObjectNode> l = new ArrayList<>();
        for (JsonNode c : root.withArray("cells")) l.add((ObjectNode) c);
        return l;
    }

    public ArrayNode cellArray() { return root.withArray("cells"); }

    /** A cell's source as one string (nbformat allows a string or a list of lines). */
    public static String source(JsonNode cell) {
        JsonNode s = cell.path("source");
        if (s.isTextual()) return s.asText();
        StringBuilder sb = new StringBuilder();
        for (JsonNode l : s) sb.append(l.asText());
        return sb.toString();
    }

    /** True when the cell's metadata.tags holds {@code tag}. */
    public static boolean tagged(JsonNode cell, String tag) {
        for (JsonNode t : cell.path("metadata").path("tags")) if (t.asText().equals(tag)) return true;
        return false;
    }

    /** A new code cell (nbformat 4.5 wants an id). */
    public static ObjectNode codeCell(String source, String... tags) {
        ObjectNode c = JSON.createObjectNode();
        c.put("cell_type", "code");
        c.put("execution_count", (Integer) null);
        c.put("id", java.util.UUID.randomUUID().toString().substring(0, 8));
        ObjectNode md = c.putObject("metadata");
        if (tags.length > 0) {
            ArrayNode t = md.putArray("tags");
            for (String s : tags) t.add(s);
        }
        c.putArray("outputs");
        c.put("source", source);
        return c;
    }

    public String toJson() {
        DefaultPrettyPrinter pp = new DefaultPrettyPrinter()
                .withObjectIndenter(new DefaultIndenter(" ", "\n"))
                .withArrayIndenter(new DefaultIndenter(" ", "\n"));
        try {
            return JSON.writer(pp).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes atomically (temporary file, then move). */
    public void write(Path file) throws IOException {
        AtomicWrite.write(file, toJson().getBytes(StandardCharsets.UTF_8));
    }
}
