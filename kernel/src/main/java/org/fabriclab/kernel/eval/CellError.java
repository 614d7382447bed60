package org.fabriclab.kernel.eval;

import java.util.List;

/**
 * A failed cell as Jupyter shows it: {@code ename} is the real exception class name (or
 * {@code CompilationException} for code that does not compile), {@code traceback} a short trace
 * whose frames point at cell lines ({@code at Cell[3] line 2}).
 */
public record CellError(String ename, String evalue, List<String> traceback) {
    public CellError { traceback = List.copyOf(traceback); }
}
