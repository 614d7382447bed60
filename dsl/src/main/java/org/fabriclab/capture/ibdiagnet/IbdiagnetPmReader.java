package org.fabriclab.capture.ibdiagnet;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Values;
import org.fabriclab.capture.WideCopies;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.catalogue.Source;

/**
 * Reads {@code ibdiagnet2.pm}: header comments, then per port a block
 * {@code Port=1 Lid=0x00a4 GUID=0x5c25730300e6706e Device=4129 Port Name=host/mlx5_8/...} between
 * dashed lines, then {@code name=0x...} counter lines ({@code --extended_speeds} adds per-lane ones,
 * {@code error_detection_counter_lane[2]=0x...}, catalogued as the lane family {@code ErrorDetectionCounterLane{l}}). {@code NA} is an absent counter, not 0. The
 * classic field ({@code port_xmit_data}, 32-bit, may be pegged) and its {@code _extended} 64-bit copy
 * map to the same canonical counter and are both emitted (see {@link WideCopies}).
 * Port id {@code guid <GUID>/<Port>}; attributes {@code lid} (decimal), {@code guid},
 * {@code port_num}, {@code node_desc} (the Port Name) and {@code devid}.
 *
 * <pre>{@code
 * Capture c = new IbdiagnetPmReader().read(Input.of(Path.of("ibdiagnet2.pm")));
 * c.reading("guid 0x5c25730300e6706e/1", "PortXmitData");
 * }</pre>
 */
public final class IbdiagnetPmReader implements CaptureReader {
    static final Pattern PORT_LINE = Pattern.compile(
            "^Port=(\\d+)\\s+Lid=(0x[0-9a-fA-F]+|\\d+)\\s+GUID=(0x[0-9a-fA-F]+)(?:\\s+Device=(\\S*))?(?:\\s+Port Name=(.*))?$");
    /** {@code name=value}; a per-lane field of {@code --extended_speeds} ends in its lane: {@code error_detection_counter_lane[0]=0x0}. */
    private static final Pattern COUNTER_LINE = Pattern.compile("^([A-Za-z0-9_]+(?:\\[\\d{1,3}\\])?)=(.*)$");

    @Override public String format() { return "ibdiagnet-pm"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        List<String> head = in.head(60);
        for (int i = 0; i < head.size(); i++) {
            String l = head.get(i);
            if (l.startsWith("START_")) return 0;
            if (PORT_LINE.matcher(l.trim()).matches()) return firstBodyLineIsACounter(head, i + 1) ? 95 : 0;
        }
        return 0;
    }

    /**
     * Whether the block under a {@code Port=...} header holds {@code name=value} counter lines.
     * ibdiagnet writes other per-port files with the same header ({@code ibdiagnet2.cables}:
     * {@code Vendor: Mellanox}, {@code PN: ...}); they are not PM counters.
     */
    private static boolean firstBodyLineIsACounter(List<String> head, int from) {
        for (int j = from; j < head.size(); j++) {
            String t = head.get(j).trim();
            if (t.isEmpty() || t.chars().allMatch(c -> c == '-')) continue;
            return COUNTER_LINE.matcher(t).matches() || PORT_LINE.matcher(t).matches();
        }
        return true;
    }

    @Override public Capture read(Input in) {
        Capture.Builder b = Capture.builder(Source.IBDIAGNET_PM, in.name());
        readInto(in, b);
        return b.build();
    }

    /** Parses {@code in} into {@code b} (also used by {@link IbdiagnetDirReader}). */
    void readInto(Input in, Capture.Builder b) {
        String file = in.name();
        List<String> lines = in.lines();
        WideCopies copies = new WideCopies(Source.IBDIAGNET_PM);
        String port = null;
        int portLine = 0;
        int countersInBlock = 0;
        int blocks = 0;
        int disagreements = 0;
        int noise = 0;
        for (int i = 0; i < lines.size(); i++) {
            int lineNo = i + 1;
            String l = lines.get(i).trim();
            if (l.isEmpty() || l.startsWith("#")) { noise++; continue; }
            if (l.chars().allMatch(c -> c == '-')) continue;
            if (l.startsWith("Port=")) {
                if (port != null) {
                    if (countersInBlock == 0) throw new CaptureException(file, portLine, "port block has no counter lines");
                    disagreements += copies.emit(b, port);
                }
                Matcher m = PORT_LINE.matcher(l);
                if (!m.matches()) {
                    throw new CaptureException(file, lineNo, "expected 'Port=<n> Lid=<lid> GUID=0x<guid> Device=<id> Port Name=<name>', found '"
                            + abbreviate(l) + "'");
                }
                String guid = Guids.identity(m.group(3), file, lineNo);
                String num = m.group(1);
                port = "guid " + guid + "/" + num;
                portLine = lineNo;
                countersInBlock = 0;
                blocks++;
                b.attr(port, PortAttr.LID, Long.toString(Values.parseCounter(m.group(2), file, lineNo)), lineNo);
                b.attr(port, PortAttr.GUID, guid, lineNo);
                b.attr(port, PortAttr.PORT_NUM, num, lineNo);
                if (m.group(4) != null && !m.group(4).isEmpty()) b.attr(port, "devid", m.group(4), lineNo);
                if (m.group(5) != null && !m.group(5).isBlank()) b.attr(port, PortAttr.NODE_DESC, m.group(5).trim(), lineNo);
                continue;
            }
            Matcher m = COUNTER_LINE.matcher(l);
            if (!m.matches()) {
                throw new CaptureException(file, lineNo, "expected a counter line 'name=0x<hex>' or a 'Port=... Lid=... GUID=...' "
                        + "block header, found '" + abbreviate(l) + "'");
            }
            if (port == null) {
                throw new CaptureException(file, lineNo, "counter line before any 'Port=... Lid=... GUID=...' block header");
            }
            String name = m.group(1);
            String value = m.group(2).trim();
            countersInBlock++;
            if (value.equals("NA") || value.equals("N/A")) {
                b.absent(port, name, lineNo, "NA in ibdiagnet2.pm (not supported by the device)");
            } else if (Values.isWide(value)) {
                if (Catalogue.standard().lookup(Source.IBDIAGNET_PM, name).isPresent()) {
                    b.absent(port, name, lineNo, "value " + value + " is above 2^63-1 (unset or invalid field)");
                } else {
                    b.attr(port, name, value, lineNo);
                }
            } else {
                copies.add(name, Values.parseCounter(value, file, lineNo), lineNo);
            }
        }
        if (port == null) throw new CaptureException(file, 0, "no 'Port=... Lid=... GUID=...' block found; expected ibdiagnet2.pm content");
        if (countersInBlock == 0) throw new CaptureException(file, portLine, "port block has no counter lines (file truncated?)");
        disagreements += copies.emit(b, port);
        b.noise(noise);
        copies.warnInconsistent(b);
        if (disagreements > 0) {
            b.warn(disagreements + " classic counter(s) differ from their _extended copy without being pegged (read by separate "
                    + "queries on a live port); kept the 64-bit copy");
        }
    }

    static String abbreviate(String s) { return s.length() <= 60 ? s : s.substring(0, 57) + "..."; }
}
