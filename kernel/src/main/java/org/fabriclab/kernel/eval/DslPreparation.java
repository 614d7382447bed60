package org.fabriclab.kernel.eval;

import java.util.logging.Level;
import java.util.logging.Logger;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.fabriclab.generate.PerfquerySample;

/**
 * What the kernel prepares of the DSL ahead of the first cell that uses it, on a background
 * thread once the JShell session is open (ipykernel's first pandas cell pays {@code import pandas};
 * here the equivalent is loaded while the user types, or while a first cell is being compiled):
 * <ol>
 *   <li>{@code org.fabriclab.Fabric} initialised: the counter catalogue and the profiles are read
 *       from the jar (the catalogue's three TSV files);</li>
 *   <li>the capture readers found ({@link Readers#standard()}, a ServiceLoader) and one small
 *       in-memory perfquery text of {@link #PORTS} ports read through them: every reader's sniff,
 *       the perfquery reader, {@code Capture}, the catalogue lookups, so their classes are loaded,
 *       linked and verified, and their first interpreted runs are behind. The sample is above
 *       {@link org.fabriclab.capture.perfquery.PerfqueryReader#PARALLEL_MIN_CHARS}, so it takes the
 *       chunked read a large dump takes: its pool threads are started and its code run here too.</li>
 * </ol>
 * Nothing of it is visible to cells: no variable, import, output or file; the sample is made in
 * memory by the generator ({@link PerfquerySample}), not read from disk, and its capture is dropped.
 * Results of user cells are never prepared or cached. A failure is logged and otherwise ignored
 * (the cell that needs the class then loads it as it would have). Classes being initialised here
 * make a cell that needs them at the same moment wait for that initialisation (the JVM's rule),
 * never do it twice.
 *
 * <pre>{@code
 * DslPreparation.startInBackground();   // the kernel, after Session.open
 * }</pre>
 */
public final class DslPreparation {
    private static final Logger LOG = Logger.getLogger("fabriclab.kernel");
    /** Ports in the in-memory sample (two switches' worth of blocks: enough for the reader's loops to run). */
    static final int PORTS = 80;

    private DslPreparation() {}

    /**
     * Sample reads made at start-up, after {@link #run()} ({@link #START_ROUNDS} x {@link #IDLE_PORTS} ports), so the
     * reader's and the readings' loops are compiled by the optimising JIT before a first large capture that comes
     * straight after the first result ("Run all", no idle time). Only where the start leaves a core idle: on more
     * than {@link #BUSY_START_CORES} cores. On 2 cores the kernel's start already keeps both busy (JShell, C1 on
     * javac, C2 on the JDK code javac runs: about 4.6 s of CPU in 2.4 s), and the reads were measured to cost the
     * start more CPU than they save the first 10,000-port capture cell (over the wire, load 9-10: first result
     * +0.65 to +1.1 s CPU, heavy cell -0.1 to -0.65 s). {@code -Dfabriclab.startWarmUp=true|false} decides instead.
     */
    static final int START_ROUNDS = 5;
    static final int BUSY_START_CORES = 2;
    static final boolean START_WARM_UP = startWarmUp(System.getProperty("fabriclab.startWarmUp"), Runtime.getRuntime().availableProcessors());

    /** Whether to make the start-up reads: {@code property} ("true"/"false") when set, else more than {@link #BUSY_START_CORES} cores. */
    static boolean startWarmUp(String property, int cores) {
        if (property != null && !property.isBlank()) return Boolean.parseBoolean(property.strip());
        return cores > BUSY_START_CORES;
    }
    /** How many start-up sample reads the last {@link #startInBackground} thread made (for tests; -1 before it ends, 0 when off). */
    static volatile int startReads = -1;

    /** Runs {@link #run()}, then the start-up sample reads ({@link #START_ROUNDS}), on a daemon thread; returns the thread. */
    public static Thread startInBackground() {
        Thread t = new Thread(() -> {
            long t0 = System.nanoTime();
            try {
                run();
                int reads = START_WARM_UP ? warmReads(START_ROUNDS, () -> true) : 0;
                startReads = reads;
                LOG.fine(() -> String.format("DSL prepared in %.0f ms (%d sample reads)", (System.nanoTime() - t0) / 1e6, reads));
            } catch (RuntimeException | LinkageError e) {
                LOG.log(Level.FINE, "DSL preparation failed (cells load what they need themselves)", e);
            }
        }, "fabriclab-dsl-prepare");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
        return t;
    }

    /** Ports per idle-time sample read ({@link #warmWhileIdle}). */
    static final int IDLE_PORTS = 300;
    /** Idle-time sample reads: {@link #IDLE_ROUNDS} x {@link #IDLE_PORTS} ports, enough for the JIT's optimising compiler to take the reader's loops. */
    static final int IDLE_ROUNDS = 5;

    /**
     * While {@code idle} holds (checked before each read), reads {@link #IDLE_ROUNDS} in-memory samples of
     * {@link #IDLE_PORTS} ports each and sums every reading's value per port, as a first analysis cell
     * would: the reader's and the readings' hot methods then reach the optimising JIT before a user's
     * first large capture. Nothing is kept or shown. Returns how many reads ran.
     */
    public static int warmWhileIdle(java.util.function.BooleanSupplier idle) {
        return warmReads(IDLE_ROUNDS, idle);
    }

    /**
     * Up to {@code rounds} reads of the {@link #IDLE_PORTS}-port sample while {@code idle} holds (checked before each),
     * each summing every reading's value per port as a first analysis cell would. The sample goes in as bytes
     * ({@link Input#ofBytes}), so a file's decoding and every reader's sniff run too. Returns how many reads ran.
     */
    static int warmReads(int rounds, java.util.function.BooleanSupplier idle) {
        int n = 0;
        byte[] sample = PerfquerySample.extended(IDLE_PORTS).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        for (; n < rounds && idle.getAsBoolean(); n++) {
            Capture c = Readers.standard().read(Input.ofBytes("fabriclab-preparation-sample", sample));
            java.util.Map<String, Long> perPort = new java.util.HashMap<>();
            for (var r : c.readings()) perPort.merge(r.port(), r.value(), Long::sum);
            if (perPort.size() != IDLE_PORTS) throw new IllegalStateException("sample read " + perPort.size() + " ports, not " + IDLE_PORTS);
        }
        return n;
    }

    /** The preparation itself, on the calling thread; returns the sample capture's reading count. */
    public static int run() {
        try {
            Class.forName("org.fabriclab.Fabric", true, DslPreparation.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the DSL is not on the class path", e);
        }
        Capture c = Readers.standard().read(Input.ofText("fabriclab-preparation-sample", PerfquerySample.extended(PORTS)));
        return c.readings().size();
    }
}
