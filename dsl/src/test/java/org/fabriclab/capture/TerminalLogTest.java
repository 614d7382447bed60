package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class TerminalLogTest {
    private static final String BANNER = "=~=~=~=~=~=~=~=~=~=~=~= PuTTY log 2025.02.11 09:14:52 =~=~=~=~=~=~=~=~=~=~=~=";

    @Test void thePuttyBannerAndTheClosingPromptAreBlankedKeepingLineNumbers() {
        String text = BANNER + "\nCA 'mlx5_0'\n\tPort 1:\n\t\tState: Active\n[root@gpu17 ~]# \n";
        assertEquals("\nCA 'mlx5_0'\n\tPort 1:\n\t\tState: Active\n", TerminalLog.unwrap(text));
        Input in = Input.ofBytes("ibstat.log", text.getBytes(StandardCharsets.UTF_8));
        assertEquals("CA 'mlx5_0'", in.lines().get(1));
        assertEquals(4, in.lines().size());
        Capture c = Readers.standard().read(in);
        assertEquals("Active", c.attr("mlx5_0/1", "state").orElseThrow());
    }

    @Test void withoutTheBannerNothingIsTouched() {
        String text = "CA 'mlx5_0'\n\tPort 1:\n\t\tState: Active\n[root@gpu17 ~]# \n";
        assertEquals(text, TerminalLog.unwrap(text));
        String comment = BANNER + "\nSymbolErrorCounter: 3\n# end of capture\n";
        assertEquals("\nSymbolErrorCounter: 3\n# end of capture\n", TerminalLog.unwrap(comment), "a comment line is not a prompt");
    }
}
