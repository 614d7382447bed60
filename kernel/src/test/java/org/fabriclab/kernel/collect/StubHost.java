package org.fabriclab.kernel.collect;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fake fabric host for collect's tests: shell-script stand-ins for perfquery, ibstat, ethtool,
 * rdma and mlxlink in {@code bin/} (each prints a bundled dataset's capture, in the tool's real
 * format, for the current phase), a fake sysfs root {@code sys/class/infiniband/mlx5_0/ports/1/} whose
 * {@code counters/} and {@code hw_counters/} hold the phase's values, and a test command
 * {@code bin/fake-perftest} that moves the host from "before" to "after" (the counters move, as a
 * real test moves them) and prints a perftest report. Tools not asked for are absent from {@code bin/}.
 *
 * <pre>{@code
 * StubHost h = StubHost.ib(dir, Set.of("perfquery", "ibstat"));
 * h.path();   // bin/ + the system's /usr/bin:/bin
 * }</pre>
 */
final class StubHost {
    static final Path DATASETS = Path.of("..", "datasets").toAbsolutePath().normalize();
    /** The kernel's sysfs names of the PMA counters perfquery -x prints (drivers/infiniband/core/sysfs.c). */
    static final Map<String, String> SYSFS_NAMES = Map.of("SymbolErrorCounter", "symbol_error", "LinkErrorRecoveryCounter",
            "link_error_recovery", "LinkDownedCounter", "link_downed", "PortRcvErrors", "port_rcv_errors", "PortXmitDiscards",
            "port_xmit_discards", "PortXmitData", "port_xmit_data", "PortRcvData", "port_rcv_data", "PortXmitWait", "port_xmit_wait");

    final Path root, bin, sys, state;

    private StubHost(Path root) {
        this.root = root;
        this.bin = root.resolve("bin");
        this.sys = root.resolve("sys");
        this.state = root.resolve("state");
    }

    /** An InfiniBand host (ib-marginal-optic: SymbolErrorCounter and packet_seq_err move) with the given tools. */
    static StubHost ib(Path root, List<String> tools) throws IOException {
        StubHost h = new StubHost(root);
        Path ds = DATASETS.resolve("ib-marginal-optic");
        for (String phase : List.of("before", "after")) {
            Path s = Files.createDirectories(h.state.resolve(phase));
            Files.copy(ds.resolve(phase).resolve("perfquery-x.txt"), s.resolve("perfquery-x.txt"));
            Files.copy(ds.resolve(phase).resolve("ibstat.txt"), s.resolve("ibstat.txt"));
            Map<String, String> files = grepLines(ds.resolve(phase).resolve("hw_counters.txt"));
            perfquery(ds.resolve(phase).resolve("perfquery-x.txt")).forEach((k, v) -> {
                if (SYSFS_NAMES.containsKey(k)) files.put("mlx5_0/ports/1/counters/" + SYSFS_NAMES.get(k), v);
            });
            files.put("mlx5_0/ports/1/lid", "0x0011");
            files.put("mlx5_0/ports/1/link_layer", "InfiniBand");
            files.put("mlx5_0/ports/1/rate", "200 Gb/sec (4X HDR)");
            files.put("mlx5_0/ports/1/state", "4: ACTIVE");
            files.put("mlx5_0/node_guid", "0c42:a103:00d1:e0a0");
            h.writeSysfsState(phase, files);
        }
        h.common(tools, DATASETS.resolve("reconcile-a-line-rate/perftest.log"));
        return h;
    }

    /** A RoCE host (roce-pause-storm: the stall watchdog fires) with the given tools. */
    static StubHost roce(Path root, List<String> tools) throws IOException {
        StubHost h = new StubHost(root);
        Path ds = DATASETS.resolve("roce-pause-storm");
        for (String phase : List.of("before", "after")) {
            Path s = Files.createDirectories(h.state.resolve(phase));
            Files.copy(ds.resolve(phase).resolve("ethtool.txt"), s.resolve("ethtool.txt"));
            Map<String, String> hw = grepLines(ds.resolve(phase).resolve("hw_counters.txt"));
            StringBuilder stat = new StringBuilder("[{\"ifname\":\"mlx5_0\",\"port\":1");
            hw.forEach((k, v) -> stat.append(",\"").append(k.substring(k.lastIndexOf('/') + 1)).append("\":").append(v));
            Files.writeString(s.resolve("rdma-statistic.json"), stat.append("}]\n"));
            Files.writeString(s.resolve("rdma-link.json"), "[{\"ifindex\":0,\"ifname\":\"mlx5_0\",\"port\":1,\"state\":\"ACTIVE\","
                    + "\"physical_state\":\"LINK_UP\",\"netdev\":\"ens1f0np0\",\"netdev_index\":4}]\n");
            Map<String, String> files = new LinkedHashMap<>(hw);
            files.put("mlx5_0/ports/1/lid", "0x0000");
            files.put("mlx5_0/ports/1/link_layer", "Ethernet");
            files.put("mlx5_0/ports/1/rate", "100 Gb/sec (4X EDR)");
            files.put("mlx5_0/ports/1/state", "4: ACTIVE");
            h.writeSysfsState(phase, files);
        }
        h.common(tools, DATASETS.resolve("reconcile-a-line-rate/perftest.log"));
        return h;
    }

    /** {@code bin/} first, then the system's own tools (the scripts need cat and cp). */
    String path() { return bin + ":/usr/bin:/bin"; }

    Tools tools() { return Tools.onPath(path()); }

    /** Writes a tool that prints {@code text} to stderr and exits {@code code} (mlxlink without root). */
    void failing(String tool, String text, int code) throws IOException {
        script(tool, "echo '" + text + "' >&2\nexit " + code + "\n");
    }

    /** Writes a tool that prints {@code text} (a format no reader reads) and exits 0. */
    void printing(String tool, String text) throws IOException {
        script(tool, "cat <<'EOT'\n" + text + "\nEOT\n");
    }

    private void common(List<String> tools, Path perftest) throws IOException {
        Files.createDirectories(bin);
        Files.writeString(state.resolve("phase"), "before\n");
        applySysfs("before");
        String phase = "$(cat " + state + "/phase)";
        for (String t : tools) {
            switch (t) {
                case "perfquery" -> script(t, "[ \"$*\" = \"-x -C mlx5_0 -P 1\" ] || { echo \"perfquery stub: unexpected arguments $*\" >&2; exit 1; }\n"
                        + "exec cat " + state + "/" + phase + "/perfquery-x.txt\n");
                case "ibstat" -> script(t, "exec cat " + state + "/" + phase + "/ibstat.txt\n");
                // -S: the dataset's counters; -m: a QSFP28 whose lane 2 receives under its module's low-alarm threshold; no option: settings
                case "ethtool" -> script(t, "case \"$*\" in\n"
                        + "  \"-S ens1f0np0\") exec cat " + state + "/" + phase + "/ethtool.txt ;;\n"
                        + "  \"-m ens1f0np0\") printf '\\tIdentifier : 0x11 (QSFP28)\\n\\tVendor name : NVIDIA\\n"
                        + "\\tLaser tx bias current (Channel 1) : 6.750 mA\\n\\tLaser tx bias current (Channel 2) : 6.750 mA\\n"
                        + "\\tRcvr signal avg optical power(Channel 1) : 0.7812 mW / -1.07 dBm\\n"
                        + "\\tRcvr signal avg optical power(Channel 2) : 0.0316 mW / -15.00 dBm\\n"
                        + "\\tLaser rx power low alarm threshold : 0.0468 mW / -13.30 dBm\\n"
                        + "\\tLaser rx power low warning threshold : 0.0933 mW / -10.30 dBm\\n' ;;\n"
                        // no option: the link settings as netlink ethtool prints them for a 100G port
                        + "  \"ens1f0np0\") printf 'Settings for ens1f0np0:\\n\\tSupported link modes:   100000baseCR4/Full\\n"
                        + "\\t                        100000baseSR4/Full\\n\\tSpeed: 100000Mb/s\\n\\tLanes: 4\\n\\tDuplex: Full\\n"
                        + "\\tAuto-negotiation: on\\n\\tPort: Direct Attach Copper\\n\\tLink detected: yes\\n' ;;\n"
                        + "  *) echo \"ethtool stub: unexpected arguments $*\" >&2; exit 1 ;;\nesac\n");
                case "rdma" -> script(t, "case \"$*\" in\n"
                        + "  \"-j link show\") exec cat " + state + "/" + phase + "/rdma-link.json ;;\n"
                        + "  \"-j statistic show\") exec cat " + state + "/" + phase + "/rdma-statistic.json ;;\n"
                        + "  *) echo \"rdma stub: unexpected arguments $*\" >&2; exit 1 ;;\nesac\n");
                case "mlxlink" -> script(t, "exec sed 1d " + DATASETS.resolve("degrading-optic/mlxlink/day00.txt") + "\n");
                // PFC on priority 3, as mlnx_qos and dcb print it (settings: the same before and after)
                case "mlnx_qos" -> script(t, "[ \"$*\" = \"-i ens1f0np0\" ] || { echo \"mlnx_qos stub: unexpected arguments $*\" >&2; exit 1; }\n"
                        + "printf 'DCBX mode: OS controlled\\nPriority trust state: dscp\\nCable len: 7\\nPFC configuration:\\n"
                        + "\\tpriority    0   1   2   3   4   5   6   7\\n\\tenabled     0   0   0   1   0   0   0   0   \\n'\n");
                case "dcb" -> script(t, "[ \"$*\" = \"-s pfc show dev ens1f0np0\" ] || { echo \"dcb stub: unexpected arguments $*\" >&2; exit 1; }\n"
                        + "printf 'pfc-cap 8 macsec-bypass off delay 7 \\nprio-pfc 0:off 1:off 2:off 3:on 4:off 5:off 6:off 7:off \\n'\n");
                default -> throw new IllegalArgumentException(t);
            }
        }
        // the test: the counters move to their "after" values while it runs, then a perftest report
        script("fake-perftest", "echo after > " + state + "/phase\n"
                + "cp -R " + state + "/after/sys/. " + sys + "/\n"
                + "sleep ${FAKE_PERFTEST_SECONDS:-0}\n"
                + "cat " + perftest + "\n"
                + "echo 'fake-perftest: done' >&2\n"
                + "exit ${FAKE_PERFTEST_EXIT:-0}\n");
    }

    private void writeSysfsState(String phase, Map<String, String> files) throws IOException {
        Path base = state.resolve(phase).resolve("sys").resolve("class").resolve("infiniband");
        for (Map.Entry<String, String> e : files.entrySet()) {
            Path f = base.resolve(e.getKey());
            Files.createDirectories(f.getParent());
            Files.writeString(f, e.getValue() + "\n");
        }
    }

    private void applySysfs(String phase) throws IOException {
        Path from = state.resolve(phase).resolve("sys");
        try (var s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path to = sys.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(to); else Files.copy(p, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    private void script(String name, String body) throws IOException {
        Files.createDirectories(bin);
        Path p = bin.resolve(name);
        Files.writeString(p, "#!/bin/sh\n" + body, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** {@code /sys/class/infiniband/REL:value} lines as REL -> value. */
    static Map<String, String> grepLines(Path f) throws IOException {
        Map<String, String> m = new LinkedHashMap<>();
        for (String l : Files.readAllLines(f)) {
            int mark = l.indexOf("infiniband/");
            int colon = l.indexOf(':', mark);
            if (mark >= 0 && colon > 0) m.put(l.substring(mark + "infiniband/".length(), colon), l.substring(colon + 1).strip());
        }
        return m;
    }

    /** {@code Name:.....value} lines of a perfquery dump. */
    static Map<String, String> perfquery(Path f) throws IOException {
        Map<String, String> m = new LinkedHashMap<>();
        for (String l : Files.readAllLines(f)) {
            int colon = l.indexOf(':');
            if (l.startsWith("#") || colon < 0) continue;
            m.put(l.substring(0, colon), l.substring(colon + 1).replaceAll("^\\.+", "").strip());
        }
        return m;
    }

    static List<String> all() { return new ArrayList<>(Tools.ALL); }
}
