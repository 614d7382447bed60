package org.fabriclab.capture.sysfs;

import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;

/**
 * Reads a ttar archive (the plain-text tree format of prometheus's test fixtures) and hands every
 * file below {@code class/infiniband/} to {@link SysfsPorts}. Entries:
 * {@code Path: p} then {@code Lines: n} and n content lines (a trailing {@code EOF} marks a file
 * without a final newline) or {@code SymlinkTo: t}; {@code Directory: p}; {@code Mode: m};
 * {@code # ttar - - -} separators.
 *
 * <pre>{@code
 * TtarArchive.read(Input.of(Path.of("fixtures.ttar")), ports);
 * }</pre>
 */
final class TtarArchive {
    private TtarArchive() {}

    /** Reads the archive; returns how many structural lines were skipped. */
    static int read(Input in, SysfsPorts ports) {
        String file = in.name();
        LineCursor c = new LineCursor(in.text());
        int noise = 0;
        while (c.next()) {
            String line = c.line().stripTrailing();
            if (line.isBlank() || line.startsWith("# ") || line.startsWith("Mode: ") || line.startsWith("Directory: ")) {
                noise++;
                continue;
            }
            if (!line.startsWith("Path: ")) {
                throw new CaptureException(file, c.number(), "expected a ttar entry ('Path:', 'Directory:', 'Mode:'), found '"
                        + SysfsReader.abbreviate(line) + "'");
            }
            String path = line.substring(6).strip();
            int pathLine = c.number();
            if (!c.next()) throw new CaptureException(file, pathLine, "ttar entry '" + path + "' ends the file; expected "
                    + "'Lines: <n>' or 'SymlinkTo:' after it (is the file cut?)");
            String spec = c.line().strip();
            if (spec.startsWith("SymlinkTo: ")) { noise += 2; continue; }
            if (!spec.startsWith("Lines: ")) {
                throw new CaptureException(file, c.number(), "expected 'Lines: <n>' after 'Path: " + path + "', found '"
                        + SysfsReader.abbreviate(spec) + "'");
            }
            int n;
            try {
                n = Integer.parseInt(spec.substring(7).strip());
                if (n < 0) throw new NumberFormatException();
            } catch (NumberFormatException e) {
                throw new CaptureException(file, c.number(), "expected a non-negative line count after 'Lines:', found '"
                        + SysfsReader.abbreviate(spec) + "'");
            }
            String value = "";
            int valueLine = c.number() + 1;
            for (int i = 0; i < n; i++) {
                if (!c.next()) throw new CaptureException(file, c.number(), "ttar entry '" + path + "' announces " + n
                        + " lines but the file ends after " + i + " (is the file cut?)");
                if (i == 0) value = c.line().strip();
            }
            // ttar appends EOF to the last line of a file that has no final newline
            if (n == 1 && value.endsWith("EOF")) value = value.substring(0, value.length() - 3).strip();
            if (n == 0) valueLine = c.number();
            noise += 2 + Math.max(0, n - 1);
            int mark = path.indexOf(SysfsReader.MARK);
            if (mark < 0) { noise++; continue; }
            ports.entry(path.substring(mark + SysfsReader.MARK.length()), value, file, valueLine);
        }
        return noise;
    }
}
