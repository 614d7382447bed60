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
@Command(name = "kernel", description = KernelCommand.SUMMARY)
final class KernelCommand implements Callable<Integer> {
    /** The first line of the description, which the usage's list of commands shows ({@link Commands}). */
    static final String SUMMARY = "Run the Jupyter kernel on a connection file (the kernelspec runs this).";
    @Parameters(index = "0", paramLabel = "CONNECTION_FILE", description = "Jupyter connection file") Path connectionFile;

    @Override public Integer call() throws Exception {
        return serve(connectionFile);
    }

    /**
     * The kernel without picocli: {@link Main#main} comes here directly for {@code kernel FILE},
     * because Jupyter starts a kernel per notebook and building the whole command model costs about
     * 0.2 s of the start-to-first-result budget. Bad input exits 2 with a one-line message.
     */
    static int launch(Path connectionFile) {
        try {
            return serve(connectionFile);
        } catch (Exception e) {
            System.err.println("fabriclab: " + e.getMessage());
            return Main.BAD_INPUT;
        }
    }

    private static int serve(Path connectionFile) throws Exception {
        // JShell first: it is the long pole of the start, everything else happens meanwhile
        var session = KernelServer.openSessionInBackground();
        // beside it, on the other core: the DSL's catalogue, readers and their first runs (DslPreparation says what)
        org.fabriclab.kernel.eval.DslPreparation.startInBackground();
        ConnectionInfo info = ConnectionInfo.read(connectionFile);
        Logs.toOriginalStderr(System.err);
        java.util.logging.Logger.getLogger("fabriclab.kernel").info("kernel command running "
                + java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime() + " ms after JVM start");
        Quiet.initLibraries();
        KernelServer k = KernelServer.start(info, session);
        k.watchParent(parent());
        k.awaitShutdown();
        // closing the ZMQ context waits for sockets other threads may still block on; the process is
        // ending anyway (System.exit follows), so give the orderly close two seconds, not forever
        Thread closer = new Thread(k::close, "fabriclab-close");
        closer.setDaemon(true);
        closer.start();
        closer.join(2000);
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
