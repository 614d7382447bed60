/**
 * The type-to-MIME renderer registry ({@link org.fabriclab.kernel.display.Renderers}, extended
 * through {@code ServiceLoader} of {@link org.fabriclab.kernel.display.Renderer}), the built-in
 * renderers (Tablesaw tables, XChart charts, DSL verdicts), and the cell-facing
 * {@link org.fabriclab.kernel.display.Display} ({@code display(x)}, {@code updateDisplay(id, x)}).
 *
 * <pre>{@code
 * Map<String, Object> bundle = Renderers.standard().bundle(table, Mime.DEFAULT);
 * }</pre>
 */
package org.fabriclab.kernel.display;
