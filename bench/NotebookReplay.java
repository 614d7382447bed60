import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.fabriclab.kernel.display.Display;
import org.fabriclab.kernel.display.Mime;
import org.fabriclab.kernel.display.Renderers;
import org.fabriclab.kernel.eval.CellResult;
import org.fabriclab.kernel.eval.Session;

/**
 * The notebook replay without the wire: every code cell of the given notebooks run through the
 * kernel's own Session in this JVM, PASSES times over, each result (and each display() call)
 * rendered as the kernel renders it. Prints "@@replay PASS NOTEBOOK INDEX MILLIS STATUS" per cell on stderr, which
 * bench/kernel_bench.py --replay sets against the same cells sent to the kernel over ZMQ.
 * Usage (from the notebooks folder, kernel class path): java ... NotebookReplay.java PASSES NB...
 */
public class NotebookReplay {
    public static void main(String[] a) throws Exception {
        int passes = Integer.parseInt(a[0]);
        List<String> notebooks = List.of(a).subList(1, a.length);
        ObjectMapper json = new ObjectMapper();
        Display.install(new Display.Sink() {
            @Override public void show(Object value, String id, boolean update, Set<String> extra) {
                Renderers.standard().bundle(value, Mime.DEFAULT);
            }
        });
        try (Session s = Session.open()) {
            s.warm(200, 40); // as the kernel does before its first cell
            int count = 0;
            for (int pass = 1; pass <= passes; pass++) {
                for (String nb : notebooks) {
                    int idx = 0;
                    for (JsonNode c : json.readTree(Files.readString(Path.of(nb))).path("cells")) {
                        if (!c.path("cell_type").asText().equals("code")) continue;
                        StringBuilder src = new StringBuilder();
                        if (c.path("source").isArray()) c.path("source").forEach(l -> src.append(l.asText()));
                        else src.append(c.path("source").asText());
                        long t0 = System.nanoTime();
                        CellResult r = s.eval(src.toString(), ++count);
                        if (r.ok() && r.hasValue()) Renderers.standard().bundle(r.value(), Mime.DEFAULT);
                        double ms = (System.nanoTime() - t0) / 1e6;
                        System.out.flush();
                        System.err.printf("@@replay %d %s %d %.3f %s%n", pass, Path.of(nb).getFileName(), idx++, ms, r.ok() ? "ok" : "error");
                    }
                }
            }
        }
        System.exit(0);
    }
}
