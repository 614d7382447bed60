package org.fabriclab.kernel.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.fabriclab.kernel.display.Display;
import org.fabriclab.kernel.display.Mime;
import org.fabriclab.kernel.display.Renderers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** The session's magics: %help, %vars, %time, %%time, %display, exit/quit, and input through {@link Input}. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MagicsTest {
    Session s;
    int n;

    @BeforeAll void open() { s = Session.open(); }

    @AfterAll void close() { s.close(); }

    @AfterEach void reset() {
        Display.display.reset();
        Input.install(null);
    }

    /** Runs a cell, returns {stdout, result}. */
    private Object[] run(String code) {
        PrintStream out = System.out;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
        CellResult r;
        try {
            r = s.eval(code, ++n);
        } finally {
            System.setOut(out);
        }
        return new Object[] {o.toString(StandardCharsets.UTF_8), r};
    }

    private String out(String code) {
        Object[] x = run(code);
        CellResult r = (CellResult) x[1];
        assertTrue(r.ok(), code + ": " + r.error());
        return (String) x[0];
    }

    @Test void helpListsEveryMagic() {
        String help = out("%help");
        for (String m : Session.MAGICS) assertTrue(help.contains(m + " "), m + " missing from %help:\n" + help);
        assertTrue(help.contains("%maven") && help.contains("%%time") && help.contains("exit"), help);
        assertTrue(help.contains("readLine(prompt)"), help);
        // every magic %help names is one the session runs (not an "unknown magic")
        for (String m : Session.MAGICS) {
            if (m.equals("%%time") || m.equals("%time") || m.equals("%classpath") || m.equals("%maven") || m.equals("%mavenRepo")) continue;
            assertTrue(((CellResult) run(m)[1]).ok(), m);
        }
        CellResult unknown = (CellResult) run("%nosuch")[1];
        assertTrue(unknown.error().evalue().contains("%help"), unknown.error().evalue());
    }

    @Test void varsShowTypesAndSizeHints() {
        out("var vt = Table.create(\"vt\", IntColumn.create(\"a\", 1, 2, 3), StringColumn.create(\"b\", \"x\", \"y\", \"z\"));\n"
                + "int vn = 5;\nString vs = \"hello\";\nint[] va = new int[4];\nvar vl = List.of(1, 2);");
        String vars = out("%vars");
        assertTrue(vars.lines().anyMatch(l -> l.matches("vt\\s+Table\\s+3 rows \u00d7 2 columns")), vars);
        assertTrue(vars.lines().anyMatch(l -> l.matches("vn\\s+int\\s+5")), vars);
        assertTrue(vars.lines().anyMatch(l -> l.matches("vs\\s+String\\s+\"hello\"")), vars);
        assertTrue(vars.lines().anyMatch(l -> l.matches("va\\s+int\\[\\]\\s+length 4")), vars);
        assertTrue(vars.lines().anyMatch(l -> l.matches("vl\\s+List<Integer>\\s+2 elements")), vars);
        assertTrue(vars.startsWith("Variable"), vars);
    }

    @Test void timeAStatementAndACell() {
        Object[] x = run("%time 6 * 7");
        assertEquals(42, ((CellResult) x[1]).value(), "the timed expression's value is the cell's");
        String t = (String) x[0];
        assertTrue(t.matches("(?s)CPU times: user .+, sys: .+, total: .+\nWall time: \\d.*"), t);
        x = run("%%time\nlong acc = 0;\nfor (int i = 0; i < 1000; i++) acc += i;\nSystem.out.println(\"sum \" + acc);\nacc");
        assertEquals(499500L, ((CellResult) x[1]).value());
        String cell = (String) x[0];
        assertTrue(cell.startsWith("sum 499500\n") && cell.contains("Wall time: "), cell);
        // the timed statement keeps its line number in an error
        CellResult bad = (CellResult) run("int before = 1;\n%time int z = 0 / 0;")[1];
        assertFalse(bad.ok());
        CellResult badCell = (CellResult) run("%%time\nint ok = 1;\nint boom = 1 / 0;")[1];
        assertTrue(String.join("\n", badCell.error().traceback()).contains("Cell[" + n + "] line 3"), badCell.error().traceback().toString());
        assertFalse(((CellResult) run("%time")[1]).ok());
        assertFalse(((CellResult) run("%%timeit\n1")[1]).ok());
    }

    @Test void displayLimitsFromACellAndTheMagic() {
        out("var big = Table.create(\"big\", IntColumn.create(\"n\", new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}),"
                + " StringColumn.create(\"port\", Collections.nCopies(10, \"mlx5_0/1-a-rather-long-port-name\")),"
                + " DoubleColumn.create(\"ber\", Collections.nCopies(10, 0.98232906547)));");
        assertTrue(out("%display rows=3 width=8 digits=3").contains("rows=3 width=8 digits=3"));
        String text = text(s.eval("big", ++n).value());
        assertTrue(text.contains("7 more rows") || text.contains("7 more"), text);
        assertTrue(text.contains("mlx5_0/\u2026") && !text.contains("rather-long"), text);
        assertTrue(text.contains("0.982") && !text.contains("0.9823"), text);
        out("display.rows(5).width(0).digits(6);");
        text = text(s.eval("big", ++n).value());
        assertTrue(text.contains("5 more") && text.contains("rather-long") && text.contains("0.982329"), text);
        CellResult bad = (CellResult) run("%display rows=0 digits=4")[1];
        assertTrue(bad.error().evalue().contains("rows must be at least 1"), bad.error().evalue());
        assertTrue(out("%display").contains("rows=5"), "a bad setting changes nothing");
        assertTrue(out("%display reset").contains("rows=50"));
    }

    private static String text(Object value) {
        return String.valueOf(Renderers.standard().bundle(value, List.of(Mime.TEXT)).get(Mime.TEXT));
    }

    @Test void exitAndQuitAskTheFrontEndToEnd() {
        for (String c : List.of("exit", "quit", " exit\n", "quit()")) assertTrue(s.eval(c, ++n).exitRequested(), c);
        assertFalse(s.eval("int exitCode = 1;", ++n).exitRequested());
        assertEquals(1, s.eval("exitCode", ++n).value());
    }

    @Test void readLinePasswordAndSystemInAskTheFrontEnd() {
        List<String> asked = new ArrayList<>();
        List<String> answers = new ArrayList<>(List.of("ada", "s3cret", "21", "x y"));
        Input.install((prompt, password) -> {
            asked.add(prompt + (password ? " [hidden]" : ""));
            return answers.isEmpty() ? null : answers.remove(0);
        });
        CellResult r = s.eval("String who = readLine(\"name? \");\nString pw = readPassword(\"password: \");\n"
                + "var sc = new Scanner(System.in);\nint k = sc.nextInt();\nwho + \"/\" + pw + \"/\" + (k * 2)", ++n);
        assertTrue(r.ok(), String.valueOf(r.error()));
        assertEquals("ada/s3cret/42", r.value());
        assertEquals(List.of("name? ", "password:  [hidden]", ""), asked);
        assertEquals("x y", s.eval("new java.io.BufferedReader(new java.io.InputStreamReader(System.in)).readLine()", ++n).value());
        assertEquals(-1, s.eval("System.in.read()", ++n).value(), "end of input reads as -1");
        Input.install(null);
        CellResult none = s.eval("readLine(\"? \")", ++n);
        assertFalse(none.ok());
        assertTrue(none.error().evalue().contains("does not support input"), none.error().evalue());
        CellResult in = s.eval("System.in.read()", ++n);
        assertEquals(NoInputException.class.getName(), in.error().ename());
    }
}
