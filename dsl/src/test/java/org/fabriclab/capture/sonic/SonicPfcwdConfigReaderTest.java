package org.fabriclab.capture.sonic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code show pfcwd config}, written here in its layout: the polling interval and big red switch above the table. */
class SonicPfcwdConfigReaderTest {
    static final String CONFIG = """
            Changed polling interval to 400ms
            BIG_RED_SWITCH status is disable
                   PORT    ACTION    DETECTION TIME    RESTORATION TIME    HISTORY
            -----------  --------  ----------------  ------------------  ---------
             Ethernet16     alert               300            infinite    disable
            Ethernet120      drop               N/A                 250     enable
            """;
    private final SonicPfcwdConfigReader reader = new SonicPfcwdConfigReader();
    @TempDir Path tmp;

    @Test void eachPortsWatchdogSettingsAreAttributes() {
        Capture c = reader.read(Input.ofText("cfg.txt", CONFIG));
        assertEquals(List.of("switch Ethernet16", "switch Ethernet120"), c.ports());
        assertTrue(c.readings().isEmpty(), "no counter");
        assertEquals(Optional.of("alert"), c.attr("switch Ethernet16", "pfcwd_action"));
        assertEquals(Optional.of("300"), c.attr("switch Ethernet16", "pfcwd_detection_time_ms"));
        assertEquals(Optional.of("infinite"), c.attr("switch Ethernet16", "pfcwd_restoration_time_ms"));
        assertEquals(Optional.of("enable"), c.attr("switch Ethernet120", "pfcwd_history"));
        assertTrue(c.attr("switch Ethernet120", "pfcwd_detection_time_ms").isEmpty(), "N/A is no value");
        assertEquals(Optional.of("400"), c.attr("switch Ethernet120", "pfcwd_poll_interval_ms"));
        assertEquals(Optional.of("disable"), c.attr("switch Ethernet16", "pfcwd_big_red_switch"));
    }

    @Test void sniffedAmongAllReadersAndNotClaimingTheStats() {
        assertEquals("sonic-pfcwd-config", Readers.standard().choose(Input.ofText("cfg.txt", CONFIG)).format());
        assertEquals(0, reader.sniff(Input.ofText("pfcwd.txt", SonicPfcwdStatsReaderTest.STATS)));
        assertNotEquals("sonic-pfcwd-config", Readers.standard().choose(Input.ofText("pfcwd.txt", SonicPfcwdStatsReaderTest.STATS)).format());
    }

    @Test void aRowOfAnotherWidthIsRefused() {
        BadInput.expect(reader, BadInput.write(tmp, "c.txt", CONFIG.replace("infinite    disable", "infinite    disable    yes")), 5,
                "expected 5 cells under the header");
    }
}
