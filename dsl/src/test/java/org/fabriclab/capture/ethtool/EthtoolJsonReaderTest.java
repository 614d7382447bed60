package org.fabriclab.capture.ethtool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Reading;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EthtoolJsonReaderTest {
    private final EthtoolJsonReader reader = new EthtoolJsonReader();
    @TempDir Path tmp;

    private static List<String> named(Capture c) {
        return c.readings().stream().map(r -> r.port() + " " + r.rawName() + "=" + r.value()).toList();
    }

    @Test void theJsonAndTheTextFormOfAllGroupsGiveTheSameCounters() {
        Capture json = reader.read(Input.of(CaptureCsv.fixture("ethtool/all_groups_json.json")));
        Capture text = new EthtoolReader().read(Input.of(CaptureCsv.fixture("ethtool/all_groups_text.txt")));
        assertEquals(named(text), named(json));
        assertEquals(25, json.readings().size());
        assertEquals(Optional.of("ens1f0np0"), json.attr("netdev ens1f0np0", PortAttr.NETDEV));
    }

    @Test void eachValueNamesItsOwnLine() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/all_groups_json.json")));
        Reading fcs = c.reading("netdev ens1f0np0", "eth-mac-FrameCheckSequenceErrors").orElseThrow();
        assertEquals(3, fcs.value());
        assertEquals(10, fcs.line());
        // a histogram bucket: the line of its "val"
        assertEquals(34, c.reading("netdev ens1f0np0", "rx-rmon-etherStatsPkts64Octets").orElseThrow().line());
    }

    /** ethtool --json -S X appended after the test: the second array is read too (it was dropped unread), and a prompt after them is warned of. */
    @Test void arraysAppendedOneAfterAnotherAreEachRead() {
        String run = "[ {\n  \"ifname\": \"eth0\",\n  \"eth-mac\": {\n    \"FrameCheckSequenceErrors\": %d\n  }\n} ]\n";
        Capture c = reader.read(Input.ofText("runs.json", run.formatted(3) + run.formatted(9) + "$ \n"));
        assertEquals(List.of("netdev eth0 eth-mac-FrameCheckSequenceErrors=3", "netdev eth0 eth-mac-FrameCheckSequenceErrors=9"), named(c));
        assertEquals(10, c.readings().get(1).line());
        assertEquals(List.of("runs.json:13: text after the JSON output is no JSON; not read"), c.warnings());
        assertEquals(2, org.fabriclab.capture.Runs.of(c).size());
    }

    @Test void sniffedAmongAllReaders() {
        assertEquals("ethtool-json", Readers.standard().choose(Input.of(CaptureCsv.fixture("ethtool/all_groups_json.json"))).format());
        Path f = BadInput.write(tmp, "s.json", "[ {\"ifname\": \"eth0\", \"eth-ctrl\": {\"MACControlFramesReceived\": 4}} ]\n");
        assertEquals("ethtool-json", Readers.standard().choose(Input.of(f)).format());
        // ethtool --json -a is the pause reader's
        assertEquals(0, reader.sniff(Input.of(CaptureCsv.fixture("qos/ethtool_json_I_a.json"))));
    }

    @Test void aValueThatIsNoWholeNumberNamesItsLine() {
        Path f = BadInput.write(tmp, "s.json", "[ {\n  \"ifname\": \"eth0\",\n  \"eth-mac\": {\n    \"FramesReceivedOK\": 1.5\n  }\n} ]\n");
        BadInput.expect(reader, f, 4, "\"eth-mac\" counter \"FramesReceivedOK\" is 1.5; expected a whole number");
    }

    @Test void aCommandLineBeforeTheArrayIsSkippedButProseIsNot() {
        Path ok = BadInput.write(tmp, "a.json", "root@h:~# ethtool --json -S eth0 --groups eth-phy\n[ {\"ifname\": \"eth0\",\n\"eth-phy\": {\"SymbolErrorDuringCarrier\": 2}} ]\n");
        Capture c = reader.read(Input.of(ok));
        assertEquals(3, c.reading("netdev eth0", "eth-phy-SymbolErrorDuringCarrier").orElseThrow().line());
        Path prose = BadInput.write(tmp, "b.json", "the stats:\n[ {\"ifname\": \"eth0\", \"eth-phy\": {\"SymbolErrorDuringCarrier\": 2}} ]\n");
        assertEquals(0, reader.sniff(Input.of(prose)));
    }

    @Test void anObjectWithoutIfname() {
        Path f = BadInput.write(tmp, "s.json", "[\n {\"eth-phy\": {\"SymbolErrorDuringCarrier\": 2}}\n]\n");
        BadInput.expect(reader, f, 2, "without \"ifname\"");
    }

    @Test void aBucketWithoutBounds() {
        Path f = BadInput.write(tmp, "s.json", "[ {\"ifname\": \"eth0\", \"rmon\": {\"rx-pktsNtoM\": [\n {\"low\": 0, \"high\": 0, \"val\": 3}]}} ]\n");
        CaptureException e = BadInput.expect(reader, f, 2, "bucket with neither bound");
        assertTrue(e.getMessage().contains("rx-pktsNtoM"), e.getMessage());
    }
}
