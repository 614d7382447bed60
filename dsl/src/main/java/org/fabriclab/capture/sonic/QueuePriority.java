package org.fabriclab.capture.sonic;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Binding;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Source;

/**
 * A switch queue as queuestat names it ({@code UC3}, {@code MC10}, {@code ALL20}: the queue's SAI type, unicast,
 * multicast or both, then its index on the port) and the priority whose traffic it carries, which queuestat does not
 * print. A queue's counts are read under the raw name {@code <queue> <column>} ({@code UC3 Drop/pkts}), which the
 * catalogue binds with a queue index ({@code UC{q} Drop/pkts}). A unicast queue {@code UCn} with n in 0..7 is read, in
 * addition, as priority n's egress queue, under {@code priority <n> <column>}, where the catalogue names such a count
 * (it does for the drops: so a drop on the queue of a lossless priority is graded like a NIC's per-priority discard);
 * other columns, multicast queues and queues 8 and up stay per-queue only.
 *
 * <p><b>Assumed:</b> priority n is queue n. That is SONiC's default QoS ({@code MAP_PFC_PRIORITY_TO_QUEUE} and
 * {@code TC_TO_QUEUE_MAP} "AZURE" map n to n in sonic-buildimage's {@code files/build_templates/qos_config.j2}, whose
 * default lossless traffic classes are 3 and 4); a switch configured otherwise moves a drop to another priority. The
 * capture says so in a warning whenever a queue was read as a priority ({@link #warning}).
 *
 * <pre>{@code
 * QueuePriority q = QueuePriority.of("UC3", "q.txt", 4);
 * q.raw("Drop/pkts");            // "UC3 Drop/pkts"
 * q.priorityRaw("Drop/pkts");    // Optional: "priority 3 Drop/pkts" when the catalogue names it
 * }</pre>
 */
record QueuePriority(String tag, String type, int index) {
    private static final Pattern TAG = Pattern.compile("(UC|MC|ALL)(\\d{1,6})");
    /** Priorities are 0..7 (3-bit PCP / PFC class). */
    private static final int PRIORITIES = 8;

    /**
     * The queue named {@code tag}.
     *
     * @throws CaptureException naming file and line when {@code tag} is not a queue such as {@code UC3}, {@code MC10} or {@code ALL20}
     */
    static QueuePriority of(String tag, String file, int line) {
        Matcher m = TAG.matcher(tag);
        if (!m.matches()) {
            throw new CaptureException(file, line, "expected a queue such as UC3, MC10 or ALL20 (type and index, as queuestat prints TxQ), found '"
                    + Values.abbreviate(tag) + "'");
        }
        return new QueuePriority(tag, m.group(1), Integer.parseInt(m.group(2)));
    }

    /** The raw name of this queue's count in column {@code label}: {@code UC3 Drop/pkts}. */
    String raw(String label) { return tag + " " + label; }

    /**
     * The raw name of the count in column {@code label} read as priority n's ({@code priority 3 Drop/pkts}), or null
     * when this is no unicast queue 0..7 or the catalogue names no such count.
     */
    String priorityRaw(String label) {
        return type.equals("UC") ? asPriority(index, label) : null;
    }

    /**
     * {@code priority <index> <what>}, the raw name under which a count of buffer unit {@code index} (a queue, an ingress
     * priority group) is read as that priority's, when {@code index} is a priority (0..7) and the catalogue names it; else null.
     */
    static String asPriority(int index, String what) {
        if (index < 0 || index >= PRIORITIES) return null;
        String raw = "priority " + index + " " + what;
        return Catalogue.standard().lookup(Source.SONIC, raw).isPresent() ? raw : null;
    }

    /**
     * Puts {@code cell} (column {@code label}, line {@code n}) on {@code port}: as this queue's count and, where
     * {@link #priorityRaw} gives a name, as its priority's.
     *
     * @return whether the cell was also read as a priority's
     */
    boolean put(Capture.Builder b, String port, String label, String cell, String file, int n) {
        SonicTable.counter(b, port, raw(label), cell, tag + " " + label, file, n);
        String p = priorityRaw(label);
        if (p == null) return false;
        SonicTable.counter(b, port, p, cell, tag + " " + label, file, n);
        return true;
    }

    /** What a capture that read queues as priorities says: the assumption, and what it named each count. */
    static String warning(String file, String label) {
        String canonical = Catalogue.standard().lookup(Source.SONIC, "priority 3 " + label).map(Binding::canonical).orElse("priority n's count");
        return file + ": unicast queue UCn read as priority n's egress queue (" + label + " of UC3 is " + canonical + "): SONiC's default "
                + "QoS maps priority n to queue n (MAP_PFC_PRIORITY_TO_QUEUE, TC_TO_QUEUE_MAP); queuestat does not print the mapping, so "
                + "on a switch configured otherwise check 'show runningconfiguration all' (TC_TO_QUEUE_MAP, MAP_PFC_PRIORITY_TO_QUEUE, "
                + "PORT_QOS_MAP pfc_enable) before reading a drop as a lossless priority's";
    }
}
