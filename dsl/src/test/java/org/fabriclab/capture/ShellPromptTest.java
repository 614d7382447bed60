package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ShellPromptTest {
    private static String command(String line) {
        int at = ShellPrompt.commandStart(line);
        return at < 0 ? null : line.substring(at);
    }

    @Test void defaultPromptsOfCommonShells() {
        assertEquals("ethtool -S eth0", command("$ ethtool -S eth0"));
        assertEquals("ethtool -S eth0", command("# ethtool -S eth0"));
        assertEquals("ethtool -S eth0", command("[root@node07 ~]# ethtool -S eth0"));
        assertEquals("ethtool -S eth0 | grep prio3", command("root@node07:~# ethtool -S eth0 | grep prio3"));
        assertEquals("ib_write_bw -D 10 10.0.0.2", command("ops@gpu-07.lab:/tmp/run$ ib_write_bw -D 10 10.0.0.2"));
        assertEquals("ethtool -S eth0", command("node07:~ # ethtool -S eth0"));
        assertEquals("ethtool -S eth0", command("ops@node07 ~ % ethtool -S eth0"));
        assertEquals("rdma stat show", command("(venv) ops@node07:~$ rdma stat show"));
    }

    @Test void counterAndOutputLinesAreNoPrompt() {
        assertEquals(-1, ShellPrompt.commandStart("     rx_bytes: 12"));
        assertEquals(-1, ShellPrompt.commandStart("[0]: rx_ucast_packets: 5"));
        assertEquals(-1, ShellPrompt.commandStart("rx_pkts_size>1518: 0"));
        assertEquals(-1, ShellPrompt.commandStart("NIC statistics:"));
        assertEquals(-1, ShellPrompt.commandStart(" #bytes     #iterations    BW peak[MB/sec]"));
        assertEquals(-1, ShellPrompt.commandStart("root@node07:~#"), "nothing after the prompt");
    }

    @Test void barePrompts() {
        assertTrue(ShellPrompt.isBare("root@node07:~#"));
        assertTrue(ShellPrompt.isBare("[root@node07 ~]# "));
        assertTrue(ShellPrompt.isBare("$"));
        assertFalse(ShellPrompt.isBare("# ethtool -S eth0"));
        assertFalse(ShellPrompt.isBare("rx_bytes: 12"));
        assertFalse(ShellPrompt.isBare(""));
    }

    /**
     * bash's built-in default prompt, {@code \\s-\\v\\$ }, where no profile sets one: containers and pod shells
     * ({@code oc rsh}, {@code kubectl exec}), as OpenShift's RDMA verification docs show {@code sh-5.1# } after
     * ibstatus output and a Kubernetes issue shows {@code bash-5.1# ibstat}. Not a prompt before: the ibstatus
     * paste was refused at its last line.
     */
    @Test void theShellsBuiltInDefaultPrompt() {
        assertEquals("ibstat", command("bash-5.1# ibstat"));
        assertEquals("rdma link show", command("sh-4.4$ rdma link show"));
        assertTrue(ShellPrompt.isBare("sh-5.1# "));
        assertTrue(ShellPrompt.isBare("bash-5.1#"));
        assertEquals(-1, ShellPrompt.commandStart("rx-5.1: 3"));
        assertFalse(ShellPrompt.isBare("sh-5.1: 3"));
    }
}
