package org.fabriclab.catalogue;

import java.util.Locale;

/**
 * A place a counter value is read from. Each source is a column of the catalogue, because the same
 * counter has a different name and width in each (classic {@code perfquery}'s 8-bit
 * {@code LinkDownedCounter} versus the 64-bit {@code perfquery -x} copy).
 */
public enum Source {
    PERFQUERY("perfquery"),
    PERFQUERY_X("perfquery_x"),
    SYSFS("sysfs"),
    HW_COUNTERS("hw_counters"),
    RDMA("rdma"),
    ETHTOOL("ethtool"),
    IBDIAGNET_PM("ibdiagnet_pm"),
    IBDIAGNET_CSV("ibdiagnet_csv"),
    /** ibdiagnet's physical-layer output {@code ibdiagnet2.net_dump_ext} ({@code --get_phy_info}): per port BER and PHY error counts. */
    IBDIAGNET_PHY("ibdiagnet_phy"),
    UFM("ufm"),
    MLXLINK("mlxlink"),
    PERFTEST("perftest"),
    IBSTAT("ibstat"),
    /**
     * Prometheus node_exporter: {@code node_infiniband_*} (sysfs {@code counters/}, {@code counters_ext/} and
     * {@code hw_counters/}, data in octets = 4 x the words the fields count) and {@code node_ethtool_*}
     * ({@code ethtool -S}). A binding's width is that of the field the exporter read.
     */
    NODE_EXPORTER("node_exporter"),
    /** treydock/infiniband_exporter: {@code infiniband_{hca,switch}_port_*} from {@code perfquery -x} (data x 4) and {@code -E}. */
    INFINIBAND_EXPORTER("infiniband_exporter"),
    /** guilbaults/infiniband-exporter: {@code infiniband_<field>_total} from {@code ibqueryerrors --data} (data in words). */
    IBQUERYERRORS_EXPORTER("ibqueryerrors_exporter"),
    /** {@code mlnx_qos -i X} (MLNX_OFED / mlnx-tools): the NIC's QoS settings; attributes only, no counters. */
    MLNX_QOS("mlnx_qos"),
    /**
     * iproute2's {@code dcb} ({@code dcb [-s] pfc show dev X}, {@code dcb ets show dev X}): the kernel's DCB
     * netlink view; with {@code -s} the per-priority PFC {@code requests} (sent) and {@code indications} (received).
     */
    DCB("dcb"),
    /** {@code ethtool -I -a X}: the kernel's standard pause statistics ({@code struct ethtool_pause_stats}). */
    ETHTOOL_PAUSE("ethtool_pause"),
    /**
     * mlnx-tools' {@code mlnx_perf -i X}: per-second rates of the {@code ethtool -S} counters over each sampling
     * interval, not cumulative values; its names are {@code ethtool -S}'s and take their meaning from
     * {@link #ETHTOOL}'s bindings.
     */
    MLNX_PERF("mlnx_perf"),
    /** lldpad's {@code lldptool -t [-n] -i X}: the IEEE DCBX TLVs (the host's, or with {@code -n} the neighbour's); attributes only. */
    LLDPTOOL("lldptool"),
    /**
     * The kernel's per-netdev statistics, {@code struct rtnl_link_stats64} ({@code include/uapi/linux/if_link.h}), in
     * any of the layouts that print it: {@code ip -s [-s] link} (text and {@code -j}), {@code /proc/net/dev},
     * {@code /sys/class/net/<if>/statistics/}. Raw names are the struct's field names. On an RDMA NIC its bytes and
     * packets count only the kernel's rings, not RDMA (RoCE) traffic.
     */
    NETDEV_STATS("netdev_stats"),
    /**
     * A SONiC switch's port counters as sonic-utilities prints them ({@code show pfc counters} / {@code pfcstat},
     * {@code show interfaces counters} / {@code portstat}): SAI port statistics from the switch's COUNTERS_DB, read
     * on the switch's side of a link. Raw names are the tools' column labels ({@code RX_DRP}, {@code Rx PFC3}).
     */
    SONIC("sonic"),
    /** Values given directly (JSON lines, a cell, a test): typed by the profile, not by a capture. */
    GIVEN("given");

    private final String key;

    Source(String key) { this.key = key; }

    /** The catalogue column name and the value of the tidy table's {@code source} column. */
    public String key() { return key; }

    /** Every source, for {@link #of} (values() copies the array on each call: once per catalogue line). */
    private static final Source[] ALL = values();

    public static Source of(String key) {
        for (Source s : ALL) if (s.key.equals(key)) return s;
        throw new IllegalArgumentException("unknown source '" + key + "'");
    }

    @Override public String toString() { return key; }

    static Source ofColumn(String column) { return of(column.toLowerCase(Locale.ROOT)); }
}
