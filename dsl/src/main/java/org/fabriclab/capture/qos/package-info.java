/**
 * What the host says about its lossless (RoCE) configuration: {@code mlnx_qos -i X}, iproute2's
 * {@code dcb pfc show} / {@code dcb ets show}, and {@code ethtool -a} (with {@code -I} its pause
 * statistics). One reader per format; the settings become port attributes of {@code netdev <if>}
 * ({@code pfc_enabled}, {@code trust}, {@code prio_tc}, {@code pause_rx}, ...), which a snapshot joins to
 * the RDMA port; the few counters (dcb's {@code requests}/{@code indications}, ethtool's pause
 * statistics) are bound by the catalogue.
 *
 * <pre>{@code
 * Snapshot s = snapshot("before");        // holds mlnx_qos.txt beside ethtool -S and sysfs
 * s.attr("mlx5_0/1", "pfc_enabled");      // "3"
 * }</pre>
 */
package org.fabriclab.capture.qos;
