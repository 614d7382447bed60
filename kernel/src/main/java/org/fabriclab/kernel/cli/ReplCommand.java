package org.fabriclab.kernel.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.fabriclab.kernel.wire.Logs;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code fabriclab repl [--charts DIR]}: the terminal REPL ({@link Repl}). */
@Command(name = "repl", description = ReplCommand.SUMMARY)
final class ReplCommand implements Callable<Integer> {
    /** The first line of the description, which the usage's list of commands shows ({@link Commands}). */
    static final String SUMMARY = "Interactive Java REPL with the fabriclab DSL imported (Tab completes, Ctrl-C stops a cell).";
    @Option(names = "--charts", paramLabel = "DIR", description = "where charts are saved as PNG (default ${DEFAULT-VALUE})",
            defaultValue = ".fabriclab/charts") Path charts;

    @Override public Integer call() throws Exception {
        Quiet.initLibraries();
        Logs.offTheTerminal();
        boolean tty = System.console() != null;
        int failures = new Repl(System.in, System.out, charts).run(tty);
        return failures == 0 ? Main.OK : 1;
    }
}
