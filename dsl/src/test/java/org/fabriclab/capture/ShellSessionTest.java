package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** A pasted terminal session of several tools: each command's output read by its own reader, at the session's line numbers. */
class ShellSessionTest {
    static final String PROMPT = "[root@node07 ~]# ";
    static final String IBSTAT = """
            CA 'mlx5_0'
            	CA type: MT4123
            	Number of ports: 1
            	Port 1:
            		State: Active
            		Physical state: LinkUp
            		Rate: 200
            		Base lid: 17
            		Link layer: InfiniBand
            """;
    static final String PERFQUERY = """
            # Port extended counters: Lid 17 port 1 (CapMask: 0x5A00)
            PortSelect:......................1
            CounterSelect:...................0x0000
            PortXmitData:....................1000
            PortRcvData:.....................1000
            PortXmitPkts:....................10
            PortRcvPkts:.....................10
            SymbolErrorCounter:..............%d
            """;

    private static Capture read(String text) {
        return Readers.standard().read(Input.ofText("session.txt", text));
    }

    @Test void eachCommandIsReadByItsOwnReader() {
        String text = PROMPT + "cd /tmp\n" + PROMPT + "ibstat\n" + IBSTAT + PROMPT + "perfquery -x 17 1\n" + PERFQUERY.formatted(7)
                + PROMPT + "ls\nnotes.txt  run.sh\n" + PROMPT + "date\nMon Dec  7 10:00:00 UTC 2026\n" + PROMPT;
        Capture c = read(text);
        // ibstat's attributes and perfquery's counters, each at its own line of the session
        assertEquals("200", c.attr("mlx5_0/1", "rate_gbps").orElseThrow());
        Reading sym = c.readings().stream().filter(r -> r.rawName().equals("SymbolErrorCounter")).findFirst().orElseThrow();
        assertEquals(7, sym.value());
        assertEquals(20, sym.line());
        // ls printed no capture: named; cd and date printed nothing to read: passed over
        assertEquals(List.of("session.txt:21: the output of 'ls' is no capture; not read"), c.warnings());
    }

    /**
     * A tool started in the background ({@code perfquery ... &}) shows only its job line before the next prompt, and its
     * output comes after that prompt: its job line is not taken for output, so no "is no capture" warning names it.
     */
    @Test void aBackgroundCommandsJobLineIsNoOutput() {
        String text = PROMPT + "perfquery -x 17 1 > /dev/null &\n[1] 650300\n" + PROMPT + "ibstat\n" + IBSTAT
                + "[1]+  Done                    perfquery -x 17 1 > /dev/null\n" + PROMPT + "perfquery -x 17 1\n" + PERFQUERY.formatted(3);
        Capture c = read(text);
        assertEquals("200", c.attr("mlx5_0/1", "rate_gbps").orElseThrow());
        assertEquals(3, c.readings().stream().filter(r -> r.rawName().equals("SymbolErrorCounter")).findFirst().orElseThrow().value());
        assertEquals(List.of(), c.warnings());
    }

    /** A switch's CLI runs every command as {@code show}: two show commands are two tools, each read by its own reader. */
    @Test void twoShowCommandsOfASwitchAreASession() {
        String text = "admin@sonic:~$ show interfaces counters detailed Ethernet8\n"
                + "Total Packets Received Without Errors.......... 4\n"
                + "Unicast Packets Received....................... 4\n"
                + "Multicast Packets Received..................... 0\n\n"
                + "admin@sonic:~$ show pfc counters\n"
                + "  Port Rx    PFC0    PFC1    PFC2    PFC3    PFC4    PFC5    PFC6    PFC7\n"
                + "---------  ------  ------  ------  ------  ------  ------  ------  ------\n"
                + "Ethernet0   1,200     201     202     203     204     205     206     207\n";
        Capture c = read(text);
        assertEquals(4, c.reading("switch Ethernet8", "sonic_rx_ok").orElseThrow().value());
        assertEquals(1200, c.reading("switch Ethernet0", "rx_prio0_pause").orElseThrow().value());
        assertEquals(9, c.reading("switch Ethernet0", "rx_prio0_pause").orElseThrow().line());
        assertEquals(List.of(), c.warnings());
    }

    @Test void oneToolRunSeveralTimesIsNoSessionOfItsOwn() {
        String ethtool = PROMPT + "ethtool -S eth0\nNIC statistics:\n     rx_pause_ctrl_phy: 1\n" + PROMPT + "ethtool -S eth1\nNIC statistics:\n     rx_pause_ctrl_phy: 2\n";
        assertNull(ShellSession.parts(Input.ofText("e.txt", ethtool)));
        // perfquery's "# Port ..." header and perftest's "#bytes" are no bare "# " prompt
        assertNull(ShellSession.parts(Input.ofText("p.txt", PERFQUERY.formatted(1) + "\n #bytes     #iterations\n")));
        // a session must start with a command line
        assertNull(ShellSession.parts(Input.ofText("s.txt", "output first\n" + PROMPT + "ibstat\n" + IBSTAT + PROMPT + "perfquery\n")));
        List<Input> parts = ShellSession.parts(Input.ofText("t.txt", PROMPT + "sudo -E ibstat\n" + IBSTAT + "$ perfquery -x\n" + PERFQUERY.formatted(1)));
        assertEquals(2, parts.size());
        assertEquals(List.of(1, 11), parts.stream().map(Input::sessionLine).toList());
    }

    /** JSON output goes to its reader without the command line (known as the part's command), and the paste's last bare prompt is no output. */
    @Test void jsonOutputIsReadAsTheToolPrintedIt() {
        String text = PROMPT + "ibstat\n" + IBSTAT + PROMPT + "rdma statistic show link mlx5_0/1 -j\n"
                + "[{\"ifname\":\"mlx5_0\",\"port\":1,\"out_of_buffer\":12}]\n" + PROMPT + "\n";
        Capture c = read(text);
        assertEquals(12, c.reading("mlx5_0/1", "out_of_buffer").orElseThrow().value());
        assertEquals(12, c.reading("mlx5_0/1", "out_of_buffer").orElseThrow().line());
        List<Input> parts = ShellSession.parts(Input.ofText("s.txt", text));
        assertEquals("rdma statistic show link mlx5_0/1 -j", parts.get(1).command());
        assertTrue(c.warnings().isEmpty(), c.warnings().toString());
    }

    /**
     * A session of cats of counter files (a cat of each file is a tool of its own) reads each as grep -H prints it; a
     * 10-digit counter value is not taken for date +%s's output, which only a date command line makes one.
     */
    @Test void catsOfCounterFilesAreSysfsCounters() {
        String dir = "/sys/class/infiniband/mlx5_0/ports/1/counters/";
        String text = PROMPT + "date +%s\n1796637600\n" + PROMPT + "cat " + dir + "port_xmit_data\n1234567890\n"
                + PROMPT + "cat " + dir + "symbol_error\n3\n" + PROMPT + "\n";
        Capture c = read(text);
        Reading data = c.reading("mlx5_0/1", "PortXmitData").orElseThrow();
        assertEquals(1234567890L, data.value());
        assertEquals(4, data.line());
        assertEquals(3, c.reading("mlx5_0/1", "SymbolErrorCounter").orElseThrow().value());
        assertTrue(c.warnings().isEmpty(), c.warnings().toString());
        // one cat, twice: its reader's (no session), and a cat of several files is no counter file
        assertNull(ShellSession.parts(Input.ofText("c.txt", PROMPT + "cat " + dir + "symbol_error\n3\n" + PROMPT + "cat " + dir + "symbol_error\n4\n")));
    }

    @Test void aMalformedCaptureInASessionStillFails() {
        String text = PROMPT + "ibstat\n" + IBSTAT + PROMPT + "perfquery -x 17 1\n" + PERFQUERY.formatted(7).replace("SymbolErrorCounter:..............7", "SymbolErrorCounter:..............x7");
        CaptureException e = org.junit.jupiter.api.Assertions.assertThrows(CaptureException.class, () -> read(text));
        assertTrue(e.getMessage().startsWith("session.txt:19:"), e.getMessage());
    }
}
