package org.fabriclab.check.health.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.fabriclab.capture.CaptureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OperatorIsolationsTest {
    @Test void readsTheIsolationsWithExactTimesAndIgnoresOtherColumns(@TempDir Path tmp) throws IOException {
        Path f = tmp.resolve("iso.csv");
        Files.writeString(f, "reason,port,until_ms,from_ms\n\"maintenance, rack 4\",guid 0x0c42a10300a00200/3,1767398400000,1767312000000\n\nmanual,lid 7/1,20,10\n");
        OperatorIsolations x = OperatorIsolations.load(f);
        assertEquals(2, x.isolations().size());
        assertEquals(new Replay.ExternalIsolation("guid 0x0c42a10300a00200/3", 1767312000000L, 1767398400000L), x.isolations().get(0));
        assertEquals(new Replay.ExternalIsolation("lid 7/1", 10, 20), x.isolations().get(1));
        assertEquals(2, x.table().rowCount());
        assertEquals(0, OperatorIsolations.none().isolations().size());
    }

    @Test void badInputIsNamedWithItsLine(@TempDir Path tmp) throws IOException {
        Path f = tmp.resolve("iso.csv");
        Files.writeString(f, "port,from_ms\nx,1\n");
        assertTrue(assertThrows(CaptureException.class, () -> OperatorIsolations.load(f)).getMessage().contains("expected a column 'until_ms'"));
        Files.writeString(f, "port,from_ms,until_ms\nx,1,2\ny,2026-01-01,3\n");
        CaptureException e = assertThrows(CaptureException.class, () -> OperatorIsolations.load(f));
        assertTrue(e.getMessage().contains(":3") && e.getMessage().contains("expected from_ms in epoch ms, found '2026-01-01'"), e.getMessage());
        Files.writeString(f, "port,from_ms,until_ms\nx,1\n");
        assertTrue(assertThrows(CaptureException.class, () -> OperatorIsolations.load(f)).getMessage().contains("expected 3 fields"));
        Files.writeString(f, "");
        assertTrue(assertThrows(CaptureException.class, () -> OperatorIsolations.load(f)).getMessage().contains("empty file"));
        assertTrue(assertThrows(CaptureException.class, () -> OperatorIsolations.load(tmp.resolve("none.csv"))).getMessage().contains("none.csv"));
    }
}
