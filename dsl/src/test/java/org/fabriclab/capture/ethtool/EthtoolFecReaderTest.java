package org.fabriclab.capture.ethtool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
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
 * {@code ethtool --show-fec X}. Fixtures written for these tests after ethtool's printing code:
 * {@code fec_netlink_stats.txt} follows netlink/fec.c ({@code Supported/Configured FEC encodings:}, the
 * {@code -I} statistics block with per-lane lines) behind collect's {@code # ethtool ...} line;
 * {@code fec_ioctl_two_ports.txt} follows the older ioctl do_gfec ({@code Configured FEC encodings:}, {@code None}
 * as the active encoding of a port whose driver reports none).
 */
class EthtoolFecReaderTest {
    private final EthtoolFecReader reader = new EthtoolFecReader();
    @TempDir Path tmp;

    @Test void netlinkLayoutKeepsTheActiveAndConfiguredEncodingsNotTheStatistics() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/fec_netlink_stats.txt")));
        String p = "netdev ens1f0np0";
        assertEquals(Optional.of("RS"), c.attr(p, PortAttr.FEC_MODE));
        assertEquals(Optional.of("Auto RS"), c.attr(p, PortAttr.FEC_CONFIGURED));
        assertTrue(c.readings().isEmpty());
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains(":5: the FEC statistics")), c.warnings().toString());
    }

    @Test void ioctlLayoutTwoPortsNoneIsNoMode() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/fec_ioctl_two_ports.txt")));
        assertEquals(Optional.of("BaseR"), c.attr("netdev eth2", PortAttr.FEC_MODE));
        assertEquals(Optional.of("Auto"), c.attr("netdev eth3", PortAttr.FEC_CONFIGURED));
        assertTrue(c.attr("netdev eth3", PortAttr.FEC_MODE).isEmpty(), "Active FEC encoding: None");
    }

    @Test void sniffedAmongAllReaders() {
        assertEquals("ethtool-fec", Readers.standard().choose(Input.of(CaptureCsv.fixture("ethtool/fec_netlink_stats.txt"))).format());
        assertEquals("ethtool-fec", Readers.standard().choose(Input.of(CaptureCsv.fixture("ethtool/fec_ioctl_two_ports.txt"))).format());
        assertEquals(0, reader.sniff(Input.of(CaptureCsv.fixture("ethtool/settings_netlink_100g_dac.txt"))));
    }

    @Test void anEncodingEthtoolDoesNotPrintIsRefused() {
        Path f = BadInput.write(tmp, "f.txt", "FEC parameters for eth0:\nActive FEC encoding: turbo\n");
        BadInput.expect(reader, f, 2, "Active FEC encoding is 'turbo'; expected FEC encodings");
    }

    @Test void ethtoolsErrorIsRefusedWithIt() {
        Path f = BadInput.write(tmp, "f.txt", "# ethtool --show-fec eth0\nnetlink error: Operation not supported\n");
        BadInput.expect(reader, f, 2, "could not read the FEC settings");
    }
}
