package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/**
 * The command the hosts ran, from pasted pdsh, clush and ansible command lines (option letters taking a value: chaos/pdsh
 * src/pdsh/opt.c {@code GEN_ARGS}; clush: cea-hpc/clustershell lib/ClusterShell/CLI/OptionParser.py).
 */
class ParallelCommandTest {
    @Test void pdshOptionsAndQuotesAndAPipeToDshbak() {
        assertEquals("ethtool -S ens1f0np0", ParallelCommand.remote("[root@login1 ~]# pdsh -w node[01-64] ethtool -S ens1f0np0"));
        assertEquals("perfquery -x", ParallelCommand.remote("$ pdsh -Nw node[01-02] -f 32 -l root 'perfquery -x' | dshbak -c"));
        assertEquals("ibstat", ParallelCommand.remote("pdsh -wnode01,node02 -R ssh ibstat"));
        assertEquals("ethtool -S eth0 | grep -i pause", ParallelCommand.remote("$ pdsh -w n[1-2] 'ethtool -S eth0 | grep -i pause' | dshbak"));
    }

    @Test void clushAndAnsible() {
        assertEquals("ibstat", ParallelCommand.remote("ops@login1:~$ clush -b -w @gpu ibstat"));
        assertEquals("ethtool -S ens1f0np0", ParallelCommand.remote("$ clush -bL --fanout 64 -w gpu[1-8] \"ethtool -S ens1f0np0\""));
        assertEquals("perfquery -x", ParallelCommand.remote("$ ansible gpu -m command -a 'perfquery -x'"));
    }

    @Test void anotherCommandRunsNothingOnHosts() {
        assertNull(ParallelCommand.remote("$ ethtool -S eth0"));
        assertNull(ParallelCommand.remote("$ pdsh -w node01"));
        assertNull(ParallelCommand.remote("$ ansible gpu -m ping"));
    }
}
