package org.fabriclab.kernel.eval;

import java.util.List;

/**
 * Every magic a session knows, with its usage and one line of help: what {@code %help} prints,
 * what completion after {@code %} offers, and the source of the README's magics table.
 *
 * <pre>{@code
 * MagicHelp.names();   // [%classpath, %maven, %mavenRepo, ...]
 * System.out.print(MagicHelp.text());
 * }</pre>
 */
final class MagicHelp {
    private MagicHelp() {}

    /** One magic: its name, how it is called, what it does. */
    record Entry(String name, String usage, String help) {}

    static final List<Entry> ENTRIES = List.of(
            new Entry("%classpath", "%classpath PATH[:PATH...]", "add a jar, a folder of classes or dir/* to the cell class path"),
            new Entry("%maven", "%maven [--repo [ID=]URL]... GROUP:ARTIFACT:VERSION...",
                    "resolve Maven artifacts with their runtime dependencies (~/.m2/settings.xml, local repository) onto the cell class path"),
            new Entry("%mavenRepo", "%mavenRepo [ID] URL", "search another Maven repository in later %maven cells"),
            new Entry("%time", "%time STATEMENT", "run one statement and print its CPU and wall time"),
            new Entry("%%time", "%%time (first line of a cell)", "run the rest of the cell and print its CPU and wall time"),
            new Entry("%vars", "%vars", "list the variables with their types and a size hint"),
            new Entry("%imports", "%imports", "list the imports in force"),
            new Entry("%display", "%display [rows=N] [width=N] [digits=N] [output=N] | reset",
                    "table rows shown, characters per table cell (0: whole), significant digits of floating-point values,"
                            + " bytes a cell may print per stream (0: no limit); alone: show them"),
            new Entry("%help", "%help", "this list"),
            new Entry("exit / quit", "exit | quit", "end the session (jupyter console and the REPL end; a notebook keeps its kernel)"));

    /** The magic names (with their {@code %}), for completion. */
    static List<String> names() {
        return ENTRIES.stream().map(Entry::name).filter(n -> n.startsWith("%")).toList();
    }

    /** The {@code %help} text: usage and help of each, then how to ask for input and set limits from code. */
    static String text() {
        int w = 0;
        for (Entry e : ENTRIES) w = Math.max(w, e.usage().length());
        StringBuilder sb = new StringBuilder("Magics (a cell's first lines):\n");
        for (Entry e : ENTRIES) {
            sb.append("  ").append(e.usage()).append(" ".repeat(w - e.usage().length() + 2)).append(e.help()).append('\n');
        }
        sb.append("In code: readLine(prompt), readPassword(prompt) and System.in ask the front end for input;\n")
          .append("display.rows(100).width(40).digits(4) sets the display limits as %display does.\n");
        return sb.toString();
    }
}
