package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Host lists as dshbak -c and clush -b print them over a group's output. The cases are the expected headers of pdsh's
 * own dshbak tests (chaos/pdsh@21f59962d44abbdc66a5072384257cf2a01218f3, tests/t5000-dshbak.sh) read back into their
 * hosts, and ClusterShell's gathered headers (cea-hpc/clustershell@c09f82763b2b2fca99d7066e3ef5a850cc97c52d,
 * tests/CLIClushTest.py: {@code cs[01,03]}, {@code foo[1-10]}).
 */
class HostListTest {
    @Test void dshbakHeadersOfPdshsOwnTests() {
        assertEquals(List.of("foo8", "foo9", "foo10", "foo11"), HostList.expand("foo[8-11]"));
        assertEquals(List.of("foo1x8", "foo1x9", "foo1x10", "foo1x11"), HostList.expand("foo1x[8-11]"));
        assertEquals(List.of("foo00", "foo01", "foo02", "foo03"), HostList.expand("foo[00-03]"));
        assertEquals(List.of("foo0", "foo01", "foo2", "foo03"), HostList.expand("foo[0,01,2,03]"));
        assertEquals(List.of("foo00s", "foo01s", "foo02s", "foo1s", "foo3s", "foo5s"), HostList.expand("foo[00-02,1,3,5]s"));
        assertEquals(List.of("bar0", "bar1", "foo1", "foo2", "foo5"), HostList.expand("bar[0-1],foo[1-2,5]"));
        assertEquals(List.of("foo09", "foo10", "foo11"), HostList.expand("foo[09-11]"));
    }

    @Test void clushNodesetsIncludingSeveralBracketGroups() {
        assertEquals(List.of("cs01", "cs03"), HostList.expand("cs[01,03]"));
        assertEquals(10, HostList.expand("foo[1-10]").size());
        assertEquals(List.of("r1n1", "r1n2", "r2n1", "r2n2"), HostList.expand("r[1-2]n[1-2]"));
        assertEquals(List.of("node01.example.com"), HostList.expand("node01.example.com"));
    }

    @Test void whatIsNoHostListIsNull() {
        assertNull(HostList.expand("NIC statistics"));
        assertNull(HostList.expand("/sys/class/infiniband/mlx5_0/ports/1/counters/symbol_error"));
        assertNull(HostList.expand("node[3-1]"));
        assertNull(HostList.expand("node[1-2"));
        assertNull(HostList.expand("node[[1-2]]"));
        assertNull(HostList.expand("node[a-b]"));
        assertNull(HostList.expand("node[1-99999999]"));
        assertNull(HostList.expand("a,,b"));
        assertNull(HostList.expand(""));
    }
}
