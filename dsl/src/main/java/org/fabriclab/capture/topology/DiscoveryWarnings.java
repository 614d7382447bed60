package org.fabriclab.capture.topology;

import org.fabriclab.capture.Capture;

/**
 * The {@code ibwarn:} lines libibnetdisc and libibmad print to stderr while {@code ibnetdiscover},
 * {@code ibnetdiscover -p} and {@code iblinkinfo} walk the fabric ({@code ibwarn: [565044] sim_connect: attached as
 * client 1 at node "Switch1"}, {@code ibwarn: [1234] mad_rpc: _do_madrpc failed; dport (DR path ...)}), mixed into
 * the output when it is saved with {@code 2>&1}. They are no topology line: each is counted as noise, and the first
 * is reported once as a warning, since a failed query can mean a part of the fabric is missing from the file.
 * {@code ibpanic:} (the tool gave up) is not one of them: that output is refused where it stands.
 *
 * <pre>{@code
 * DiscoveryWarnings w = new DiscoveryWarnings(file);
 * if (w.skip(line, lineNo)) continue;
 * w.report(builder);   // "t.topo:2: 1 ibwarn line(s) from the discovery, first: ibwarn: [...] ..."
 * }</pre>
 */
final class DiscoveryWarnings {
    private final String file;
    private int count;
    private int firstLine;
    private String first;

    DiscoveryWarnings(String file) { this.file = file; }

    /** Whether the stripped line {@code t} is an {@code ibwarn:} message; if so it is counted. */
    boolean skip(String t, int line) {
        if (!t.startsWith("ibwarn:")) return false;
        if (count++ == 0) { first = t; firstLine = line; }
        return true;
    }

    /** One warning naming the first message, when there was one. */
    void report(Capture.Builder b) {
        if (count == 0) return;
        b.warn(file + ":" + firstLine + ": " + count + " ibwarn line(s) from the discovery, not topology lines (a failed query "
                + "may have left part of the fabric out); first: " + LinkTable.abbreviate(first));
    }
}
