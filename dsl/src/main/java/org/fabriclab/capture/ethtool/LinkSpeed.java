package org.fabriclab.capture.ethtool;

import java.math.BigDecimal;

import org.fabriclab.capture.PortAttr;

/**
 * ethtool's link speed, in Mb/s as it prints it ({@code Speed: 100000Mb/s}; {@code "speed": 100000} in its JSON),
 * as the {@link PortAttr#RATE_GBPS} value the other readers give: Gb/s, a plain decimal ({@code 100}, {@code 2.5}).
 * ethtool prints {@code Unknown!} for a speed of 0 or all ones (a link that is down); so is 0 here: no rate.
 *
 * <pre>{@code
 * LinkSpeed.gbps(100000);   // "100"
 * LinkSpeed.gbps(2500);     // "2.5"
 * }</pre>
 */
final class LinkSpeed {
    private LinkSpeed() {}

    /** {@code mbps} Mb/s in Gb/s, or null when it is no speed (0, negative, ethtool's all-ones "unknown"). */
    static String gbps(long mbps) {
        if (mbps <= 0 || mbps == 0xFFFFL || mbps == 0xFFFF_FFFFL) return null;
        return new BigDecimal(mbps).movePointLeft(3).stripTrailingZeros().toPlainString();
    }
}
