package org.fabriclab.capture.ethtool;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ethtool X}. Fixtures written for these tests after ethtool's own printing code:
 * {@code settings_netlink_100g_dac.txt} follows netlink/settings.c (ethtool 5.13 on: {@code Lanes:}, the
 * linkmodes block first, then port, wake-on, the 8-space {@code Current message level:} with its continuation,
 * {@code Link detected:} last), as an mlx5 100G port on a DAC prints it; {@code settings_ioctl_two_ports_one_down.txt}
 * follows ethtool.c's ioctl dump_link_usettings (no {@code Lanes:}, {@code Speed:}/{@code Duplex:} before
 * {@code Port:}, {@code Unknown! (255)} for a down link's duplex) for two interfaces pasted from a loop, run without
 * root (perror's {@code Cannot get wake-on-lan settings}).
 */
class EthtoolSettingsReaderTest {
    private final EthtoolSettingsReader reader = new EthtoolSettingsReader();
    @TempDir Path tmp;

    @Test void netlinkLayoutOfA100GPort() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/settings_netlink_100g_dac.txt")));
        String p = "netdev ens1f0np0";
        assertEquals(List.of(p), c.ports());
        assertEquals(Optional.of("100"), c.attr(p, PortAttr.RATE_GBPS), "100000Mb/s in Gb/s");
        assertEquals(Optional.of("4"), c.attr(p, PortAttr.LANES));
        assertEquals(Optional.of("full"), c.attr(p, PortAttr.DUPLEX));
        assertEquals(Optional.of("on"), c.attr(p, PortAttr.AUTONEG));
        assertEquals(Optional.of("Direct Attach Copper"), c.attr(p, PortAttr.PORT_TYPE));
        assertEquals(Optional.of("yes"), c.attr(p, PortAttr.LINK_DETECTED));
        assertEquals(Optional.of("ens1f0np0"), c.attr(p, PortAttr.NETDEV));
        assertTrue(c.attr(p, PortAttr.STATE).isEmpty(), "the carrier is not the RDMA port's state");
        assertTrue(c.readings().isEmpty(), "settings are no counters");
        assertTrue(c.warnings().isEmpty(), c.warnings().toString());
        assertEquals(22, c.attrs().stream().filter(a -> a.key().equals(PortAttr.RATE_GBPS)).findFirst().orElseThrow().line());
    }

    @Test void ioctlLayoutOfTwoPortsTheDownOneWithoutARate() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/settings_ioctl_two_ports_one_down.txt")));
        assertEquals(List.of("netdev eth2", "netdev eth3"), c.ports());
        assertEquals(Optional.of("25"), c.attr("netdev eth2", PortAttr.RATE_GBPS));
        assertEquals(Optional.of("off"), c.attr("netdev eth2", PortAttr.AUTONEG));
        assertEquals(Optional.of("FIBRE"), c.attr("netdev eth2", PortAttr.PORT_TYPE));
        assertTrue(c.attr("netdev eth2", PortAttr.LANES).isEmpty(), "the ioctl layout has no Lanes line");
        assertTrue(c.attr("netdev eth3", PortAttr.RATE_GBPS).isEmpty(), "Speed: Unknown! is no rate, not 0");
        assertTrue(c.attr("netdev eth3", PortAttr.DUPLEX).isEmpty(), "Duplex: Unknown! (255)");
        assertEquals(Optional.of("no"), c.attr("netdev eth3", PortAttr.LINK_DETECTED));
        assertEquals(Optional.of("Other"), c.attr("netdev eth3", PortAttr.PORT_TYPE));
        assertEquals(2, c.warnings().stream().filter(w -> w.contains("Cannot get wake-on-lan settings")).count(), c.warnings().toString());
    }

    @Test void sniffedAmongAllReadersAndNotTakingOtherEthtoolOutputs() {
        assertEquals("ethtool-settings", Readers.standard().choose(Input.of(CaptureCsv.fixture("ethtool/settings_netlink_100g_dac.txt"))).format());
        assertEquals("ethtool-settings", Readers.standard().choose(Input.of(CaptureCsv.fixture("ethtool/settings_ioctl_two_ports_one_down.txt"))).format());
        assertEquals("ethtool", Readers.standard().choose(Input.of(CaptureCsv.fixture("ethtool/named_header.txt"))).format());
        assertEquals("ethtool-module", Readers.standard().choose(Input.of(CaptureCsv.fixture("ethtool/qsfp28_sff8636_prompt.txt"))).format());
        assertEquals("ethtool-pause", Readers.standard().choose(Input.of(CaptureCsv.fixture("qos/ethtool_a_ioctl_nostats.txt"))).format());
        assertEquals(0, reader.sniff(Input.of(CaptureCsv.fixture("ethtool/fec_netlink_stats.txt"))));
    }

    @Test void aGreppedSpeedIsNamedByItsCommandLine() {
        Path f = BadInput.write(tmp, "speed.txt", "[root@h1 ~]# ethtool ens1f1np1 | grep -i speed\n\tSpeed: 200000Mb/s\n");
        assertEquals("ethtool-settings", Readers.standard().choose(Input.of(f)).format());
        assertEquals(Optional.of("200"), reader.read(Input.of(f)).attr("netdev ens1f1np1", PortAttr.RATE_GBPS));
    }

    @Test void aSessionWithOtherQueriesKeepsOnlyTheSettings() {
        Path f = BadInput.write(tmp, "session.txt", "$ ethtool eth0\nSettings for eth0:\n\tSpeed: 10000Mb/s\n\tLink detected: yes\n"
                + "$ ethtool -a eth0\nPause parameters for eth0:\nAutonegotiate:\ton\nRX:\t\ton\nTX:\t\ton\n"
                + "$ ip -br link\neth0  UP  aa:bb:cc:dd:ee:ff\n");
        Capture c = reader.read(Input.of(f));
        assertEquals(Optional.of("10"), c.attr("netdev eth0", PortAttr.RATE_GBPS));
        assertTrue(c.attr("netdev eth0", PortAttr.PAUSE_RX).isEmpty());
        assertTrue(c.warnings().isEmpty(), c.warnings().toString());
    }

    @Test void aSpeedThatIsNoSpeedNamesFileLineAndWhatWasExpected() {
        Path f = BadInput.write(tmp, "s.txt", "Settings for eth0:\n\tSpeed: fast\n");
        BadInput.expect(reader, f, 2, "Speed is 'fast'; expected a speed in Mb/s (100000Mb/s) or Unknown!");
    }

    @Test void badLinkDetectedAndStrayLinesAreRefused() {
        BadInput.expect(reader, BadInput.write(tmp, "l.txt", "Settings for eth0:\n\tLink detected: maybe\n"), 2, "expected yes or no");
        BadInput.expect(reader, BadInput.write(tmp, "x.txt", "Settings for eth0:\n\tSpeed: 1000Mb/s\nsomething else\n"), 3, "'Key: value'");
    }

    @Test void aFileOfEthtoolsMessageAloneIsRefusedWithIt() {
        Path f = BadInput.write(tmp, "n.txt", "Settings for bond0:\nNo data available\n");
        BadInput.expect(reader, f, 0, "ethtool says 'No data available'");
    }
}
