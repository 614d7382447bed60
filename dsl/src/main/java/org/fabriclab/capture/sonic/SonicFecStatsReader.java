package org.fabriclab.capture.sonic;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.catalogue.Source;

/**
 * Reads SONiC's {@code show interfaces counters fec-stats} ({@code portstat -f}): per port {@code FEC_CORR},
 * {@code FEC_UNCORR} and {@code FEC_SYMBOL_ERR}, counters of source {@link Source#SONIC} whose meaning the catalogue
 * gives (codewords FEC corrected, codewords it could not correct, symbol errors it corrected), and the ratios
 * {@code FEC_PRE_BER}, {@code FEC_POST_BER}, {@code FEC_PRE_BER_MAX}, {@code FLR(O)}, {@code FLR(P) (Accuracy)} and
 * {@code FEC_MAX_T} as the {@code fec} table (port, file, line, {@code pre_fec_ber}, {@code post_fec_ber},
 * {@code pre_fec_ber_max}, {@code flr_observed}, {@code flr_predicted}, {@code flr_predicted_accuracy_pct},
 * {@code fec_max_t}; NaN for {@code N/A}), never counters; {@code FEC_PRE_BER} and {@code FEC_POST_BER} also form the
 * {@code ber} table the BER check grades as it grades mlxlink's raw and effective BER ({@link SonicBer} says which
 * is which, and how SONiC's ratios differ). {@code STATE} and {@code N/A} as in {@link SonicPortstatReader}.
 *
 * <pre>{@code
 * Capture c = new SonicFecStatsReader().read(Input.of(Path.of("fec_stats.txt")));
 * c.reading("switch Ethernet0", "rx_fec_uncorrectable_blocks");
 * c.measurements("fec");
 * c.measurements("ber");     // raw_ber, effective_ber: what Check.of(snapshot) grades
 * }</pre>
 */
public final class SonicFecStatsReader implements CaptureReader {
    @Override public String format() { return "sonic-fec-stats"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        String[] l = SonicTable.sniffHeader(in.head(8), 6);
        return l != null && l[0].equals(PortstatTables.IFACE) && PortstatTables.isFec(l) ? 95 : 0;
    }

    /** @throws org.fabriclab.capture.CaptureException as {@link SonicPortstatReader#read} does, and for a ratio that is not a number */
    @Override public Capture read(Input in) {
        return PortstatTables.read(in, "portstat -f's table (IFACE  STATE  FEC_CORR  FEC_UNCORR ...)");
    }
}
