package org.fabriclab.generate;

import java.util.Locale;

/** {@code ib_write_bw} client output as perftest prints it (header block, addresses, BW table in MB/sec = MiB/s). */
final class PerftestText {
    private PerftestText() {}

    static final String RULE = "---------------------------------------------------------------------------------------\n";

    static String writeBw(String device, int ibPort, int lid, int remoteLid, int qps, boolean bidirectional, long msgBytes,
                          long iterations, double bwPeak, double bwAverage) {
        StringBuilder b = new StringBuilder();
        b.append(RULE);
        b.append(bidirectional ? "                    RDMA_Write Bidirectional BW Test\n" : "                    RDMA_Write BW Test\n");
        b.append(String.format(Locale.ROOT, " Dual-port       : OFF\t\tDevice         : %s\n", device));
        b.append(String.format(Locale.ROOT, " Number of qps   : %d\t\tTransport type : IB\n", qps));
        b.append(" Connection type : RC\t\tUsing SRQ      : OFF\n");
        b.append(" PCIe relax order: ON\n");
        b.append(" ibv_wr* API     : ON\n");
        b.append(" TX depth        : 128\n");
        b.append(" CQ Moderation   : 100\n");
        b.append(" Mtu             : 4096[B]\n");
        b.append(" Link type       : IB\n");
        b.append(" Max inline data : 0[B]\n");
        b.append(" rdma_cm QPs\t : OFF\n");
        b.append(" Data ex. method : Ethernet\n");
        b.append(RULE);
        for (int q = 0; q < qps; q++) {
            b.append(String.format(Locale.ROOT, " local address: LID %#06x QPN %#06x PSN %#08x RKey %#08x VAddr %#016x\n",
                    lid, 0x0a10 + q, 0x3c9e82 + 977 * q, 0x1fff00 + q, 0x7f3a12000000L + 0x100000L * q));
        }
        for (int q = 0; q < qps; q++) {
            b.append(String.format(Locale.ROOT, " remote address: LID %#06x QPN %#06x PSN %#08x RKey %#08x VAddr %#016x\n",
                    remoteLid, 0x1b20 + q, 0xbd024b + 613 * q, 0x2ee100 + q, 0x7fe625000000L + 0x100000L * q));
        }
        b.append(RULE);
        b.append(" #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]\n");
        double mpps = bwAverage * 1_048_576.0 / msgBytes / 1e6;
        b.append(String.format(Locale.ROOT, " %-10d %-16d %-18.2f %.2f\t\t   %.6f\n", msgBytes, iterations, bwPeak, bwAverage, mpps));
        b.append(RULE);
        return b.toString();
    }
}
