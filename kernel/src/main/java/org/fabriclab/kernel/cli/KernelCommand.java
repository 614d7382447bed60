package org.fabriclab.kernel.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.fabriclab.kernel.wire.ConnectionInfo;
import org.fabriclab.kernel.wire.KernelServer;
import org.fabriclab.kernel.wire.Logs;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code fabriclab kernel CONNECTION_FILE}: what the installed kernelspec runs. Serves until a
 * shutdown request, or until the process that started it (JPY_PARENT_PID, else the OS parent) dies.
 */
@Command(name = "kernel", description = "Run the Jupyter kernel on a connection file (the kernelspec runs this).")
final class KernelCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "CONNECTION_FILE", description = "Jupyter connection file") Path connectionFile;

    @Override public Integer call() throws Exception {
        ConnectionInfo info = ConnectionInfo.read(connectionFile);
        Logs.toOriginalStderr(System.err);
        Quiet.initLibraries();
        KernelServer k = KernelServer.start(info);
        k.watchParent(parent());
        k.awaitShutdown();
        k.close();
        return Main.OK;
    }

    private static ProcessHandle parent() {
        String env = System.getenv("JPY_PARENT_PID");
        if (env != null) {
            try {
                var p = ProcessHandle.of(Long.parseLong(env.trim()));
                if (p.isPresent()) return p.get();
            } catch (NumberFormatException ignored) {
                // fall back to the OS parent
            }
        }
        return ProcessHandle.current().parent().orElse(ProcessHandle.current());
    }
}
