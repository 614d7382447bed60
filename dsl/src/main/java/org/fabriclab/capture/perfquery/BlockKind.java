package org.fabriclab.capture.perfquery;

import java.util.List;
import java.util.Set;

import org.fabriclab.catalogue.Source;

/**
 * The kinds of perfquery block, named by their header ({@code # <title> counters: ...}), with the
 * source their names are catalogued under and the fields perfquery always prints for them (from
 * libibmad's {@code fields.c} dump ranges), used to tell a complete block from a cut one.
 */
enum BlockKind {
    /** {@code perfquery} (PortCounters). */
    PORT("Port", Source.PERFQUERY, List.of("SymbolErrorCounter", "LinkErrorRecoveryCounter", "LinkDownedCounter",
            "PortRcvErrors", "PortRcvRemotePhysicalErrors", "PortRcvSwitchRelayErrors", "PortXmitDiscards",
            "PortXmitConstraintErrors", "PortRcvConstraintErrors", "LocalLinkIntegrityErrors",
            "ExcessiveBufferOverrunErrors", "VL15Dropped", "PortXmitData", "PortRcvData", "PortXmitPkts",
            "PortRcvPkts")),
    /** {@code perfquery -x} (PortCountersExtended). */
    EXTENDED("Port extended", Source.PERFQUERY_X, List.of("PortXmitData", "PortRcvData", "PortXmitPkts",
            "PortRcvPkts")),
    /** {@code perfquery -E}. */
    RCV_ERROR_DETAILS("PortRcvErrorDetails", Source.PERFQUERY, List.of("PortLocalPhysicalErrors",
            "PortMalformedPktErrors", "PortBufferOverrunErrors", "PortDLIDMappingErrors", "PortVLMappingErrors",
            "PortLoopingErrors")),
    /** {@code perfquery -D}. */
    XMIT_DISCARD_DETAILS("PortXmitDiscardDetails", Source.PERFQUERY, List.of("PortInactiveDiscards",
            "PortNeighborMTUDiscards", "PortSwLifetimeLimitDiscards", "PortSwHOQLifetimeLimitDiscards")),
    /** {@code perfquery -X}: XmtDataSL0..15 (catalogued as PortXmitDataSL{sl}, 4-octet words). */
    XMIT_DATA_SL("PortXmitDataSL", Source.PERFQUERY, List.of()),
    /** {@code perfquery -S}: RcvDataSL0..15 (catalogued as PortRcvDataSL{sl}, 4-octet words). */
    RCV_DATA_SL("PortRcvDataSL", Source.PERFQUERY, List.of()),
    /**
     * Any other {@code # X counters:} block, read under {@link Source#PERFQUERY} names: {@code -T} extended speeds
     * ({@code PortExtendedSpeedsCounters}, with or without RS-FEC: catalogued, its lane fields as {@code {l}} families),
     * per-VL and congestion blocks (uncatalogued).
     */
    OTHER("", Source.PERFQUERY, List.of());

    /**
     * {@code perfquery -x} fields that libibmad prints only when {@code CapMask} bit 9 (0x200,
     * extended width supported, IETF) is set: {@code IB_PC_EXT_XMT_UPKTS_F .. IB_PC_EXT_LAST_F}.
     */
    static final Set<String> EXT_UNICAST_MULTICAST = Set.of("PortUnicastXmitPkts", "PortUnicastRcvPkts",
            "PortMulticastXmitPkts", "PortMulticastRcvPkts");
    /**
     * {@code perfquery -x} fields that libibmad prints only when {@code CapMask2} (as perfquery prints
     * it, shifted right by 5) has bit 1 (0x2, IsAdditionalPortCountersExtendedSupported) set:
     * {@code IB_PC_EXT_COUNTER_SELECT2_F .. IB_PC_EXT_ERR_LAST_F}. Older perfquery builds print them
     * regardless; the PMA leaves them reserved (zero).
     */
    static final Set<String> EXT_ADDITIONAL = Set.of("CounterSelect2", "SymbolErrorCounter", "LinkErrorRecoveryCounter",
            "LinkDownedCounter", "PortRcvErrors", "PortRcvRemotePhysicalErrors", "PortRcvSwitchRelayErrors", "PortXmitDiscards",
            "PortXmitConstraintErrors", "PortRcvConstraintErrors", "LocalLinkIntegrityErrors", "ExcessiveBufferOverrunErrors",
            "VL15Dropped", "PortXmitWait", "QP1Dropped");

    private final String title;
    private final Source source;
    private final List<String> required;
    private final Set<String> requiredSet;

    BlockKind(String title, Source source, List<String> required) {
        this.title = title;
        this.source = source;
        this.required = required;
        this.requiredSet = Set.copyOf(required);
    }

    Source source() { return source; }

    List<String> required() { return required; }

    boolean isRequired(String raw) { return requiredSet.contains(raw); }

    /**
     * Whether a block whose first counter is {@code firstCounter} is a PortCountersExtended dump: libibmad
     * prints PortCounters from SymbolErrorCounter on and PortCountersExtended from PortXmitData on, so
     * a block opening with the latter holds 64-bit counters whatever its title (older perfquery titled
     * {@code -x} output {@code # Port counters:} too).
     */
    static boolean opensExtended(String firstCounter) {
        return firstCounter.equals(EXTENDED.required.get(0));
    }

    static BlockKind ofTitle(String title) {
        for (BlockKind k : values()) if (k != OTHER && k.title.equals(title)) return k;
        return OTHER;
    }
}
