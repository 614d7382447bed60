package org.fabriclab.capture.qos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Reading;
import org.fabriclab.catalogue.Source;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EthtoolPauseReaderTest {
    private final EthtoolPauseReader reader = new EthtoolPauseReader();
    @TempDir Path tmp;

    @Test void netlinkLayoutWithStatistics() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("qos/ethtool_I_a_netlink_stats.txt")));
        String p = "netdev ens1f0np0";
        assertEquals(Optional.of("off"), c.attr(p, PortAttr.PAUSE_AUTONEG));
        assertEquals(Optional.of("on"), c.attr(p, PortAttr.PAUSE_RX));
        assertEquals(Optional.of("on"), c.attr(p, PortAttr.PAUSE_TX));
        assertEquals(Optional.of("on"), c.attr(p, "pause_rx_negotiated"));
        Reading tx = c.reading(p, "tx_pause_ctrl_phy").orElseThrow();
        assertEquals(5120344L, tx.value());
        assertEquals(Source.ETHTOOL_PAUSE, tx.source());
        assertEquals("tx_pause_frames", tx.rawName());
        assertEquals(77L, c.reading(p, "rx_pause_ctrl_phy").orElseThrow().value());
    }

    @Test void theSameNameInEthtoolSIsAnotherCounter() {
        // bnxt_en's ethtool -S tx_pause_frames is link-level pause; ethtool -I -a's is the MAC's pause control frames
        Capture c = reader.read(Input.of(CaptureCsv.fixture("qos/ethtool_I_a_netlink_stats.txt")));
        assertTrue(c.reading("netdev ens1f0np0", "tx_global_pause").isEmpty());
    }

    @Test void ioctlLayoutHeaderNamesThePort() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("qos/ethtool_a_ioctl_nostats.txt")));
        assertEquals(Optional.of("eth2"), c.attr("netdev eth2", PortAttr.NETDEV));
        assertEquals(Optional.of("off"), c.attr("netdev eth2", PortAttr.PAUSE_RX));
        assertTrue(c.readings().isEmpty());
    }

    @Test void sniffedAmongAllReaders() {
        assertEquals("ethtool-pause", Readers.standard().choose(Input.of(CaptureCsv.fixture("qos/ethtool_I_a_netlink_stats.txt"))).format());
        assertEquals("ethtool-pause", Readers.standard().choose(Input.of(CaptureCsv.fixture("qos/ethtool_a_ioctl_nostats.txt"))).format());
    }

    @Test void aSessionWithEthtoolSBesideKeepsOnlyThePauseQuery() {
        Path f = BadInput.write(tmp, "session.txt", "[root@h1 ~]# ethtool -S eth0 | grep pause\n     rx_pause_ctrl_phy: 12\n"
                + "[root@h1 ~]# ethtool -I -a eth0\nPause parameters for eth0:\nAutonegotiate:\ton\nRX:\t\ton\nTX:\t\toff\n"
                + "Statistics:\n  tx_pause_frames: 3\n  rx_pause_frames: 4\n[root@h1 ~]# ip -br link\neth0  UP  aa:bb:cc:dd:ee:ff\n");
        Capture c = reader.read(Input.of(f));
        assertEquals(Optional.of("off"), c.attr("netdev eth0", PortAttr.PAUSE_TX));
        assertEquals(2, c.readings().size());
        assertEquals(4L, c.reading("netdev eth0", "rx_pause_ctrl_phy").orElseThrow().value());
        assertTrue(c.warnings().isEmpty(), c.warnings().toString());
    }

    /** A loop over every interface meets a NIC without pause support: ethtool's refusal is a warning, the others read. */
    @Test void notSupportedIsAWarningNamingThePort() {
        Path f = BadInput.write(tmp, "p.txt", "Pause parameters for wlan0:\nCannot get device pause settings: Operation not supported\n"
                + "Pause parameters for eth0:\nAutonegotiate:\ton\nRX:\t\ton\nTX:\t\toff\n");
        Capture c = reader.read(Input.of(f));
        assertEquals(Optional.of("on"), c.attr("netdev eth0", PortAttr.PAUSE_RX));
        assertTrue(c.attr("netdev wlan0", PortAttr.PAUSE_RX).isEmpty());
        assertEquals(List.of(f + ":2: ethtool could not read the pause settings of netdev wlan0: "
                + "'Cannot get device pause settings: Operation not supported'"), c.warnings());
        Path alone = BadInput.write(tmp, "w.txt", "Pause parameters for wlan0:\nCannot get device pause settings: Operation not supported\n");
        assertEquals(1, reader.read(Input.of(alone)).warnings().size(), "one such interface alone is no bad input either");
    }

    @Test void valueNotOnOff() {
        Path f = BadInput.write(tmp, "p.txt", "Pause parameters for eth0:\nAutonegotiate:\tmaybe\n");
        BadInput.expect(reader, f, 2, "Autonegotiate is 'maybe'; expected on or off");
    }

    @Test void statisticCut() {
        Path f = BadInput.write(tmp, "p.txt", "Pause parameters for eth0:\nRX:\t\ton\nStatistics:\n  tx_pause_frames:\n");
        BadInput.expect(reader, f, 4, "has no value");
    }
}
