package org.fabriclab.capture;

import java.util.ArrayList;
import java.util.List;

/**
 * The host lists pdsh's {@code dshbak -c} and ClusterShell's {@code clush -b} print over output several hosts share:
 * names joined by commas, a numeric range in brackets ({@code node[01-03,05]}, zero padding kept: {@code foo[00-03]} is
 * {@code foo00 ... foo03}, {@code foo[0,01,2,03]} each as written), a suffix after the brackets ({@code foo[1-2]s}), and
 * ClusterShell's several bracket groups ({@code rack[1-2]node[1-2]}: each combination). Names are DNS labels: letters,
 * digits, {@code . _ -}.
 *
 * <pre>{@code
 * HostList.expand("bar[0-1],foo[1-2,5]");   // [bar0, bar1, foo1, foo2, foo5]
 * HostList.expand("node 1");                // null: not a host list
 * }</pre>
 */
public final class HostList {
    /** More hosts than one header can name: a typo ({@code node[1-99999999]}) is refused, not expanded. */
    static final int MAX_HOSTS = 1 << 16;

    private HostList() {}

    /** The hosts {@code list} names in its order, or null when it is no host list (a blank, a slash, a bad range). */
    public static List<String> expand(String list) {
        if (list == null || list.isEmpty()) return null;
        List<String> out = new ArrayList<>();
        int depth = 0, start = 0;
        for (int i = 0; i <= list.length(); i++) {
            char c = i < list.length() ? list.charAt(i) : ',';
            if (c == '[') depth++;
            else if (c == ']') depth--;
            if (depth < 0 || depth > 1) return null;
            if (c == ',' && depth == 0) {
                if (!one(list.substring(start, i), out)) return null;
                start = i + 1;
            }
        }
        return depth == 0 ? out : null;
    }

    /** True when {@code c} may be in a host name. */
    static boolean nameChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-';
    }

    /** Appends the hosts of one pattern ({@code node[1-3]}, {@code gpu7}); false when it is malformed. */
    private static boolean one(String pattern, List<String> out) {
        if (pattern.isEmpty()) return false;
        List<String> names = new ArrayList<>(List.of(""));
        int i = 0;
        while (i < pattern.length()) {
            char c = pattern.charAt(i);
            if (c == '[') {
                int close = pattern.indexOf(']', i);
                List<String> nums = range(pattern.substring(i + 1, close));
                if (nums == null || (long) names.size() * nums.size() + out.size() > MAX_HOSTS) return false;
                List<String> next = new ArrayList<>(names.size() * nums.size());
                for (String n : names) for (String m : nums) next.add(n + m);
                names = next;
                i = close + 1;
                continue;
            }
            if (!nameChar(c)) return false;
            int j = i;
            while (j < pattern.length() && nameChar(pattern.charAt(j))) j++;
            String lit = pattern.substring(i, j);
            names.replaceAll(n -> n + lit);
            i = j;
        }
        out.addAll(names);
        return true;
    }

    /** The numbers of {@code 01-03,5} as written ({@code 01, 02, 03, 5}), or null. */
    private static List<String> range(String spec) {
        List<String> out = new ArrayList<>();
        for (String item : spec.split(",", -1)) {
            int dash = item.indexOf('-');
            String lo = dash < 0 ? item : item.substring(0, dash), hi = dash < 0 ? item : item.substring(dash + 1);
            if (!digits(lo) || !digits(hi) || lo.length() > 9 || hi.length() > 9) return null;
            int a = Integer.parseInt(lo), b = Integer.parseInt(hi);
            if (b < a || out.size() + (long) (b - a) + 1 > MAX_HOSTS) return null;
            // zero padding: the width of a bound written with a leading zero ("01-11" is 01 ... 11)
            int width = lo.length() > 1 && lo.charAt(0) == '0' ? lo.length() : 1;
            for (int v = a; v <= b; v++) {
                String s = Integer.toString(v);
                out.add(s.length() < width ? "0".repeat(width - s.length()) + s : s);
            }
        }
        return out;
    }

    private static boolean digits(String s) {
        if (s.isEmpty()) return false;
        for (int i = 0; i < s.length(); i++) if (s.charAt(i) < '0' || s.charAt(i) > '9') return false;
        return true;
    }
}
