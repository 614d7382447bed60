package org.fabriclab.kernel.eval;

import java.util.Optional;

/**
 * The outcome of one cell: either an error, or success with (when the last snippet is an
 * expression) its live value; or the cell asked to end the session ({@code exit} / {@code quit}).
 *
 * <pre>{@code
 * CellResult r = session.eval("6 * 7", 1);
 * r.hasValue();   // true
 * r.value();      // Integer 42
 * session.eval("exit", 2).exitRequested();   // true: the front end ends the session
 * }</pre>
 */
public record CellResult(boolean hasValue, Object value, CellError error, boolean exitRequested) {
    public CellResult(boolean hasValue, Object value, CellError error) { this(hasValue, value, error, false); }

    public static CellResult none() { return new CellResult(false, null, null); }
    public static CellResult value(Object v) { return new CellResult(true, v, null); }
    public static CellResult failed(CellError e) { return new CellResult(false, null, e); }
    /** The cell was {@code exit} or {@code quit}: the session should end (IPython's semantics). */
    public static CellResult exit() { return new CellResult(false, null, null, true); }

    public boolean ok() { return error == null; }

    public Optional<CellError> failure() { return Optional.ofNullable(error); }
}
