package org.fabriclab.capture.rdma;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.CommandLine;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Source;

/**
 * Reads {@code ibdev2netdev} (Mellanox/NVIDIA OFED's {@code mlnx-tools} script, from sysfs): which netdev each RDMA
 * port is, one line per port. Attributes only, on port {@code <dev>/<port>} as sysfs and {@code rdma} name it:
 * {@code netdev} (which a snapshot joins to that netdev's {@code ethtool -S} and {@code ip -s link}), {@code device},
 * {@code port_num}, and {@code netdev_state}, the netdev's carrier ({@code Up}/{@code Down}; the script prints
 * {@code NA} or nothing when it cannot tell, which is not kept). The three layouts the script prints:
 * <ul>
 * <li>{@code mlx5_0 port 1 ==> ens1f0 (Up)};</li>
 * <li>{@code -v}: {@code 0000:3b:00.0 mlx5_0 (MT4119 - MCX516A-CCAT) CX516A - ConnectX-5 QSFP28 fw 16.27.2008 port 1
 * (ACTIVE) ==> ens1f0 (Up)}, adding {@code pci} (the PCI function), {@code vendor_part_id} ({@code 4119}, as
 * {@code ibv_devinfo} spells it), {@code part_number} (from the VPD), {@code fw_ver} and {@code state} (the RDMA port's,
 * as sysfs spells it);</li>
 * <li>the old style of drivers without {@code dev_id}: {@code mlx4_0 port 1 <===> eth2}.</li>
 * </ul>
 * A paste's {@code ibdev2netdev} command line and a bare prompt are noise; the fields may be lined up with several blanks
 * ({@code ibdev2netdev | column -t}).
 *
 * <pre>{@code
 * Capture c = Readers.standard().read(Path.of("ibdev2netdev.txt"));
 * c.attr("mlx5_0/1", PortAttr.NETDEV);   // Optional[ens1f0]
 * }</pre>
 *
 * @throws CaptureException (from {@link #read}) naming the line for any other line, or for a file without a port line
 */
public final class Ibdev2netdevReader implements CaptureReader {
    // blanks between the fields may be several: the output piped through column -t lines them up
    private static final Pattern PLAIN = Pattern.compile("^(\\S+)\\s+port\\s+(\\d{1,3})\\s+==>\\s+(\\S+)\\s+\\(([^()]*)\\)$");
    private static final Pattern OLD = Pattern.compile("^(\\S+)\\s+port\\s+(\\d{1,3})\\s+<===>\\s+(\\S+)$");
    private static final Pattern VERBOSE = Pattern.compile("^(?:([0-9a-fA-F]{4,}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7]) )?(\\S+) "
            + "\\((\\S*) - ([^)]*)\\) (.*?)\\s*fw (\\S+) port (\\d{1,3}) \\(([^()]*)\\) ==> (\\S+) \\(([^()]*)\\)$");
    static final String NETDEV_STATE = "netdev_state";

    @Override public String format() { return "ibdev2netdev"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        for (String l : in.head(5)) {
            String t = l.strip();
            if (CommandLine.command(l, "ibdev2netdev") != null) return 95;
            if (PLAIN.matcher(t).matches() || OLD.matcher(t).matches() || VERBOSE.matcher(t).matches()) return 95;
        }
        return 0;
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.SYSFS, file);
        LineCursor c = new LineCursor(in.text());
        int ports = 0, noise = 0;
        while (c.next()) {
            String t = c.line().strip();
            int n = c.number();
            if (t.isEmpty() || CommandLine.ownCommandOrPrompt(c.line(), "ibdev2netdev")) { noise++; continue; }
            Matcher v = VERBOSE.matcher(t), p = PLAIN.matcher(t), o = OLD.matcher(t);
            if (v.matches()) {
                String port = port(b, v.group(2), v.group(7), v.group(9), v.group(10), n);
                if (v.group(1) != null) b.attr(port, "pci", v.group(1).toLowerCase(Locale.ROOT), n);
                String devid = v.group(3);
                if (devid.startsWith("MT") && devid.length() > 2 && devid.substring(2).chars().allMatch(Character::isDigit)) {
                    b.attr(port, "vendor_part_id", devid.substring(2), n);
                }
                if (known(v.group(4))) b.attr(port, "part_number", v.group(4).strip(), n);
                if (known(v.group(6))) b.attr(port, "fw_ver", v.group(6), n);
                if (known(v.group(8))) b.attr(port, PortAttr.STATE, v.group(8).strip().toUpperCase(Locale.ROOT), n);
            } else if (p.matches()) {
                port(b, p.group(1), p.group(2), p.group(3), p.group(4), n);
            } else if (o.matches()) {
                port(b, o.group(1), o.group(2), o.group(3), "", n);
            } else {
                throw new CaptureException(file, n, "expected ibdev2netdev output ('mlx5_0 port 1 ==> eth0 (Up)'), found '"
                        + Values.abbreviate(t) + "'");
            }
            ports++;
        }
        if (ports == 0) throw new CaptureException(file, 0, "no 'DEV port N ==> NETDEV (STATE)' line; expected ibdev2netdev output");
        b.noise(noise);
        return b.build();
    }

    /** The port {@code dev/num} with its device, number, netdev and the netdev's carrier state where known. */
    private static String port(Capture.Builder b, String dev, String num, String netdev, String state, int line) {
        String port = dev + "/" + Integer.parseInt(num);
        b.attr(port, PortAttr.DEVICE, dev, line);
        b.attr(port, PortAttr.PORT_NUM, Integer.toString(Integer.parseInt(num)), line);
        b.attr(port, PortAttr.NETDEV, netdev, line);
        if (known(state)) b.attr(port, NETDEV_STATE, state.strip(), line);
        return port;
    }

    /** Whether the script printed a value: not empty, not its {@code NA}. */
    private static boolean known(String v) {
        String t = v.strip();
        return !t.isEmpty() && !t.equals("NA");
    }
}
