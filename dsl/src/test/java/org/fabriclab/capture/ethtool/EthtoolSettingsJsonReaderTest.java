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
 * {@code ethtool --json X}. {@code settings_json_ethtool610.json} is written for this test after
 * netlink/settings.c's JSON keys (ethtool 6.10: lower-case dashed keys, Yes/No as booleans, unknown values left
 * out) and json_writer's pretty layout, with 6.10's inverted {@code "auto-negotiation": false} for a link that
 * negotiates.
 */
class EthtoolSettingsJsonReaderTest {
    private final EthtoolSettingsJsonReader reader = new EthtoolSettingsJsonReader();
    @TempDir Path tmp;

    @Test void theSettingsObjectGivesTheTextFormsAttributes() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("ethtool/settings_json_ethtool610.json")));
        String p = "netdev ens1f0np0";
        assertEquals(Optional.of("100"), c.attr(p, PortAttr.RATE_GBPS));
        assertEquals(Optional.of("4"), c.attr(p, PortAttr.LANES));
        assertEquals(Optional.of("full"), c.attr(p, PortAttr.DUPLEX));
        assertEquals(Optional.of("Direct Attach Copper"), c.attr(p, PortAttr.PORT_TYPE));
        assertEquals(Optional.of("yes"), c.attr(p, PortAttr.LINK_DETECTED));
        assertTrue(c.attr(p, PortAttr.AUTONEG).isEmpty(), "6.10 printed auto-negotiation inverted: not read");
    }

    @Test void sniffedAmongAllReadersNotTheOtherEthtoolJson() {
        assertEquals("ethtool-settings-json", Readers.standard().choose(Input.of(CaptureCsv.fixture("ethtool/settings_json_ethtool610.json"))).format());
        assertEquals("ethtool-pause-json", Readers.standard().choose(Input.of(CaptureCsv.fixture("qos/ethtool_json_I_a.json"))).format());
        assertEquals("ethtool-json", Readers.standard().choose(Input.of(CaptureCsv.fixture("ethtool/all_groups_json.json"))).format());
        assertEquals(0, reader.sniff(Input.of(CaptureCsv.fixture("ethtool/fec_json_stats.json"))));
    }

    @Test void aDownLinkHasNoSpeedKeyAndNoRate() {
        Path f = BadInput.write(tmp, "s.json", "[ {\"ifname\": \"eth1\", \"duplex\": \"Half\", \"link-detected\": false } ]\n");
        Capture c = reader.read(Input.of(f));
        assertTrue(c.attr("netdev eth1", PortAttr.RATE_GBPS).isEmpty());
        assertEquals(Optional.of("no"), c.attr("netdev eth1", PortAttr.LINK_DETECTED));
    }

    @Test void aSpeedThatIsNoNumberNamesFileLineAndWhatWasExpected() {
        Path f = BadInput.write(tmp, "s.json", "[ {\n  \"ifname\": \"eth0\",\n  \"speed\": \"fast\",\n  \"link-detected\": true\n} ]\n");
        BadInput.expect(reader, f, 1, "\"speed\" is \"fast\"; expected a whole number of Mb/s");
    }
}
