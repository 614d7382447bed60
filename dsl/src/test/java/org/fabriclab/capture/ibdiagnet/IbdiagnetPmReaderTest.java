package org.fabriclab.capture.ibdiagnet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.fabriclab.capture.BadCaptureInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.GoldenCapture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PublicCaptureFiles;
import org.fabriclab.capture.Readers;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IbdiagnetPmReaderTest {
    private final IbdiagnetPmReader reader = new IbdiagnetPmReader();

    @Test void goldenTwoPorts() {
        Capture c = GoldenCapture.check(getClass(), "two_ports.pm", reader);
        String p1 = "guid 0x5c25730300e6706e/1";
        // the pegged 32-bit copy and the 64-bit copy are both emitted; the snapshot keeps the wide one
        assertEquals(2, c.readings().stream().filter(r -> r.port().equals(p1) && r.counter().equals("PortXmitData")).count());
        Snapshot s = Snapshot.ofCaptures("t", List.of(c));
        assertEquals(0x00002a94d4327ba7L, s.value(p1, "PortXmitData").getAsLong());
        assertEquals(0x12345L, s.value(p1, "SymbolErrorCounter").getAsLong());
        assertEquals(0x12526dd7L, s.value(p1, "PortXmitPkts").getAsLong(), "lagging unpegged classic copy left out");
        assertTrue(c.warnings().get(0).startsWith("1 classic counter"), c.warnings().toString());
        assertEquals("164", c.attr(p1, "lid").orElseThrow());
        assertEquals("165", c.attr("guid 0x5c25730300e6706e/2", "lid").orElseThrow());
        assertTrue(s.absents("guid 0x5c25730300e6706e/2").containsKey("PortLoopingErrors"), "NA is absent, not 0");
    }

    @Test void wideCopyBelowAPeggedNarrowCopyIsLeftOut() {
        // seen on a ConnectX port of the public sequoia fabric: symbol_error_counter pegged, the _extended copy 0
        Capture c = reader.read(Input.ofText("w.pm", "Port=1 Lid=0x0049 GUID=0xc470bd0300100612 Device=4129 Port Name=h/mlx5_9\n"
                + "symbol_error_counter=0x0000ffff\nsymbol_error_counter_extended=0x0000000000000000\n"
                + "port_rcv_errors=0x0083\nport_rcv_errors_extended=18446744073709551576\n"));
        Snapshot s = Snapshot.ofCaptures("w", List.of(c));
        assertEquals(0xffffL, s.value("guid 0xc470bd0300100612/1", "SymbolErrorCounter").getAsLong(), "pegged: no verdict downstream");
        assertEquals(0x83L, s.value("guid 0xc470bd0300100612/1", "PortRcvErrors").getAsLong());
        assertTrue(c.warnings().get(0).startsWith("1 64-bit counter copies are below their narrow copy"), c.warnings().toString());
        assertTrue(c.absents().stream().anyMatch(a -> a.rawName().equals("port_rcv_errors_extended") && a.reason().contains("above 2^63-1")));
    }

    @Test void extendedSpeedsPerLaneFieldsAreRead() {
        // ibdiagnet --extended_speeds all: PortExtendedSpeedsCounters per port, the error detection counters per lane
        Capture c = reader.read(Input.ofText("x.pm", "Port=1 Lid=0x0031 GUID=0x0c42a10300a1b2c4 Device=4129 Port Name=node12/mlx5_0/U1\n"
                + "symbol_error_counter=0x0000000c\nsync_header_error_counter=0x0002\nerror_detection_counter_total=0x00000003\n"
                + "error_detection_counter_lane[0]=0x00000001\nerror_detection_counter_lane[1]=0x00000002\nerror_detection_counter_lane[2]=NA\n"));
        String p = "guid 0x0c42a10300a1b2c4/1";
        assertEquals(2L, c.reading(p, "SyncHeaderErrorCounter").orElseThrow().value());
        assertEquals(3L, c.reading(p, "ErrorDetectionCounterTotal").orElseThrow().value());
        // the lane field is the perfquery -T lane family, ErrorDetectionCounterLane{l}
        assertEquals(2L, c.reading(p, "ErrorDetectionCounterLane1").orElseThrow().value());
        assertEquals(6, c.reading(p, "ErrorDetectionCounterLane1").orElseThrow().line());
        assertEquals("error_detection_counter_lane[1]", c.reading(p, "ErrorDetectionCounterLane1").orElseThrow().rawName());
        assertEquals(16, c.reading(p, "ErrorDetectionCounterLane0").orElseThrow().field().width());
        assertTrue(c.absents().stream().anyMatch(a -> a.counter().equals("ErrorDetectionCounterLane2") && a.rawName().equals("error_detection_counter_lane[2]")), "NA is absent, not 0");
        // a bracket that is no lane is still no counter line
        BadCaptureInput.fails(reader, "y.pm", "Port=1 Lid=0x0031 GUID=0x0c42a10300a1b2c4\nlane[x]=0x1\n", 2, "expected a counter line");
    }

    @Test void sniffing() {
        Input pm = GoldenCapture.input(getClass(), "two_ports.pm");
        assertEquals(95, reader.sniff(pm));
        assertEquals(0, reader.sniff(GoldenCapture.input(getClass(), "small.db_csv")));
        assertEquals(0, reader.sniff(GoldenCapture.input(getClass(), "short.log")));
        assertEquals("ibdiagnet-pm", Readers.standard().choose(pm).format());
    }

    @Test void truncatedBlock() {
        BadCaptureInput.fails(reader, "t.pm", "----\nPort=1 Lid=0x00a4 GUID=0x5c25730300e6706e Device=4129 Port Name=x\n----\n", 2,
                "no counter lines");
    }

    @Test void truncatedMidLine() {
        BadCaptureInput.fails(reader, "t.pm", "Port=1 Lid=0x00a4 GUID=0x5c25730300e6706e Device=4129 Port Name=x\nlink_down_counter=0x0\nport_xmit_da",
                3, "expected a counter line");
    }

    @Test void nonNumberValue() {
        BadCaptureInput.fails(reader, "t.pm", "Port=1 Lid=0x00a4 GUID=0x5c25730300e6706e Device=4129 Port Name=x\nport_xmit_data=0xzz12\n", 2,
                "expected a non-negative integer counter value");
    }

    @Test void badHeaderAndOrphanCounter() {
        BadCaptureInput.fails(reader, "t.pm", "Port=1 Lid=0x00a4 GUID=not-a-guid\nport_xmit_data=0x1\n", 1, "expected 'Port=<n>");
        BadCaptureInput.fails(reader, "t.pm", "# header\nport_xmit_data=0x1\n", 2, "before any 'Port=");
    }

    @Test void junk(@TempDir Path dir) {
        BadCaptureInput.binaryFile(reader, dir);
        BadCaptureInput.fails(reader, "junk.pm", BadCaptureInput.junkText(), 1, "expected a counter line");
    }

    @Test void publicHcaBlock() {
        Capture c = new Readers(List.of(reader)).read(PublicCaptureFiles.file("ibdiagnet2_pm_hca_block_sequoia.pm"));
        String p = "guid 0x5c25730300e6706e/1";
        assertEquals(List.of(p), c.ports());
        // port_xmit_data_extended=0x00002a94d4327ba7
        assertEquals(46818703604647L, c.readings().stream().filter(r -> r.rawName().equals("port_xmit_data_extended"))
                .findFirst().orElseThrow().value());
        assertEquals(0xffffffffL, c.readings().stream().filter(r -> r.rawName().equals("port_xmit_data")).findFirst().orElseThrow().value());
        Snapshot s = Snapshot.ofCaptures("hca", List.of(c));
        assertEquals(46818703604647L, s.value(p, "PortXmitData").getAsLong());
        assertEquals(0x0000002fL, s.value(p, "PortMulticastRcvPkts").getAsLong());
        assertEquals(0xb3e40818L, s.value(p, "PortXmitWait").getAsLong());
        assertEquals("164", c.attr(p, "lid").orElseThrow());
        assertEquals("is-north-7-compute-1/mlx5_8/B134D0F0/0/0/1", c.attr(p, "node_desc").orElseThrow());
        assertEquals(6, c.absents().size(), "six NA fields in the HCA block");
        assertTrue(c.absents().stream().anyMatch(a -> a.counter().equals("PortSwHOQLifetimeLimitDiscards")));
    }

    @Test void publicSwitchPorts() {
        Capture c = reader.read(Input.of(PublicCaptureFiles.file("ibdiagnet2_pm_head3ports_sequoia.pm")));
        assertEquals(List.of("guid 0xb0cf0e0300d33fc0/1", "guid 0xb0cf0e0300d33fc0/2", "guid 0xb0cf0e0300d33fc0/3"), c.ports());
        Snapshot s = Snapshot.ofCaptures("sw", List.of(c));
        assertEquals(0x9eL, s.value("guid 0xb0cf0e0300d33fc0/2", "PortRcvSwitchRelayErrors").getAsLong());
        assertEquals(0x000000023413832cL, s.value("guid 0xb0cf0e0300d33fc0/1", "PortXmitWait").getAsLong(), "pegged 32-bit wait yields");
        assertEquals("ib-switch-sequoia/U1/P1/1/2", c.attr("guid 0xb0cf0e0300d33fc0/2", "node_desc").orElseThrow());
    }

    /**
     * {@code ibdiagnet --get_cable_info} writes {@code ibdiagnet2.cables} with the same
     * {@code Port=.. Lid=.. GUID=.. Port Name=..} block header as the .pm file but {@code Key: value}
     * lines under it. It was claimed as a .pm file and rejected at its first body line with "expected a
     * counter line". The .pm reader leaves it alone; {@link IbdiagnetCablesReader} reads it.
     */
    @Test void cableInfoFileWithThePmBlockHeaderIsNotAPmFile() {
        String text = "-------------------------------------------------------\n"
                + "Port=7 Lid=0x0012 GUID=0x0002c90300a1b2c1 Port Name=leaf03/U1/P7\n"
                + "-------------------------------------------------------\n\n"
                + "Vendor: Mellanox\nOUI: 0x2c9\nPN: MFS1S00-H010E\nSN: MT2012FT00001\nTemperature: 41C\n";
        Input in = Input.ofText("ibdiagnet2.cables", text);
        assertEquals(0, reader.sniff(in));
        assertEquals("ibdiagnet-cables", Readers.standard().choose(in).format());
        assertEquals(41.0, Readers.standard().read(in).measurements("module").orElseThrow().doubleColumn("temperature_c").get(0));
        assertEquals(95, reader.sniff(Input.ofText("p.pm", "Port=1 Lid=0x1 GUID=0x1\n-----\nsymbol_error_counter=0x0\n")));
    }
}
