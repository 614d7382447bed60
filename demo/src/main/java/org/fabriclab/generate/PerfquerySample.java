package org.fabriclab.generate;

import java.util.HashMap;
import java.util.Map;

/**
 * A made-up {@code perfquery -x} text of many switch ports (40 per switch, every extended data and
 * error counter), written port by port as the generator writes its datasets: for warming the readers
 * (the kernel's background preparation) where no capture of the user's is at hand.
 *
 * <pre>{@code
 * Capture c = Readers.standard().read(Input.ofText("sample", PerfquerySample.extended(80)));
 * }</pre>
 */
public final class PerfquerySample {
    private PerfquerySample() {}

    /**
     * @param ports how many ports (blocks); counter values are made up, errors 0-4
     * @return the text, one {@code # Port extended counters} block per port
     */
    public static String extended(int ports) {
        StringBuilder sb = new StringBuilder(ports * 900);
        Map<String, Long> v = new HashMap<>();
        for (int i = 0; i < ports; i++) {
            int k = 0;
            for (String n : IbText.EXT_DATA) v.put(n, 1_000_003L * (i + 1) * (7 + k++));
            k = 0;
            for (String n : IbText.EXT_ERRORS) v.put(n, (long) ((i * 7 + k++) % 5));
            sb.append(IbText.perfqueryExtended(2 + i / 40, 1 + i % 40, v, true));
        }
        return sb.toString();
    }
}
