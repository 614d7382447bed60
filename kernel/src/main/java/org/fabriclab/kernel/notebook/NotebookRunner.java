package org.fabriclab.kernel.notebook;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fabriclab.kernel.display.Display;
import org.fabriclab.kernel.display.Mime;
import org.fabriclab.kernel.display.Renderers;
import org.fabriclab.kernel.eval.CellError;
import org.fabriclab.kernel.eval.CellOwner;
import org.fabriclab.kernel.eval.CellResult;
import org.fabriclab.kernel.eval.OutputRouter;
import org.fabriclab.kernel.eval.Session;
import org.fabriclab.kernel.wire.KernelServer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Executes a notebook in this JVM, without Python or a Jupyter server: injects the parameters cell
 * after the cell tagged {@code parameters} (papermill's rule; at the top when there is none), runs
 * code cells in order in one JShell session, and stores outputs as Jupyter does (stream,
 * execute_result with execution_count, display_data, error; consecutive stream text merged;
 * update_display_data applied to the output it names). Stops at the first failing cell.
 *
 * <pre>{@code
 * NotebookRunner.Outcome o = new NotebookRunner().run(nb, Map.of("fabric", "roce"));
 * o.failed();        // the failing cell's index (1-based) and error, if any
 * }</pre>
 */
public final class NotebookRunner {
    public static final String INJECTED_TAG = "injected-parameters";

    /** Where the run stopped: {@code failedCell} 1-based (0 when every cell ran). */
    public record Outcome(int failedCell, CellError error, int cellsRun) {
        public boolean failed() { return failedCell > 0; }
    }

    private ArrayNode currentOutputs;
    private final Map<String, List<ObjectNode>> displays = new LinkedHashMap<>();

    /**
     * A cell's handle as its {@link org.fabriclab.kernel.eval.CellOwner}: the threads the cell starts
     * carry it, so what they print or display after the cell ended still lands in that cell's outputs.
     * Identity equality (the router keys its buffers by owner; an ArrayNode compares by content).
     */
    private static final class Owner {
        final ArrayNode outputs;

        Owner(ArrayNode outputs) { this.outputs = outputs; }
    }

    /** The outputs of the cell {@code owner} names, else of the cell running now (threads of no known cell). */
    private ArrayNode outputsOf(Object owner) {
        return owner instanceof Owner o ? o.outputs : currentOutputs;
    }

    /** Runs {@code nb} in place (its cells get outputs and execution counts). */
    public Outcome run(Notebook nb, Map<String, String> parameters) {
        inject(nb, parameters);
        setKernelMetadata(nb, parameters);
        OutputRouter router = OutputRouter.install((owner, name, text) -> stream(outputsOf(owner), name, text));
        Display.install(new Display.Sink() {
            @Override public void show(Object value, String id, boolean update, Set<String> extra) { display(router, value, id, update, extra); }

            @Override public void clear(boolean wait) {
                router.flush();
                ArrayNode outs = outputsOf(CellOwner.current());
                if (outs != null) synchronized (outs) { outs.removeAll(); }
            }
        });
        try (Session session = Session.open()) {
            int count = 0;
            int index = 0;
            for (ObjectNode cell : nb.cells()) {
                index++;
                if (!cell.path("cell_type").asText().equals("code")) continue;
                cell.put("execution_count", (Integer) null);
                ArrayNode outputs = cell.putArray("outputs");
                String code = Notebook.source(cell);
                if (code.isBlank()) continue;
                count++;
                currentOutputs = outputs;
                CellResult r = session.eval(code, count, new Owner(outputs));
                router.flush();
                cell.put("execution_count", count);
                if (!r.ok()) {
                    outputs.add(errorOutput(r.error()));
                    clearLater(nb, index);
                    return new Outcome(index, r.error(), count);
                }
                if (r.hasValue()) {
                    ObjectNode o = outputs.addObject();
                    o.put("output_type", "execute_result");
                    o.put("execution_count", count);
                    o.set("data", Notebook.JSON.valueToTree(Renderers.standard().bundle(r.value(), Mime.DEFAULT)));
                    o.putObject("metadata");
                }
            }
            return new Outcome(0, null, count);
        } finally {
            router.uninstall();
            Display.install(null);
            currentOutputs = null;
        }
    }

    /** Cells after a failure keep no stale outputs (as papermill leaves them unexecuted). */
    private static void clearLater(Notebook nb, int failedIndex) {
        List<ObjectNode> cells = nb.cells();
        for (int i = failedIndex; i < cells.size(); i++) {
            ObjectNode c = cells.get(i);
            if (c.path("cell_type").asText().equals("code")) {
                c.put("execution_count", (Integer) null);
                c.putArray("outputs");
            }
        }
    }

    static void inject(Notebook nb, Map<String, String> parameters) {
        ArrayNode cells = nb.cellArray();
        // a notebook that was run before: replace its injected cell
        for (int i = cells.size() - 1; i >= 0; i--) if (Notebook.tagged(cells.get(i), INJECTED_TAG)) cells.remove(i);
        if (parameters.isEmpty()) return;
        int at = 0;
        String declared = "";
        for (int i = 0; i < cells.size(); i++) {
            if (Notebook.tagged(cells.get(i), "parameters")) {
                at = i + 1;
                declared = Notebook.source(cells.get(i));
                break;
            }
        }
        cells.insert(at, Notebook.codeCell(Parameters.cell(parameters, declared), INJECTED_TAG));
    }

    private static void setKernelMetadata(Notebook nb, Map<String, String> parameters) {
        ObjectNode md = nb.root().with("metadata");
        ObjectNode ks = md.putObject("kernelspec");
        ks.put("display_name", "Java (fabriclab)");
        ks.put("language", "java");
        ks.put("name", "fabriclab");
        ObjectNode li = md.putObject("language_info");
        li.put("name", "java");
        li.put("version", Runtime.version().toString());
        li.put("mimetype", "text/x-java");
        li.put("file_extension", ".jshell");
        li.put("codemirror_mode", "text/x-java");
        li.put("pygments_lexer", "java");
        ObjectNode run = md.putObject("fabriclab");
        run.put("version", KernelServer.IMPLEMENTATION_VERSION);
        run.set("parameters", Notebook.JSON.valueToTree(parameters));
        int minor = nb.root().path("nbformat_minor").asInt(0);
        if (minor < 4) nb.root().put("nbformat_minor", 4);
    }

    private void stream(ArrayNode outs, String name, String text) {
        if (outs == null) return; // output of no known cell after the run (a leftover background thread)
        synchronized (outs) {
            if (outs.size() > 0) {
                JsonNode last = outs.get(outs.size() - 1);
                if (last.path("output_type").asText().equals("stream") && last.path("name").asText().equals(name)) {
                    ((ObjectNode) last).put("text", last.path("text").asText() + text);
                    return;
                }
            }
            ObjectNode o = outs.addObject();
            o.put("output_type", "stream");
            o.put("name", name);
            o.put("text", text);
        }
    }

    private void display(OutputRouter router, Object value, String id, boolean update, Set<String> extra) {
        router.flush();
        List<String> mimes = new ArrayList<>(Mime.DEFAULT);
        mimes.addAll(extra);
        JsonNode data = Notebook.JSON.valueToTree(Renderers.standard().bundle(value, mimes));
        if (update) {
            for (ObjectNode o : displays.getOrDefault(id, List.of())) o.set("data", data.deepCopy());
            return;
        }
        ArrayNode outs = outputsOf(CellOwner.current());
        if (outs == null) return;
        synchronized (outs) {
            ObjectNode o = outs.addObject();
            o.put("output_type", "display_data");
            o.set("data", data);
            o.putObject("metadata");
            displays.computeIfAbsent(id, k -> new ArrayList<>()).add(o);
        }
    }

    private static ObjectNode errorOutput(CellError e) {
        ObjectNode o = Notebook.JSON.createObjectNode();
        o.put("output_type", "error");
        o.put("ename", e.ename());
        o.put("evalue", e.evalue());
        ArrayNode tb = o.putArray("traceback");
        e.traceback().forEach(tb::add);
        return o;
    }
}
