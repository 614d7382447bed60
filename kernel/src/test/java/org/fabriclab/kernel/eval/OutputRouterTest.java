package org.fabriclab.kernel.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

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
}
