package org.fabriclab.capture;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.fabriclab.catalogue.Source;

/**
 * Which netdev is which RDMA port, as a sosreport's own files record it: the join {@code fabriclab collect} makes from
 * {@code rdma link}'s {@code netdev} (sos runs no {@code rdma} command), made here from what sos does keep.
 * <ul>
 * <li>{@code sys/class/infiniband/<dev>/ports/<n>/gid_attrs/ndevs/0}, when the copied tree holds it: the netdev of the
 * port's default GID, the kernel's own per-port answer (the one the collector reads first);</li>
 * <li>else the PCI function: a netdev's from the {@code sys/class/net/<netdev>} link sos re-creates in the archive
 * (its networking plugin copies {@code /sys/class/net/*}{@code /device/numa_node}, {@code flags} and {@code statistics/};
 * sos/archive.py {@code _make_leading_paths} keeps each link of the path as a link, so the archive holds
 * {@code sys/class/net/ens1f0np0 -> ../../devices/pci0000:00/0000:00:02.0/0000:08:00.0/net/ens1f0np0} and that
 * folder's {@code device -> ../../../0000:08:00.0}) and from {@code ethtool -i <netdev>}'s {@code bus-info}; an RDMA
 * device's from {@code sys/class/infiniband/<dev>} and its {@code device} link, the same way. One PCI function that
 * holds exactly one netdev and exactly one RDMA device with exactly one port (ConnectX-4 and later: one port per
 * function) joins them, as the collector's "{@code device/net/} holds exactly one" does.</li>
 * </ul>
 * Anything else is not guessed: two netdevs on the function (switchdev representors, mlx4's two ports on one
 * function), two RDMA devices, a device of several ports without {@code ndevs}, sources that disagree, or a netdev
 * claimed by two ports each leave the port apart with a warning saying why; so does a netdev that is a bond's slave
 * ({@code proc/net/bonding/<bond>}): with RoCE LAG the function's RDMA device is the bond's, counting both ports. A netdev with no RDMA device on its PCI
 * function (an igb management NIC) is simply not joined. Links are read as text ({@link Files#readSymbolicLink}), so
 * one whose target sos did not copy still names its PCI address.
 */
final class SosNetdevLinks {
    /** A PCI function address as sysfs names it ({@code 0000:08:00.0}). */
    private static final Pattern BDF = Pattern.compile("[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7]");
    /** {@code ethtool -i}'s PCI line. */
    private static final Pattern BUS_INFO = Pattern.compile("(?m)^bus-info:\\s*(\\S+)\\s*$");
    private static final Pattern ETHTOOL_I = Pattern.compile("ethtool_-i_(.+)");

    private SosNetdevLinks() {}

    /** Where a fact was read: the file, relative to the sosreport. */
    private record Fact(String value, String file) {}

    /**
     * The joins {@code dir} (a sosreport's top folder, named {@code name} in messages) records, as a capture of
     * {@code netdev} attributes on {@code <dev>/<port>} with a warning per port left apart; null when it records no
     * RDMA device beside a netdev (nothing to join, nothing to say).
     */
    static Capture of(Path dir, String name) {
        Map<String, List<Fact>> netdevPci = netdevPci(dir);
        Map<String, String> bonds = bondSlaves(dir);
        Path ib = dir.resolve("sys/class/infiniband");
        List<String> devs = list(ib);
        if (devs.isEmpty()) return null;
        Capture.Builder b = Capture.builder(Source.SYSFS, name + "/sys/class/infiniband (netdev links)");
        Map<String, Fact> joined = new LinkedHashMap<>();   // port -> netdev (and where it was read)
        Map<String, String> why = new TreeMap<>();          // what was left apart, and why
        // the netdevs of each PCI function, each netdev once: sources that disagree leave it out
        Map<String, TreeSet<String>> onFunction = new TreeMap<>();
        for (Map.Entry<String, List<Fact>> e : netdevPci.entrySet()) {
            TreeSet<String> pcis = new TreeSet<>();
            for (Fact f : e.getValue()) pcis.add(f.value().toLowerCase(java.util.Locale.ROOT));
            if (pcis.size() > 1) {
                why.put("netdev " + e.getKey(), "netdev " + e.getKey() + " is on PCI " + String.join(" and ", pcis) + " by "
                        + files(e.getValue()) + "; not joined to any RDMA port");
                continue;
            }
            onFunction.computeIfAbsent(pcis.first(), k -> new TreeSet<>()).add(e.getKey());
        }
        Map<String, TreeSet<String>> devsOnFunction = new TreeMap<>();
        Map<String, Fact> devPci = new TreeMap<>();
        for (String d : devs) {
            Fact f = devPci(ib, d);
            if (f == null) continue;
            devPci.put(d, f);
            devsOnFunction.computeIfAbsent(f.value(), k -> new TreeSet<>()).add(d);
        }
        for (String d : devs) {
            List<String> ports = list(ib.resolve(d).resolve("ports"));
            List<String> byGid = new ArrayList<>();
            for (String p : ports) {
                String nd = firstLine(ib.resolve(d).resolve("ports").resolve(p).resolve("gid_attrs/ndevs/0"));
                if (nd == null || nd.isEmpty()) continue;
                byGid.add(p);
                joined.merge(d + "/" + p, new Fact(nd, "sys/class/infiniband/" + d + "/ports/" + p + "/gid_attrs/ndevs/0"), (a, x) -> a);
            }
            if (!byGid.isEmpty()) continue;
            Fact pci = devPci.get(d);
            if (pci == null) continue;
            TreeSet<String> nds = onFunction.getOrDefault(pci.value(), new TreeSet<>());
            if (nds.isEmpty()) continue;
            String port = d + "/" + (ports.size() == 1 ? ports.get(0) : "?");
            TreeSet<String> others = devsOnFunction.get(pci.value());
            String problem = null;
            if (nds.size() > 1) problem = "PCI " + pci.value() + " holds " + nds.size() + " netdevs (" + String.join(", ", nds) + ")";
            else if (others.size() > 1) problem = "PCI " + pci.value() + " holds " + others.size() + " RDMA devices (" + String.join(", ", others) + ")";
            else if (ports.size() != 1) {
                problem = "RDMA device " + d + (ports.isEmpty() ? " has no ports/ copied" : " has " + ports.size() + " ports") + " and no gid_attrs/ndevs";
            }
            String bond = nds.size() == 1 ? bonds.get(nds.first()) : null;
            if (problem == null && bond != null) {
                // RoCE LAG: with the bond over both PFs, mlx5 registers one RDMA device (mlx5_bond_0) on the first PF for the
                // bond, whose counters are both ports'; rdma link names the bond then, not the slave
                problem = "its only netdev " + nds.first() + " is a slave of " + bond + " (proc/net/bonding/" + bond
                        + "), whose RDMA device (RoCE LAG) counts both ports";
            }
            if (problem != null) {
                why.put(port, "RDMA device " + d + " (PCI " + pci.value() + ", " + pci.file() + ") not joined to a netdev: " + problem
                        + "; which netdev is which port is not recorded");
                continue;
            }
            String nd = nds.first();
            joined.put(port, new Fact(nd, pci.file() + " and " + files(netdevPci.get(nd)) + " (PCI " + pci.value() + ")"));
        }
        // one netdev on two ports is no join at all
        Map<String, List<String>> portsOf = new TreeMap<>();
        joined.forEach((port, f) -> portsOf.computeIfAbsent(f.value(), k -> new ArrayList<>()).add(port));
        for (Map.Entry<String, List<String>> e : portsOf.entrySet()) {
            if (e.getValue().size() < 2) continue;
            for (String port : e.getValue()) joined.remove(port);
            why.put("netdev " + e.getKey(), "netdev " + e.getKey() + " is recorded for " + String.join(" and ", e.getValue())
                    + "; joined to neither");
        }
        if (joined.isEmpty() && why.isEmpty()) return null;
        joined.forEach((port, f) -> b.attr(port, PortAttr.NETDEV, f.value(), name + "/" + f.file(), 0));
        why.values().forEach(b::warn);
        return b.build();
    }

    /** Each netdev's PCI address, by every file that records it. */
    private static Map<String, List<Fact>> netdevPci(Path dir) {
        Map<String, List<Fact>> out = new TreeMap<>();
        Path net = dir.resolve("sys/class/net");
        for (String nd : list(net)) {
            Fact f = linkedPci(net.resolve(nd), "net", "sys/class/net/" + nd);
            if (f != null) out.computeIfAbsent(nd, k -> new ArrayList<>()).add(f);
        }
        Path cmds = dir.resolve("sos_commands/networking");
        for (String n : list(cmds)) {
            Matcher m = ETHTOOL_I.matcher(n);
            if (!m.matches()) continue;
            String text;
            try {
                Path p = cmds.resolve(n);
                if (!Files.isRegularFile(p) || Files.size(p) > 4096) continue;
                text = Files.readString(p, StandardCharsets.ISO_8859_1);
            } catch (IOException e) {
                continue;
            }
            Matcher bus = BUS_INFO.matcher(text);
            if (bus.find() && BDF.matcher(bus.group(1)).matches()) {
                out.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(new Fact(bus.group(1), "sos_commands/networking/" + n));
            }
        }
        return out;
    }

    private static final Pattern SLAVE = Pattern.compile("(?m)^Slave Interface:\\s*(\\S+)\\s*$");

    /**
     * Each bonded netdev's bond, from the {@code proc/net/bonding/<bond>} files sos copies (networking.py copies
     * {@code /proc/net/}): {@code Slave Interface: ens1f0np0} lines.
     */
    private static Map<String, String> bondSlaves(Path dir) {
        Map<String, String> out = new TreeMap<>();
        Path bonding = dir.resolve("proc/net/bonding");
        for (String bond : list(bonding)) {
            try {
                Path p = bonding.resolve(bond);
                if (!Files.isRegularFile(p) || Files.size(p) > 1 << 20) continue;
                Matcher m = SLAVE.matcher(Files.readString(p, StandardCharsets.ISO_8859_1));
                while (m.find()) out.putIfAbsent(m.group(1), bond);
            } catch (IOException e) {
                // unreadable: no bond known from it
            }
        }
        return out;
    }

    /** An RDMA device's PCI address from its class link or its {@code device} link, or null. */
    private static Fact devPci(Path ib, String dev) {
        Fact f = linkedPci(ib.resolve(dev), "infiniband", "sys/class/infiniband/" + dev);
        return f != null ? f : linkedPci(ib.resolve(dev).resolve("device"), null, "sys/class/infiniband/" + dev + "/device");
    }

    /**
     * The PCI address a class entry's link names: {@code .../<BDF>/<classDir>/<name>} for a class link, the link's last
     * element for a {@code device} link ({@code classDir} null); then the same for the entry's own {@code device} link.
     */
    private static Fact linkedPci(Path entry, String classDir, String rel) {
        String target = readLink(entry);
        if (target != null) {
            String[] parts = target.replace('\\', '/').split("/");
            int n = parts.length;
            String pci = classDir == null ? parts[n - 1] : n >= 3 && parts[n - 2].equals(classDir) ? parts[n - 3] : null;
            if (pci != null && BDF.matcher(pci).matches()) return new Fact(pci.toLowerCase(java.util.Locale.ROOT), rel);
        }
        if (classDir != null) return linkedPci(entry.resolve("device"), null, rel + "/device");
        return null;
    }

    private static String readLink(Path p) {
        try {
            return Files.isSymbolicLink(p) ? Files.readSymbolicLink(p).toString() : null;
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }

    private static String firstLine(Path p) {
        try {
            if (!Files.isRegularFile(p) || Files.size(p) > 4096) return null;
            String s = Files.readString(p, StandardCharsets.ISO_8859_1).replace("\0", "").strip();
            int nl = s.indexOf('\n');
            return nl < 0 ? s : s.substring(0, nl).strip();
        } catch (IOException e) {
            return null;
        }
    }

    private static String files(List<Fact> facts) {
        List<String> out = new ArrayList<>();
        for (Fact f : facts) out.add(f.file());
        return String.join(" and ", out);
    }

    /** The entry names of {@code dir}, sorted; links are listed whether or not their targets were copied. */
    private static List<String> list(Path dir) {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith(".")).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
