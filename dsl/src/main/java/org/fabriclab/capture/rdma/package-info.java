/**
 * The {@code rdma statistic show} / {@code rdma link show} reader (iproute2): one-line, multi-line
 * and JSON output; ports {@code <dev>/<port>}; the {@code netdev} attribute joins a port to its
 * {@code ethtool -S} dump. {@code ibdev2netdev} (OFED's mlnx-tools) names the same mapping, read by
 * {@link org.fabriclab.capture.rdma.Ibdev2netdevReader} into the same attribute.
 *
 * <pre>{@code
 * Capture c = Readers.standard().read(Path.of("rdma_statistic.txt"));   // sniffed as "rdma"
 * }</pre>
 */
package org.fabriclab.capture.rdma;
