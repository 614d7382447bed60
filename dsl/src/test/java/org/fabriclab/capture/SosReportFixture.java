package org.fabriclab.capture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes small sosreports laid out as sos 4.x writes them (folder and file names from sos/report/plugins: infiniband.py,
 * networking.py, date.py, mellanox_firmware.py; the names mangled as _mangle_command does; sos_reports/manifest.json with
 * each command's exec, filepath and start_time), with values of our own, beside unrelated files of the kinds a real one
 * holds thousands of (logs, /etc and /proc copies, other plugins' outputs, a sysfs statistics copy).
 */
public final class SosReportFixture {
    private final Map<String, String> files = new java.util.LinkedHashMap<>();
    private final Map<String, String> links = new java.util.LinkedHashMap<>();
    private final List<String[]> commands = new ArrayList<>();   // plugin, exec, filepath, return code
    private double start = 1796299173.25;

    /** A command's output in plugin's folder, at sos's mangled name, recorded in the manifest. */
    public SosReportFixture command(String plugin, String exec, String text) { return command(plugin, exec, text, 0); }

    /** As {@link #command(String, String, String)}, the command having exited with {@code rc}. */
    public SosReportFixture command(String plugin, String exec, String text, int rc) {
        String name = exec.replaceAll("[^\\w\\-./]+", "_").replace('/', '.');
        String path = "sos_commands/" + plugin + "/" + name;
        files.put(path, text);
        commands.add(new String[] {plugin, exec, path, Integer.toString(rc)});
        return this;
    }

    public SosReportFixture file(String path, String text) { files.put(path, text); return this; }

    /**
     * A symbolic link at {@code path} to {@code target} (relative to the link's folder), as sos/archive.py
     * {@code _make_leading_paths} re-creates each link on the path of a file it copies ({@code sys/class/net/eth0 ->
     * ../../devices/.../net/eth0}); made after the files, so its target may be a folder they created, or nothing.
     */
    public SosReportFixture link(String path, String target) { links.put(path, target); return this; }

    /** The manifest's start_time of the first command (epoch seconds); later ones follow 0.5 s apart. */
    public SosReportFixture startAt(double epochSeconds) { start = epochSeconds; return this; }

    public SosReportFixture withoutManifest() { manifest = false; return this; }

    private boolean manifest = true;

    /** The unrelated files every sosreport holds. */
    public SosReportFixture unrelated() {
        file("version.txt", "sos report: 4.8.1\n");
        file("etc/hosts", "127.0.0.1 localhost\n10.0.0.7 node07\n");
        file("proc/net/dev", "Inter-|   Receive                                                |  Transmit\n"
                + " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed\n"
                + "    lo: 1234567     890    0    0    0     0          0         0  1234567     890    0    0    0     0       0          0\n");
        file("sys/class/net/eno1/statistics/rx_bytes", "81234567\n");
        file("sys/class/net/eno1/statistics/tx_errors", "0\n");
        file("var/log/messages", "Dec  3 11:58:01 node07 kernel: mlx5_core 0000:08:00.0: Port module event: module 0, Cable plugged\n");
        file("sos_logs/sos.log", "2026-12-03 11:59:30,101 INFO: [plugin:infiniband] collecting output of 'ibstat'\n");
        file("uptime", " 11:59:33 up 12 days,  3:02,  1 user,  load average: 0.10, 0.12, 0.09\n");
        command("kernel", "sysctl -a", "net.core.rmem_max = 212992\nnet.ipv4.tcp_ecn = 2\nkernel.pid_max = 4194304\n");
        command("networking", "ip -s -d link", "1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN mode DEFAULT group default qlen 1000\n"
                + "    RX:  bytes packets errors dropped  missed   mcast\n       1234567     890      0       0       0       0\n");
        command("networking", "ethtool -S lo", "no stats available\n", 94);
        command("networking", "ethtool -i eno1", "driver: igb\nversion: 6.8.0-49-generic\nfirmware-version: 1.63, 0x800009fa\nbus-info: 0000:03:00.0\n");
        command("networking", "ethtool -a lo", "Pause parameters for lo:\nCannot get device pause settings: Operation not supported\n", 76);
        command("infiniband", "ibv_devices", "    device          \t   node GUID\n    ------          \t----------------\n    mlx5_0          \t0c42a10300b0c0d0\n");
        command("infiniband", "sminfo -C mlx5_0 -P 1", "sminfo: sm lid 1 sm guid 0x0c42a10300b0c0ff, activity count 12345 priority 15 state 3 SMINFO_MASTER\n");
        return this;
    }

    /** The date plugin's outputs for {@code utc} (C-locale date output, UTC). */
    public SosReportFixture date(String utc) {
        command("date", "date", utc + "\n");
        command("date", "date --utc", utc + "\n");
        command("date", "hwclock", "2026-12-03 11:59:33.412345+00:00\n");
        return this;
    }

    /** The host plugin's {@code hostname} output (and sos's top-level {@code hostname} link to it). */
    public SosReportFixture host(String name) {
        command("host", "hostname", name + "\n");
        return this;
    }

    public Path write(Path dir) throws IOException {
        for (Map.Entry<String, String> e : files.entrySet()) {
            Path p = dir.resolve(e.getKey());
            Files.createDirectories(p.getParent());
            Files.writeString(p, e.getValue());
        }
        for (Map.Entry<String, String> e : links.entrySet()) {
            Path p = dir.resolve(e.getKey());
            Files.createDirectories(p.getParent());
            Files.createSymbolicLink(p, Path.of(e.getValue()));
        }
        if (files.containsKey("sos_commands/date/date")) {
            Files.createSymbolicLink(dir.resolve("date"), Path.of("sos_commands/date/date"));
        }
        if (files.containsKey("sos_commands/host/hostname")) {
            Files.createSymbolicLink(dir.resolve("hostname"), Path.of("sos_commands/host/hostname"));
        }
        if (manifest) {
            StringBuilder sb = new StringBuilder("{\"version\": \"4.8.1\", \"cmdline\": \"sos report --batch\", \"start_time\": \"2026-12-03 11:59:20.123456\", "
                    + "\"components\": {\"report\": {\"plugins\": {");
            Map<String, List<String>> byPlugin = new java.util.LinkedHashMap<>();
            double t = start;
            for (String[] c : commands) {
                String exec = c[1].replace("\"", "\\\"");
                byPlugin.computeIfAbsent(c[0], k -> new ArrayList<>()).add("{\"command\": \"" + exec.split(" ")[0] + "\", \"exec\": \"" + exec
                        + "\", \"filepath\": \"" + c[2] + "\", \"truncated\": false, \"return_code\": " + c[3] + ", \"priority\": 10, \"start_time\": " + t
                        + ", \"end_time\": " + (t + 0.1) + ", \"run_time\": 0.1, \"tags\": []}");
                t += 0.5;
            }
            List<String> ps = new ArrayList<>();
            for (Map.Entry<String, List<String>> e : byPlugin.entrySet()) {
                ps.add("\"" + e.getKey() + "\": {\"name\": \"" + e.getKey() + "\", \"commands\": [" + String.join(", ", e.getValue()) + "], \"files\": []}");
            }
            sb.append(String.join(", ", ps)).append("}}}}");
            Path m = dir.resolve("sos_reports/manifest.json");
            Files.createDirectories(m.getParent());
            Files.writeString(m, sb.toString());
        }
        return dir;
    }

    /** ibstat of one ConnectX port, {@code layer} InfiniBand or Ethernet. */
    public static String ibstat(String layer, int lid) {
        return "CA 'mlx5_0'\n\tCA type: MT4129\n\tNumber of ports: 1\n\tFirmware version: 28.39.1002\n\tHardware version: 0\n"
                + "\tNode GUID: 0x0c42a10300b0c0d0\n\tSystem image GUID: 0x0c42a10300b0c0d0\n\tPort 1:\n\t\tState: Active\n"
                + "\t\tPhysical state: LinkUp\n\t\tRate: " + (layer.equals("Ethernet") ? "100" : "400") + "\n\t\tBase lid: " + lid
                + "\n\t\tLMC: 0\n\t\tSM lid: " + (lid == 0 ? 0 : 1) + "\n\t\tCapability mask: 0xa751e848\n\t\tPort GUID: 0x0c42a10300b0c0d0\n"
                + "\t\tLink layer: " + layer + "\n";
    }

    /** ibv_devinfo -v of the same port (the lines the reader takes). */
    public static String ibvDevinfo(String layer, int lid) {
        return "hca_id:\tmlx5_0\n\ttransport:\t\t\tInfiniBand (0)\n\tfw_ver:\t\t\t\t28.39.1002\n\tnode_guid:\t\t\t0c42:a103:00b0:c0d0\n"
                + "\tsys_image_guid:\t\t\t0c42:a103:00b0:c0d0\n\tvendor_id:\t\t\t0x02c9\n\tvendor_part_id:\t\t\t4129\n\thw_ver:\t\t\t\t0x0\n"
                + "\tphys_port_cnt:\t\t\t1\n\t\tport:\t1\n\t\t\tstate:\t\t\tPORT_ACTIVE (4)\n\t\t\tmax_mtu:\t\t4096 (5)\n"
                + "\t\t\tactive_mtu:\t\t4096 (5)\n\t\t\tsm_lid:\t\t\t" + (lid == 0 ? 0 : 1) + "\n\t\t\tport_lid:\t\t" + lid
                + "\n\t\t\tport_lmc:\t\t0x00\n\t\t\tlink_layer:\t\t" + layer + "\n";
    }

    /** perfquery's classic PortCounters block (sos runs perfquery without -x). */
    public static String perfquery(int lid, long symbolErrors, long xmitData, long rcvData) {
        return "# Port counters: Lid " + lid + " port 1 (CapMask: 0x5A00)\nPortSelect:......................1\n"
                + "CounterSelect:...................0x0000\nSymbolErrorCounter:..............." + symbolErrors + "\n"
                + "LinkErrorRecoveryCounter:........0\nLinkDownedCounter:...............0\nPortRcvErrors:...................0\n"
                + "PortRcvRemotePhysicalErrors:.....0\nPortRcvSwitchRelayErrors:........0\nPortXmitDiscards:................0\n"
                + "PortXmitConstraintErrors:........0\nPortRcvConstraintErrors:.........0\nCounterSelect2:..................0x00\n"
                + "LocalLinkIntegrityErrors:........0\nExcessiveBufferOverrunErrors:....0\nVL15Dropped:.....................0\n"
                + "PortXmitData:...................." + xmitData + "\nPortRcvData:....................." + rcvData + "\n"
                + "PortXmitPkts:....................1200000\nPortRcvPkts:.....................1100000\nPortXmitWait:....................0\n";
    }

    /** An igb management NIC's ethtool -S (no RDMA). */
    public static String igb(long rxBytes) {
        return "NIC statistics:\n     rx_packets: 81234\n     tx_packets: 70123\n     rx_bytes: " + rxBytes + "\n     tx_bytes: 61234567\n"
                + "     rx_broadcast: 120\n     tx_broadcast: 7\n     rx_crc_errors: 0\n     rx_missed_errors: 0\n";
    }

    /** An mlx5 RoCE netdev's ethtool -S: the PHY data counters, PFC on priority 3, discards. */
    public static String mlx5(long bytes, long rxPause3, long txPause3, long discards) {
        return "NIC statistics:\n     rx_packets: 9100000\n     rx_bytes: " + bytes + "\n     tx_packets: 9200000\n     tx_bytes: " + bytes + "\n"
                + "     rx_vport_rdma_unicast_bytes: " + bytes + "\n     tx_vport_rdma_unicast_bytes: " + bytes + "\n"
                + "     rx_bytes_phy: " + bytes + "\n     tx_bytes_phy: " + bytes + "\n     rx_packets_phy: 9100000\n     tx_packets_phy: 9200000\n"
                + "     rx_discards_phy: " + discards + "\n     tx_discards_phy: 0\n     rx_crc_errors_phy: 0\n     rx_symbol_err_phy: 0\n"
                + "     rx_out_of_buffer: 0\n     rx_prio3_pause: " + rxPause3 + "\n     rx_prio3_pause_duration: " + (rxPause3 * 3) + "\n"
                + "     tx_prio3_pause: " + txPause3 + "\n     tx_prio3_pause_duration: " + (txPause3 * 3) + "\n"
                + "     rx_prio3_buf_discard: 0\n     rx_prio3_cong_discard: 0\n     tx_pause_storm_warning_events: 0\n     tx_pause_storm_error_events: 0\n";
    }
}
