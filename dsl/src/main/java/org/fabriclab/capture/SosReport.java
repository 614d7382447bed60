package org.fabriclab.capture;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.fabriclab.io.Json;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The layout of a sosreport ({@code sos report}, Red Hat, Ubuntu, SUSE; {@code sosreport} before 4.0), unpacked: a
 * folder with {@code sos_commands/} beside {@code version.txt}, {@code sos_reports/} or {@code sos_logs/}. sos names
 * each command's output after the command ({@code sos/report/plugins/__init__.py _mangle_command}: every run of
 * characters other than letters, digits, {@code _ - .} becomes {@code _}, {@code /} becomes {@code .}), in a folder per
 * plugin. The captures this takes, all others left unread:
 * <ul>
 * <li>{@code sos_commands/infiniband/}: {@code ibstat}, {@code ibstatus}, {@code ibv_devinfo_-v}, and per active
 * InfiniBand port {@code perfquery_-C_<dev>_-P_<port>} (classic PMA counters; sos runs no {@code perfquery -x}) and
 * {@code iblinkinfo_-C_<dev>_-P_<port>};</li>
 * <li>{@code sos_commands/networking/}: {@code ethtool_-S_<netdev>}, {@code ethtool_-a_<netdev>}, {@code ethtool_<netdev>} (the
 * link settings: the speed) and {@code ethtool_--show-fec_<netdev>} per Ethernet device
 * (outputs of devices inside network namespaces, {@code namespaces/<ns>/}, are left: their names may repeat the host's);</li>
 * <li>{@code sos_commands/mellanox_firmware/}: {@code mlxlink_-d_<pci>} / {@code mstlink_-d_<pci>};</li>
 * <li>a copied {@code sys/class/infiniband/} tree, when a collection added one (sos itself copies none; its
 * {@code sos_extras} plugin copies one that {@code /etc/sos/extras.d/} names).</li>
 * </ul>
 * Which netdev is which RDMA port: {@link SosNetdevLinks}, from the {@code sys/class/net} and
 * {@code sys/class/infiniband} links and {@code ethtool -i} outputs the sosreport holds ({@link Bundle#netdevLinks()}).
 * The time: the {@code start_time} {@code sos_reports/manifest.json} (sos 4.0 on) records for the first of those
 * commands to run with {@code return_code} 0 (epoch seconds, the moment the counters were read), else the {@code date --utc} output
 * ({@code sos_commands/date/date_--utc}), else {@code date}'s ({@code sos_commands/date/date},
 * {@code sos_commands/general/date} before sos 3.6, the top-level {@code date} link). The host: the {@code hostname}
 * output ({@code sos_commands/host/hostname}, {@code sos_commands/general/hostname} before sos 3.6, the top-level
 * {@code hostname} link), else {@code etc/hostname}.
 */
final class SosReport {
    static final String KIND = "sosreport";

    /** A mangled file name and the command it stands for ({@code $1} ... from the name's groups). */
    private record Named(Pattern name, String command) {
        String command(String file) {
            Matcher m = name.matcher(file);
            if (!m.matches()) return null;
            String c = command;
            for (int g = m.groupCount(); g >= 1; g--) c = c.replace("$" + g, m.group(g));
            return c;
        }
    }

    private static Named named(String regex, String command) { return new Named(Pattern.compile(regex), command); }

    /** Per plugin folder, the outputs taken. */
    private static final List<Object[]> TAKEN = List.of(
            new Object[] {"infiniband", List.of(named("ibstat", "ibstat"), named("ibstatus", "ibstatus"),
                    named("ibv_devinfo_-v", "ibv_devinfo -v"), named("perfquery_-C_(.+)_-P_(\\d+)", "perfquery -C $1 -P $2"),
                    named("iblinkinfo_-C_(.+)_-P_(\\d+)", "iblinkinfo -C $1 -P $2"))},
            new Object[] {"networking", List.of(named("ethtool_-S_(.+)", "ethtool -S $1"), named("ethtool_-a_(.+)", "ethtool -a $1"),
                    named("ethtool_--show-fec_(.+)", "ethtool --show-fec $1"),
                    // plain `ethtool <dev>` (the link settings: Speed is the RoCE port's rate); a device name never starts with '-'
                    named("ethtool_([^-].*)", "ethtool $1"))},
            new Object[] {"mellanox_firmware", List.of(named("(mlxlink|mstlink)_-d_(.+)", "$1 -d $2"))});

    /** sos's mangled PCI address ({@code 0000_08_00.0}) and the address ({@code 0000:08:00.0}). */
    private static final Pattern PCI = Pattern.compile("([0-9a-fA-F]{4})_([0-9a-fA-F]{2})_([0-9a-fA-F]{2}\\.[0-7])");

    private SosReport() {}

    /** The sosreport {@code dir} is, or null. */
    static Bundle find(Path dir, String name) {
        Path cmds = dir.resolve("sos_commands");
        if (!Files.isDirectory(cmds)) return null;
        if (!Files.isRegularFile(dir.resolve("version.txt")) && !Files.isDirectory(dir.resolve("sos_reports"))
                && !Files.isDirectory(dir.resolve("sos_logs"))) return null;
        Bundle b = Bundle.start(KIND, version(dir), name);
        for (Object[] plugin : TAKEN) {
            Path folder = cmds.resolve((String) plugin[0]);
            @SuppressWarnings("unchecked") List<Named> names = (List<Named>) plugin[1];
            for (Path f : files(folder)) {
                String n = f.getFileName().toString();
                for (Named x : names) {
                    String c = x.command(n);
                    if (c != null) { b.add(dir, f, PCI.matcher(c).replaceAll("$1:$2:$3")); break; }
                }
            }
        }
        Path sysfs = dir.resolve("sys/class/infiniband");
        if (Files.isDirectory(sysfs)) b.add(dir, sysfs, null);
        b.netdevLinks(SosNetdevLinks.of(dir, name));
        Bundle.Time t = manifestTime(dir, b);
        if (t == null) t = dateTime(dir);
        if (t != null) b.time(t);
        String host = host(dir);
        if (host != null) b.host(host);
        return b.done(dir);
    }

    private static List<Path> files(Path folder) {
        if (!Files.isDirectory(folder)) return List.of();
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** {@code version.txt}'s first line ({@code sos report: 4.8.1}; {@code sosreport: 3.9} before), or empty. */
    private static String version(Path dir) {
        try {
            List<String> l = Files.readAllLines(dir.resolve("version.txt"), StandardCharsets.ISO_8859_1);
            return l.isEmpty() ? "" : l.get(0).strip();
        } catch (IOException e) {
            return "";
        }
    }

    /** The manifest's earliest {@code start_time} among the commands taken as captures, or null. */
    private static Bundle.Time manifestTime(Path dir, Bundle b) {
        Path m = dir.resolve("sos_reports/manifest.json");
        if (!Files.isRegularFile(m)) return null;
        Set<String> taken = new java.util.HashSet<>();
        for (Input in : b.captures()) taken.add(dir.relativize(in.path()).toString().replace('\\', '/'));
        JsonNode plugins;
        try {
            plugins = Json.mapper().readTree(m.toFile()).path("components").path("report").path("plugins");
        } catch (IOException | RuntimeException e) {
            return null;
        }
        double first = Double.NaN;
        String cmd = null;
        for (JsonNode p : (Iterable<JsonNode>) plugins::elements) {
            for (JsonNode c : p.path("commands")) {
                JsonNode start = c.path("start_time");
                // a command that failed (ethtool -S lo: 'no stats available', exit 94) read no counter at that moment
                if (!taken.contains(c.path("filepath").asText("")) || !start.isNumber() || c.path("return_code").asInt(0) != 0) continue;
                if (Double.isNaN(first) || start.asDouble() < first) { first = start.asDouble(); cmd = c.path("exec").asText(""); }
            }
        }
        if (Double.isNaN(first)) return null;
        return new Bundle.Time(Math.round(first * 1000), "sos_reports/manifest.json",
                "sos_reports/manifest.json: start of '" + cmd + "', the first command read that succeeded");
    }

    /** Where sos keeps the host's name: the host plugin's {@code hostname} output (general's before sos 3.6), its top-level link, /etc/hostname. */
    private static final String[] HOSTNAME = {"sos_commands/host/hostname", "sos_commands/general/hostname", "hostname", "etc/hostname"};

    /** The host's name as the sosreport records it (one word on the first line of {@link #HOSTNAME}'s first file), or null. */
    private static String host(Path dir) {
        for (String f : HOSTNAME) {
            Path p = dir.resolve(f);
            try {
                if (!Files.isRegularFile(p) || Files.size(p) > 300) continue;
                String t = Files.readString(p, StandardCharsets.ISO_8859_1).strip();
                if (!t.isEmpty() && t.indexOf('\n') < 0 && HOST.matcher(t).matches()) return t;
            } catch (IOException e) {
                // not readable: the next one
            }
        }
        return null;
    }

    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,252}");

    /** The first date output of the sosreport that parses, or null. */
    private static Bundle.Time dateTime(Path dir) {
        for (String f : new String[] {"sos_commands/date/date_--utc", "sos_commands/date/date", "sos_commands/general/date", "date"}) {
            Path p = dir.resolve(f);
            try {
                if (!Files.isRegularFile(p) || Files.size(p) > 200) continue;
                String t = Files.readString(p, StandardCharsets.ISO_8859_1).strip();
                Long ms = t.isEmpty() || t.indexOf('\n') >= 0 ? null : DateOutput.epochMs(t);
                if (ms != null) return new Bundle.Time(ms, f, f + " (a date output, to the second)");
            } catch (IOException e) {
                // not readable: the next one
            }
        }
        return null;
    }
}
