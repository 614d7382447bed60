package org.fabriclab.capture.sonic;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The sniff of sonic-utilities' {@code -j}/{@code --json} outputs ({@code portstat -j}, {@code queuestat -j}): an object
 * keyed by port whose first value is an object, told apart by the field names its first port holds.
 *
 * <pre>{@code
 * SonicJsonHead.of(lines, 0).startsWithPorts();   // true for {"Ethernet0": {"RX_OK": "1,200", ...}}
 * }</pre>
 */
record SonicJsonHead(String text) {
    private static final Pattern OBJECT_OF_PORTS = Pattern.compile("\\A\\{\\s*\"[A-Za-z][A-Za-z0-9_.:|/\\-]*\"\\s*:\\s*\\{");
    /** Characters of the object looked at: its first port's first fields. */
    private static final int CHARS = 4096;

    /** The head of the object starting at {@code lines.get(from)}: its lines stripped, up to {@link #CHARS} characters. */
    static SonicJsonHead of(List<String> lines, int from) {
        StringBuilder head = new StringBuilder();
        for (int i = from; i < lines.size() && head.length() < CHARS; i++) head.append(lines.get(i).strip()).append('\n');
        return new SonicJsonHead(head.toString());
    }

    /** Whether the text opens an object whose first key (a port name) holds an object. */
    boolean startsWithPorts() { return OBJECT_OF_PORTS.matcher(text).find(); }

    /** Whether any of {@code fields} (quoted JSON field names) is in the head. */
    boolean holdsAny(List<String> fields) {
        for (String f : fields) if (text.contains(f)) return true;
        return false;
    }
}
