package org.fabriclab.capture.sysfs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Source;

/**
 * Turns sysfs files into readings, whatever carried them ({@code grep -H} lines, a directory, a
 * ttar archive). A file is named by its path below {@code class/infiniband/}:
 * <ul>
 * <li>{@code <dev>/ports/<n>/counters/<name>}: {@link Source#SYSFS} counter ({@code N/A ...} is absent, not 0);</li>
 * <li>{@code <dev>/ports/<n>/counters_ext/<name>}: {@link Source#SYSFS} counter (mlx4's 64-bit copies, uncatalogued);</li>
 * <li>{@code <dev>/ports/<n>/hw_counters/<name>}: {@link Source#HW_COUNTERS} counter;</li>
 * <li>{@code <dev>/ports/<n>/{lid,sm_lid,rate,state,phys_state,link_layer,cap_mask}}: port attributes
 * ({@code lid} hex to decimal, kept only when unicast: not 0 nor a down port's {@code 0xffff}, {@code rate} {@code 100 Gb/sec (4X EDR)} to {@code rate_gbps=100},
 * {@code state} {@code 4: ACTIVE} to {@code ACTIVE});</li>
 * <li>{@code <dev>/{board_id,fw_ver,hca_type,node_guid,sys_image_guid,node_desc}}: device attributes,
 * given to every port of the device ({@code node_guid} {@code 0a7f:bc12:45ef:d23b} to
 * {@code 0x0a7fbc1245efd23b}).</li>
 * </ul>
 * Anything else is not read and counted as noise.
 *
 * <pre>{@code
 * SysfsPorts p = new SysfsPorts(builder);
 * p.entry("mlx5_0/ports/1/counters/link_downed", "0", "dump.txt", 12);
 * p.finish();
 * }</pre>
 */
final class SysfsPorts {
    // Lists, not Set.of: a reader walks them in order, and Set.of's iteration order changes from one JVM run to the next
    // (the same tree printed its counters and hw_counters in either order)
    static final List<String> DEVICE_FILES = List.of("board_id", "fw_ver", "hca_type", "node_guid", "sys_image_guid",
            "node_desc");
    static final List<String> PORT_FILES = List.of("lid", "sm_lid", "rate", "state", "phys_state", "link_layer",
            "cap_mask");
    static final List<String> COUNTER_DIRS = List.of("counters", "counters_ext", "hw_counters");

    private final Capture.Builder b;
    private final Map<String, List<String[]>> deviceAttrs = new LinkedHashMap<>();
    private final Map<String, Set<String>> devicePorts = new LinkedHashMap<>();
    private int ignored;
    private int read;

    SysfsPorts(Capture.Builder b) {
        this.b = b;
    }

    /** How many files were not sysfs counters or attributes fabriclab reads. */
    int ignored() { return ignored; }

    /** How many files were read as counters, absent counters or attributes. */
    int read() { return read; }

    /**
     * A sysfs file the kernel would not read ({@code grep: <path>: Invalid argument}): a counter file is
     * absent with {@code message} as its reason; true when it was one, false (and ignored) otherwise.
     */
    boolean unreadable(String rel, String message, String file, int line) {
        String[] p = rel.split("/");
        if (p.length != 5 || !p[1].equals("ports") || !isNumber(p[2]) || !COUNTER_DIRS.contains(p[3])) { ignored++; return false; }
        String port = port(p[0], p[2], line);
        b.absent(counterSource(p[3]), port, p[4], file, line, "unreadable: " + message);
        read++;
        return true;
    }

    /** Port {@code <dev>/<num>}, its device and port number given as attributes the first time it is seen (at {@code line}). */
    private String port(String dev, String num, int line) {
        String port = dev + "/" + num;
        if (devicePorts.computeIfAbsent(dev, k -> new LinkedHashSet<>()).add(port)) {
            b.attr(port, PortAttr.DEVICE, dev, line);
            b.attr(port, PortAttr.PORT_NUM, num, line);
        }
        return port;
    }

    /** The source of a counter folder's files: {@code hw_counters/} the RDMA driver's, {@code counters/} and {@code counters_ext/} sysfs'. */
    private static Source counterSource(String dir) {
        return dir.equals("hw_counters") ? Source.HW_COUNTERS : Source.SYSFS;
    }

    /**
     * One sysfs file: {@code rel} is its path below {@code class/infiniband/}, {@code value} its
     * content; {@code file} and {@code line} are where errors point.
     */
    void entry(String rel, String value, String file, int line) {
        String[] p = rel.split("/");
        String v = value.strip();
        if (p.length == 2 && DEVICE_FILES.contains(p[1])) {
            String key = p[1];
            String val = key.endsWith("guid") ? normaliseGuid(v) : v;
            if (key.endsWith("guid") && PortAttr.isZeroGuid(val)) {
                b.warn(file + ":" + line + ": " + p[0] + " " + key + " is all zero; not used as an identity");
                read++;
                return;
            }
            deviceAttrs.computeIfAbsent(p[0], k -> new ArrayList<>()).add(new String[] {key, val, Integer.toString(line)});
            read++;
            return;
        }
        if (p.length < 4 || !p[1].equals("ports") || !isNumber(p[2])) { ignored++; return; }
        String port = port(p[0], p[2], line);
        if (p.length == 4) {
            if (!PORT_FILES.contains(p[3])) { ignored++; return; }
            portAttr(port, p[3], v, file, line);
            read++;
            return;
        }
        if (p.length == 5 && COUNTER_DIRS.contains(p[3])) {
            Source src = counterSource(p[3]);
            if (v.startsWith("N/A")) {
                b.absent(src, port, p[4], file, line, v);
            } else if (v.isEmpty()) {
                b.absent(src, port, p[4], file, line, "empty file (no value)");
            } else {
                b.counter(src, port, p[4], Values.parseCounter(v, file, line), file, line);
            }
            read++;
            return;
        }
        ignored++;
    }

    private void portAttr(String port, String name, String v, String file, int line) {
        switch (name) {
            case "lid", "sm_lid" -> {
                String lid = lidDecimal(v);
                if (lid != null && (name.equals("sm_lid") || PortAttr.isUnicastLid(lid))) {
                    b.attr(port, name.equals("lid") ? PortAttr.LID : "sm_lid", lid, file, line);
                }
            }
            case "rate" -> {
                String g = rateGbps(v);
                if (g != null) b.attr(port, PortAttr.RATE_GBPS, g, file, line);
                b.attr(port, "rate", v, file, line);
            }
            case "state" -> { b.attr(port, PortAttr.STATE, afterColon(v), file, line); stateId(port, "state_id", v, file, line); }
            case "phys_state" -> { b.attr(port, "phys_state", afterColon(v), file, line); stateId(port, "phys_state_id", v, file, line); }
            case "link_layer" -> b.attr(port, PortAttr.LINK_LAYER, v, file, line);
            default -> b.attr(port, name, v, file, line);
        }
    }

    /** {@code 4: ACTIVE} also gives the numeric id ({@code state_id = 4}), as the kernel prints it. */
    private void stateId(String port, String key, String v, String file, int line) {
        int c = v.indexOf(':');
        if (c > 0 && isNumber(v.substring(0, c).strip())) b.attr(port, key, v.substring(0, c).strip(), file, line);
    }

    /** Gives device attributes to every port of the device; call once after the last entry. */
    void finish() {
        for (Map.Entry<String, List<String[]>> e : deviceAttrs.entrySet()) {
            for (String port : devicePorts.getOrDefault(e.getKey(), Set.of())) {
                for (String[] kv : e.getValue()) b.attr(port, kv[0], kv[1], Integer.parseInt(kv[2]));
            }
        }
    }

    /** {@code 0x6b7} or {@code 1719} to {@code "1719"}; null when not a number. */
    static String lidDecimal(String v) {
        try {
            if (v.startsWith("0x") || v.startsWith("0X")) return Long.toString(Long.parseLong(v.substring(2), 16));
            return Long.toString(Long.parseLong(v));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** {@code 100 Gb/sec (4X EDR)} to {@code "100"}, {@code 2.5 Gb/sec (1X SDR)} to {@code "2.5"}. */
    static String rateGbps(String v) {
        int gb = v.indexOf(" Gb/sec");
        if (gb <= 0) return null;
        String n = v.substring(0, gb).strip();
        try {
            double d = Double.parseDouble(n);
            return d == Math.rint(d) ? Long.toString((long) d) : n;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** {@code 4: ACTIVE} to {@code ACTIVE}. */
    static String afterColon(String v) {
        int c = v.indexOf(':');
        return c < 0 ? v : v.substring(c + 1).strip();
    }

    /** {@code 0a7f:bc12:45ef:d23b} or {@code 0x0A7FBC1245EFD23B} to {@code 0x0a7fbc1245efd23b}. */
    static String normaliseGuid(String v) {
        String h = v.strip().toLowerCase(java.util.Locale.ROOT);
        if (h.startsWith("0x")) h = h.substring(2);
        h = h.replace(":", "");
        if (h.isEmpty() || h.length() > 16 || !h.chars().allMatch(ch -> Character.digit(ch, 16) >= 0)) return v.strip();
        return "0x" + "0".repeat(16 - h.length()) + h;
    }

    private static boolean isNumber(String s) {
        if (s.isEmpty()) return false;
        for (int i = 0; i < s.length(); i++) if (!Character.isDigit(s.charAt(i))) return false;
        return true;
    }
}
