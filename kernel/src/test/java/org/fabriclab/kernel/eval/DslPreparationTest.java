package org.fabriclab.kernel.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;

/** The DSL preparation the kernel runs in the background: a real read, nothing printed. */
class DslPreparationTest {
    @Test void readsItsSampleThroughTheStandardReadersAndPrintsNothing() {
        PrintStream out = System.out, err = System.err;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        int readings;
        try {
            System.setOut(new PrintStream(printed, true));
            System.setErr(new PrintStream(printed, true));
            readings = DslPreparation.run();
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        assertEquals("", printed.toString(), "background preparation must not print into a cell's output");
        // 80 ports, 8 data + 14 error counters each (PortSelect/CounterSelect are attributes)
        assertEquals(DslPreparation.PORTS * 22, readings);
        Capture c = Readers.standard().read(Input.ofText("sample", org.fabriclab.generate.PerfquerySample.extended(2)));
        assertEquals(org.fabriclab.catalogue.Source.PERFQUERY, c.source(), "read by the perfquery reader");
        assertTrue(c.warnings().isEmpty(), "the sample is a clean perfquery -x text: " + c.warnings());
    }

    @Test void idleReadsRunOnlyWhileIdleAndPrintNothing() {
        PrintStream out = System.out, err = System.err;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        int none, all, one;
        try {
            System.setOut(new PrintStream(printed, true));
            System.setErr(new PrintStream(printed, true));
            none = DslPreparation.warmWhileIdle(() -> false);
            java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
            one = DslPreparation.warmWhileIdle(() -> asked.incrementAndGet() == 1);
            all = DslPreparation.warmWhileIdle(() -> true);
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        assertEquals("", printed.toString());
        assertEquals(0, none);
        assertEquals(1, one, "stops as soon as the front end is busy");
        assertEquals(DslPreparation.IDLE_ROUNDS, all);
    }

    @Test void theBackgroundPreparationMakesItsStartUpReadsAndEndsWithoutPrinting() throws InterruptedException {
        PrintStream out = System.out, err = System.err;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        Capture alone = Readers.standard().read(Input.ofText("sample", org.fabriclab.generate.PerfquerySample.extended(DslPreparation.IDLE_PORTS)));
        Capture meanwhile;
        Thread t;
        try {
            System.setOut(new PrintStream(printed, true));
            System.setErr(new PrintStream(printed, true));
            t = DslPreparation.startInBackground();
            // a cell's capture() while sample reads share the reader's pool (made here whatever the cores): the same result as alone
            java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();
            Thread warm = new Thread(() -> reads.set(DslPreparation.warmReads(DslPreparation.START_ROUNDS, () -> true)));
            warm.start();
            meanwhile = Readers.standard().read(Input.ofText("sample", org.fabriclab.generate.PerfquerySample.extended(DslPreparation.IDLE_PORTS)));
            warm.join(120_000);
            assertEquals(DslPreparation.START_ROUNDS, reads.get());
            t.join(120_000);
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        assertTrue(!t.isAlive(), "the preparation thread ends by itself");
        assertEquals(DslPreparation.START_WARM_UP ? DslPreparation.START_ROUNDS : 0, DslPreparation.startReads,
                "the start-up sample reads ran exactly when they are on");
        assertEquals("", printed.toString(), "background preparation must not print into a cell's output");
        assertEquals(alone.readings(), meanwhile.readings());
    }

    @Test void startUpReadsOnlyWhereTheStartLeavesACoreIdleUnlessTheSettingSays() {
        assertTrue(!DslPreparation.startWarmUp(null, 2), "2 cores: the start keeps both busy");
        assertTrue(DslPreparation.startWarmUp(null, 4));
        assertTrue(DslPreparation.startWarmUp("true", 2));
        assertTrue(!DslPreparation.startWarmUp("false", 8));
        assertTrue(DslPreparation.startWarmUp(" ", 4), "a blank setting is no setting");
    }

    @Test void theSampleIsLargeEnoughToTakeTheParallelPerfqueryRead() {
        // a first heavy cell's capture() then finds the chunked read's code loaded and its pool threads started
        assertTrue(org.fabriclab.generate.PerfquerySample.extended(DslPreparation.PORTS).length()
                >= org.fabriclab.capture.perfquery.PerfqueryReader.PARALLEL_MIN_CHARS);
    }
}
