package org.fabriclab.capture;

import java.util.ArrayList;
import java.util.List;

/**
 * The inputs of paths to read ({@link Readers#open}), the archives among them (given, or found in a folder) unpacked
 * into temporary folders until {@link #close()}: read the inputs, then close, which deletes those folders (also when
 * reading failed: use try-with-resources).
 *
 * <pre>{@code
 * try (Opened o = Readers.standard().open(Path.of("before.tar.gz"))) {
 *     for (Input in : o.inputs()) caps.add(Readers.standard().read(in));   // before.tar.gz!/before/perfquery.txt
 * }
 * }</pre>
 */
public final class Opened implements AutoCloseable {
    private final List<Input> inputs = new ArrayList<>();
    private final List<Unpacked> unpacked = new ArrayList<>();

    Opened() {}

    /** The inputs, in the order {@link Readers#inputs} gives them. */
    public List<Input> inputs() { return List.copyOf(inputs); }

    /** The archives unpacked for these inputs, outermost first. */
    public List<Unpacked> unpacked() { return List.copyOf(unpacked); }

    /** What the archives' unpacking left out, one line each ({@link Unpacked#notes()}), for warnings. */
    public List<String> notes() {
        List<String> out = new ArrayList<>();
        for (Unpacked u : unpacked) out.addAll(u.notes());
        return out;
    }

    void add(Input in) { inputs.add(in); }

    Unpacked unpack(java.nio.file.Path archive, String name) {
        Unpacked u = Unpacked.of(archive, name);
        unpacked.add(u);
        return u;
    }

    /** Deletes every temporary folder, innermost first. */
    @Override public void close() {
        for (int i = unpacked.size() - 1; i >= 0; i--) unpacked.get(i).close();
        unpacked.clear();
    }
}
