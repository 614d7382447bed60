package org.fabriclab.kernel.cli;

import java.io.PrintWriter;

import org.fabriclab.capture.CaptureException;

import picocli.CommandLine;

/**
 * {@code fabriclab COMMAND ...}. Bad input (a {@link CaptureException}, a bad argument) exits 2 with
 * a one-line message naming the file, line and expectation; no stack trace unless
 * {@code FABRICLAB_DEBUG=1}. The commands and how their picocli models are built: {@link Commands}.
 */
public final class Main implements Runnable {
    public static final int OK = 0, BAD_INPUT = 2, LAYER_VERDICT = 3, NO_VERDICT = 4;
    /** stdout's reader went away ({@code | head}): 128 + SIGPIPE, as the shell reports for {@code cat} there; nothing printed ({@link Stdout}). */
    public static final int CLOSED_PIPE = 141;

    /** Commands that start JShell, which reads {@code java.class.path}: Tablesaw is initialised before, not beside them. */
    static final java.util.Set<String> JSHELL_COMMANDS = java.util.Set.of("kernel", "repl", "run", "demo", "warmup");


    /** This command's model ({@link Commands#main}). */
    CommandLine.Model.CommandSpec spec;

    @Override public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /**
     * The process's stdout as bytes when {@link #main} runs (commands that stream much output write
     * there directly, bypassing the PrintWriter's encoder); null under {@link #run} from tests.
     */
    static java.io.OutputStream rawStdout;

    public static void main(String[] args) {
        // Jupyter starts a kernel per notebook: skip building the whole command model (~0.2 s)
        if (kernelFastPath(args)) System.exit(KernelCommand.launch(java.nio.file.Path.of(args[1])));
        // classify --jsonl is a filter over many lines: no command model to build either
        if (args.length == 2 && args[0].equals("classify") && args[1].equals("--jsonl")) System.exit(ClassifyCommand.jsonl());
        rawStdout = Stdout.open();
        int code;
        try {
            code = run(args, new PrintWriter(rawStdout, true), new PrintWriter(System.err, true));
        } catch (RuntimeException e) {
            if (!Stdout.closed(e)) throw e;
            code = CLOSED_PIPE;   // e.g. a usage printed into a closed pipe
        }
        System.exit(code);
    }

    /** {@code kernel CONNECTION_FILE} (not {@code kernel --help}): served without building the command model. */
    static boolean kernelFastPath(String[] args) {
        return args.length == 2 && args[0].equals("kernel") && !args[1].startsWith("-");
    }

    /** Runs a command line, for tests: returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        String first = args.length == 0 ? null : args[0];
        noGroovyProbe();
        Runnable restore = () -> { };
        if (first != null && JSHELL_COMMANDS.contains(first)) {
            TablesawStart.init();
        } else {
            restore = TablesawStart.narrow();
            // show streams its rows, classify prints its verdicts without a table (unless --deltas asks for the
            // delta table) and --jsonl makes none: Tablesaw only when a capture needs it; nor does a usage or
            // version line (the scan would cost --help more CPU than the rest of it)
            if (printsTables(args)) TablesawStart.initInBackground();
            // the catalogue and the readers load beside the command line parsing
            if (!usageOrVersion(args) && !java.util.Arrays.asList(args).contains("--jsonl")) Preload.start(first);
        }
        try {
            return execute(first, args, out, err);
        } finally {
            restore.run();
        }
    }

    /**
     * picocli looks for Groovy's {@code groovy.lang.Closure} when it first builds a command unless
     * {@code picocli.disable.closures} is set; no command here is written in Groovy, and the failed
     * lookup opened and searched every jar of the class path (47: ~55 ms of CPU on every command).
     * A value set by the caller is kept.
     */
    static void noGroovyProbe() {
        if (System.getProperty("picocli.disable.closures") == null) System.setProperty("picocli.disable.closures", "true");
    }

    /** Whether the (short) command line prints Tablesaw tables, so Tablesaw's start is worth beginning at once. */
    static boolean printsTables(String[] args) {
        java.util.List<String> a = java.util.Arrays.asList(args);
        if (usageOrVersion(args) || a.contains("--jsonl") || a.get(0).equals("show")) return false;
        return !a.get(0).equals("classify") || a.contains("--deltas");
    }

    /** No command, {@code help}, or a help/version option anywhere: only usage or a version line is printed. */
    static boolean usageOrVersion(String[] args) {
        if (args.length == 0 || args[0].equals("help")) return true;
        for (String a : args) if (a.equals("-h") || a.equals("--help") || a.equals("-V") || a.equals("--version")) return true;
        return false;
    }

    private static int execute(String first, String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = commandLine(args);
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

    /** Every command, each with its full model. */
    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(Commands.main(new Main()));
        for (Commands.Entry e : Commands.ALL) add(cl, e, true);
        return configured(cl);
    }

    /**
     * The command line for {@code args}: when the first names a command, that command alone (its
     * full model); otherwise (no command, an option, {@code help}, an unknown word) every command as
     * the usage lists it ({@link Commands#listed}), with the full model of those named further on
     * ({@code help show}); none for {@code -V}, which prints one line.
     */
    static CommandLine commandLine(String[] args) {
        String first = args.length == 0 ? null : args[0];
        CommandLine cl = new CommandLine(Commands.main(new Main()));
        Commands.Entry only = first == null || first.equals("help") ? null : Commands.named(first);
        boolean version = "-V".equals(first) || "--version".equals(first);
        if (only != null) {
            add(cl, only, true);
        } else if (!version) {
            java.util.List<String> named = java.util.Arrays.asList(args);
            for (Commands.Entry e : Commands.ALL) add(cl, e, named.contains(e.name()));
        }
        return configured(cl);
    }

    private static void add(CommandLine cl, Commands.Entry e, boolean full) {
        if (!full) {
            cl.addSubcommand(e.name(), Commands.listed(e));
            return;
        }
        cl.addSubcommand(e.name(), Commands.model(e));
        withHelp(cl.getSubcommands().get(e.name()));
    }

    private static CommandLine configured(CommandLine cl) {
        // collect --out DIR ib_write_bw -D 10 ...: the test command's own options are not collect's
        CommandLine collect = cl.getSubcommands().get("collect");
        if (collect != null) collect.setStopAtPositional(true);
        cl.setExecutionExceptionHandler(new Failure());
        cl.setParameterExceptionHandler(new BadArguments());
        return cl;
    }

    /**
     * A command's failure: exit 2 with a one-line message (the stack trace with {@code FABRICLAB_DEBUG}).
     * A class, not a lambda: a lambda's class is spun at run time, and a short command's start has no time for it.
     */
    private static final class Failure implements CommandLine.IExecutionExceptionHandler {
        @Override public int handleExecutionException(Exception ex, CommandLine line, CommandLine.ParseResult parsed) {
            if (Stdout.closed(ex)) return CLOSED_PIPE;   // the reader of stdout went away: stop quietly, like cat
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
        }
    }

    /** Bad arguments: exit 2 with picocli's message and the command's usage. */
    private static final class BadArguments implements CommandLine.IParameterExceptionHandler {
        @Override public int handleParseException(CommandLine.ParameterException ex, String[] args) {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("fabriclab: " + ex.getMessage());
            ex.getCommandLine().usage(err);
            return BAD_INPUT;
        }
    }
}
