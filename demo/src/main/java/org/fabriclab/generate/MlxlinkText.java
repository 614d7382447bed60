package org.fabriclab.generate;

import java.util.Locale;

/** {@code mlxlink -d DEV -p 1 -m -c} output: operational, counters/BER and module sections. */
final class MlxlinkText {
    private MlxlinkText() {}

    private static String row(String k, String v) {
        StringBuilder b = new StringBuilder(k);
        while (b.length() < 32) b.append(' ');
        return b.append(": ").append(v).append('\n').toString();
    }

    /** BER the way mlxlink prints it: coefficient E exponent, {@code 15E-255} for zero. */
    static String ber(double x) {
        if (x <= 0) return "15E-255";
        int exp = (int) Math.floor(Math.log10(x));
        long coef = Math.round(x / Math.pow(10, exp));
        if (coef >= 10) { coef = 1; exp++; }
        return coef + "E" + exp;
    }

    static String snapshot(String dev, double minutesSinceClear, long effectiveErrors, double effectiveBer,
                           long[] rawErrorsPerLane, double rawBer, long symbolErrors, double symbolBer, long linkDown,
                           long linkRecovery, double temperatureC, double voltageMv, boolean recommendation) {
        StringBuilder b = new StringBuilder();
        b.append("$ sudo mlxlink -d ").append(dev).append(" -p 1 -m -c\n\n");
        b.append("Operational Info\n----------------\n");
        b.append(row("State", "Active"));
        b.append(row("Physical state", "LinkUp"));
        b.append(row("Speed", "IB-HDR"));
        b.append(row("Width", "4x"));
        b.append(row("FEC", "Standard LL RS-FEC - RS(271,257)"));
        b.append(row("Loopback Mode", "No Loopback"));
        b.append(row("Auto Negotiation", "ON"));
        b.append("\nSupported Info\n--------------\n");
        b.append(row("Enabled Link Speed", "0x00000079 (HDR,EDR,FDR,QDR,SDR)"));
        b.append(row("Supported Cable Speed", "0x0000007f (HDR,EDR,FDR,FDR10,QDR,DDR,SDR)"));
        b.append("\nTroubleshooting Info\n--------------------\n");
        b.append(row("Status Opcode", "0"));
        b.append(row("Group Opcode", "N/A"));
        b.append(row("Recommendation", recommendation ? "Check cable/module: raw BER is degrading" : "No issue was observed"));
        b.append("\nPhysical Counters and BER Info\n------------------------------\n");
        b.append(row("Time Since Last Clear [Min]", String.format(Locale.ROOT, "%.1f", minutesSinceClear)));
        b.append(row("Effective Physical Errors", Long.toString(effectiveErrors)));
        b.append(row("Effective Physical BER", ber(effectiveBer)));
        StringBuilder lanes = new StringBuilder();
        for (int i = 0; i < rawErrorsPerLane.length; i++) lanes.append(i == 0 ? "" : ",").append(rawErrorsPerLane[i]);
        b.append(row("Raw Physical Errors Per Lane", lanes.toString()));
        b.append(row("Raw Physical BER", ber(rawBer)));
        b.append(row("Symbol Errors", Long.toString(symbolErrors)));
        b.append(row("Symbol BER", ber(symbolBer)));
        b.append(row("Link Down Counter", Long.toString(linkDown)));
        b.append(row("Link Error Recovery Counter", Long.toString(linkRecovery)));
        b.append("\nModule Info\n-----------\n");
        b.append(row("Identifier", "QSFP56"));
        b.append(row("Compliance", "200GBASE-SR4"));
        b.append(row("Cable Technology", "850 nm VCSEL"));
        b.append(row("Cable Type", "Optical Module (separated)"));
        b.append(row("OUI", "Mellanox"));
        b.append(row("Vendor Name", "Mellanox"));
        b.append(row("Vendor Part Number", "MMA1T00-HS"));
        b.append(row("Vendor Serial Number", "MT2231FT04417"));
        b.append(row("Rev", "A2"));
        b.append(row("Wavelength [nm]", "850"));
        b.append(row("Transfer Distance [m]", "100"));
        b.append(row("Digital Diagnostic Monitoring", "Yes"));
        b.append(row("Power Class", "4.5 W max"));
        b.append(row("Temperature [C]", String.format(Locale.ROOT, "%.0f [-5..75]", temperatureC)));
        b.append(row("Voltage [mV]", String.format(Locale.ROOT, "%.1f [2970..3630]", voltageMv)));
        b.append(row("Bias Current [mA]", "7.650,7.650,7.650,7.650 [2..15]"));
        return b.toString();
    }
}
