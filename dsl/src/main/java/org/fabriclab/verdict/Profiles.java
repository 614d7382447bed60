package org.fabriclab.verdict;

import static org.fabriclab.catalogue.Layer.CONGESTION;
import static org.fabriclab.catalogue.Layer.LOSSLESS_BROKEN;
import static org.fabriclab.catalogue.Layer.PAUSE_STORM;
import static org.fabriclab.catalogue.Layer.PHYSICAL;
import static org.fabriclab.catalogue.Layer.REMOTE_ACCESS;
import static org.fabriclab.catalogue.Layer.TRANSPORT_RETRY;
import static org.fabriclab.verdict.ProfileCounter.optional;
import static org.fabriclab.verdict.ProfileCounter.required;

import java.util.List;
import java.util.Locale;

/**
 * The built-in profiles. {@link #IB} and {@link #ROCE} are the runbook's {@code PROFILES}, counter
 * for counter and cap for cap. The {@code -full} profiles grade every error counter the catalogue
 * knows for that fabric; the counters every capture of that kind carries are required, the rest
 * optional, so a richer profile does not turn ordinary captures into "incomplete".
 */
public final class Profiles {
    private static final long U16 = (1L << 16) - 1, U8 = (1L << 8) - 1, U4 = (1L << 4) - 1;

    /** The runbook's InfiniBand profile (PMA names from perfquery plus mlx5 q-counters). */
    public static final Profile IB = Profile.of("ib", List.of(
            required("SymbolErrorCounter", PHYSICAL, U16),
            required("LinkErrorRecoveryCounter", PHYSICAL, U8),
            required("LinkDownedCounter", PHYSICAL, U8),
            required("PortRcvErrors", PHYSICAL, U16),
            required("PortXmitDiscards", LOSSLESS_BROKEN, U16),
            required("packet_seq_err", TRANSPORT_RETRY, null),
            required("rnr_nak_retry_err", TRANSPORT_RETRY, null),
            required("local_ack_timeout_err", TRANSPORT_RETRY, null)));

    /** The runbook's RoCE profile (netdev names from ethtool plus mlx5 q- and congestion counters). */
    public static final Profile ROCE = Profile.of("roce", List.of(
            required("tx_pause_storm_error_events", PAUSE_STORM, null),
            required("rx_discards_phy", LOSSLESS_BROKEN, null),
            required("rx_prio3_buf_discard", LOSSLESS_BROKEN, null),
            required("packet_seq_err", TRANSPORT_RETRY, null),
            required("rnr_nak_retry_err", TRANSPORT_RETRY, null),
            required("local_ack_timeout_err", TRANSPORT_RETRY, null),
            required("rx_prio3_pause", CONGESTION, null),
            required("rp_cnp_handled", CONGESTION, null)));

    /** Every classic PMA error counter, the q-counters as optional, remote access as its own class. */
    public static final Profile IB_FULL = new Profile("ib-full", List.of(
            required("SymbolErrorCounter", PHYSICAL, U16),
            required("LinkErrorRecoveryCounter", PHYSICAL, U8),
            required("LinkDownedCounter", PHYSICAL, U8),
            required("PortRcvErrors", PHYSICAL, U16),
            required("PortXmitDiscards", LOSSLESS_BROKEN, U16),
            optional("PortRcvRemotePhysicalErrors", PHYSICAL, U16),
            optional("LocalLinkIntegrityErrors", PHYSICAL, U4),
            optional("ExcessiveBufferOverrunErrors", LOSSLESS_BROKEN, U4),
            optional("packet_seq_err", TRANSPORT_RETRY, null),
            optional("rnr_nak_retry_err", TRANSPORT_RETRY, null),
            optional("local_ack_timeout_err", TRANSPORT_RETRY, null),
            optional("implied_nak_seq_err", TRANSPORT_RETRY, null),
            optional("out_of_sequence", TRANSPORT_RETRY, null),
            optional("req_remote_access_errors", REMOTE_ACCESS, null),
            optional("resp_remote_access_errors", REMOTE_ACCESS, null),
            optional("req_remote_invalid_request", REMOTE_ACCESS, null),
            optional("PortXmitWait", CONGESTION, null)), List.of());

    /** RoCE: every PFC-enabled priority found in the capture, discards on all priorities, stall events. */
    public static final Profile ROCE_FULL = new Profile("roce-full", List.of(
            required("rx_discards_phy", LOSSLESS_BROKEN, null),
            required("packet_seq_err", TRANSPORT_RETRY, null),
            required("rnr_nak_retry_err", TRANSPORT_RETRY, null),
            required("local_ack_timeout_err", TRANSPORT_RETRY, null),
            optional("link_down_events_phy", PHYSICAL, null),
            optional("rx_symbol_err_phy", PHYSICAL, null),
            optional("rx_crc_errors_phy", PHYSICAL, null),
            optional("tx_pause_storm_error_events", PAUSE_STORM, null),
            optional("tx_pause_storm_warning_events", PAUSE_STORM, null),
            optional("tx_discards_phy", LOSSLESS_BROKEN, null),
            optional("implied_nak_seq_err", TRANSPORT_RETRY, null),
            optional("out_of_sequence", TRANSPORT_RETRY, null),
            optional("req_remote_access_errors", REMOTE_ACCESS, null),
            optional("resp_remote_access_errors", REMOTE_ACCESS, null),
            optional("req_remote_invalid_request", REMOTE_ACCESS, null),
            optional("rp_cnp_handled", CONGESTION, null),
            optional("np_cnp_sent", CONGESTION, null)),
            List.of(optional("rx_prio{n}_buf_discard", LOSSLESS_BROKEN, null),
                    optional("rx_prio{n}_cong_discard", LOSSLESS_BROKEN, null),
                    optional("rx_{p}_pause", CONGESTION, null)));

    private Profiles() {}

    /** {@code ib}, {@code roce}, {@code ib-full}, {@code roce-full}. */
    public static Profile named(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "ib" -> IB;
            case "roce" -> ROCE;
            case "ib-full" -> IB_FULL;
            case "roce-full" -> ROCE_FULL;
            default -> throw new IllegalArgumentException("unknown fabric profile '" + name + "'; expected ib, roce, ib-full or roce-full");
        };
    }

    public static List<Profile> all() { return List.of(IB, ROCE, IB_FULL, ROCE_FULL); }
}
