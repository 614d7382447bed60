package org.fabriclab.capture.topology;

import java.util.List;

/**
 * The fields {@code ibqueryerrors} compares with their thresholds on every port it queries, as it
 * prints them: infiniband-diags {@code ibqueryerrors.c print_results} walks the PortCounters fields
 * from {@code IB_PC_ERR_SYM_F} to {@code IB_PC_VL15_DROPPED_F} (skipping {@code CounterSelect2},
 * which is not a counter), then {@code IB_PC_XMT_WAIT_F} unless suppressed. A layout fact of the tool
 * (which names it checks), not counter meaning: what each name means is the catalogue's.
 *
 * <pre>{@code
 * CheckedFields.ALL.contains("PortXmitDiscards");   // true
 * }</pre>
 */
final class CheckedFields {
    /** {@code IB_PC_XMT_WAIT_F}: checked after the error fields; the classic copy is cleared when CapMask bit 12 is not set. */
    static final String XMIT_WAIT = "PortXmitWait";

    /** Every checked field, in print order. */
    static final List<String> ALL = List.of("SymbolErrorCounter", "LinkErrorRecoveryCounter", "LinkDownedCounter", "PortRcvErrors",
            "PortRcvRemotePhysicalErrors", "PortRcvSwitchRelayErrors", "PortXmitDiscards", "PortXmitConstraintErrors",
            "PortRcvConstraintErrors", "LocalLinkIntegrityErrors", "ExcessiveBufferOverrunErrors", "VL15Dropped", XMIT_WAIT);

    private CheckedFields() {}
}
