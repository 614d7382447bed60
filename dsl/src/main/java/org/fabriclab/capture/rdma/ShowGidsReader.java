package org.fabriclab.capture.rdma;

import java.util.HashSet;
import java.util.Set;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.CommandLine;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.Measurement;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.ShellPrompt;
import org.fabriclab.capture.Values;
import org.fabriclab.capture.Words;
import org.fabriclab.catalogue.Source;

import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;

/**
 * Reads {@code show_gids} (Mellanox/NVIDIA OFED's {@code mlnx-tools} script over sysfs {@code ports/N/gids} and
 * {@code gid_attrs}): a {@code DEV PORT INDEX GID IPv4 VER DEV} header, a dashes line, one row per GID (the IPv4 cell
 * empty for a link-local or IPv6 GID), and {@code n_gids_found=N}; tab-separated or lined up with blanks. No counters:
 * the {@value #GIDS} table (port, index, gid, ipv4, version {@code v1}/{@code v2} = RoCE v1/v2, netdev), and per port
 * {@code <dev>/<port>} its {@code netdev}, the netdev of its lowest-index GID (the port's own; a VLAN or macvlan above
 * it holds GIDs of its own), which joins the port to that netdev's {@code ethtool -S} as {@code ibdev2netdev}'s does,
 * and {@code roce_v2_ipv4_gid_index}, the lowest index of a RoCE v2 GID with an IPv4 address (the index
 * {@code ib_write_bw -x} and {@code NCCL_IB_GID_INDEX} are usually given). A count that disagrees with the rows (a cut
 * paste) is a warning.
 *
 * <pre>{@code
 * Capture c = Readers.standard().read(Path.of("show_gids.txt"));
 * c.attr("mlx5_0/1", "roce_v2_ipv4_gid_index");   // Optional[3]
 * }</pre>
 *
 * @throws CaptureException (from {@link #read}) naming the line for a row that is not {@code DEV PORT INDEX GID [IPv4]
 *     VER DEV}, or for a file without the header
 */
public final class ShowGidsReader implements CaptureReader {
    /** The table of GIDs. */
    public static final String GIDS = "gids";
    static final String V2_INDEX = "roce_v2_ipv4_gid_index";

    @Override public String format() { return "show_gids"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        for (String l : in.head(4)) {
            if (isHeader(l)) return 95;
        }
        return 0;
    }

    private static boolean isHeader(String line) {
        String[] w = Words.split(line.strip());
        return w.length == 7 && w[0].equals("DEV") && w[1].equals("PORT") && w[2].equals("INDEX") && w[3].equals("GID")
                && w[4].equals("IPv4") && w[5].equals("VER") && w[6].equals("DEV");
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.SYSFS, file);
        StringColumn port = StringColumn.create("port"), gid = StringColumn.create("gid"), ipv4 = StringColumn.create("ipv4"),
                version = StringColumn.create("version"), netdev = StringColumn.create("netdev");
        IntColumn index = IntColumn.create("index");
        LineCursor c = new LineCursor(in.text());
        boolean header = false;
        int noise = 0, rows = 0, countLine = 0, after = 0;
        long count = -1;
        Set<String> named = new HashSet<>(), v2 = new HashSet<>();
        while (c.next()) {
            String line = c.line();
            String t = line.strip();
            int n = c.number();
            if (t.isEmpty() || ShellPrompt.isPromptLine(line) || CommandLine.ownCommandOrPrompt(line, "show_gids")) { noise++; continue; }
            if (isHeader(t)) { header = true; countLine = 0; noise++; continue; }
            if (countLine > 0) {
                // show_gids' last line is its count: what follows in a paste is someone else's
                if (after++ == 0) b.warn(file + ":" + n + ": lines after show_gids' n_gids_found (line " + countLine + ") are not its output; skipped");
                noise++;
                continue;
            }
            if (t.chars().allMatch(ch -> ch == '-' || Character.isWhitespace(ch))) { noise++; continue; }
            if (t.startsWith("n_gids_found=")) {
                count = Values.parseCounter(t.substring("n_gids_found=".length()).strip(), file, n);
                countLine = n;
                continue;
            }
            if (!header) throw new CaptureException(file, n, "expected show_gids' header 'DEV PORT INDEX GID IPv4 VER DEV', found '"
                    + Values.abbreviate(t) + "'");
            String[] w = Words.split(t);
            if ((w.length != 6 && w.length != 7) || !w[1].chars().allMatch(Character::isDigit) || !w[2].chars().allMatch(Character::isDigit)
                    || !w[3].contains(":") || !(w[w.length - 2].equals("v1") || w[w.length - 2].equals("v2"))) {
                throw new CaptureException(file, n, "expected a show_gids row 'DEV PORT INDEX GID [IPv4] VER DEV', found '"
                        + Values.abbreviate(t) + "'");
            }
            String p = w[0] + "/" + Integer.parseInt(w[1]);
            int idx = Integer.parseInt(w[2]);
            String ip = w.length == 7 ? w[4] : "", ver = w[w.length - 2], nd = w[w.length - 1];
            port.append(p); index.append(idx); gid.append(w[3]); ipv4.append(ip); version.append(ver); netdev.append(nd);
            rows++;
            if (named.add(p)) {
                // the rows come in index order: the first is the port's own netdev
                b.attr(p, PortAttr.DEVICE, w[0], n);
                b.attr(p, PortAttr.PORT_NUM, Integer.toString(Integer.parseInt(w[1])), n);
                b.attr(p, PortAttr.NETDEV, nd, n);
            }
            if (ver.equals("v2") && !ip.isEmpty() && v2.add(p)) b.attr(p, V2_INDEX, Integer.toString(idx), n);
        }
        if (!header) throw new CaptureException(file, 0, "no 'DEV PORT INDEX GID IPv4 VER DEV' header; expected show_gids output");
        if (count >= 0 && count != rows) {
            b.warn(file + ":" + countLine + ": n_gids_found=" + count + " but " + rows + " GID rows read (is the paste cut?)");
        }
        b.measurements(GIDS, Measurement.of(GIDS, port, index, gid, ipv4, version, netdev));
        b.noise(noise);
        return b.build();
    }
}
