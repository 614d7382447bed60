/**
 * nbformat 4 notebooks with Jackson ({@link org.fabriclab.kernel.notebook.Notebook}), the headless
 * runner with papermill-style parameters ({@link org.fabriclab.kernel.notebook.NotebookRunner},
 * {@link org.fabriclab.kernel.notebook.Parameters}) and the HTML export laid out like
 * nbconvert's ({@link org.fabriclab.kernel.notebook.HtmlExport}, markdown through commonmark-java).
 * Schema validity is checked in CI with Debian's nbformat (which carries the nbformat 4 JSON
 * schema), not at run time.
 *
 * <pre>{@code
 * Notebook nb = Notebook.read(Path.of("in.ipynb"));
 * new NotebookRunner().run(nb, Map.of("fabric", "roce"));
 * nb.write(Path.of("out.ipynb"));
 * }</pre>
 */
package org.fabriclab.kernel.notebook;
