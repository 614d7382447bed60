package org.fabriclab.catalogue;

import java.util.Locale;

/**
 * What a counter measures, independent of who names it: the question code asks the catalogue
 * ("which counters count pause frames?") instead of listing names of its own. A counter has one or
 * more roles (column {@code roles} of {@code counters.tsv}); the label is the file's spelling.
 *
 * <pre>{@code
 * Catalogue.standard().counters(Role.PAUSE, Direction.RX);   // rx_prio0_pause ... rx_global_pause
 * Role.of("pause-duration");                                 // PAUSE_DURATION
 * }</pre>
 */
public enum Role {
    /** Data octets moved (after the counter's scale: {@code PortXmitData} counts 4-octet words). */
    BYTES,
    /** Packets or frames moved. */
    PACKETS,
    UNICAST_PACKETS,
    MULTICAST_PACKETS,
    /** PFC or 802.3x pause frames, per priority or global (link level). */
    PAUSE,
    /** Time paused by pause frames, microseconds. */
    PAUSE_DURATION,
    /** XOFF to XON transitions of a paused priority. */
    PAUSE_TRANSITION,
    /** PFC XON (resume) frames, where a NIC counts them apart from XOFF. */
    PAUSE_XON,
    /** Pause control frames counted by the MAC (all priorities together). */
    PAUSE_CTRL,
    /** A pause-storm watchdog fired: the NIC stopped sending pause after a stalled receive path held the link. */
    STORM_EVENT,
    /** The pause-storm warning timeout passed (before the watchdog fires). */
    STORM_WARNING,
    /** A pause storm ended (the NIC resumed honouring / sending pause). */
    STORM_RECOVERY,
    /** Packets dropped (no buffer, congestion drop, port down). */
    DISCARD,
    /** Packets dropped by congestion management (WRED/ECN drop) rather than for lack of buffer. */
    CONG_DISCARD,
    /** CNPs sent by the notification point (the receiver saw ECN-marked packets). */
    CNP_SENT,
    /** CNPs received and acted on by the reaction point (a rate reduction). */
    CNP_HANDLED,
    /** CNPs received and ignored. */
    CNP_IGNORED,
    /** Packets received with the ECN congestion-experienced mark. */
    ECN_MARKED,
    /** Symbol errors on the physical lanes (pre-FEC on IB PMA). */
    SYMBOL,
    /** PCS symbol errors (post-FEC uncorrected, Ethernet PHY). */
    PCS_SYMBOL,
    CRC_ERROR,
    FEC_CORRECTED,
    FEC_UNCORRECTED,
    FEC_CORRECTED_BITS,
    /** Bits FEC did not correct (post-FEC errors; UFM and mlxlink "effective errors"). */
    FEC_UNCORRECTED_BITS,
    /**
     * One bin of the RS-FEC error histogram: FEC blocks received with that many symbol errors (the bin
     * index is {@link CounterName#bin()}); the seed's {@code hist{i}}.
     */
    FEC_HIST,
    /**
     * Raw (pre-FEC) bit errors on one physical lane (the lane index is {@link CounterName#lane()}): the
     * per-lane split of a port's corrected bits, a role of its own so no question about the port's FEC
     * or symbol errors counts a lane beside its port total.
     */
    LANE_RAW_ERRORS,
    /**
     * FEC blocks with errors FEC corrected, on one lane (IB PortExtendedSpeedsCounters
     * {@code FECCorrectableBlockCtrLane<N>}): a lane's share of {@link #FEC_CORRECTED}, a role of its own so no
     * port-wide question counts a lane beside its port total.
     */
    LANE_FEC_CORRECTED,
    /** FEC blocks FEC could not correct, on one lane ({@code FECUncorrectableBlockCtrLane<N>}); apart from {@link #FEC_UNCORRECTED} as above. */
    LANE_FEC_UNCORRECTED,
    /** Symbols RS-FEC corrected on one lane ({@code FECCorrectableSymbolCtrLane<N>}). */
    LANE_FEC_CORRECTED_SYMBOLS,
    /** Errors detected on one extended-speed lane ({@code ErrorDetectionCounterLane<N>}). */
    LANE_ERROR_DETECTION,
    /** The link went down (error recovery failed). */
    LINK_DOWN,
    /** The link retrained successfully (error recovery). */
    LINK_RECOVERY,
    LINK_INTEGRITY,
    BUFFER_OVERRUN,
    /** Ticks with data to send and no credits (IB). */
    XMIT_WAIT,
    /** Packets received with errors (local physical errors, malformed packets, ...). */
    RCV_ERROR,
    /** Packets marked bad further upstream (EBP). */
    RCV_REMOTE_ERROR,
    RELAY_ERROR,
    CONSTRAINT_ERROR,
    MAPPING_ERROR,
    LOOPING_ERROR,
    VL15_DROP,
    QP1_DROP,
    /** NAKs with a packet sequence error received: retransmission. */
    SEQ_NAK,
    RNR_RETRY_EXCEEDED,
    ACK_TIMEOUT,
    IMPLIED_NAK,
    OUT_OF_SEQUENCE,
    DUPLICATE_REQUEST,
    RETRANSMIT,
    SLOW_RESTART,
    /** Packets dropped for lack of a posted receive buffer (software not keeping up). */
    NO_RX_BUFFER,
    REMOTE_ACCESS,
    REMOTE_INVALID_REQUEST,
    WC_ERROR,
    WC_FLUSH,
    RDMA_REQUESTS,
    ICRC_ERROR,
    PCI_STALL,
    PCI_STALL_EVENTS,
    /** A setting read from a counter directory, not a counter. */
    SETTING;

    /**
     * Whether a counter with this role exists only on an Ethernet (RoCE) port: {@link #ECN_MARKED}, since
     * ECN is a mark in the IP header, which InfiniBand packets do not carry (InfiniBand's congestion
     * marks are FECN/BECN bits, counted by no counter of this role). Used to tell a port's fabric
     * from its counters when no link layer was captured.
     */
    public boolean impliesEthernet() { return this == ECN_MARKED; }

    /** The file's spelling: {@code pause-duration}. */
    public String label() { return name().toLowerCase(Locale.ROOT).replace('_', '-'); }

    /** Every role by its name, for {@link #of} (one probe per label of the catalogue's rows, not a scan of the 58). */
    private static final java.util.Map<String, Role> BY_NAME;
    static {
        java.util.Map<String, Role> m = new java.util.HashMap<>();
        for (Role r : values()) m.put(r.name(), r);
        BY_NAME = m;
    }

    /** Parses a label; throws naming the known labels. */
    public static Role of(String label) {
        Role r = BY_NAME.get(label.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
        if (r != null) return r;
        throw new IllegalArgumentException("unknown role '" + label + "'; expected one of " + labels());
    }

    static String labels() {
        StringBuilder b = new StringBuilder();
        for (Role r : values()) b.append(b.length() == 0 ? "" : ", ").append(r.label());
        return b.toString();
    }

    @Override public String toString() { return label(); }
}
