/**
 * Readers of the kernel's per-netdev statistics, {@code struct rtnl_link_stats64} ({@code include/uapi/linux/if_link.h}),
 * one per layout that prints it: {@code ip -s [-s] link} text ({@link org.fabriclab.capture.netdev.IpLinkReader}),
 * {@code ip -j -s link} JSON ({@link org.fabriclab.capture.netdev.IpLinkJsonReader}), {@code /proc/net/dev}
 * ({@link org.fabriclab.capture.netdev.ProcNetDevReader}) and {@code grep -H . /sys/class/net/*}{@code /statistics/*}
 * ({@link org.fabriclab.capture.netdev.NetClassReader}). All four read into one source,
 * {@link org.fabriclab.catalogue.Source#NETDEV_STATS}, whose raw names are the struct's field names; each port is
 * {@code netdev <name>}, as {@code ethtool -S}'s, so a snapshot joins it to the RDMA port {@code rdma link} names.
 * The values are 64-bit counts (bytes for {@code rx_bytes}/{@code tx_bytes}, packets or events for the rest). On an
 * RDMA NIC the kernel's bytes and packets leave out RDMA (RoCE) traffic: the catalogue gives them no role, so they are
 * never the bytes a test moved.
 */
package org.fabriclab.capture.netdev;
