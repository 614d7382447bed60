package org.fabriclab.capture;

/**
 * A file that is no capture at all: no reader recognises it, it is empty, binary or UTF-16, or it is
 * an archive the readers do not unpack. Distinct from a capture a reader recognised and then found
 * malformed (a plain {@link CaptureException}): a folder of captures read as one snapshot
 * ({@code Snapshot.of(dir)}) skips such a stray file (a {@code date} output, notes, a screenshot) with
 * a warning, where a malformed capture still stops the read.
 *
 * <pre>{@code
 * try { Readers.standard().read(path); } catch (NotACaptureException e) { warn(e.getMessage()); }
 * }</pre>
 */
public final class NotACaptureException extends CaptureException {
    private static final long serialVersionUID = 1L;

    public NotACaptureException(String file, int line, String message) {
        super(file, line, message);
    }

    /** The warning for a stray file skipped in a folder: the message without the list of known formats. */
    public String skipped() {
        return getMessage().replaceFirst(" \\(known: \\[[^\\]]*\\]\\)", "") + "; skipped as no capture";
    }
}
