/**
 * Readers of a SONiC switch's port counters as sonic-utilities prints them, so the switch's side of a link is read
 * beside the host's: {@code show pfc counters} ({@link org.fabriclab.capture.sonic.SonicPfcReader}), its
 * {@code --history} ({@link org.fabriclab.capture.sonic.SonicPfcHistoryReader}), {@code show interfaces counters} in
 * its table forms ({@link org.fabriclab.capture.sonic.SonicPortstatReader}) and as {@code -j} prints them
 * ({@link org.fabriclab.capture.sonic.SonicPortstatJsonReader}), {@code fec-stats}
 * ({@link org.fabriclab.capture.sonic.SonicFecStatsReader}) and {@code detailed EthernetN}
 * ({@link org.fabriclab.capture.sonic.SonicPortDetailReader}), and the PFC watchdog's {@code show pfcwd stats}
 * ({@link org.fabriclab.capture.sonic.SonicPfcwdStatsReader}) with its {@code show pfcwd config}
 * ({@link org.fabriclab.capture.sonic.SonicPfcwdConfigReader}), and the egress queues' {@code show queue counters}
 * ({@link org.fabriclab.capture.sonic.SonicQueueReader}; a unicast queue n read as priority n's, an assumption each such
 * capture states: {@link org.fabriclab.capture.sonic.QueuePriority}) with the ingress side's
 * {@code show priority-group drop counters} ({@link org.fabriclab.capture.sonic.SonicPgDropReader}). All read into one source,
 * {@link org.fabriclab.catalogue.Source#SONIC}, whose raw names are the tools' column labels; what each counts comes from
 * the catalogue only. A port is {@code switch EthernetN} with link layer Ethernet. On the switch's port the directions
 * are the switch's: Rx PFC counts the pause frames the peer (the NIC) sent the switch, Tx PFC the frames the switch sent
 * the NIC, so a storm of pause from a NIC shows as Rx on its switch port.
 */
package org.fabriclab.capture.sonic;
