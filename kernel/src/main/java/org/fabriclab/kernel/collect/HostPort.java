package org.fabriclab.kernel.collect;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A local RDMA port found on the host: device and port number ({@code mlx5_0}, 1), link layer
 * ({@code InfiniBand} or {@code Ethernet}, null when unknown), LID (null on Ethernet or when unknown)
 * and the netdev ({@code ens1f0np0}, null for an InfiniBand port without one).
 */
public record HostPort(String device, int port, String linkLayer, String lid, String netdev) {

    /** {@code mlx5_0/1}, the port identity snapshots use. */
    public String id() { return device + "/" + port; }

    /** A name safe in a file name: {@code mlx5_0-1}. */
    public String fileName() { return Collector.safe(device) + "-" + port; }

    /** Whether perfquery (PMA MADs addressed by LID) can read this port: InfiniBand, or unknown. */
    public boolean infiniband() { return linkLayer == null || linkLayer.equalsIgnoreCase("InfiniBand"); }

    HostPort withLinkLayer(String l) { return l == null || linkLayer != null ? this : new HostPort(device, port, l, lid, netdev); }
    HostPort withLid(String l) { return l == null || lid != null ? this : new HostPort(device, port, linkLayer, l, netdev); }
    HostPort withNetdev(String n) { return n == null || netdev != null ? this : new HostPort(device, port, linkLayer, lid, n); }

    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("port", id());
        m.put("link_layer", linkLayer);
        m.put("lid", lid);
        m.put("netdev", netdev);
        return m;
    }
}
