/**
 * Java cells in JShell inside the kernel's own JVM: {@link org.fabriclab.kernel.eval.Session}
 * (live values, startup imports, magics, completion, inspection with the DSL's javadoc,
 * completeness, interrupt), {@link org.fabriclab.kernel.eval.ValueCell} (the value path for expression
 * cells), the cell class loader that hides the kernel's own libraries,
 * {@link org.fabriclab.kernel.eval.CellRewriter} (no route to ending the JVM, a stop check in every
 * loop), {@link org.fabriclab.kernel.eval.CellOwner} (which cell a thread prints for) and
 * {@link org.fabriclab.kernel.eval.OutputRouter} (coalesced stdout/stderr, per cell, background
 * threads included), {@link org.fabriclab.kernel.eval.CellFileManager} (javac keeps its class-path jar
 * index across a cell's tasks and looks for no plugins in it), {@link org.fabriclab.kernel.eval.CompiledClasses} (a value cell's
 * class files let go with it) and {@link org.fabriclab.kernel.eval.DslPreparation} (the DSL loaded
 * and run once in the background while the kernel starts, and larger samples read while it is idle).
 *
 * <pre>{@code
 * try (Session s = Session.open()) {
 *     Object table = s.eval("Table.create(\"t\")", 1).value();
 * }
 * }</pre>
 */
package org.fabriclab.kernel.eval;
