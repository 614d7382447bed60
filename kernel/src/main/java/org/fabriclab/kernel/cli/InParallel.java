package org.fabriclab.kernel.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A short command's independent reads on every core: {@code show}'s capture files, {@code classify}'s
 * profile and two snapshots. A short command's reads run mostly cold code (the interpreter, first calls), which
 * two cores share as well as any other work. Results come back in input order, and when several
 * items fail, the first failure in input order is thrown as it was thrown, as a serial loop would
 * have thrown it (the later items have been tried too). {@code -Dfabriclab.threads=1} runs the
 * items in order on the caller's thread.
 *
 * <pre>{@code
 * List<Capture> caps = InParallel.map(files, readers::read);
 * }</pre>
 */
final class InParallel {
    /** Threads for the items: one per core, at most 4, or the system property {@code fabriclab.threads}. */
    static final int THREADS = org.fabriclab.work.Threads.configured();

    private InParallel() {}

    /**
     * {@code f} applied to each item, on up to {@code min(items, cores)} threads (the caller's one of them).
     *
     * @throws RuntimeException the first item's failure in input order (an {@link Error} likewise)
     */
    static <T, R> List<R> map(List<T> items, Function<T, R> f) {
        List<Supplier<R>> tasks = new ArrayList<>(items.size());
        for (T t : items) tasks.add(() -> f.apply(t));
        return all(tasks);
    }

    /**
     * Every task's value, in order, the tasks run on up to {@code min(tasks, cores)} threads (the
     * caller's one of them), each thread taking the next task not yet taken.
     *
     * @throws RuntimeException the first task's failure in input order (an {@link Error} likewise)
     */
    static <R> List<R> all(List<? extends Supplier<? extends R>> tasks) {
        int threads = Math.min(tasks.size(), THREADS);
        if (threads <= 1) {
            List<R> out = new ArrayList<>(tasks.size());
            for (Supplier<? extends R> t : tasks) out.add(t.get());
            return out;
        }
        Object[] results = new Object[tasks.size()];
        Throwable[] failures = new Throwable[tasks.size()];
        AtomicInteger next = new AtomicInteger();
        Runnable work = () -> {
            for (int i; (i = next.getAndIncrement()) < results.length; ) {
                try {
                    results[i] = tasks.get(i).get();
                } catch (RuntimeException | Error e) {
                    failures[i] = e;
                }
            }
        };
        Thread[] helpers = new Thread[threads - 1];
        for (int k = 0; k < helpers.length; k++) {
            helpers[k] = new Thread(work, "fabriclab-read-" + k);
            helpers[k].setDaemon(true);
            helpers[k].start();
        }
        work.run();
        for (Thread t : helpers) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while reading", e);
            }
        }
        for (Throwable t : failures) {
            if (t instanceof RuntimeException r) throw r;
            if (t instanceof Error e) throw e;
        }
        @SuppressWarnings("unchecked") List<R> out = (List<R>) Arrays.asList(results);
        return out;
    }
}
