package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/**
 * The usage's list of commands comes from {@link Commands}' table, not from the commands' models
 * (which a short command does not build): it must read exactly as the full models would print it.
 */
class CommandsTest {
    private static String usage(CommandLine cl) {
        StringWriter w = new StringWriter();
        cl.usage(new PrintWriter(w, true));
        return w.toString();
    }

    @Test void theListedCommandsPrintTheUsageOfTheFullModels() {
        String full = usage(Main.commandLine());
        assertEquals(full, usage(Main.commandLine(new String[0])));
        assertEquals(full, usage(Main.commandLine(new String[] {"--help"})));
        assertTrue(full.contains("  show       Print every table of captures"), full);
        assertTrue(!full.contains("cds-training") && !full.contains("warmup"), "hidden commands are not listed: " + full);
    }

    @Test void eachEntryIsItsCommandsNameSummaryAndVisibility() {
        CommandLine all = Main.commandLine();
        assertEquals(Commands.ALL.stream().map(Commands.Entry::name).toList(), List.copyOf(all.getSubcommands().keySet()));
        for (Commands.Entry e : Commands.ALL) {
            var spec = all.getSubcommands().get(e.name()).getCommandSpec();
            assertEquals(e.name(), spec.name());
            // the list shows a command's header when it has one (picocli's help does), else its description's first line
            String[] header = spec.usageMessage().header();
            assertEquals(e.summary(), header.length > 0 ? header[0] : spec.usageMessage().description()[0], e.name());
            assertEquals(e.hidden(), spec.usageMessage().hidden(), e.name());
            assertInstanceOf(e.type(), spec.userObject(), e.name());
            assertTrue(spec.optionsMap().containsKey("--help"), e.name());
        }
    }

    @Test void aCommandBuildsItsOwnModelOnly() {
        CommandLine show = Main.commandLine(new String[] {"show", "x"});
        assertEquals(List.of("show"), List.copyOf(show.getSubcommands().keySet()));
        assertInstanceOf(ShowCommand.class, show.getSubcommands().get("show").getCommandSpec().userObject());
        // help NAME: NAME's full model (its usage is printed), the others as listed
        CommandLine help = Main.commandLine(new String[] {"help", "classify"});
        assertInstanceOf(ClassifyCommand.class, help.getSubcommands().get("classify").getCommandSpec().userObject());
        assertEquals(0, help.getSubcommands().get("check").getCommandSpec().options().size());
        assertTrue(Main.commandLine(new String[] {"-V"}).getSubcommands().isEmpty());
    }

    @Test void showAndClassifyParseTheirOptions() {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.run(new String[] {"classify", "--fabric", "ib"}, new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(Main.BAD_INPUT, code);
        assertTrue(err.toString().contains("classify needs an incident folder, BEFORE AFTER, or --before and --after"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(Main.BAD_INPUT, Main.run(new String[] {"show"}, new PrintWriter(out, true), new PrintWriter(err, true)));
        assertTrue(err.toString().contains("Missing required parameter: 'PATH'"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(Main.BAD_INPUT, Main.run(new String[] {"classify", "--cong-per-gb", "x"}, new PrintWriter(out, true), new PrintWriter(err, true)));
        assertTrue(err.toString().contains("--cong-per-gb"), err.toString());
    }
}
