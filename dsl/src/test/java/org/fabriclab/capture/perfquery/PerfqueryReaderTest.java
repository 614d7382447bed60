package org.fabriclab.capture.perfquery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Reading;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Layer;
import org.fabriclab.catalogue.Role;
import org.fabriclab.catalogue.Source;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PerfqueryReaderTest {
    private final PerfqueryReader reader = new PerfqueryReader();
    @TempDir Path tmp;

    @Test void goldenMixedBlocks() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("perfquery/mixed_blocks.txt")));
        assertEquals(CaptureCsv.text("perfquery/mixed_blocks.expected.csv"), CaptureCsv.tidy(c));
        assertEquals(CaptureCsv.text("perfquery/mixed_blocks.attrs.csv"), CaptureCsv.attrs(c));
        // two ibwarn lines, one blank line
        assertEquals(3, c.noiseLines());
    }

    @Test void hexLidIsNormalisedAndBlocksKeepTheirSource() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("perfquery/mixed_blocks.txt")));
        assertEquals(java.util.List.of("lid 1719/1"), c.ports());
        Reading classic = c.readings().stream().filter(r -> r.rawName().equals("LinkDownedCounter")).findFirst().orElseThrow();
        assertEquals(Source.PERFQUERY, classic.source());
        assertEquals(8, classic.field().width());
        assertTrue(classic.field().isPegged(classic.value()));
        Reading ext = c.readings().stream().filter(r -> r.rawName().equals("LinkDownedCounter")).skip(1).findFirst().orElseThrow();
        assertEquals(Source.PERFQUERY_X, ext.source());
        assertEquals(300, ext.value());
        assertEquals(64, ext.field().width());
    }

    @Test void selectFieldsAreNotReadings() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("perfquery/mixed_blocks.txt")));
        assertTrue(c.readings().stream().noneMatch(r -> r.rawName().startsWith("CounterSelect") || r.rawName().equals("PortSelect")));
    }

    @Test void aggregatedPortIsWarned() {
        Capture c = reader.read(Input.ofText("agg.txt", "# Port extended counters: Lid 5 port 255 (CapMask: 0x1600)\n"
                + "PortSelect:......................255\nPortXmitData:....................10\nPortRcvData:.....................11\n"
                + "PortXmitPkts:....................12\nPortRcvPkts:.....................13\n"));
        assertEquals(10, c.reading("lid 5/255", "PortXmitData").orElseThrow().value());
        assertEquals(1, c.warnings().size());
    }

    /** Older perfquery titled its -x output "# Port counters:" (no CapMask): the fields say it is the extended block. */
    @Test void extendedCountersUnderTheClassicTitleReadAsExtended() {
        Capture c = reader.read(Input.ofText("old-x.txt", "# Port counters: Lid 214 port 35\n"
                + "PortSelect:......................35\nCounterSelect:...................0x1b01\n"
                + "PortXmitData:....................196508288843\nPortRcvData:.....................187000000000\n"
                + "PortXmitPkts:....................1500000000\nPortRcvPkts:.....................1400000000\n"
                + "PortUnicastXmitPkts:.............1490000000\nPortUnicastRcvPkts:..............1390000000\n"
                + "PortMulticastXmitPkts:...........10000000\nPortMulticastRcvPkts:............10000000\n"));
        Reading x = c.reading("lid 214/35", "PortXmitData").orElseThrow();
        assertEquals(196508288843L, x.value());
        assertEquals(Source.PERFQUERY_X, x.source());
        assertEquals(64, x.field().width());
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("old-x.txt:1") && w.contains("extended")), c.warnings().toString());
        // a classic block cut before its error counters still fails: only the first counter decides
        BadInput.expect(reader, Input.ofText("cut.txt", "# Port counters: Lid 214 port 35\nPortSelect:......................35\n"
                + "SymbolErrorCounter:..............0\nPortXmitData:....................10\n"), 1, "lacks some of");
    }

    /**
     * OFED 1.2/1.3 libibmad named the PortCounters fields otherwise (SymbolErrors, LinkRecovers, ...,
     * XmtData) and printed no CapMask: the catalogue binds those names, so the block is complete and its
     * counters are the same counters with the same widths; a block of them cut short still fails.
     */
    @Test void olderLibibmadFieldNamesAreTheSameCounters() {
        String block = "# Port counters: Lid 12 port 1\n"
                + "PortSelect:......................1\nCounterSelect:...................0x0000\n"
                + "SymbolErrors:....................311\nLinkRecovers:....................255\nLinkDowned:......................2\n"
                + "RcvErrors:.......................40\nRcvRemotePhysErrors:.............5\nRcvSwRelayErrors:................0\n"
                + "XmtDiscards:.....................17\nXmtConstraintErrors:.............0\nRcvConstraintErrors:.............0\n"
                + "LinkIntegrityErrors:.............0\nExcBufOverrunErrors:.............0\nVL15Dropped:.....................0\n"
                + "XmtData:.........................123456\nRcvData:.........................654321\n"
                + "XmtPkts:.........................1000\nRcvPkts:.........................2000\n";
        Capture c = reader.read(Input.ofText("ofed13.txt", block));
        Reading sym = c.reading("lid 12/1", "SymbolErrorCounter").orElseThrow();
        assertEquals(311, sym.value());
        assertEquals("SymbolErrors", sym.rawName());
        assertEquals(16, sym.field().width());
        assertTrue(c.reading("lid 12/1", "LinkErrorRecoveryCounter").orElseThrow().field().isPegged(255));
        assertEquals(17, c.reading("lid 12/1", "PortXmitDiscards").orElseThrow().value());
        Reading data = c.reading("lid 12/1", "PortXmitData").orElseThrow();
        assertEquals(123456, data.value());
        assertEquals(32, data.field().width());
        assertEquals(4, data.scale(), "4-octet words");
        BadInput.expect(reader, Input.ofText("cut.txt", block.substring(0, block.indexOf("XmtData:"))), 1, "lacks some of");
    }

    @Test void laggingClassicCopyYieldsToTheExtendedOne() {
        String classic = CaptureCsv.text("perfquery/mixed_blocks.txt");
        classic = classic.substring(0, classic.indexOf("# PortRcvErrorDetails"));
        // the -x block also read PortXmitWait (4300) a moment after the classic query (4242, not pegged)
        Capture c = reader.read(Input.ofText("live.txt", classic.replace("LinkDownedCounter:...............300\n",
                "LinkDownedCounter:...............300\nPortXmitWait:....................4300\n")));
        var waits = c.readings().stream().filter(r -> r.counter().equals("PortXmitWait")).toList();
        assertEquals(1, waits.size());
        assertEquals(4300, waits.get(0).value());
        assertEquals(Source.PERFQUERY_X, waits.get(0).source());
        // pegged classic copies are kept beside their wide twins, for the snapshot to choose
        assertEquals(2, c.readings().stream().filter(r -> r.counter().equals("LinkDownedCounter")).count());
        assertEquals(1, c.warnings().size());
        assertTrue(c.warnings().get(0).contains("lid 1719/1 PortXmitWait = 4242 at line 22 vs 4300"), c.warnings().get(0));
        org.fabriclab.snapshot.Snapshot s = org.fabriclab.snapshot.Snapshot.ofCaptures("live", java.util.List.of(c));
        assertEquals(4300, s.value("lid 1719/1", "PortXmitWait").getAsLong());
    }

    /**
     * rdma-core's classic dump (mad_dump_perfcounters) prints CounterSelect2 and the 16-bit QP1Dropped
     * between ExcessiveBufferOverrunErrors and VL15Dropped: QP1Dropped is a catalogued 16-bit field.
     */
    @Test void classicQp1DroppedIsSixteenBits() {
        Capture c = reader.read(Input.ofText("rdma-core.txt", "# Port counters: Lid 7 port 1 (CapMask: 0x1600)\n"
                + "PortSelect:......................1\nCounterSelect:...................0x0000\n"
                + "SymbolErrorCounter:..............2\nLinkErrorRecoveryCounter:........0\nLinkDownedCounter:...............1\n"
                + "PortRcvErrors:...................0\nPortRcvRemotePhysicalErrors:.....0\nPortRcvSwitchRelayErrors:........0\n"
                + "PortXmitDiscards:................4\nPortXmitConstraintErrors:........0\nPortRcvConstraintErrors:.........0\n"
                + "CounterSelect2:..................0x00\nLocalLinkIntegrityErrors:........0\nExcessiveBufferOverrunErrors:....0\n"
                + "QP1Dropped:......................65535\nVL15Dropped:.....................0\n"
                + "PortXmitData:....................5000\nPortRcvData:.....................6000\n"
                + "PortXmitPkts:....................70\nPortRcvPkts:.....................80\nPortXmitWait:....................9\n"));
        Reading q = c.reading("lid 7/1", "QP1Dropped").orElseThrow();
        assertEquals(Source.PERFQUERY, q.source());
        assertEquals(16, q.field().width());
        assertTrue(q.field().isPegged(q.value()));
        assertEquals(9, c.reading("lid 7/1", "PortXmitWait").orElseThrow().value());
    }

    @Test void extendedSpeedsRsFecCountersAreCataloguedWithFieldsCWidths() {
        Capture c = reader.read(Input.ofText("pq-T.txt", "# PortExtendedSpeedsCounters with RS-FEC Active counters: Lid 41 port 3\n"
                + "PortSelect:......................3\nCounterSelect:...................0x0000000000000000\n"
                + "SyncHeaderErrorCounter:..........6\nUnknownBlockCounter:.............1\n"
                + "FECCorrectableSymbolCtrLane0:....90\nFECCorrectableSymbolCtrLane1:....0\n"
                + "PortFECCorrectableBlockCtr:......4100\nPortFECUncorrectableBlockCtr:....3\nPortFECCorrectedSymbolCtr:.......8200\n"));
        Reading lost = c.reading("lid 41/3", "PortFECUncorrectableBlockCtr").orElseThrow();
        assertTrue(lost.catalogued());
        assertEquals(Layer.PHYSICAL, lost.layer());
        assertEquals(32, lost.field().width());
        assertEquals(3, lost.value());
        Reading sync = c.reading("lid 41/3", "SyncHeaderErrorCounter").orElseThrow();
        assertEquals(Layer.PHYSICAL, sync.layer());
        assertEquals(16, sync.field().width());
        assertEquals(16, c.reading("lid 41/3", "UnknownBlockCounter").orElseThrow().field().width());
        Reading corrected = c.reading("lid 41/3", "PortFECCorrectableBlockCtr").orElseThrow();
        assertEquals(Layer.INFORMATIVE, corrected.layer());
        assertEquals(32, corrected.field().width());
        assertEquals(32, c.reading("lid 41/3", "PortFECCorrectedSymbolCtr").orElseThrow().field().width());
        assertTrue(Catalogue.standard().hasRole("PortFECUncorrectableBlockCtr", Role.FEC_UNCORRECTED));
        // per-lane counters are the lane family FECCorrectableSymbolCtrLane{l}: catalogued, informative
        Reading lane0 = c.reading("lid 41/3", "FECCorrectableSymbolCtrLane0").orElseThrow();
        assertTrue(lane0.catalogued());
        assertEquals(Layer.INFORMATIVE, lane0.layer());
        assertEquals(90, lane0.value());
        assertTrue(Catalogue.standard().hasRole("FECCorrectableSymbolCtrLane0", Role.LANE_FEC_CORRECTED_SYMBOLS));
    }

    @Test void samplesControlBlocksAreSkippedNotMixedIn() {
        Capture c = reader.read(Input.ofText("c.txt", "# Port extended counters: Lid 5 port 1\n"
                + "PortXmitData:....................10\nPortRcvData:.....................11\n"
                + "PortXmitPkts:....................12\nPortRcvPkts:.....................13\n"
                + "# a comment inside the capture\n"
                + "PortUnicastXmitPkts:.............14\n"
                + "# PortSamplesControl: Lid 5 port 1\n"
                + "OpCode:..........................0x0000\nTick:............................0\n"
                + "SampleMechanisms:................0x00\n"));
        assertEquals(5, c.readings().size());
        assertEquals(14, c.reading("lid 5/1", "PortUnicastXmitPkts").orElseThrow().value());
        assertEquals(5, c.noiseLines());
    }

    /**
     * A 64-bit field at 2^64-1 (pegged, or an aggregate of -a saturated there) does not fit a long: that
     * counter is absent with the reason, as the ibdiagnet readers do, and the block is still read. A value
     * beyond 64 bits is not a counter at all and fails.
     */
    @Test void aValueAboveALongIsAbsentNotTheFileRejected() {
        String head = "# Port extended counters: Lid 9 port 3 (CapMask: 0x5A00 CapMask2: 0x0000002)\n"
                + "PortSelect:......................3\nCounterSelect:...................0x0000\n";
        Capture c = reader.read(Input.ofText("pegged.txt", head + "PortXmitData:....................18446744073709551615\n"
                + "PortRcvData:.....................41\nPortXmitPkts:....................42\nPortRcvPkts:.....................43\n"));
        assertTrue(c.reading("lid 9/3", "PortXmitData").isEmpty());
        var absent = c.absents().stream().filter(a -> a.counter().equals("PortXmitData")).findFirst().orElseThrow();
        assertEquals(4, absent.line());
        assertTrue(absent.reason().contains("18446744073709551615") && absent.reason().contains("2^63-1"), absent.reason());
        assertEquals(41, c.reading("lid 9/3", "PortRcvData").orElseThrow().value());
        BadInput.expect(reader, Input.ofText("huge.txt", head + "PortXmitData:....................184467440737095516150\n"
                + "PortRcvData:.....................41\nPortXmitPkts:....................42\nPortRcvPkts:.....................43\n"),
                4, "expected a non-negative integer counter value");
    }

    @Test void valueNotANumber() {
        Path f = BadInput.write(tmp, "pq.txt", "# Port extended counters: Lid 1 port 1\nPortXmitData:....................12x4\n");
        BadInput.expect(reader, f, 2, "expected a non-negative integer counter value, found '12x4'");
    }

    @Test void truncatedMidLine() {
        Path f = BadInput.write(tmp, "pq.txt", "# Port extended counters: Lid 1 port 1\nPortXmitData:....................1\n"
                + "PortRcvData:..........");
        BadInput.expect(reader, f, 3, "PortRcvData has no value");
    }

    @Test void truncatedAfterHeader() {
        Path f = BadInput.write(tmp, "pq.txt", "# Port extended counters: Lid 1 port 1 (CapMask: 0x5300)\n");
        BadInput.expect(reader, f, 1, "holds no counters");
    }

    @Test void truncatedBlockLacksMandatoryFields() {
        Path f = BadInput.write(tmp, "pq.txt", "# Port counters: Lid 1 port 1\nPortSelect:......................1\n"
                + "SymbolErrorCounter:..............0\nLinkErrorRecoveryCounter:........0\n");
        BadInput.expect(reader, f, 1, "lacks some of");
    }

    @Test void cutAtTheStart() {
        Path f = BadInput.write(tmp, "pq.txt", "PortRcvData:.....................1\nPortXmitPkts:....................2\n");
        BadInput.expect(reader, f, 1, "before any perfquery header");
    }

    @Test void binaryJunk() {
        Path f = BadInput.write(tmp, "pq.bin", BadInput.binaryJunk("# Port counters: Lid 1 port 1\nPortSelect:....1\n"));
        BadInput.expect(reader, f, 3, "binary content");
    }

    @Test void headerWithoutLid() {
        Path f = BadInput.write(tmp, "pq.txt", "# Port counters: DR path slid 0; dlid 0; 0,1 port 1\nPortXmitData:....1\n");
        BadInput.expect(reader, f, 1, "without 'Lid <lid> port <port>'");
    }

    @Test void sniffsHeaderAndIgnoresOtherFormats() {
        assertEquals(95, reader.sniff(Input.ofText("x", "ibwarn: foo\n# Port counters: Lid 3 port 1\n")));
        assertEquals(0, reader.sniff(Input.ofText("x", "rx_bytes: 12\ntx_bytes: 13\n")));
        assertEquals(0, reader.sniff(Input.ofText("x", "CA 'mlx5_0'\n\tCA type: MT4123\n")));
    }
}
