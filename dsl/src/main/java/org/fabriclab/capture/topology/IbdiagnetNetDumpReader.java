package org.fabriclab.capture.topology;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.catalogue.Source;

/**
 * Reads {@code ibdiagnet2.net_dump}: per switch a header {@code "desc", Vendor, 0x<GUID>, LID 24}, a
 * column line ({@code # : IB# : Sta : PhysSta : MTU : LWA : LSA : FEC mode : Retran : Neighbor Guid :
 * N# : NLID : Neighbor Description}) and one row per port, cells separated by {@code :}. A row with a
 * neighbour GUID is a link from the switch port {@code IB#} to the neighbour. The dump names the
 * neighbour's port by its label ({@code N#}): a switch's label ({@code 1/2/1}) is resolved to that
 * switch's {@code IB#} through its own block in the same dump; an HCA's label
 * ({@code B184D0F0/0/0/1}, PCI address then port) gives its last number. The dump has a block for
 * every switch, so a neighbour without one is a CA. Columns are found by name in the column line.
 * The layout was read off a real IBDIAGNET 2.10 file (the public capture
 * {@code ibdiagnet2_net_dump_sequoia.net_dump}).
 *
 * <pre>{@code
 * Capture c = new IbdiagnetNetDumpReader().read(Input.of(Path.of("ibdiagnet2.net_dump")));
 * c.measurements("links").get();
 * }</pre>
 */
public final class IbdiagnetNetDumpReader implements CaptureReader {
    private static final Pattern CELL = Pattern.compile("\\s+:(?=\\s|$)");
    private static final Pattern SWITCH = Pattern.compile("^\"(.*)\",\\s*([^,]*),\\s*(0x[0-9a-fA-F]{1,16}),\\s*LID\\s+(\\d{1,9})\\s*$");

    @Override public String format() { return "ibdiagnet-net-dump"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        boolean sw = false;
        for (String l : in.head(60)) {
            String t = l.strip();
            if (SWITCH.matcher(t).matches()) sw = true;
            if (sw && t.startsWith("#") && t.contains("IB#") && t.contains("Neighbor Guid")) return 95;
        }
        return 0;
    }

    private record Row(int ibPort, String label, String state, String physState, String width, String speed, String peerGuid,
                       String peerLabel, int peerLid, String peerDesc, int line) {}

    private record Block(String guid, String desc, int lid, List<Row> rows) {}

    @Override public Capture read(Input in) {
        String file = in.name();
        LineCursor c = new LineCursor(in.text());
        List<Block> blocks = new ArrayList<>();
        Block cur = null;
        Map<String, Integer> col = null;
        int noise = 0;
        while (c.next()) {
            String raw = c.line();
            String t = raw.strip();
            if (t.isEmpty()) { noise++; continue; }
            var m = SWITCH.matcher(t);
            if (m.matches()) {
                cur = new Block(LinkTable.guid(m.group(3), file, c.number()), m.group(1),
                        LinkTable.number(m.group(4), false, "a LID", file, c.number()), new ArrayList<>());
                blocks.add(cur);
                col = null;
                continue;
            }
            if (t.startsWith("#")) {
                if (cur != null && t.contains("IB#")) {
                    col = new HashMap<>();
                    String[] names = t.split(":");   // the first column is named "#": the switch port's label
                    for (int k = 0; k < names.length; k++) col.put(names[k].strip().toLowerCase(Locale.ROOT), k);
                    for (String need : List.of("ib#", "sta", "neighbor guid", "n#")) {
                        if (!col.containsKey(need)) {
                            throw new CaptureException(file, c.number(), "net_dump column line without '" + need + "'");
                        }
                    }
                } else {
                    noise++;
                }
                continue;
            }
            if (cur == null || col == null) {
                throw new CaptureException(file, c.number(), "port row before a switch header '\"desc\", Vendor, 0x<GUID>, LID <n>' and "
                        + "its column line; found '" + LinkTable.abbreviate(t) + "'");
            }
            String[] cells = CELL.split(raw.strip() + " ", col.size());
            if (cells.length < col.size() - 1) {
                throw new CaptureException(file, c.number(), "expected " + col.size() + " ':'-separated cells as in the column line, found "
                        + cells.length);
            }
            String peer = cell(cells, col, "neighbor guid");
            int ib = LinkTable.number(cell(cells, col, "ib#"), false, "an IB port number", file, c.number());
            String lidText = cell(cells, col, "nlid");
            int peerLid = lidText.isEmpty() || lidText.equals("N/A") ? -1 : LinkTable.number(lidText, false, "a LID", file, c.number());
            String desc = cell(cells, col, "neighbor description");
            if (desc.length() >= 2 && desc.startsWith("\"") && desc.endsWith("\"")) desc = desc.substring(1, desc.length() - 1);
            cur.rows().add(new Row(ib, cell(cells, col, "#"), cell(cells, col, "sta"), cell(cells, col, "physsta"), cell(cells, col, "lwa"),
                    cell(cells, col, "lsa"), peer.isEmpty() ? "" : LinkTable.guid(peer, file, c.number()), cell(cells, col, "n#"),
                    peerLid, desc, c.number()));
        }
        if (blocks.isEmpty()) throw new CaptureException(file, 0, "no switch block found; expected ibdiagnet2.net_dump content");
        Map<String, Block> byGuid = new LinkedHashMap<>();
        for (Block bl : blocks) byGuid.put(bl.guid(), bl);
        LinkTable links = new LinkTable(file);
        int unresolved = 0;
        for (Block bl : blocks) {
            for (Row r : bl.rows()) {
                if (r.peerGuid().isEmpty()) continue;
                Block peerSw = byGuid.get(r.peerGuid());
                int peerPort = peerPort(r, peerSw);
                if (peerPort < 0) { unresolved++; continue; }
                Link.End a = new Link.End(bl.guid(), bl.guid(), r.ibPort(), bl.lid(), "SW", bl.desc());
                Link.End e = new Link.End(r.peerGuid(), peerSw != null ? r.peerGuid() : "", peerPort, r.peerLid(), peerSw != null ? "SW" : "CA",
                        r.peerDesc());
                links.add(new Link(a, e, r.width(), r.speed(), r.state(), file, r.line()));
            }
        }
        Capture.Builder b = Capture.builder(Source.IBDIAGNET_CSV, file);
        links.emit(b, "ibdiagnet2.net_dump switch blocks with neighbours");
        if (unresolved > 0) b.warn(unresolved + " neighbour port label(s) could not be turned into a port number; those links are left out");
        b.noise(noise);
        return b.build();
    }

    /** The neighbour's port number: its switch block's IB# for the label, else the label's last number. */
    private static int peerPort(Row r, Block peerSw) {
        String label = r.peerLabel().strip();
        if (peerSw != null) {
            for (Row x : peerSw.rows()) if (x.label().strip().equals(label)) return x.ibPort();
        }
        int slash = label.lastIndexOf('/');
        String last = slash < 0 ? label : label.substring(slash + 1);
        if (last.isEmpty() || last.length() > 4 || !last.chars().allMatch(Character::isDigit)) return -1;
        return Integer.parseInt(last);
    }

    private static String cell(String[] cells, Map<String, Integer> col, String name) {
        Integer k = col.get(name);
        return k == null || k >= cells.length ? "" : cells[k].strip();
    }
}
