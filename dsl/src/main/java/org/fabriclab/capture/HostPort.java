package org.fabriclab.capture;

/**
 * The name of a port read from one host's part of a multi-host output ({@link HostOutput}): {@code HOST:PORT}, the
 * host as the tool labelled it and the port as the reader of that host's output names it ({@code node01:mlx5_0/1},
 * {@code node01:lid 1719/1}, {@code node01:netdev ens1f0np0}). No reader names a port with a colon, so the host is
 * everything before the first one; the ports of 64 hosts never collide, and a before and an after file of the same
 * hosts join per host and port. A port of a single-host file has no host: {@link #host} is null and {@link #local}
 * is the name itself.
 *
 * <pre>{@code
 * HostPort.of("node01", "mlx5_0/1");          // "node01:mlx5_0/1"
 * HostPort.local("node01:lid 1719/1");        // "lid 1719/1"
 * HostPort.within("node01:mlx5_0/1", "lid 7/1");   // "node01:lid 7/1": an identity on the same host
 * }</pre>
 */
public final class HostPort {
    private HostPort() {}

    /** {@code HOST:PORT}. */
    public static String of(String host, String port) { return host + ":" + port; }

    /** The host of a {@code HOST:PORT} name, or null for a port read without a host. */
    public static String host(String port) {
        int colon = port.indexOf(':');
        if (colon <= 0) return null;
        for (int i = 0; i < colon; i++) if (!HostList.nameChar(port.charAt(i))) return null;
        return port.substring(0, colon);
    }

    /** The port as the host's own output names it: {@code port} without its {@code HOST:}. */
    public static String local(String port) {
        String h = host(port);
        return h == null ? port : port.substring(h.length() + 1);
    }

    /**
     * A host's name without its domain, in lower case ({@code NODE07.example.com} is {@code node07}): how a bundle's
     * recorded host names its ports when a snapshot holds bundles of several hosts.
     */
    public static String shortHost(String host) {
        int dot = host.indexOf('.');
        return (dot > 0 ? host.substring(0, dot) : host).toLowerCase(java.util.Locale.ROOT);
    }

    /** {@code id} (a port identity: {@code lid 7/1}, {@code netdev eth0}) on the host of {@code port}, if it has one. */
    public static String within(String port, String id) {
        String h = host(port);
        return h == null ? id : of(h, id);
    }
}
