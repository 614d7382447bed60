package org.fabriclab.capture.sonic;

import org.fabriclab.capture.Measurement;
import org.fabriclab.capture.Telemetry;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;

/**
 * portstat's FEC bit error ratios in the shape of the {@code ber} table the BER check grades (as it grades mlxlink's, with
 * the same thresholds: {@code check.BerChecks#fromBerTable}, each row's basis the capture's source {@code sonic}): port,
 * file, line, {@value Telemetry#RAW_BER} and {@value Telemetry#EFFECTIVE_BER}, errors per bit (a ratio, no unit), NaN for
 * {@code N/A} (not graded). The {@code fec} table keeps every ratio portstat prints; this one only the two the check knows.
 *
 * <ul>
 * <li>{@code FEC_PRE_BER} is {@value Telemetry#RAW_BER}, mlxlink's <i>Raw Physical BER</i>: bits FEC corrected per bit
 * received, before correction. The check reports it, graded only against a raw threshold when one is given.</li>
 * <li>{@code FEC_POST_BER} is {@value Telemetry#EFFECTIVE_BER}, mlxlink's <i>Effective Physical BER</i>: errors FEC left
 * uncorrected per bit, graded against the BER threshold (zero tolerance: any value above
 * {@code BerChecks.ZERO_BER_FLOOR} fails; portstat prints {@code 0.00e+00} for none).</li>
 * </ul>
 *
 * <p>Where the semantics come from: portstat prints the {@code RATES} table's {@code FEC_PRE_BER} and {@code FEC_POST_BER}
 * ({@code utilities_common/portstat.py}, {@code format_fec_ber}: {@code %.2e}), which sonic-swss's
 * {@code orchagent/port_rates.lua} ({@code compute_ber}) writes at every port-counter poll: pre = corrected bits
 * ({@code SAI_PORT_STAT_IF_IN_FEC_CORRECTED_BITS}) in the interval / (lanes x SerDes bit rate x interval); post =
 * uncorrectable codewords ({@code SAI_PORT_STAT_IF_IN_FEC_NOT_CORRECTABLE_FRAMES}) in the interval x 1e-8 (its
 * {@code rs_average_frame_ber}, a statistical average) / the same bits. Two differences from mlxlink's values, said
 * here because the check cannot see them: SONiC's ratios cover the last poll interval (about a second) before the
 * command, not the time since the counters were cleared; and its post-FEC BER is estimated from codewords with that
 * fixed 1e-8 weight rather than counted in bits. No error count goes with either ratio ({@code FEC_UNCORR} counts since
 * boot or clear, not over that interval), so zero tolerance grades the value itself.
 */
final class SonicBer {
    /** The table's name: the one the BER check and the incident report read from every capture. */
    static final String BER = "ber";

    private final StringColumn port = StringColumn.create("port"), file = StringColumn.create("file");
    private final IntColumn line = IntColumn.create("line");
    private final DoubleColumn raw = DoubleColumn.create(Telemetry.RAW_BER), effective = DoubleColumn.create(Telemetry.EFFECTIVE_BER);

    /** A port's row at line {@code n} of {@code f}: pre- and post-FEC BER, NaN where portstat printed N/A or no such column. */
    void add(String p, String f, int n, double preFec, double postFec) {
        port.append(p);
        file.append(f);
        line.append(n);
        raw.append(preFec);
        effective.append(postFec);
    }

    int rows() { return port.size(); }

    Measurement measurement() { return Measurement.of(BER, port, file, line, raw, effective); }
}
