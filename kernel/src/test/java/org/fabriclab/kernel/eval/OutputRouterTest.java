package org.fabriclab.kernel.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.fabriclab.kernel.display.Display;
import org.junit.jupiter.api.Test;

/** System.out and System.err routed to a sink: coalesced, per cell, in the order printed. */
class OutputRouterTest {
    @Test void stdoutAndStderrOfOneCellKeepTheOrderTheyWerePrintedIn() {
        List<String> got = new ArrayList<>();
        OutputRouter r = OutputRouter.install((owner, name, text) -> { synchronized (got) { got.add(name + ":" + text); } });
        try {
            System.out.println("reading");
            new IllegalStateException("bad line").printStackTrace(System.err);
            System.out.println("done");
            System.err.println("warning");
            r.flush();
        } finally {
            r.uninstall();
        }
        assertEquals(4, got.size(), got.toString());
        assertEquals("stdout:reading\n", got.get(0));
        assertEquals(true, got.get(1).startsWith("stderr:java.lang.IllegalStateException: bad line"), got.get(1));
        assertEquals("stdout:done\n", got.get(2));
        assertEquals("stderr:warning\n", got.get(3));
    }

    @Test void textOnOneStreamIsStillCoalesced() {
        List<String> got = new ArrayList<>();
        OutputRouter r = OutputRouter.install((owner, name, text) -> { synchronized (got) { got.add(name + ":" + text); } });
        try {
            for (int i = 0; i < 3; i++) System.out.println("line " + i);
            r.flush();
        } finally {
            r.uninstall();
        }
        assertEquals(List.of("stdout:line 0\nline 1\nline 2\n"), got);
    }

    @Test void aCellPrintsUpToTheLimitThenOneNoteAndNothingMore() {
        List<String> got = new ArrayList<>();
        OutputRouter r = OutputRouter.install((owner, name, text) -> { synchronized (got) { got.add(owner + "|" + name + ":" + text); } });
        Object before = CellOwner.set("cell1");
        try {
            Display.display.output(200);
            for (int i = 0; i < 1000; i++) System.out.println("line " + i);
            System.out.print("x".repeat(1_000_000));
            r.flush();
            System.out.println("still cell 1, after its end");
            r.flush();
            CellOwner.set("cell2");
            System.out.println("cell 2 prints");
            r.flush();
        } finally {
            CellOwner.set(before);
            Display.display.reset();
            r.uninstall();
        }
        String cell1 = String.join("", got.stream().filter(t -> t.startsWith("cell1|stdout:")).map(t -> t.substring("cell1|stdout:".length())).toList());
        String note = OutputRouter.truncationNote("stdout", 200);
        assertTrue(cell1.endsWith(note), cell1);
        String kept = cell1.substring(0, cell1.length() - note.length());
        assertTrue(kept.length() <= 200 && kept.length() > 190 && kept.endsWith("\n"), "whole lines up to the limit: " + kept);
        assertTrue(kept.startsWith("line 0\nline 1\n"), kept);
        assertTrue(note.contains("%display output=N"), note);
        assertEquals(List.of("cell2|stdout:cell 2 prints\n"), got.stream().filter(t -> t.startsWith("cell2|")).toList(), "another cell has its own budget");
    }

    @Test void theLimitCutsBetweenCharactersAndZeroMeansNone() {
        List<String> got = new ArrayList<>();
        OutputRouter r = OutputRouter.install((owner, name, text) -> { synchronized (got) { got.add(text); } });
        try {
            Display.display.output(101);
            System.out.print("é".repeat(100));   // two bytes each: byte 101 is half a character
            r.flush();
            Display.display.output(0);
            System.out.print("y".repeat(300_000));
            r.flush();
        } finally {
            Display.display.reset();
            r.uninstall();
        }
        String first = got.get(0);
        assertTrue(first.startsWith("é".repeat(50) + "\n[fabriclab: stdout truncated"), "no line end: cut between characters, the note on its own line: " + first);
        assertEquals(300_000, String.join("", got.subList(1, got.size())).length(), "no limit: all of it");
    }
}
