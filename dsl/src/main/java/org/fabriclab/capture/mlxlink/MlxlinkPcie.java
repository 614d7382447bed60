package org.fabriclab.capture.mlxlink;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.Measurement;
import org.fabriclab.capture.Values;

import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;

/**
 * The PCIe sections of {@code mlxlink --port_type PCIE} output (text or {@code --json}), as mstflint's
 * {@code mlxlink_commander.cpp} prints them: {@value #INFO} ({@code Link Speed Active (Enabled) : 8G-Gen 3 (16G-Gen 4)},
 * {@code Link Width Active (Enabled) : 4X (16X)}, {@code Device Status}), {@value #TIMERS} ({@code dl down}, the MPCNT
 * timers group) and {@value #PERFORMANCE} ({@code RX Errors}, {@code TX Errors}, {@code CRC Error dllp},
 * {@code CRC Error tlp}, the MPCNT performance group).
 * <ul>
 * <li>the {@value #TABLE} table: port, speed_active, speed_enabled (as printed), gen_active, gen_enabled (the PCIe
 * generation, an integer; missing when the speed names none), width_active, width_enabled (lanes), device_status, and
 * downtrained ({@code speed}, {@code width}, {@code speed,width} or empty: the link trained below what both ends
 * enable, the usual cause of an RDMA bandwidth that tops out early);</li>
 * <li>the counters are readings named {@code pcie_dl_down}, {@code pcie_rx_errors}, {@code pcie_tx_errors},
 * {@code pcie_crc_error_dllp}, {@code pcie_crc_error_tlp} (counts; an empty or {@code N/A} value is absent).</li>
 * </ul>
 */
final class MlxlinkPcie {
    static final String INFO = "PCIe Operational (Enabled) Info";
    static final String TIMERS = "Management PCIe Timers Counters Info";
    static final String PERFORMANCE = "Management PCIe Performance Counters Info";
    static final String TABLE = "pcie";
    /** Section, printed key, reading name. */
    private static final String[][] COUNTERS = {
            {TIMERS, "dl down", "pcie_dl_down"}, {PERFORMANCE, "RX Errors", "pcie_rx_errors"}, {PERFORMANCE, "TX Errors", "pcie_tx_errors"},
            {PERFORMANCE, "CRC Error dllp", "pcie_crc_error_dllp"}, {PERFORMANCE, "CRC Error tlp", "pcie_crc_error_tlp"}};
    /** {@code 8G-Gen 3 (16G-Gen 4)}: the active value, then the enabled one in parentheses (absent in some prints). */
    private static final Pattern ACTIVE_ENABLED = Pattern.compile("(.*?)\\s*(?:\\((.*)\\))?");
    private static final Pattern GEN = Pattern.compile("Gen\\s*(\\d{1,2})");
    private static final Pattern LANES = Pattern.compile("(\\d{1,2})\\s*[Xx]");

    private final String file;
    private final StringColumn port = StringColumn.create("port"), speedActive = StringColumn.create("speed_active"),
            speedEnabled = StringColumn.create("speed_enabled"), status = StringColumn.create("device_status"),
            downtrained = StringColumn.create("downtrained");
    private final IntColumn genActive = IntColumn.create("gen_active"), genEnabled = IntColumn.create("gen_enabled"),
            widthActive = IntColumn.create("width_active"), widthEnabled = IntColumn.create("width_enabled");

    MlxlinkPcie(String file) { this.file = file; }

    /** Whether {@code p} has a PCIe section. */
    static boolean has(MlxlinkTables.PortOutput p) {
        return p.sections().containsKey(INFO) || p.sections().containsKey(TIMERS) || p.sections().containsKey(PERFORMANCE);
    }

    /**
     * Adds {@code p}'s PCIe link row and counter readings.
     *
     * @throws CaptureException when a speed, width or counter value is not what mlxlink prints
     */
    void add(Capture.Builder b, MlxlinkTables.PortOutput p) {
        if (p.sections().containsKey(INFO)) {
            MlxlinkTables.Value speed = p.value(INFO, "Link Speed Active (Enabled)");
            MlxlinkTables.Value width = p.value(INFO, "Link Width Active (Enabled)");
            String[] s = split(speed), w = split(width);
            int ga = gen(s[0]), ge = gen(s[1]), wa = lanes(w[0], width), we = lanes(w[1], width);
            port.append(p.port());
            speedActive.append(s[0]);
            speedEnabled.append(s[1]);
            append(genActive, ga);
            append(genEnabled, ge);
            append(widthActive, wa);
            append(widthEnabled, we);
            String st = p.get(INFO, "Device Status");
            status.append(st == null || MlxlinkTables.isNa(st) ? "" : st.strip());
            List<String> down = new ArrayList<>();
            if (ga > 0 && ge > 0 && ga < ge) down.add("speed");
            if (wa > 0 && we > 0 && wa < we) down.add("width");
            downtrained.append(String.join(",", down));
        }
        for (String[] c : COUNTERS) {
            MlxlinkTables.Value v = p.value(c[0], c[1]);
            if (v == null) continue;
            if (MlxlinkTables.isNa(v.text())) b.absent(p.port(), c[2], v.line(), "empty or N/A in mlxlink output");
            else b.counter(p.port(), c[2], Values.parseCounter(v.text(), file, v.line()), v.line());
        }
    }

    /** The {@value #TABLE} table, when some port had a {@value #INFO} section. */
    void addTo(Capture.Builder b) {
        if (port.isEmpty()) return;
        b.measurements(TABLE, Measurement.of(TABLE, port, speedActive, speedEnabled, genActive, genEnabled, widthActive, widthEnabled,
                status, downtrained));
    }

    /** {active, enabled} as printed ({@code ""} each when the line is absent or N/A). */
    private static String[] split(MlxlinkTables.Value v) {
        if (v == null || MlxlinkTables.isNa(v.text())) return new String[] {"", ""};
        Matcher m = ACTIVE_ENABLED.matcher(v.text().strip());
        if (!m.matches()) return new String[] {v.text().strip(), ""};
        return new String[] {m.group(1).strip(), m.group(2) == null ? "" : m.group(2).strip()};
    }

    /** The generation {@code Gen N} names, 0 for an empty value, -1 (missing) when the speed names none. */
    private static int gen(String speed) {
        if (speed.isEmpty() || MlxlinkTables.isNa(speed)) return 0;
        Matcher m = GEN.matcher(speed);
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    /**
     * The lane count of {@code 16X}.
     *
     * @throws CaptureException when a width is printed that is no lane count
     */
    private int lanes(String width, MlxlinkTables.Value v) {
        if (width.isEmpty() || MlxlinkTables.isNa(width)) return 0;
        Matcher m = LANES.matcher(width);
        if (!m.matches()) {
            throw new CaptureException(file, v.line(), "'Link Width Active (Enabled)': expected a lane count such as '16X (16X)', found '"
                    + Values.abbreviate(v.text().strip()) + "'");
        }
        return Integer.parseInt(m.group(1));
    }

    private static void append(IntColumn c, int v) {
        if (v > 0) c.append(v); else c.appendMissing();
    }
}
