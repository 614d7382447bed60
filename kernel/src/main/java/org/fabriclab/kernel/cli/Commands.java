package org.fabriclab.kernel.cli;

import java.util.List;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The CLI's commands, in the order the usage lists them, and how each one's picocli model is built.
 *
 * <p>Start-up (issue 11: a short command in 0.35 s or less): picocli builds a model from annotations
 * by reflection, and the first time it does so in a process it generates a proxy class per annotation
 * type and runs its reflection and interpolation code cold (165-180 ms of a small {@code show}, against
 * 12-22 ms warm). So {@code fabriclab}, {@code show} and {@code classify} build their models by code
 * ({@link ShowCommand#spec()}, {@link ClassifyCommand#spec()}, {@link #main}): picocli still parses
 * the arguments, prints the usage and reports errors, from the same model. The other commands keep
 * their annotations and are built only when named. The usage's list of commands needs each command's
 * name and first description line only: those come from this table ({@link Entry#summary}, the same
 * constant the command's own description starts with), as models without options ({@link #listed}),
 * so {@code --help} reads no annotation either.
 *
 * <pre>{@code
 * CommandLine cl = Commands.commandLine(new String[] {"show", "before/"});   // fabriclab + show only
 * }</pre>
 */
final class Commands {
    /** A command: its name, the line the usage lists, whether the usage hides it, its class. */
    record Entry(String name, String summary, boolean hidden, Class<?> type) {}

    /** The text of picocli's {@link CommandLine.HelpCommand} description (its own annotation). */
    static final String HELP_SUMMARY = "Display help information about the specified command.";

    static final List<Entry> ALL = List.of(
            new Entry("collect", CollectCommand.SUMMARY, false, CollectCommand.class),
            new Entry("show", ShowCommand.SUMMARY, false, ShowCommand.class),
            new Entry("classify", ClassifyCommand.SUMMARY, false, ClassifyCommand.class),
            new Entry("check", CheckCommand.SUMMARY, false, CheckCommand.class),
            new Entry("reconcile", ReconcileCommand.SUMMARY, false, ReconcileCommand.class),
            new Entry("plot", PlotCommand.SUMMARY, false, PlotCommand.class),
            new Entry("kernel", KernelCommand.SUMMARY, false, KernelCommand.class),
            new Entry("install", InstallCommand.SUMMARY, false, InstallCommand.class),
            new Entry("repl", ReplCommand.SUMMARY, false, ReplCommand.class),
            new Entry("run", RunCommand.SUMMARY, false, RunCommand.class),
            new Entry("warmup", WarmupCommand.SUMMARY, true, WarmupCommand.class),
            new Entry("cds-training", CdsTrainingCommand.SUMMARY, true, CdsTrainingCommand.class),
            new Entry("datasets", DatasetsCommand.SUMMARY, false, DatasetsCommand.class),
            new Entry("demo", DemoCommand.SUMMARY, false, DemoCommand.class),
            new Entry("help", HELP_SUMMARY, false, CommandLine.HelpCommand.class));

    static final String VERSION = "fabriclab 0.1.0";
    static final String DESCRIPTION = "Fabric forensics: InfiniBand and RoCE counter captures into one defensible verdict per port.";

    private Commands() {}

    /** The entry named {@code name}, or null. */
    static Entry named(String name) {
        for (Entry e : ALL) if (e.name().equals(name)) return e;
        return null;
    }

    /** {@code fabriclab} itself: its usage (no command given) and {@code -h}/{@code -V}. */
    static CommandSpec main(Main main) {
        CommandSpec s = command(main, "fabriclab", DESCRIPTION);
        s.version(VERSION);
        main.spec = s;
        return s;
    }

    /**
     * A model built by code for {@code userObject} (a {@code Runnable} or {@code Callable}, run by
     * picocli after the parse) with the standard {@code -h/--help} and {@code -V/--version} options,
     * as {@code mixinStandardHelpOptions} declares them (without its annotation-built mixin).
     */
    static CommandSpec command(Object userObject, String name, String... description) {
        CommandSpec s = CommandSpec.wrapWithoutInspection(userObject);
        s.name(name);
        s.usageMessage().description(description);
        s.addOption(OptionSpec.builder("-h", "--help").usageHelp(true).description("Show this help message and exit.").build());
        s.addOption(OptionSpec.builder("-V", "--version").versionHelp(true).description("Print version information and exit.").build());
        return s;
    }

    /** A flag (an option without a value, false unless given). */
    static OptionSpec flag(String name, String description) {
        return OptionSpec.builder(name).type(boolean.class).description(description).build();
    }

    /** Whether the flag {@code name} of a parsed model was given. */
    static boolean isSet(CommandSpec s, String name) {
        return Boolean.TRUE.equals(s.findOption(name).getValue());
    }

    /** A command as the usage's list shows it: name, summary, hidden; never parsed or run. */
    static CommandSpec listed(Entry e) {
        CommandSpec s = CommandSpec.create();
        s.name(e.name());
        s.usageMessage().description(e.summary()).hidden(e.hidden());
        return s;
    }

    /** The full model of a command: by code for show and classify, from its annotations otherwise. */
    static Object model(Entry e) {
        return switch (e.name()) {
            case "show" -> new ShowCommand().spec();
            case "classify" -> new ClassifyCommand().spec();
            default -> e.type();
        };
    }
}
