package org.fabriclab.capture.ibdiagnet;

import org.fabriclab.capture.CaptureException;

/** GUID spelling shared by the ibdiagnet readers: {@code 0x} and 16 lowercase hex digits. */
final class Guids {
    private Guids() {}

    /** Normalises {@code 0xB0CF0E0300D33FC0} or {@code 0x5c2573...} to 16 lowercase hex digits. */
    static String normalise(String text, String file, int line) {
        String t = text.trim();
        String hex = t.startsWith("0x") || t.startsWith("0X") ? t.substring(2) : t;
        if (hex.isEmpty() || hex.length() > 16) {
            throw new CaptureException(file, line, "expected a GUID (0x and up to 16 hex digits), found '" + t + "'");
        }
        for (int i = 0; i < hex.length(); i++) {
            if (Character.digit(hex.charAt(i), 16) < 0) {
                throw new CaptureException(file, line, "expected a GUID (0x and up to 16 hex digits), found '" + t + "'");
            }
        }
        return "0x" + "0".repeat(16 - hex.length()) + hex.toLowerCase(java.util.Locale.ROOT);
    }

    /** {@link #normalise} for a GUID that names a port: an all-zero GUID identifies nothing and is refused. */
    static String identity(String text, String file, int line) {
        String g = normalise(text, file, line);
        if (org.fabriclab.capture.PortAttr.isZeroGuid(g)) {
            throw new CaptureException(file, line, "all-zero GUID '" + text.trim() + "' cannot name a port; expected the device's GUID");
        }
        return g;
    }
}
