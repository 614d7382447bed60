package org.fabriclab.capture.ethtool;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.Optics;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.ShellPrompt;
import org.fabriclab.capture.Values;
import org.fabriclab.capture.Words;
import org.fabriclab.catalogue.Source;

/**
 * Reads {@code ethtool -m DEV} (module EEPROM, decoded): the transceiver's digital diagnostics as
 * ethtool prints them for SFP (SFF-8472: one channel, {@code Receiver signal average optical power}),
 * QSFP (SFF-8636: {@code Rcvr signal avg optical power(Channel N)}, channels numbered from 0 by old
 * ethtool and from 1 by newer ones) and QSFP-DD/OSFP (CMIS: up to 8 channels), with or without the
 * tab indentation, the module's alarm and warning thresholds, its latched flags ({@code On}/{@code Off})
 * and its per-lane status lines ({@code Rx loss of signal : [ Yes, No, No, No ]}). Labels follow
 * ethtool's {@code sfpdiag.c}, {@code qsfp.c}, {@code cmis.c} and {@code sff-common.c}.
 * <p>Tables (diagnostics are measurements, not counters: nothing here is a reading):
 * <ul>
 * <li>{@value #MODULE}: port, temperature_c, voltage_mv, vendor, part_number (the mlxlink reader's columns);</li>
 * <li>{@link Optics#OPTICS} and {@link Optics#THRESHOLDS}: per lane, and the module's thresholds and flags ({@link Optics});</li>
 * </ul>
 * Units: mW and dBm as printed ({@code 0.0000 mW / -inf dBm} is no light), mA, degrees C, mV
 * (ethtool prints volts). The port is {@code netdev <name>} from a command line ({@code # ethtool -m
 * ens1f0np0}, any {@link ShellPrompt}) or the file name ({@code ethtool_m_ens1f0np0.txt}), else
 * {@code netdev ?}; several command lines in one file are several ports. Identity and other lines
 * are kept out; a diagnostics line whose value is not in ethtool's format is an error naming the
 * line. A raw EEPROM hex dump (ethtool's fallback for a module it cannot decode) is refused.
 *
 * <pre>{@code
 * Capture c = Readers.standard().read(Path.of("ethtool_m_ens1f0np0.txt"));   // sniffed as "ethtool-module"
 * c.measurements(Optics.OPTICS);   // one row per lane: bias, tx and rx power
 * }</pre>
 */
public final class EthtoolModuleReader implements CaptureReader {
    /** The module table (the mlxlink reader's columns). */
    public static final String MODULE = Optics.MODULE;
    private static final String RX_POWER = Optics.RX_POWER, TX_POWER = Optics.TX_POWER, TX_BIAS = Optics.TX_BIAS,
            TEMPERATURE = Optics.TEMPERATURE, VOLTAGE = Optics.VOLTAGE;

    private static final Pattern CHANNEL = Pattern.compile("^(.*?)\\s*\\((?:Channel|Chan|Ch)\\s*(\\d+)\\)\\s*$", Pattern.CASE_INSENSITIVE);
    private static final Pattern POWER = Pattern.compile("^(\\d+(?:\\.\\d+)?)\\s*mW\\s*(?:/\\s*(-?\\d+(?:\\.\\d+)?|-inf|inf|nan)\\s*dBm)?$");
    private static final Pattern CURRENT = Pattern.compile("^(\\d+(?:\\.\\d+)?)\\s*mA$");
    private static final Pattern TEMP = Pattern.compile("^(-?\\d+(?:\\.\\d+)?)\\s*degrees\\s*C(?:\\s*/\\s*(?:-?\\d+(?:\\.\\d+)?(?:\\s*degrees\\s*F)?)?)?\\s*$");
    private static final Pattern VOLTS = Pattern.compile("^(\\d+(?:\\.\\d+)?)\\s*V$");
    private static final Pattern IDENTIFIER = Pattern.compile("^\\s*Identifier\\s*:\\s*0x[0-9a-fA-F]{2}\\b.*");
    private static final Pattern HEX_ROW = Pattern.compile("^\\s*0x[0-9a-fA-F]{3,4}:?(\\s+[0-9a-fA-F]{2}){4,}\\s*$");

    /** The quantities ethtool prints and where each goes: a label (channel suffix removed) -> quantity. */
    private static final Map<String, String> VALUES = Map.ofEntries(
            Map.entry("module temperature", TEMPERATURE),
            Map.entry("module voltage", VOLTAGE),
            Map.entry("laser bias current", TX_BIAS),
            Map.entry("laser tx bias current", TX_BIAS),
            Map.entry("laser output power", TX_POWER),
            Map.entry("transmit avg optical power", TX_POWER),
            Map.entry("receiver signal average optical power", RX_POWER),
            Map.entry("rcvr signal avg optical power", RX_POWER),
            Map.entry("receiver signal oma", RX_POWER),
            Map.entry("rcvr signal oma", RX_POWER));

    /** The quantity words of threshold and flag labels ({@code Laser rx power low alarm threshold}). */
    private static final Map<String, String> QUANTITY_WORDS = Map.of(
            "laser bias current", TX_BIAS,
            "laser output power", TX_POWER,
            "laser tx power", TX_POWER,
            "transmit avg optical power", TX_POWER,
            "laser rx power", RX_POWER,
            "rcvr signal avg optical power", RX_POWER,
            "module temperature", TEMPERATURE,
            "module voltage", VOLTAGE);

    private static final List<String> LEVELS = Optics.LEVELS;

    @Override public String format() { return "ethtool-module"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        List<String> head = in.head(60);
        int dom = 0;
        // ethtool's fallback for a module it cannot decode: claimed, so the read names the problem
        if (head.size() > 2 && head.get(0).strip().matches("Offset\\s+Values") && HEX_ROW.matcher(head.get(2)).matches()) return 60;
        for (String l : head) {
            if (IDENTIFIER.matcher(l).matches()) return 95;
            if (moduleCommandDevice(l) != null) return 95;
            int sep = l.indexOf(" : ");
            if (sep < 0) continue;
            String label = l.substring(0, sep).strip().toLowerCase(Locale.ROOT);
            Matcher ch = CHANNEL.matcher(label);
            if (ch.matches()) label = ch.group(1).strip();
            if (VALUES.containsKey(label)) dom++;
        }
        return dom >= 2 ? 80 : 0;
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.ETHTOOL, file);
        LineCursor c = new LineCursor(in.text());
        List<Port> ports = new ArrayList<>();
        Port port = null;
        String named = EthtoolReader.netdevOf(in.fileName(), "m");
        if (named == null) named = EthtoolReader.netdevOf(in.fileName(), "module");
        // one file of a multi-file dump (==> ens1f0 <==, grep -H): the file names the interface
        if (named == null && in.partName() != null) named = stripExt(in.fileName());
        int noise = 0;
        int hexRows = 0;
        while (c.next()) {
            String line = c.line();
            String t = line.strip();
            if (t.isEmpty()) { noise++; continue; }
            String dev = moduleCommandDevice(t);
            if (dev != null || ShellPrompt.isPromptLine(line)) {
                if (dev != null) {
                    port = new Port("netdev " + dev);
                    b.attr(port.name, PortAttr.NETDEV, dev, c.number());
                    ports.add(port);
                }
                noise++;
                continue;
            }
            if (HEX_ROW.matcher(t).matches() || t.startsWith("Offset") && t.contains("Values")) {
                hexRows++;
                noise++;
                continue;
            }
            int sep = t.indexOf(" : ");
            if (sep < 0) {
                // a colon right after the label with no blank ("Vendor name: X"), or a wrapped tail ("degrees F")
                noise++;
                continue;
            }
            String label = t.substring(0, sep).strip();
            String value = t.substring(sep + 3).strip();
            if (port == null) {
                port = new Port(named == null ? EthtoolReader.UNNAMED : "netdev " + named);
                if (named != null) b.attr(port.name, PortAttr.NETDEV, named, c.number());
                ports.add(port);
            }
            if (!port.take(label, value, file, c.number())) noise++;
        }
        ports.removeIf(p -> !p.any());
        if (ports.isEmpty()) {
            if (hexRows > 0) {
                throw new CaptureException(file, 1, "a raw module EEPROM hex dump: this ethtool could not decode the module;"
                        + " expected decoded 'name : value' lines (run a newer ethtool -m, or mlxlink -m)");
            }
            throw new CaptureException(file, 0, "no module diagnostics or identity found; expected ethtool -m output"
                    + " ('Identifier : 0x11 (QSFP28)', 'Module temperature : 36.39 degrees C', ...)");
        }
        tables(b, ports);
        b.noise(noise);
        return b.build();
    }

    private static void tables(Capture.Builder b, List<Port> ports) {
        Optics.ModuleTable modules = new Optics.ModuleTable();
        Optics optics = new Optics();
        for (Port p : ports) {
            modules.add(p.name, p.module.getOrDefault(TEMPERATURE, Double.NaN), p.module.getOrDefault(VOLTAGE, Double.NaN), p.vendor, p.part);
            for (Map.Entry<Integer, Lane> e : p.lanes.entrySet()) {
                Lane l = e.getValue();
                optics.lane(p.name, p.laneNumber(e.getKey()), l.bias, l.txMw, l.txDbm, l.rxMw, l.rxDbm, l.rxKind, l.flags);
            }
            for (Map.Entry<String, double[]> e : p.thresholds.entrySet()) {
                double[] t = e.getValue();
                optics.threshold(p.name, e.getKey(), t[0], t[1], t[2], t[3], p.moduleFlags.getOrDefault(e.getKey(), List.of()));
            }
            for (Map.Entry<String, List<String>> e : p.moduleFlags.entrySet()) {
                if (!p.thresholds.containsKey(e.getKey())) optics.threshold(p.name, e.getKey(), Double.NaN, Double.NaN, Double.NaN, Double.NaN, e.getValue());
            }
        }
        modules.addTo(b);
        optics.addTo(b);
    }

    /** The interface of an {@code ethtool -m|--module-info DEV} command line, or null. */
    static String moduleCommandDevice(String line) {
        int at = line.indexOf("ethtool ");
        if (at < 0) return null;
        String[] words = Words.split(line.substring(at + 8).strip());
        for (int i = 0; i < words.length - 1; i++) {
            if (words[i].equals("-m") || words[i].equals("--module-info") || words[i].equals("--dump-module-eeprom")) {
                String dev = words[i + 1];
                return dev.startsWith("-") || dev.isEmpty() || dev.equals("|") ? null : dev;
            }
        }
        return null;
    }

    private static String stripExt(String n) {
        int dot = n.lastIndexOf('.');
        return dot > 0 && n.length() - dot <= 4 ? n.substring(0, dot) : n;
    }

    /** One lane's diagnostics; NaN where not printed. */
    private static final class Lane {
        double bias = Double.NaN, txMw = Double.NaN, txDbm = Double.NaN, rxMw = Double.NaN, rxDbm = Double.NaN;
        String rxKind = "";
        final List<String> flags = new ArrayList<>();
    }

    /** One module (port) as its lines are read. */
    private static final class Port {
        final String name;
        final Map<String, Double> module = new LinkedHashMap<>();
        final TreeMap<Integer, Lane> lanes = new TreeMap<>();
        final Map<String, double[]> thresholds = new LinkedHashMap<>();
        final Map<String, List<String>> moduleFlags = new LinkedHashMap<>();
        String vendor = "", part = "";
        boolean identity;
        /** Whether a channel 0 was printed (old ethtool numbers channels from 0): lanes are shown from 1 either way. */
        boolean zeroBased;

        Port(String name) { this.name = name; }

        boolean any() { return identity || !module.isEmpty() || !lanes.isEmpty() || !thresholds.isEmpty(); }

        int laneNumber(int channel) { return zeroBased ? channel + 1 : channel; }

        Lane lane(int channel) {
            if (channel == 0) zeroBased = true;
            return lanes.computeIfAbsent(channel, k -> new Lane());
        }

        /** Takes one {@code label : value} line; false when it is not a line this reader keeps. */
        boolean take(String label, String value, String file, int line) {
            String lower = label.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
            switch (lower) {
                case "identifier" -> { identity = true; return true; }
                case "vendor name" -> { vendor = value; identity = true; return true; }
                case "vendor pn" -> { part = value; identity = true; return true; }
                default -> { }
            }
            Integer channel = null;
            Matcher ch = CHANNEL.matcher(lower);
            if (ch.matches()) {
                lower = ch.group(1).strip();
                String n = ch.group(2);
                // modules have at most 16 lanes; ethtool prints channels from 0 or 1
                if (n.length() > 2 || Integer.parseInt(n) > 16) {
                    throw new CaptureException(file, line, "expected a channel number 0-16 in '" + label + "', found " + Values.abbreviate(n));
                }
                channel = Integer.parseInt(n);
            }
            if (lower.endsWith(" threshold")) return threshold(lower.substring(0, lower.length() - " threshold".length()), value, file, line);
            for (String level : LEVELS) {
                if (lower.endsWith(" " + level)) return flag(lower.substring(0, lower.length() - level.length() - 1), level, channel, value, file, line);
            }
            if (lower.equals("rx loss of signal") || lower.equals("tx loss of signal") || lower.equals("rx loss of lock")
                    || lower.equals("tx loss of lock") || lower.equals("tx fault") || lower.equals("tx adaptive eq fault")) {
                return status(lower, value, file, line);
            }
            String q = VALUES.get(lower);
            if (q == null) return false;
            switch (q) {
                case TEMPERATURE -> module.put(TEMPERATURE, number(TEMP, value, label, "N.NN degrees C", file, line));
                case VOLTAGE -> module.put(VOLTAGE, number(VOLTS, value, label, "N.NNNN V", file, line) * 1000);
                case TX_BIAS -> lane(channel == null ? 1 : channel).bias = number(CURRENT, value, label, "N.NNN mA", file, line);
                default -> {
                    double[] p = power(value, label, file, line);
                    Lane l = lane(channel == null ? 1 : channel);
                    if (q.equals(TX_POWER)) {
                        l.txMw = p[0];
                        l.txDbm = p[1];
                    } else {
                        l.rxMw = p[0];
                        l.rxDbm = p[1];
                        l.rxKind = lower.contains("oma") ? "OMA" : "average";
                    }
                }
            }
            return true;
        }

        private boolean threshold(String what, String value, String file, int line) {
            for (int i = 0; i < LEVELS.size(); i++) {
                String level = LEVELS.get(i);
                if (!what.endsWith(" " + level)) continue;
                String q = QUANTITY_WORDS.get(what.substring(0, what.length() - level.length() - 1));
                if (q == null) return false;
                double v = switch (q) {
                    case TEMPERATURE -> number(TEMP, value, what + " threshold", "N.NN degrees C", file, line);
                    case VOLTAGE -> number(VOLTS, value, what + " threshold", "N.NNNN V", file, line) * 1000;
                    case TX_BIAS -> number(CURRENT, value, what + " threshold", "N.NNN mA", file, line);
                    default -> power(value, what + " threshold", file, line)[0];
                };
                thresholds.computeIfAbsent(q, k -> new double[] {Double.NaN, Double.NaN, Double.NaN, Double.NaN})[i] = v;
                return true;
            }
            return false;
        }

        private boolean flag(String what, String level, Integer channel, String value, String file, int line) {
            String q = QUANTITY_WORDS.get(what);
            if (q == null) return false;
            boolean on;
            if (value.equalsIgnoreCase("on")) on = true;
            else if (value.equalsIgnoreCase("off")) on = false;
            else throw new CaptureException(file, line, "expected 'On' or 'Off' after '" + what + " " + level + "', found '" + value + "'");
            if (!on) return true;
            String flag = Optics.Quantity.of(q).flagWords + " " + level;
            if (channel == null && (q.equals(TEMPERATURE) || q.equals(VOLTAGE))) {
                moduleFlags.computeIfAbsent(q, k -> new ArrayList<>()).add(flag);
            } else {
                lane(channel == null ? 1 : channel).flags.add(flag);
            }
            return true;
        }

        /** {@code None}, or {@code [ Yes, No, ... ]} one per lane from lane 1. */
        private boolean status(String what, String value, String file, int line) {
            if (value.equalsIgnoreCase("none") || value.equalsIgnoreCase("no")) return true;
            if (value.equalsIgnoreCase("yes")) {
                lane(1).flags.add(what);
                return true;
            }
            if (!value.startsWith("[") || !value.endsWith("]")) {
                throw new CaptureException(file, line, "expected 'None' or '[ Yes, No, ... ]' (one per lane) after '" + what + "', found '" + value + "'");
            }
            String[] items = value.substring(1, value.length() - 1).split(",");
            for (int i = 0; i < items.length; i++) {
                String it = items[i].strip();
                // ethtool prints these lines (since 5.13) with channels numbered from 1
                if (it.equalsIgnoreCase("yes")) lane(i + 1).flags.add(what);
                else if (!it.equalsIgnoreCase("no")) {
                    throw new CaptureException(file, line, "expected 'Yes' or 'No' for lane " + (i + 1) + " of '" + what + "', found '" + it + "'");
                }
            }
            return true;
        }
    }


    private static double number(Pattern p, String value, String label, String expected, String file, int line) {
        Matcher m = p.matcher(value);
        if (!m.matches()) throw new CaptureException(file, line, "expected '" + expected + "' after '" + label + "', found '" + value + "'");
        return Double.parseDouble(m.group(1));
    }

    /** {@code {mW, dBm}}: dBm as printed ({@code -inf} for 0 mW), else computed from the mW. */
    private static double[] power(String value, String label, String file, int line) {
        Matcher m = POWER.matcher(value);
        if (!m.matches()) throw new CaptureException(file, line, "expected 'N.NNNN mW / N.NN dBm' after '" + label + "', found '" + value + "'");
        double mw = Double.parseDouble(m.group(1));
        String d = m.group(2);
        double dbm = d == null ? (mw > 0 ? 10 * Math.log10(mw) : Double.NEGATIVE_INFINITY)
                : d.equals("-inf") ? Double.NEGATIVE_INFINITY : d.equals("inf") ? Double.POSITIVE_INFINITY : d.equals("nan") ? Double.NaN : Double.parseDouble(d);
        return new double[] {mw, dbm};
    }
}
