/**
 * The ethtool readers, each port {@code netdev <name>}: {@code ethtool -S} (mlx5 and other drivers: one counter
 * per {@code name: value} line, header and indentation optional, or {@code netdev ?}) and its {@code --json}
 * standard groups; {@code ethtool -m} (the transceiver's diagnostics); and the link's settings, attributes only:
 * {@code ethtool X} and {@code ethtool --json X} (the speed as {@code rate_gbps} in Gb/s, lanes, duplex, autoneg,
 * port type, link detected) and {@code ethtool --show-fec X} with its {@code --json} form (the active FEC mode).
 *
 * <pre>{@code
 * Capture c = Readers.standard().read(Path.of("ethtool_S.txt"));              // sniffed as "ethtool"
 * Capture s = Readers.standard().read(Path.of("ethtool.ens1f0np0.txt"));      // "ethtool-settings"
 * s.attr("netdev ens1f0np0", PortAttr.RATE_GBPS);                             // Optional[100]
 * }</pre>
 */
package org.fabriclab.capture.ethtool;
