/**
 * Cooperative cancellation for the DSL's long loops, and {@link org.fabriclab.work.Threads}, the one
 * rule for how many threads a parallel read or write uses ({@code -Dfabriclab.threads}). A notebook's interrupt interrupts the cell's
 * thread; loops that run on that thread or on pool threads working for it call
 * {@link org.fabriclab.work.Cancellation#check()} once per port or chunk and stop with
 * {@link org.fabriclab.work.OperationInterruptedException}.
 *
 * <pre>{@code
 * Cancellation cancel = Cancellation.ofCurrentThread();
 * for (int p = 0; p < ports; p++) { cancel.check(); ... }
 * }</pre>
 */
package org.fabriclab.work;
