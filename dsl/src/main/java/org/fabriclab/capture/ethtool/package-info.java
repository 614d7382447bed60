/**
 * The {@code ethtool -S} reader (mlx5 and other drivers): one counter per {@code name: value}
 * line, header and indentation optional, port {@code netdev <name>} or {@code netdev ?}.
 *
 * <pre>{@code
 * Capture c = Readers.standard().read(Path.of("ethtool_S.txt"));   // sniffed as "ethtool"
 * }</pre>
 */
package org.fabriclab.capture.ethtool;
