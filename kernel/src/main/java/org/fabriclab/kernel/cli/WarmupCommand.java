package org.fabriclab.kernel.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;

import org.fabriclab.kernel.display.Mime;
import org.fabriclab.kernel.display.Renderers;
import org.fabriclab.kernel.eval.CellResult;
import org.fabriclab.kernel.eval.DslPreparation;
import org.fabriclab.kernel.eval.Session;
import org.fabriclab.kernel.wire.Codec;
import org.fabriclab.kernel.wire.Signer;

/**
 * {@code fabriclab warmup} (hidden): runs the kernel's startup path once (JShell, a value cell, a
 * multi-snippet cell, a table rendered, the DSL preparation's capture read, a message signed) so
 * {@code install} can record the classes it loads into a class-data-sharing archive.
 */
@Command(name = "warmup", hidden = true, description = WarmupCommand.SUMMARY)
final class WarmupCommand implements Callable<Integer> {
    /** The first line of the description, which the usage's list of commands shows ({@link Commands}). */
    static final String SUMMARY = "Exercise the kernel start path once (used by install for the CDS archive).";
    @Override public Integer call() throws Exception {
        Quiet.initLibraries();
        try (Session s = Session.open()) {
            CellResult r = s.eval("var t = Table.create(\"t\", LongColumn.create(\"v\", new long[] {1, 2}));\nt", 1);
            if (!r.ok()) throw new IllegalStateException("warm-up cell failed: " + r.error());
            Renderers.standard().bundle(r.value(), Mime.DEFAULT);
            if (!s.eval("1 + 1", 2).ok()) throw new IllegalStateException("warm-up value cell failed");
            // a multi-snippet cell (declarations, a loop, a lambda) and the DSL's readers, so their classes are archived too
            CellResult multi = s.eval("var m = new TreeMap<String, Long>();\nfor (int i = 0; i < 3; i++) m.merge(\"k\" + i % 2, 1L, Long::sum);\nm.size()", 3);
            if (!multi.ok()) throw new IllegalStateException("warm-up multi-snippet cell failed: " + multi.error());
            DslPreparation.run();
            s.complete("Syst", 4);
            s.isComplete("int x = 1;");
        }
        Codec c = new Codec(new Signer("k"), "warmup");
        c.encode(c.message("status", null, Codec.JSON.createObjectNode()));
        return Main.OK;
    }
}
