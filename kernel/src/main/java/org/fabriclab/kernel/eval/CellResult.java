package org.fabriclab.kernel.eval;

import java.util.Optional;

/**
 * The outcome of one cell: either an error, or success with (when the last snippet is an
 * expression) its live value.
 *
 * <pre>{@code
 * CellResult r = session.eval("6 * 7", 1);
 * r.hasValue();   // true
 * r.value();      // Integer 42
 * }</pre>
 */
public record CellResult(boolean hasValue, Object value, CellError error) {
    public static CellResult none() { return new CellResult(false, null, null); }
    public static CellResult value(Object v) { return new CellResult(true, v, null); }
    public static CellResult failed(CellError e) { return new CellResult(false, null, e); }

    public boolean ok() { return error == null; }

    public Optional<CellError> failure() { return Optional.ofNullable(error); }
}
