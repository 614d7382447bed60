package org.fabriclab.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Small, strict checks of the generated text formats, and the counter values a snapshot of a side
 * ({@code before/} or {@code after/}) holds, read with these checks, not with the readers (the
 * reader-based end-to-end test comes with the readers). Classic and extended perfquery copies are
 * joined as the snapshot does: equal values agree, a pegged narrow copy yields to the wide one.
 */
final class Seen {
    static final Pattern CLASSIC = Pattern.compile("# Port counters: Lid (\\d+) port (\\d+) \\(CapMask: 0x[0-9A-F]+\\)");
    static final Pattern EXTENDED = Pattern.compile("# Port extended counters: Lid (\\d+) port (\\d+) \\(CapMask: 0x[0-9A-F]+ CapMask2: 0x[0-9a-f]+\\)");
    static final Pattern HW = Pattern.compile("/sys/class/infiniband/mlx5_0/ports/1/hw_counters/([a-z_]+):(\\d+)");
    static final Pattern ETHTOOL = Pattern.compile(" {5}([A-Za-z0-9_]+): (\\d+)");
    static final Map<String, Integer> CLASSIC_WIDTH = classicWidths();

    private Seen() {}

    private static Map<String, Integer> classicWidths() {
        Map<String, Integer> m = new TreeMap<>();
        for (Object[] f : IbText.CLASSIC) m.put((String) f[0], (Integer) f[1]);
        return m;
    }

    /** perfquery's layout: {@code Name:} then dots up to column 33, then the value. */
    static Map<String, Long> perfquery(Path file, boolean extended) throws IOException {
        List<String> lines = Files.readAllLines(file);
        Matcher h = (extended ? EXTENDED : CLASSIC).matcher(lines.get(0));
        assertTrue(h.matches(), file + ": header " + lines.get(0));
        Map<String, Long> out = new TreeMap<>();
        for (String l : lines.subList(1, lines.size())) {
            int colon = l.indexOf(':');
            assertTrue(colon > 0 && l.length() > 33, file + ": " + l);
            assertTrue(l.substring(colon + 1, 33).chars().allMatch(c -> c == '.'), file + ": dots to column 33 in " + l);
            String name = l.substring(0, colon), value = l.substring(33);
            if (name.startsWith("CounterSelect") || name.equals("PortSelect")) continue;
            assertTrue(value.matches("\\d+"), file + ": decimal value in " + l);
            long v = Long.parseLong(value);
            if (!extended) assertTrue(v <= (1L << CLASSIC_WIDTH.get(name)) - 1, file + ": " + name + " within its classic width");
            out.put(name, v);
        }
        return out;
    }

    static Map<String, Long> hwCounters(Path file) throws IOException {
        Map<String, Long> out = new TreeMap<>();
        String last = "";
        for (String l : Files.readAllLines(file)) {
            Matcher m = HW.matcher(l);
            assertTrue(m.matches(), file + ": grep -H line " + l);
            assertTrue(m.group(1).compareTo(last) > 0, file + ": sorted as a glob lists them");
            last = m.group(1);
            out.put(m.group(1), Long.parseLong(m.group(2)));
        }
        return out;
    }

    static Map<String, Long> ethtool(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        assertEquals("NIC statistics:", lines.get(0), file.toString());
        Map<String, Long> out = new TreeMap<>();
        for (String l : lines.subList(1, lines.size())) {
            Matcher m = ETHTOOL.matcher(l);
            assertTrue(m.matches(), file + ": " + l);
            if (out.put(m.group(1), Long.parseLong(m.group(2))) != null) fail(file + ": duplicate " + m.group(1));
        }
        return out;
    }

    /** Every counter a snapshot of {@code side} would hold, by canonical name. */
    static Map<String, Long> side(Path side) throws IOException {
        Map<String, Long> out = new TreeMap<>();
        if (Files.exists(side.resolve("ethtool.txt"))) out.putAll(ethtool(side.resolve("ethtool.txt")));
        if (Files.exists(side.resolve("hw_counters.txt"))) out.putAll(hwCounters(side.resolve("hw_counters.txt")));
        if (Files.exists(side.resolve("perfquery-x.txt"))) out.putAll(perfquery(side.resolve("perfquery-x.txt"), true));
        if (Files.exists(side.resolve("perfquery.txt"))) {
            for (Map.Entry<String, Long> e : perfquery(side.resolve("perfquery.txt"), false).entrySet()) {
                Long wide = out.get(e.getKey());
                long cap = (1L << CLASSIC_WIDTH.get(e.getKey())) - 1;
                if (wide == null) out.put(e.getKey(), e.getValue());
                else if (!wide.equals(e.getValue()) && !(e.getValue() == cap && wide >= cap)) {
                    fail(side + ": classic " + e.getKey() + " " + e.getValue() + " conflicts with extended " + wide);
                }
            }
        }
        return out;
    }
}
