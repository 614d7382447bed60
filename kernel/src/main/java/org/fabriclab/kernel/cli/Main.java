package org.fabriclab.kernel.cli;

import java.io.PrintWriter;

import org.fabriclab.capture.CaptureException;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code fabriclab COMMAND ...}. Bad input (a {@link CaptureException}, a bad argument) exits 2 with
 * a one-line message naming the file, line and expectation; no stack trace unless
 * {@code FABRICLAB_DEBUG=1}.
 */
@Command(name = "fabriclab", mixinStandardHelpOptions = true, version = "fabriclab 0.1.0",
        description = "Fabric forensics: InfiniBand and RoCE counter captures into one defensible verdict per port.",
        subcommands = {CollectCommand.class, ShowCommand.class, ClassifyCommand.class, CheckCommand.class, ReconcileCommand.class, PlotCommand.class,
                KernelCommand.class, InstallCommand.class, ReplCommand.class, RunCommand.class, WarmupCommand.class,
                DatasetsCommand.class, DemoCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    public static final int OK = 0, BAD_INPUT = 2, LAYER_VERDICT = 3, NO_VERDICT = 4;

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        // Jupyter starts a kernel per notebook: skip building the whole command model (~0.2 s)
        if (kernelFastPath(args)) System.exit(KernelCommand.launch(java.nio.file.Path.of(args[1])));
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** {@code kernel CONNECTION_FILE} (not {@code kernel --help}): served without building the command model. */
    static boolean kernelFastPath(String[] args) {
        return args.length == 2 && args[0].equals("kernel") && !args[1].startsWith("-");
    }

    /** Runs a command line, for tests: returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = commandLine();
        cl.setOut(out);
        cl.setErr(err);
        return cl.execute(args);
    }

    /** {@code -h/--help} and {@code -V/--version} on every command and subcommand (exit 0), declared or not. */
    private static void withHelp(CommandLine cl) {
        var spec = cl.getCommandSpec();
        if (!spec.optionsMap().containsKey("--help")) spec.mixinStandardHelpOptions(true);
        for (CommandLine sub : cl.getSubcommands().values()) withHelp(sub);
    }

    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        withHelp(cl);
        // collect --out DIR ib_write_bw -D 10 ...: the test command's own options are not collect's
        cl.getSubcommands().get("collect").setStopAtPositional(true);
        cl.setExecutionExceptionHandler((ex, line, parsed) -> {
            PrintWriter err = line.getErr();
            if (ex instanceof CaptureException || ex instanceof IllegalArgumentException || ex instanceof IllegalStateException
                    || ex instanceof java.io.UncheckedIOException) {
                err.println("fabriclab: " + ex.getMessage());
            } else {
                err.println("fabriclab: " + ex);
            }
            if (System.getenv("FABRICLAB_DEBUG") != null) ex.printStackTrace(err);
            err.flush();
            return BAD_INPUT;
        });
        cl.setParameterExceptionHandler((ex, args) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("fabriclab: " + ex.getMessage());
            ex.getCommandLine().usage(err);
            return BAD_INPUT;
        });
        return cl;
    }
}
