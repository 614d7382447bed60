package org.fabriclab.capture;

import java.util.ArrayList;
import java.util.List;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.columns.Column;

/**
 * The transceiver diagnostics tables every reader of module data fills the same way ({@code ethtool -m},
 * mlxlink's Module Info), so one check ({@code check.OpticsChecks}) grades them whatever tool printed them:
 * <ul>
 * <li>{@value #OPTICS}: port, lane (from 1), tx_bias_ma, tx_power_mw, tx_power_dbm, rx_power_mw,
 *     rx_power_dbm, rx_power_kind ({@code average} or {@code OMA}), flags (the lane's flags and status
 *     lines that are on, {@code "; "}-separated: {@code rx power low alarm}, {@code rx loss of signal});</li>
 * <li>{@value #THRESHOLDS}: port, quantity ({@value #RX_POWER}, {@value #TX_POWER}, {@value #TX_BIAS},
 *     {@value #TEMPERATURE}, {@value #VOLTAGE}), low_alarm, low_warning, high_warning, high_alarm (in the
 *     quantity's unit; NaN where the tool prints none), flags (module-level flags that are on).</li>
 * </ul>
 * Units: mW and dBm, mA, degrees C, mV. NaN where a value was not printed.
 *
 * <pre>{@code
 * Optics o = new Optics();
 * o.lane("netdev eth0", 1, 6.2, 0.54, -2.67, 0.07, -11.5, "average", List.of("rx power low warning"));
 * o.threshold("netdev eth0", Optics.RX_POWER, 0.0407, 0.1023, 0.7943, 1.0, List.of());
 * o.addTo(builder);
 * }</pre>
 */
public final class Optics {
    /** The module table readers of module data fill: port, temperature_c, voltage_mv, vendor, part_number. */
    public static final String MODULE = "module";
    public static final String OPTICS = "optics";
    public static final String THRESHOLDS = "optics_thresholds";
    public static final String RX_POWER = "rx_power_mw";
    public static final String TX_POWER = "tx_power_mw";
    public static final String TX_BIAS = "tx_bias_ma";
    public static final String TEMPERATURE = "temperature_c";
    public static final String VOLTAGE = "voltage_mv";
    /** Lane status flags, as the lane's {@code flags} name them. */
    public static final List<String> STATUS = List.of("rx loss of signal", "rx loss of lock", "tx loss of signal", "tx loss of lock",
            "tx fault", "tx adaptive eq fault");
    /** The threshold levels, in column order. */
    public static final List<String> LEVELS = List.of("low alarm", "low warning", "high warning", "high alarm");

    private final StringColumn oPort = StringColumn.create("port"), oKind = StringColumn.create("rx_power_kind"), oFlags = StringColumn.create("flags");
    private final IntColumn oLane = IntColumn.create("lane");
    private final DoubleColumn oBias = DoubleColumn.create(TX_BIAS), oTx = DoubleColumn.create(TX_POWER), oTxDbm = DoubleColumn.create("tx_power_dbm");
    private final DoubleColumn oRx = DoubleColumn.create(RX_POWER), oRxDbm = DoubleColumn.create("rx_power_dbm");
    private final StringColumn tPort = StringColumn.create("port"), tQty = StringColumn.create("quantity"), tFlags = StringColumn.create("flags");
    private final DoubleColumn[] tLevels = new DoubleColumn[LEVELS.size()];

    public Optics() {
        for (int i = 0; i < tLevels.length; i++) tLevels[i] = DoubleColumn.create(LEVELS.get(i).replace(' ', '_'));
    }

    /** One lane's values (NaN where not printed) and the flags that are on. */
    public void lane(String port, int lane, double biasMa, double txMw, double txDbm, double rxMw, double rxDbm, String rxKind, List<String> flags) {
        oPort.append(port);
        oLane.append(lane);
        oBias.append(biasMa);
        oTx.append(txMw);
        oTxDbm.append(txDbm);
        oRx.append(rxMw);
        oRxDbm.append(rxDbm);
        oKind.append(rxKind);
        oFlags.append(String.join("; ", flags));
    }

    /** One quantity's thresholds ({@link #LEVELS} order, NaN where not given) and its module-level flags that are on. */
    public void threshold(String port, String quantity, double lowAlarm, double lowWarning, double highWarning, double highAlarm, List<String> flags) {
        tPort.append(port);
        tQty.append(quantity);
        double[] v = {lowAlarm, lowWarning, highWarning, highAlarm};
        for (int i = 0; i < v.length; i++) tLevels[i].append(v[i]);
        tFlags.append(String.join("; ", flags));
    }

    /** Adds the tables that hold rows to {@code b}. */
    public void addTo(Capture.Builder b) {
        if (!oPort.isEmpty()) b.measurements(OPTICS, Measurement.of(OPTICS, oPort, oLane, oBias, oTx, oTxDbm, oRx, oRxDbm, oKind, oFlags));
        if (!tPort.isEmpty()) {
            List<Column<?>> cols = new ArrayList<>(List.of(tPort, tQty));
            cols.addAll(List.of(tLevels));
            cols.add(tFlags);
            b.measurements(THRESHOLDS, Measurement.of(THRESHOLDS, cols));
        }
    }

    /**
     * The {@value #MODULE} table (port, temperature_c, voltage_mv, vendor, part_number; NaN or "" where not printed),
     * row by row; {@link #addTo} adds it where the reader's tables go, so each keeps its own table order.
     */
    public static final class ModuleTable {
        private final StringColumn port = StringColumn.create("port"), vendor = StringColumn.create("vendor"), part = StringColumn.create("part_number");
        private final DoubleColumn temp = DoubleColumn.create(TEMPERATURE), volt = DoubleColumn.create(VOLTAGE);

        /** One module: its temperature (C) and supply voltage (mV), NaN where not printed; vendor and part, "" where none. */
        public void add(String portName, double temperatureC, double voltageMv, String vendorName, String partNumber) {
            port.append(portName);
            temp.append(temperatureC);
            volt.append(voltageMv);
            vendor.append(vendorName);
            part.append(partNumber);
        }

        /** Adds the table to {@code b} when it holds a row. */
        public void addTo(Capture.Builder b) {
            if (!port.isEmpty()) b.measurements(MODULE, Measurement.of(MODULE, port, temp, volt, vendor, part));
        }
    }

    /**
     * The quantities of the tables: the column or quantity name, the words a reason uses, the words a flag is named by
     * ({@code rx power low alarm}: one spelling whoever printed the flag) and the unit shown.
     */
    public enum Quantity {
        RX(RX_POWER, "rx power", "rx power", "dBm"),
        TX(TX_POWER, "tx power", "tx power", "dBm"),
        BIAS(TX_BIAS, "tx bias current", "bias current", "mA"),
        TEMP(TEMPERATURE, "module temperature", "temperature", "C"),
        VOLTS(VOLTAGE, "module voltage", "voltage", "mV");

        public final String key, words, flagWords, unit;

        Quantity(String key, String words, String flagWords, String unit) {
            this.key = key;
            this.words = words;
            this.flagWords = flagWords;
            this.unit = unit;
        }

        /** The quantity named {@code key} ({@link #RX_POWER} ...). */
        public static Quantity of(String key) {
            for (Quantity q : values()) if (q.key.equals(key)) return q;
            throw new IllegalArgumentException("not an optics quantity: " + key);
        }

        /** Whether it is a power (shown in dBm, kept in mW). */
        public boolean power() { return this == RX || this == TX; }
    }

    /** mW of {@code dbm} ({@code -inf} and the tools' -40 dBm floor give their mW: 0 and 0.0001). */
    public static double milliwatts(double dbm) { return dbm == Double.NEGATIVE_INFINITY ? 0 : Math.pow(10, dbm / 10); }
}
