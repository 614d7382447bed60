package org.fabriclab.kernel.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** A class redefined in a later cell: what JShell does to the variables and methods that use it is said on stderr. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RedefinitionTest {
    Session s;
    int n;

    @BeforeAll void open() { s = Session.open(); }

    @AfterAll void close() { s.close(); }

    /** Runs a cell that must succeed; returns what it printed on stderr. */
    private String err(String code) {
        PrintStream err = System.err;
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
        CellResult r;
        try {
            r = s.eval(code, ++n);
        } finally {
            System.setErr(err);
        }
        assertTrue(r.ok(), code + ": " + r.error());
        return e.toString(StandardCharsets.UTF_8);
    }

    @Test void variablesOfARedefinedClassAreSaidToBeResetOrUnusable() {
        assertEquals("", err("class Pt { int x; Pt(int x) { this.x = x; } }\nPt kept = new Pt(1);\nvar inferred = new Pt(2);\nint twice(Pt p) { return 2 * p.x; }"));
        String redefined = err("class Pt { int x, y; Pt(int x) { this.x = x; } }");
        assertTrue(redefined.contains("note: variable kept (Pt) was reset to null: the class Pt it depends on was redefined"), redefined);
        assertTrue(redefined.contains("note: variable inferred (Pt) cannot be used until it compiles again against the redefined class Pt"), redefined);
        assertFalse(redefined.contains("twice"), "a method that still compiles keeps working, nothing to say: " + redefined);
        assertNull(s.eval("kept", ++n).value(), "JShell did reset it");
        String incompatible = err("class Pt { int y; Pt(String s) { } }");
        assertTrue(incompatible.contains("note: method twice(Pt) cannot be used until it compiles again against the redefined class Pt (variable x is not defined)"), incompatible);
        assertTrue(incompatible.contains("note: variable kept (Pt) cannot be used until it compiles again"), incompatible);
        assertEquals("", err("class Pt { int y; Pt(String s) { } }"), "the same class again changes nothing, says nothing");
        assertEquals("", err("int unrelated = 3;"), "no note when nothing depends on what the cell declares");
    }
}
