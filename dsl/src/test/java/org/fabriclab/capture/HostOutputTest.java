package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/**
 * One tool's output on several hosts, as the parallel shells print it, read host by host. The host outputs are the
 * bundled datasets' files (fabriclab's own generated captures); the wrapping follows the tools' sources:
 * <ul>
 * <li>pdsh: chaos/pdsh@21f59962d44abbdc66a5072384257cf2a01218f3, src/pdsh/dsh.c {@code _flush_lines} ({@code "%S: %s"} per
 * line, hosts interleaved as their lines arrive), src/common/pipecmd.c ({@code "%p: %S: %s exited with exit code %d"},
 * {@code %p} being {@code pdsh@LOCALHOST});</li>
 * <li>dshbak: the same commit, scripts/dshbak {@code print_header} (16 dashes, the host list joined by commas, 16 dashes)
 * and {@code do_output_coalesced} (identical output once under its compressed host list);</li>
 * <li>clush: cea-hpc/clustershell@c09f82763b2b2fca99d7066e3ef5a850cc97c52d, lib/ClusterShell/CLI/Display.py
 * {@code format_header} (15 dashes, the node set, {@code " (N)"} for more than one node), {@code print_line}
 * ({@code "%s: "}), Clush.py ({@code "clush: %s: exited with exit code %d"});</li>
 * <li>ansible: ansible/ansible lib/ansible/plugins/callback/minimal.py {@code _command_generic_msg}
 * ({@code "%s | %s | rc=%s >>\n"}, stdout, stderr, msg, a newline) and {@code "%s | UNREACHABLE! => %s"}.</li>
 * </ul>
 */
class HostOutputTest {
    static final Path DATASETS = Path.of("..", "datasets");

    static String dataset(String scenario, String side, String file) throws IOException {
        return Files.readString(DATASETS.resolve(scenario).resolve(side).resolve(file));
    }

    /** pdsh's stdout: each host's lines {@code HOST: LINE}, taken {@code chunk} lines per host in turn (interleaved). */
    static String pdsh(Map<String, String> outputs, int chunk) {
        Map<String, List<String>> left = new LinkedHashMap<>();
        outputs.forEach((h, text) -> left.put(h, new ArrayList<>(text.lines().toList())));
        StringBuilder sb = new StringBuilder();
        while (left.values().stream().anyMatch(l -> !l.isEmpty())) {
            left.forEach((h, l) -> {
                for (int k = 0; k < chunk && !l.isEmpty(); k++) sb.append(h).append(": ").append(l.remove(0)).append('\n');
            });
        }
        return sb.toString();
    }

    /** dshbak's (16 dashes) or clush -b's (15) header over {@code label}'s output. */
    static String block(String dashes, String label, String text) {
        return dashes + "\n" + label + "\n" + dashes + "\n" + text + (text.endsWith("\n") ? "" : "\n");
    }

    static final String DSHBAK = "-".repeat(16), CLUSH = "-".repeat(15);

    private static Capture read(String name, String text) { return Readers.standard().read(Input.ofText(name, text)); }

    /** {@code port}'s readings in {@code c}: raw name = value, in order. */
    private static Map<String, Long> values(Capture c, String port) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (Reading r : c.readings()) if (r.port().equals(port)) out.put(r.rawName(), r.value());
        return out;
    }

    @Test void pdshLinesAreEachHostsOwnOutputItsPortsNamedWithTheHost() throws IOException {
        // the same port (LID 17, port 1) on two hosts, two moments' values: they must not collide
        String a = dataset("ib-marginal-optic", "before", "perfquery-x.txt"), b = dataset("ib-marginal-optic", "after", "perfquery-x.txt");
        Map<String, String> hosts = new LinkedHashMap<>();
        hosts.put("node01", a);
        hosts.put("node02", b);
        Capture c = read("pdsh-perfquery-x.txt", pdsh(hosts, 3));
        assertEquals(List.of("node01:lid 17/1", "node02:lid 17/1"), c.ports());
        assertEquals(values(read("a.txt", a), "lid 17/1"), values(c, "node01:lid 17/1"));
        assertEquals(values(read("b.txt", b), "lid 17/1"), values(c, "node02:lid 17/1"));
        assertTrue(values(c, "node01:lid 17/1").get("PortXmitData") < values(c, "node02:lid 17/1").get("PortXmitData"));
        // a reading points at its line in the pdsh file: node01's 4th line (PortXmitData) is line 7, after 3 of node01, 3 of node02
        assertEquals("PortXmitData", a.lines().toList().get(3).substring(0, a.lines().toList().get(3).indexOf(':')));
        assertEquals(7, c.readings().stream().filter(r -> r.port().equals("node01:lid 17/1") && r.rawName().equals("PortXmitData"))
                .findFirst().orElseThrow().line());
        assertEquals(Optional.of("17"), c.attr("node02:lid 17/1", PortAttr.LID));
    }

    @Test void oneHostsPdshOutputKeepsItsHostInThePortName() throws IOException {
        // pdsh -w node01: named with the host too, so a before file of one host and an after file of several join per host
        String a = dataset("ib-clean-baseline", "before", "ibstat.txt");
        Capture c = read("pdsh-ibstat.txt", pdsh(Map.of("node01", a), 1));
        Capture alone = read("ibstat.txt", a);
        assertEquals(List.of("node01:mlx5_0/1"), c.ports());
        assertEquals(alone.attrs().size(), c.attrs().size());
        for (PortAttr x : alone.attrs()) assertEquals(Optional.of(x.value()), c.attr("node01:" + x.port(), x.key()), x.key());
        assertEquals(alone.attrs().get(0).line(), c.attrs().get(0).line());
    }

    @Test void pdshsOwnMessagesAndAHostThatPrintedNoCaptureAreWarnings() throws IOException {
        String a = dataset("ib-clean-baseline", "before", "hw_counters.txt");
        String ib = dataset("ib-clean-baseline", "before", "ibstat.txt");
        String text = "node02: Warning: Permanently added 'node02,10.0.0.2' (ECDSA) to the list of known hosts.\n"
                + pdsh(Map.of("node01", a), 4) + pdsh(Map.of("node02", ib), 4)
                + "node03: ssh: connect to host node03 port 22: No route to host\n"
                + "pdsh@login1: node03: ssh exited with exit code 255\n"
                + "node04: /usr/sbin/ibstat: No such file or directory\n";
        Capture c = read("pdsh-hw.txt", text);
        // ssh's warning on node02's stderr is no part of its ibstat (which refuses a line before its first CA)
        assertEquals(List.of("node01:mlx5_0/1", "node02:mlx5_0/1"), c.ports());
        assertEquals(Optional.of("41"), c.attr("node02:mlx5_0/1", PortAttr.LID));
        int n = 1 + (int) a.lines().count() + (int) ib.lines().count();
        assertEquals(List.of("pdsh-hw.txt:1: node02: Warning: Permanently added 'node02,10.0.0.2' (ECDSA) to the list of known hosts.",
                "pdsh-hw.txt:" + (n + 1) + ": node03: ssh: connect to host node03 port 22: No route to host",
                "pdsh-hw.txt:" + (n + 2) + ": pdsh@login1: node03: ssh exited with exit code 255",
                "pdsh-hw.txt:" + (n + 3) + ": node04 printed no capture ('/usr/sbin/ibstat: No such file or directory'); no readings for it"),
                c.warnings());
    }

    @Test void aLineWithoutTheHostLabelIsAnErrorNamingItsLine() throws IOException {
        String a = dataset("ib-clean-baseline", "before", "perfquery-x.txt");
        List<String> lines = new ArrayList<>(pdsh(Map.of("node01", a, "node02", a), 2).lines().toList());
        lines.add(9, "PortRcvErrors:...................0");
        CaptureException e = assertThrows(CaptureException.class, () -> read("mixed.txt", String.join("\n", lines) + "\n"));
        assertEquals("mixed.txt", e.file());
        assertEquals(10, e.line());
        assertTrue(e.getMessage().contains("a line without the 'HOST: ' label pdsh puts on every line"), e.getMessage());
    }

    @Test void dshbakGivesEachHostItsBlock() throws IOException {
        String a = dataset("ib-marginal-optic", "before", "ibstat.txt"), b = dataset("ib-clean-baseline", "before", "ibstat.txt");
        Capture c = read("dshbak.txt", block(DSHBAK, "node01", a) + block(DSHBAK, "node02", b));
        assertEquals(List.of("node01:mlx5_0/1", "node02:mlx5_0/1"), c.ports());
        assertEquals(Optional.of("17"), c.attr("node01:mlx5_0/1", PortAttr.LID));
        assertEquals(Optional.of("41"), c.attr("node02:mlx5_0/1", PortAttr.LID));
        // node02's "Base lid" is on its own line of the file: after node01's header and block, its header's 3 lines
        int at = 3 + (int) a.lines().count() + 3 + b.lines().toList().indexOf(b.lines().filter(l -> l.contains("Base lid")).findFirst().orElseThrow()) + 1;
        assertEquals(at, c.attrs().stream().filter(x -> x.port().equals("node02:mlx5_0/1") && x.key().equals(PortAttr.LID)).findFirst().orElseThrow().line());
    }

    @Test void aDshbakCoalescedGroupGivesEveryHostOfItTheReadings() throws IOException {
        String same = dataset("ib-clean-baseline", "before", "hw_counters.txt"), other = dataset("ib-marginal-optic", "before", "hw_counters.txt");
        Capture c = read("dshbak-c.txt", block(DSHBAK, "node[01-03]", same) + block(DSHBAK, "node04", other));
        assertEquals(List.of("node01:mlx5_0/1", "node02:mlx5_0/1", "node03:mlx5_0/1", "node04:mlx5_0/1"), c.ports());
        Map<String, Long> group = values(read("hw.txt", same), "mlx5_0/1");
        for (String h : List.of("node01", "node02", "node03")) assertEquals(group, values(c, h + ":mlx5_0/1"), h);
        assertEquals(values(read("hw.txt", other), "mlx5_0/1"), values(c, "node04:mlx5_0/1"));
        assertEquals(4, c.readings().stream().filter(r -> r.port().equals("node02:mlx5_0/1")).findFirst().orElseThrow().line());
    }

    @Test void aHostInTwoBlocksIsAnError() throws IOException {
        String same = dataset("ib-clean-baseline", "before", "hw_counters.txt");
        CaptureException e = assertThrows(CaptureException.class,
                () -> read("twice.txt", block(DSHBAK, "node[01-02]", same) + block(DSHBAK, "node02", same)));
        assertEquals(3 + (int) same.lines().count() + 2, e.line());
        assertTrue(e.getMessage().contains(": host node02 has a second block (its first at line 2)"), e.getMessage());
    }

    @Test void clushGatheredOutputCountsItsHosts() throws IOException {
        String eth = dataset("roce-pause-storm", "before", "ethtool.txt");
        Capture c = read("clush-b.txt", block(CLUSH, "gpu[1-2] (2)", eth) + "\n");
        // ethtool -S without its command line names no interface: each host's unnamed netdev
        assertEquals(List.of("gpu1:netdev ?", "gpu2:netdev ?"), c.ports());
        assertEquals(values(read("e.txt", eth), "netdev ?"), values(c, "gpu2:netdev ?"));
        // clush's stderr sent to the same file: its exit message after the last block is a warning, not output
        Capture w = read("clush-b2.txt", block(CLUSH, "gpu[1-2] (2)", eth) + "clush: gpu3: exited with exit code 1\n");
        assertEquals(List.of("gpu1:netdev ?", "gpu2:netdev ?"), w.ports());
        assertEquals(List.of("clush-b2.txt:" + (3 + eth.lines().count() + 1) + ": clush: gpu3: exited with exit code 1"), w.warnings());
        CaptureException e = assertThrows(CaptureException.class, () -> read("clush-b.txt", block(CLUSH, "gpu[1-2] (3)", eth)));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("names 2 hosts (gpu[1-2]) but counts 3"), e.getMessage());
        // clush -r prints a group's name, not its hosts: refused, not read as one host called @gpu
        e = assertThrows(CaptureException.class, () -> read("clush-br.txt", block(CLUSH, "@gpu (2)", eth)));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("names a node group (@gpu (2): clush -r)"), e.getMessage());
        // a line of dashes over something else is no header: the file goes to its reader as it is (which refuses the dashes)
        e = assertThrows(CaptureException.class, () -> read("dashes.txt", CLUSH + "\n" + eth));
        assertEquals(1, e.line());
        assertTrue(e.getMessage().contains("as ethtool -S prints, found '---------------'"), e.getMessage());
    }

    @Test void clushLinesWithAHostOrANodeSetLabelAndItsExitMessage() throws IOException {
        String link = dataset("roce-pause-storm", "before", "rdma-link.txt");
        // clush -L without -b: one line per host; clush -bL: the gathered lines labelled with the node set
        Capture c = read("clush.txt", "gpu1: " + link.strip() + "\nclush: gpu3: exited with exit code 1\n");
        assertEquals(List.of("gpu1:mlx5_0/1"), c.ports());
        assertEquals(List.of("clush.txt:2: clush: gpu3: exited with exit code 1"), c.warnings());
        Capture g = read("clush-bL.txt", "gpu[1-2]: " + link.strip() + "\n");
        assertEquals(List.of("gpu1:mlx5_0/1", "gpu2:mlx5_0/1"), g.ports());
        assertEquals(Optional.of("ens1f0np0"), g.attr("gpu2:mlx5_0/1", PortAttr.NETDEV));
    }

    @Test void ansibleAdHocResultsOfHostsThatRanTheCommand() throws IOException {
        String ib = dataset("ib-clean-baseline", "before", "ibstat.txt");
        String text = "node01 | CHANGED | rc=0 >>\n" + ib + "\n"
                + "node02 | UNREACHABLE! => {\n    \"changed\": false,\n    \"msg\": \"Failed to connect to the host via ssh\",\n"
                + "    \"unreachable\": true\n}\n"
                + "node03 | FAILED | rc=127 >>\n/bin/sh: ibstat: command not found\n\n";
        Capture c = read("ansible.txt", text);
        assertEquals(List.of("node01:mlx5_0/1"), c.ports());
        int n = 1 + (int) ib.lines().count() + 1;
        assertEquals(List.of("ansible.txt:" + (n + 1) + ": ansible reports node02 UNREACHABLE!; its output is not read",
                "ansible.txt:" + (n + 6) + ": ansible reports node03 FAILED rc=127; its output is not read"), c.warnings());
        assertEquals(Optional.of("41"), c.attr("node01:mlx5_0/1", PortAttr.LID));
    }

    @Test void thePastedCommandLineNamesEachHostsInterface() throws IOException {
        // ethtool -S prints no interface name; the pdsh command line in the paste says which one each host ran it on
        String eth = dataset("roce-pause-storm", "before", "ethtool.txt");
        String text = "[root@login1 ~]# pdsh -w node[01-02] 'ethtool -S ens1f0np0'\n" + pdsh(Map.of("node01", eth), 2) + pdsh(Map.of("node02", eth), 2)
                + "[root@login1 ~]# \n";
        Capture c = read("pdsh-ethtool.txt", text);
        assertEquals(List.of("node01:netdev ens1f0np0", "node02:netdev ens1f0np0"), c.ports());
        assertEquals(values(read("e.txt", eth), "netdev ?"), values(c, "node02:netdev ens1f0np0"));
        assertEquals(3, c.readings().get(0).line());
        // the same through dshbak -c
        Capture d = read("dshbak.txt", "$ pdsh -w node[01-02] ethtool -S ens1f0np0 | dshbak -c\n" + block(DSHBAK, "node[01-02]", eth));
        assertEquals(List.of("node01:netdev ens1f0np0", "node02:netdev ens1f0np0"), d.ports());
        assertEquals(6, d.readings().get(0).line());
    }

    @Test void measurementTablesNameTheirPortsWithTheHostToo() throws IOException {
        // mlxlink names no port in its output: the pasted command does, on each host; its tables' port column gets the host
        Path dir = DATASETS.resolve("degrading-optic").resolve("mlxlink");
        String day0 = Files.readString(dir.resolve("day00.txt")), day7 = Files.readString(dir.resolve("day07.txt"));
        String own = day0.lines().findFirst().orElseThrow();
        assertEquals("$ sudo mlxlink -d mlx5_0 -p 1 -m -c", own);   // the dataset's own command line, replaced by pdsh's
        Map<String, String> hosts = new LinkedHashMap<>();
        hosts.put("node01", day0.substring(own.length() + 1));
        hosts.put("node02", day7.substring(own.length() + 1));
        Capture c = read("pdsh-mlxlink.txt", "[root@login1 ~]# pdsh -w node[01-02] 'mlxlink -d mlx5_0 -p 1 -m -c'\n" + pdsh(hosts, 1000));
        assertEquals(List.of("node01:mlx5_0/1", "node02:mlx5_0/1"), c.ports());
        tech.tablesaw.api.Table ber = c.measurements("ber").orElseThrow();
        assertEquals(List.of("node01:mlx5_0/1", "node02:mlx5_0/1"), ber.stringColumn("port").asList());
        Capture alone = read("day07.txt", day7);
        assertEquals(alone.measurements("ber").orElseThrow().column("raw_ber").get(0), ber.column("raw_ber").get(1));
        assertEquals(values(alone, "mlx5_0/1"), values(c, "node02:mlx5_0/1"));
    }

    @Test void aCounterListThatLooksLabelledIsStillOneHostsOutput() {
        // an unindented ethtool -S (name: value): every line looks like 'HOST: LINE', but no line's rest is a capture
        String text = "rx_packets: 845\nrx_bytes: 219578\ntx_packets: 896\ntx_bytes: 3012\n";
        Capture c = read("ethtool.txt", text);
        assertEquals(List.of("netdev ?"), c.ports());
        assertEquals(Map.of("rx_packets", 845L, "rx_bytes", 219578L, "tx_packets", 896L, "tx_bytes", 3012L), values(c, "netdev ?"));
    }
}
