package org.fabriclab.kernel.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import org.fabriclab.kernel.display.Display;
import org.fabriclab.kernel.display.Mime;
import org.fabriclab.kernel.display.Renderers;
import org.fabriclab.kernel.eval.CellResult;
import org.fabriclab.kernel.eval.Completion;
import org.fabriclab.kernel.eval.Session;
import org.jline.reader.Candidate;
import org.jline.reader.EOFError;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.ParsedLine;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.DefaultParser;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * The terminal REPL: the kernel's session (same startup imports and magics), JShell completion on
 * Tab, multi-line input (a line that leaves a block open continues), text rendering of results
 * (tables, verdicts), charts written as PNG files whose path is printed, Ctrl-C stops a running
 * cell. {@code exit}, {@code quit}, JShell's {@code /exit} or Ctrl-D ends it (exit status 0, as
 * JShell); JShell's {@code /help} and {@code /vars} work too. {@code readLine(prompt)},
 * {@code readPassword(prompt)} and {@code System.in} read from the terminal (or the piped input).
 *
 * <pre>{@code
 * new Repl(System.in, System.out, Path.of(".fabriclab/charts")).run();
 * }</pre>
 */
public final class Repl {
    private final InputStream in;
    private final OutputStream out;
    private final Path chartDir;
    private final AtomicInteger charts = new AtomicInteger();

    public Repl(InputStream in, OutputStream out, Path chartDir) {
        this.in = in;
        this.out = out;
        this.chartDir = chartDir;
    }

    /**
     * Runs until end of input, {@code exit}/{@code quit} or {@code /exit}. On a terminal it returns 0
     * (Ctrl-D is how a session ends, as in JShell); with piped input, the number of cells that failed
     * (so a script's failure shows in the exit status).
     */
    public int run(boolean system) throws IOException {
        if (!system) return runPlain();
        try (Terminal terminal = TerminalBuilder.builder().name("fabriclab").system(true).build()) {
            return runTerminal(terminal);
        }
    }

    /** The interactive loop on {@code terminal}; returns the exit status, 0. */
    int runTerminal(Terminal terminal) throws IOException {
        try (Session session = Session.open()) {
            PrintWriter w = terminal.writer();
            Display.install(new Display.Sink() {
                @Override public void show(Object value, String id, boolean update, Set<String> extra) {
                    w.println(render(value));
                    w.flush();
                }
            });
            terminal.handle(Terminal.Signal.INT, s -> session.stop());
            LineReader reader = LineReaderBuilder.builder().terminal(terminal).appName("fabriclab")
                    .parser(new CellParser(session))
                    .completer((r, line, candidates) -> {
                        String buf = line.line().substring(0, line.cursor());
                        Completion c = session.complete(buf, buf.length());
                        // JLine replaces the whole current word (e.g. "Integer.toHexStr"); JShell's matches
                        // replace only buf[start..] ("toHexStr"): keep the word's head in each candidate
                        String word = line.word().substring(0, Math.min(line.wordCursor(), line.word().length()));
                        int replaced = buf.length() - c.start();
                        String head = replaced <= word.length() ? word.substring(0, word.length() - replaced) : "";
                        for (String m : c.matches()) candidates.add(new Candidate(head + m, m, null, null, null, null, false));
                    })
                    .variable(LineReader.HISTORY_FILE, Path.of(System.getProperty("user.home"), ".fabriclab_history"))
                    .variable(LineReader.SECONDARY_PROMPT_PATTERN, "...> ")
                    .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                    .build();
            // what cells read (readLine, readPassword, System.in): a plain line reader on the same terminal
            LineReader input = LineReaderBuilder.builder().terminal(terminal).appName("fabriclab-input")
                    .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true).build();
            org.fabriclab.kernel.eval.Input.install((prompt, password) -> {
                try {
                    return input.readLine(prompt, password ? Character.valueOf('*') : null);
                } catch (EndOfFileException e) {
                    return null;
                } catch (UserInterruptException e) {
                    throw new java.io.InterruptedIOException("input interrupted (Ctrl-C)");
                }
            });
            w.println("fabriclab REPL - Java " + Runtime.version() + " (JShell). Fabric.* is imported; /help lists commands and magics; exit or Ctrl-D ends.");
            w.flush();
            int cell = 0;
            while (true) {
                String code;
                try {
                    code = reader.readLine("fabriclab> ");
                } catch (UserInterruptException e) {
                    continue;
                } catch (EndOfFileException e) {
                    break;
                }
                if (code.isBlank()) continue;
                String command = command(code.strip());
                if (command == EXIT) break;
                CellResult r = session.eval(command == null ? code : command, ++cell);
                System.out.flush();
                System.err.flush();
                if (r.exitRequested()) break;
                if (!r.ok()) {
                    for (String l : r.error().traceback()) w.println(l);
                } else if (r.hasValue()) {
                    w.println(render(r.value()));
                }
                w.flush();
            }
            Display.install(null);
            org.fabriclab.kernel.eval.Input.install(null);
            return 0; // Ctrl-D, exit, quit or /exit end a session normally, whatever cells failed (as JShell)
        }
    }

    private static final String EXIT = "/exit";

    /**
     * JShell's commands the REPL accepts: {@code /exit} ({@link #EXIT}: end), {@code /help},
     * {@code /vars} and {@code /imports} (the cell to run instead: {@code %help}, {@code %vars},
     * {@code %imports}); {@code null} for anything else (a cell). Another {@code /word} gets a hint
     * rather than a compile error.
     */
    static String command(String line) {
        return switch (line) {
            case "/exit", "/ex", "/exi" -> EXIT;
            case "/help", "/?", "/h" -> "%help\nSystem.out.print(\"REPL: /help, /vars, /imports, /exit (also exit, quit, Ctrl-D); Tab completes; Ctrl-C stops a cell\\n\");";
            case "/vars", "/v" -> "%vars";
            case "/imports", "/i" -> "%imports";
            default -> line.matches("/[A-Za-z]+")
                    ? "System.out.println(\"unknown REPL command " + line + "; /help lists the commands\");"
                    : null;
        };
    }

    /** Without a terminal (piped input): lines are read and joined until the cell is complete. */
    private int runPlain() throws IOException {
        java.io.BufferedReader r = new java.io.BufferedReader(new java.io.InputStreamReader(in, java.nio.charset.StandardCharsets.UTF_8));
        PrintWriter w = new PrintWriter(new java.io.OutputStreamWriter(out, java.nio.charset.StandardCharsets.UTF_8), true);
        try (Session session = Session.open()) {
            Display.install(new Display.Sink() {
                @Override public void show(Object value, String id, boolean update, Set<String> extra) { w.println(render(value)); }
            });
            // cells read the next lines of the same input (a script can answer its own readLine)
            org.fabriclab.kernel.eval.Input.install((prompt, password) -> {
                w.print(prompt);
                w.flush();
                return r.readLine();
            });
            int failures = 0, cell = 0;
            StringBuilder pending = new StringBuilder();
            String line;
            while ((line = r.readLine()) != null) {
                String command = pending.length() == 0 ? command(line.strip()) : null;
                if (command == EXIT) break;
                if (command != null) line = command;
                pending.append(line).append('\n');
                String code = pending.toString();
                if (code.isBlank()) { pending.setLength(0); continue; }
                if (command == null && session.isComplete(code).equals("incomplete")) continue;
                pending.setLength(0);
                CellResult res = session.eval(code, ++cell);
                System.out.flush();
                if (res.exitRequested()) break;
                if (!res.ok()) {
                    failures++;
                    for (String l : res.error().traceback()) w.println(l);
                } else if (res.hasValue()) {
                    w.println(render(res.value()));
                }
            }
            if (pending.length() > 0 && !pending.toString().isBlank()) {
                CellResult res = session.eval(pending.toString(), ++cell);
                if (!res.ok()) { failures++; for (String l : res.error().traceback()) w.println(l); }
                else if (res.hasValue()) w.println(render(res.value()));
            }
            w.flush();
            Display.install(null);
            org.fabriclab.kernel.eval.Input.install(null);
            return failures;
        }
    }

    /** Text for the terminal: text/plain, or a PNG file for charts (its path printed). */
    String render(Object value) {
        Map<String, Object> b = Renderers.standard().bundle(value, List.of(Mime.TEXT, Mime.PNG));
        Object png = b.get(Mime.PNG);
        if (png instanceof String s) {
            try {
                Files.createDirectories(chartDir);
                Path f = chartDir.resolve("chart-" + ProcessHandle.current().pid() + "-" + charts.incrementAndGet() + ".png").toAbsolutePath();
                AtomicWrite.write(f, Base64.getDecoder().decode(s));
                return b.get(Mime.TEXT) + "\nchart saved to " + f;
            } catch (IOException e) {
                return b.get(Mime.TEXT) + "\n(chart not saved: " + e.getMessage() + ")";
            }
        }
        return String.valueOf(b.get(Mime.TEXT));
    }

    /** Asks for more lines while the session says the input is incomplete. */
    static final class CellParser extends DefaultParser {
        private final Session session;

        CellParser(Session session) {
            this.session = session;
            setEscapeChars(new char[0]);
            setQuoteChars(new char[0]);
        }

        @Override public ParsedLine parse(String line, int cursor, ParseContext context) {
            if (context == ParseContext.ACCEPT_LINE && session.isComplete(line).equals("incomplete")) {
                throw new EOFError(-1, -1, "incomplete", "continue");
            }
            return super.parse(line, cursor, context);
        }
    }
}
