package org.fabriclab.kernel.eval;

import java.util.Map;
import java.util.function.Consumer;

import jdk.jshell.spi.ExecutionControl;
import jdk.jshell.spi.ExecutionControlProvider;
import jdk.jshell.spi.ExecutionEnv;

/** Hands JShell a {@link CellExecutionControl} and tells the session which one it got. */
final class CellExecutionProvider implements ExecutionControlProvider {
    private final ClassLoader kernelLoader;
    private final Consumer<CellExecutionControl> created;

    CellExecutionProvider(ClassLoader kernelLoader, Consumer<CellExecutionControl> created) {
        this.kernelLoader = kernelLoader;
        this.created = created;
    }

    @Override public String name() { return "fabriclab"; }

    @Override public ExecutionControl generate(ExecutionEnv env, Map<String, String> parameters) {
        CellExecutionControl c = new CellExecutionControl(new CellLoader(kernelLoader));
        created.accept(c);
        return c;
    }
}
