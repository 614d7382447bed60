package org.fabriclab.capture.ibstat;

import java.util.ArrayList;
import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.CommandLine;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.LineCursor;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.ShellPrompt;
import org.fabriclab.catalogue.Source;

/**
 * Reads {@code ibstat}: {@code CA 'mlx5_0'} blocks (a switch's device {@code Switch 'name'}, a router's
 * {@code Router 'name'}, as ibstat.c names the node type; such a port gets {@code node_type} {@code Switch} or
 * {@code Router}, and a switch lists its management port 0, which carries the switch's LID) with device lines ({@code Node GUID:}, {@code
 * Firmware version:}). A switch has one LID, on port 0: an external port's own PortInfo LID and LMC are not its address
 * (ibstat prints {@code Base lid: 0} for them), so each external port of a {@code Switch} block gets port 0's
 * {@code lid} and {@code lmc}, as libibnetdisc does ({@code ibnetdisc.c}: a switch port other than 0 takes
 * {@code node->smalid}); {@code perfquery <switch lid> <port>} then joins it. Without port 0 before it (the one-port
 * form) an external port has no LID. and {@code Port N:} blocks ({@code State:}, {@code Physical state:},
 * {@code Rate:}, {@code Base lid:}, {@code SM lid:}, {@code Port GUID:}, {@code Link layer:}; newer rdma-core
 * adds {@code Effective speed:}, kept as {@code effective_speed_gbps} beside the {@code Rate}'s {@code rate_gbps}).
 * Attributes only, no counters: this is what joins perfquery's {@code lid 1719/1} to
 * {@code mlx5_0/1}. Port ids are {@code <ca>/<port>}. A LID of 0 (an Ethernet port) or 65535 (a down
 * InfiniBand port, {@code Base lid: 65535}) is not kept: {@link PortAttr#isUnicastLid(long)}.
 * {@code ibstat <ca> <port>} prints one port alone: a {@code CA: 'mlx5_0'} header (with a colon), then
 * {@code Port 1:} and its fields unindented, without the CA's device lines. A pasted capture's
 * {@code ibstat} command line (with or without its prompt) and a bare prompt after it are noise. A file cut at its end
 * (right after the last {@code Port N:}, inside the last CA's device lines, or in the middle of its last line) keeps
 * the ports read before the cut, with a warning; a port block without fields in the middle of the file is an error.
 *
 * <pre>{@code
 * Capture c = new IbstatReader().read(Input.of(Path.of("ibstat.txt")));
 * c.attr("mlx5_0/1", "lid");   // Optional[1719]
 * }</pre>
 */
public final class IbstatReader implements CaptureReader {

    @Override public String format() { return "ibstat"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        // the tool's own messages (ibwarn: of a debug run) and its command line do not count towards the head
        List<String> head = in.head(5, IbstatReader::notOutput);
        for (int i = 0; i < Math.min(head.size(), 40); i++) if (caName(head.get(i).strip()) != null) return 95;
        return 0;
    }

    /**
     * The node types ibstat names a device by (infiniband-diags/ibstat.c, {@code node_type_str}, indexed by the umad
     * node type): a switch's device is a {@code Switch 'name'} block, its port 0 the management port that holds the LID.
     */
    static final List<String> NODE_TYPES = List.of("CA", "Switch", "Router", "iWARP RNIC", "???");

    /**
     * The device name of a header line: {@code CA 'mlx5_0'} (ibstat, ibstat CA) or {@code CA: 'mlx5_0'}
     * (ibstat CA PORT), or the same with another {@link #NODE_TYPES node type} ({@code Switch 'mlx5_0'}); null for any
     * other line.
     */
    static String caName(String t) {
        String type = nodeType(t);
        if (type == null) return null;
        String rest = t.substring(type.length());
        rest = rest.startsWith(" '") ? rest.substring(1) : rest.startsWith(": '") ? rest.substring(2) : null;
        if (rest == null || rest.length() < 3 || !rest.endsWith("'")) return null;
        String name = rest.substring(1, rest.length() - 1);
        return name.isEmpty() || name.indexOf('\'') >= 0 || name.chars().anyMatch(Character::isWhitespace) ? null : name;
    }

    /** The node type a header line starts with ({@code Switch} of {@code Switch 'x'} or {@code Switch: 'x'}), or null. */
    static String nodeType(String t) {
        for (String n : NODE_TYPES) {
            if (t.startsWith(n) && (t.startsWith(" '", n.length()) || t.startsWith(": '", n.length()))) return n;
        }
        return null;
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.IBSTAT, file);
        LineCursor c = new LineCursor(in.text());
        String ca = null;
        String nodeType = "CA";
        String port = null;
        String portNum = null;
        String switchLid = null;   // the LID of the current Switch block's port 0
        String switchLmc = null;
        int portLine = 0;
        int caLine = 0;
        int caPorts = 0;
        int portAttrs = 0;
        List<String[]> caAttrs = new ArrayList<>();
        int noise = 0;
        int ports = 0;
        boolean foreign = false;   // inside another command's output, up to the next ibstat command line
        while (c.next()) {
            String line = c.line();
            String t = line.strip();
            if (t.isEmpty()) { noise++; continue; }
            if (CommandLine.ownCommandOrPrompt(line, "ibstat")) { noise++; foreign = false; continue; }   // a paste's prompt
            // another command behind a prompt (nvidia-smi after ibstat in a pasted session): its output is not ibstat's
            if (CommandLine.otherCommand(line, "ibstat")) {
                b.warn(file + ":" + c.number() + ": '" + abbreviate(t) + "' is another command; its output is not ibstat's, skipped");
                noise++;
                foreign = true;
                continue;
            }
            if (foreign) { noise++; continue; }
            if (isToolMessage(t)) {
                // ibstat stops at the first device it cannot stat: "ibpanic: ... stat of IB device 'mlx5_8' failed"
                boolean fatal = t.startsWith("ibpanic") || t.contains("iberror");
                b.warn(file + ":" + c.number() + ": " + (fatal ? "ibstat output cut by '" : "ibstat printed '") + abbreviate(t) + "'"
                        + (fatal ? "; the devices after it are missing from this capture" : ""));
                noise++;
                continue;
            }
            if (nodeType(t) != null) {
                checkPort(port, portAttrs, file, portLine);
                nodeType = nodeType(t);
                ca = caName(t);
                if (ca == null) throw new CaptureException(file, c.number(), "expected " + nodeType + " '<name>', found '"
                        + abbreviate(t) + "'");
                caLine = c.number();
                caPorts = 0;
                port = null;
                switchLid = null;
                switchLmc = null;
                caAttrs = new ArrayList<>();
                continue;
            }
            int colon = t.indexOf(':');
            if (colon < 0 && ca != null && !ShellPrompt.isPromptLine(t) && c.text().substring(c.end()).isBlank()) {
                // the last line broken off inside a field's name ("Capabi"): the file is cut there, as a cut paste or
                // `| head -c` leaves it; what came before is whole
                b.warn(file + ":" + c.number() + ": the file ends in the middle of a line ('" + abbreviate(t) + "'; is it cut?); "
                        + "that line is not read");
                noise++;
                break;
            }
            if (colon < 0) {
                throw new CaptureException(file, c.number(), "expected 'Key: value' as ibstat prints, found '"
                        + abbreviate(t) + "'");
            }
            String key = t.substring(0, colon).strip();
            String value = t.substring(colon + 1).strip();
            if (ca == null) {
                throw new CaptureException(file, c.number(), "'" + abbreviate(t) + "' before any CA '<name>' line (is the "
                        + "file cut at the start?)");
            }
            if (key.startsWith("Port ") && value.isEmpty() && isDigits(key.substring(5))) {
                checkPort(port, portAttrs, file, portLine);
                portNum = key.substring(5);
                port = ca + "/" + portNum;
                portLine = c.number();
                portAttrs = 0;
                ports++;
                caPorts++;
                continue;
            }
            if (port == null) {
                // "<node type> type:", as ca_dump prints it: "CA type: MT4123", "Switch type: MT54000"
                String k = key.equals(nodeType + " type") ? "hca_type" : switch (key) {
                    case "Node GUID" -> PortAttr.NODE_GUID;
                    case "System image GUID" -> "sys_image_guid";
                    case "Firmware version" -> "fw_ver";
                    default -> null;
                };
                if (k != null && value.isEmpty()) {
                    noise++;   // hfi1 (Omni-Path) prints "CA type: " with nothing after it: no attribute, not an empty one
                } else if (k != null && k.endsWith("guid") && PortAttr.isZeroGuid(value)) {
                    b.warn(file + ":" + c.number() + ": " + key + " of CA '" + ca + "' is all zero; not used as an identity");
                } else if (k != null) {
                    caAttrs.add(new String[] {k, k.endsWith("guid") ? value.toLowerCase() : value, Integer.toString(c.number())});
                } else {
                    noise++;
                }
                continue;
            }
            if (portAttrs++ == 0) {
                // the port's identity goes in with its first field: a file cut right after "Port N:" leaves no port behind
                b.attr(port, PortAttr.DEVICE, ca, portLine);
                b.attr(port, PortAttr.PORT_NUM, portNum, portLine);
                for (String[] kv : caAttrs) b.attr(port, kv[0], kv[1], Integer.parseInt(kv[2]));
                if (!nodeType.equals("CA")) b.attr(port, "node_type", nodeType, portLine);
                if (isSwitchExternal(nodeType, portNum)) {
                    if (switchLid != null) b.attr(port, PortAttr.LID, switchLid, portLine);
                    if (switchLmc != null) b.attr(port, "lmc", switchLmc, portLine);
                }
            }
            if (isSwitchExternal(nodeType, portNum) && (key.equals("Base lid") || key.equals("LMC"))) {
                number(value, key, file, c.number());   // still a number, but not this port's address: port 0's is
                noise++;
                continue;
            }
            switch (key) {
                case "State" -> b.attr(port, PortAttr.STATE, value, c.number());
                case "Physical state" -> b.attr(port, "phys_state", value, c.number());
                case "Rate" -> {
                    // ibstat.c prints "Rate: 40 (FDR10)" for an FDR10 link (4 x 10 Gb/s lanes at FDR's 64b/66b encoding)
                    boolean fdr10 = value.endsWith("(FDR10)");
                    String rate = fdr10 ? value.substring(0, value.length() - 7).strip() : value;
                    b.attr(port, PortAttr.RATE_GBPS, number(rate, key, file, c.number()), c.number());
                    if (fdr10) b.attr(port, "speed", "FDR10", c.number());
                }
                // rdma-core >= 2026-06 (9a645e43): "Effective speed: %g", ibv_query_port_speed() in Gb/s, the bandwidth
                // after LAG aggregation and PCIe limits, where Rate is the link's PTYS speed; kept beside rate_gbps
                case "Effective speed" -> b.attr(port, "effective_speed_gbps", number(value, key, file, c.number()), c.number());
                case "Base lid" -> {
                    String lid = number(value, key, file, c.number());
                    if (PortAttr.isUnicastLid(lid)) {
                        b.attr(port, PortAttr.LID, lid, c.number());
                        if (nodeType.equals("Switch")) switchLid = lid;
                    }
                }
                case "SM lid" -> b.attr(port, "sm_lid", number(value, key, file, c.number()), c.number());
                case "LMC" -> {
                    String lmc = number(value, key, file, c.number());
                    b.attr(port, "lmc", lmc, c.number());
                    if (nodeType.equals("Switch")) switchLmc = lmc;
                }
                case "Port GUID" -> {
                    if (PortAttr.isZeroGuid(value)) b.warn(file + ":" + c.number() + ": Port GUID of " + port + " is all zero; not used as an identity");
                    else b.attr(port, PortAttr.GUID, value.toLowerCase(), c.number());
                }
                case "Link layer" -> b.attr(port, PortAttr.LINK_LAYER, value, c.number());
                case "Capability mask" -> b.attr(port, "cap_mask", value, c.number());
                default -> noise++;
            }
        }
        if (port != null && portAttrs == 0 && ports > 1) {
            // ibstat prints every field under "Port N:"; none at the end of the file is a cut capture (| head, a full disk)
            b.warn(file + ":" + portLine + ": the file ends after 'Port " + portNum + ":' of CA '" + ca + "' (is it cut?); "
                    + "that port is left out");
            ports--;
        } else {
            checkPort(port, portAttrs, file, portLine);
        }
        if (ca != null && caPorts == 0 && ports > 0) {
            b.warn(file + ":" + caLine + ": the file ends inside CA '" + ca + "' before its 'Port N:' blocks (is it cut?); "
                    + "its ports are missing from this capture");
        }
        if (ports == 0) {
            throw new CaptureException(file, 0, "no 'Port N:' block found; expected ibstat output (CA '<name>' then "
                    + "Port 1: with State, Rate, Base lid, Port GUID)");
        }
        b.noise(noise);
        return b.build();
    }

    /** An external port of a switch (any port but 0, the management port that holds the switch's LID). */
    private static boolean isSwitchExternal(String nodeType, String portNum) {
        return nodeType.equals("Switch") && !"0".equals(portNum);
    }

    private static void checkPort(String port, int attrs, String file, int line) {
        if (port != null && attrs == 0) {
            throw new CaptureException(file, line, "ibstat block for port " + port + " holds no attributes (is the file "
                    + "cut after 'Port N:'?)");
        }
    }

    /** {@code 100}, {@code 2.5}, {@code 0x10} (a hex LID is turned decimal). */
    private static String number(String v, String key, String file, int line) {
        try {
            if (v.startsWith("0x") || v.startsWith("0X")) return Long.toString(Long.parseLong(v.substring(2), 16));
            if (v.contains(".")) {
                double d = Double.parseDouble(v);
                return d == Math.rint(d) ? Long.toString((long) d) : v;
            }
            return Long.toString(Long.parseLong(v));
        } catch (NumberFormatException e) {
            throw new CaptureException(file, line, key + " is '" + abbreviate(v) + "'; expected a number");
        }
    }

    /** A line of a paste that is no part of ibstat's output: its messages or its command line. */
    private static boolean notOutput(String line) {
        return isToolMessage(line.strip()) || CommandLine.ownCommandOrPrompt(line, "ibstat");
    }

    /** {@code ibwarn:}, {@code ibpanic:}, {@code ibstat: iberror:}: messages of the tool, not attributes. */
    private static boolean isToolMessage(String t) {
        return t.startsWith("ibpanic:") || t.startsWith("ibwarn:") || t.startsWith("iberror:") || t.startsWith("ibstat:")
                || t.startsWith("ibpanic ") || t.startsWith("ibwarn ");
    }

    private static boolean isDigits(String s) {
        return !s.isEmpty() && s.chars().allMatch(Character::isDigit);
    }

    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
