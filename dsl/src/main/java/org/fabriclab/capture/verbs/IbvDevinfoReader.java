package org.fabriclab.capture.verbs;

import java.util.ArrayList;
import java.util.List;
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
 * Reads {@code ibv_devinfo} and {@code ibv_devinfo -v} (rdma-core libibverbs): per device an
 * {@code hca_id:\tmlx5_0} line, tab-indented device lines ({@code fw_ver:}, {@code node_guid:}
 * {@code 0c42:a103:00b5:1c20}, ...), then per port a {@code port:\t1} line and its fields. Attributes
 * only, the same keys the ibstat and sysfs readers give, so the port joins them (and perfquery's
 * {@code lid N/P}) as {@code <hca>/<port>}:
 * <ul>
 * <li>{@code state} + {@code state_id} ({@code PORT_ACTIVE (4)} gives {@code ACTIVE} and 4, as sysfs
 * spells it), {@code phys_state} + {@code phys_state_id} ({@code -v}), {@code lid} (decimal; 0, an
 * Ethernet port or one not yet configured, and 65535, a down InfiniBand port, are not kept), {@code sm_lid}, {@code lmc}, {@code link_layer};</li>
 * <li>{@code max_mtu}, {@code active_mtu} (bytes), and with {@code -v} {@code active_width},
 * {@code active_speed} and {@code rate_gbps}, the link rate in Gb/s as sysfs' {@code rate} and ibstat's {@code Rate}
 * give it: lanes x lane speed ({@code 4X} x {@code 25.0 Gbps} = 100). The {@code effective_speed} newer rdma-core prints
 * (libibverbs/examples/devinfo.c since b8675bad, from {@code ibv_query_port_speed()}: the port's effective bandwidth,
 * which a LAG's aggregate or a narrower PCIe link makes differ from the wire rate) is kept apart as
 * {@code effective_speed_gbps}, the key ibstat's reader gives its {@code Effective speed:};</li>
 * <li>{@code default_gid} (GID index 0, {@code -v}) and from it {@code guid}, the port GUID (its low 64
 * bits under the link-local prefix, as ibstat prints it); {@code node_guid}, {@code sys_image_guid}
 * (spelt {@code 0x...} like ibstat's), {@code fw_ver}, {@code vendor_part_id}, {@code board_id},
 * {@code device}, {@code port_num}.</li>
 * </ul>
 * The device capability dump of {@code -v} (limits, flag names one per line, nested caps) is skipped as
 * noise. {@code bad_pkey_cntr} and {@code qkey_viol_cntr} (PortInfo's P_Key/Q_Key violation counts)
 * are not read: the catalogue has no counter for them. The capture's source is {@code ibstat} (the
 * catalogue has no ibv_devinfo column; the capture holds no readings).
 *
 * <pre>{@code
 * Capture c = new IbvDevinfoReader().read(Input.of(Path.of("ibv_devinfo.txt")));
 * c.attr("mlx5_0/1", "link_layer");   // Optional[Ethernet]
 * }</pre>
 *
 * A pasted capture's {@code ibv_devinfo} command line (with or without its prompt) and a bare prompt after
 * it are noise. A file cut at its end (right after the last {@code port:} line, or inside the last device's lines)
 * keeps the ports read before the cut, with a warning.
 *
 * @throws CaptureException (from {@link #read}) for a port field before any {@code hca_id:} or
 *     {@code port:} line, a port field that is not {@code key: value}, a number that does not parse, a
 *     port with no fields in the middle of the file (or as its only port), or a file without {@code hca_id:}
 */
public final class IbvDevinfoReader implements CaptureReader {
    private static final Pattern HCA = Pattern.compile("^hca_id:\\s+(\\S+)$");
    private static final Pattern PORT = Pattern.compile("^port:\\s+(\\d+)$");
    /** {@code PORT_ACTIVE (4)}, {@code 4096 (5)}, {@code 4X (2)}, {@code 25.0 Gbps (32)}: the text, then the enum value. */
    private static final Pattern ENUM = Pattern.compile("^(.*\\S)\\s+\\((-?\\d+)\\)$");
    private static final Pattern SPEED = Pattern.compile("^(\\d+(?:\\.\\d+)?) Gbps$");
    private static final Pattern WIDTH = Pattern.compile("^(\\d+)X$");
    private static final Pattern COLON_GUID = Pattern.compile("^[0-9a-fA-F]{4}(:[0-9a-fA-F]{4}){3}$");
    private static final String LINK_LOCAL = "fe80:0000:0000:0000:";

    @Override public String format() { return "ibv_devinfo"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        for (String l : in.head(5)) {
            String t = l.strip();
            if (t.isEmpty() || CommandLine.ownCommandOrPrompt(l, "ibv_devinfo")) continue;
            return HCA.matcher(t).matches() ? 95 : 0;
        }
        return 0;
    }

    @Override public Capture read(Input in) {
        String file = in.name();
        Capture.Builder b = Capture.builder(Source.IBSTAT, file);
        LineCursor c = new LineCursor(in.text());
        String hca = null, port = null;
        List<String[]> hcaAttrs = new ArrayList<>();
        String portNum = null;
        int portLine = 0, portFields = 0, ports = 0, noise = 0, hcaLine = 0, hcaPorts = 0;
        Rate rate = new Rate();
        while (c.next()) {
            String t = c.line().strip();
            if (t.isEmpty()) { noise++; continue; }
            if (CommandLine.ownCommandOrPrompt(c.line(), "ibv_devinfo")) { noise++; continue; }
            Matcher h = HCA.matcher(t);
            if (h.matches()) {
                finishPort(b, port, portFields, rate, file, portLine);
                hca = h.group(1);
                hcaLine = c.number();
                hcaPorts = 0;
                port = null;
                rate = new Rate();
                hcaAttrs = new ArrayList<>();
                continue;
            }
            Matcher p = PORT.matcher(t);
            if (p.matches()) {
                if (hca == null) throw new CaptureException(file, c.number(), "'port:' line before any 'hca_id:' line (is the file cut at the start?)");
                finishPort(b, port, portFields, rate, file, portLine);
                portNum = p.group(1);
                port = hca + "/" + portNum;
                portLine = c.number();
                portFields = 0;
                rate = new Rate();
                ports++;
                hcaPorts++;
                continue;
            }
            if (hca == null) {
                throw new CaptureException(file, c.number(), "'" + Values.abbreviate(t) + "' before any 'hca_id:' line "
                        + "(is the file cut at the start?)");
            }
            int colon = t.indexOf(':');
            if (port == null) {
                // the device's lines; -v adds limits, flag names one per line and nested capability blocks
                if (colon <= 0) { noise++; continue; }
                String key = t.substring(0, colon).strip(), value = t.substring(colon + 1).strip();
                String k = switch (key) {
                    case "fw_ver" -> "fw_ver";
                    case "node_guid" -> PortAttr.NODE_GUID;
                    case "sys_image_guid" -> "sys_image_guid";
                    case "vendor_part_id" -> "vendor_part_id";
                    case "board_id" -> "board_id";
                    default -> null;
                };
                if (k == null || value.isEmpty()) { noise++; continue; }
                if (k.endsWith("guid")) {
                    if (PortAttr.isZeroGuid(value)) {
                        b.warn(file + ":" + c.number() + ": " + key + " of '" + hca + "' is all zero; not used as an identity");
                        continue;
                    }
                    value = guid(value, key, file, c.number());
                }
                hcaAttrs.add(new String[] {k, value, Integer.toString(c.number())});
                continue;
            }
            if (colon <= 0) {
                throw new CaptureException(file, c.number(), "expected 'key: value' as ibv_devinfo prints a port's fields, found '"
                        + Values.abbreviate(t) + "'");
            }
            String key = t.substring(0, colon).strip(), value = t.substring(colon + 1).strip();
            int line = c.number();
            if (portFields++ == 0) {
                // the port's identity goes in with its first field: a file cut right after "port:" leaves no port behind
                b.attr(port, PortAttr.DEVICE, hca, portLine);
                b.attr(port, PortAttr.PORT_NUM, portNum, portLine);
                for (String[] kv : hcaAttrs) b.attr(port, kv[0], kv[1], Integer.parseInt(kv[2]));
            }
            switch (key) {
                case "state" -> enumAttr(b, port, PortAttr.STATE, "state_id", value, key, file, line, true);
                case "phys_state" -> enumAttr(b, port, "phys_state", "phys_state_id", value, key, file, line, false);
                case "max_mtu", "active_mtu" -> {
                    String mtu = enumText(value);
                    if (mtu.chars().allMatch(Character::isDigit)) b.attr(port, key, mtu, line);
                    else noise++;   // "invalid MTU"
                }
                case "port_lid" -> {
                    long lid = number(value, key, file, line);
                    if (PortAttr.isUnicastLid(lid)) b.attr(port, PortAttr.LID, Long.toString(lid), line);
                }
                case "sm_lid" -> b.attr(port, "sm_lid", Long.toString(number(value, key, file, line)), line);
                case "port_lmc" -> b.attr(port, "lmc", Long.toString(number(value, key, file, line)), line);
                case "link_layer" -> b.attr(port, PortAttr.LINK_LAYER, value, line);
                case "port_cap_flags" -> b.attr(port, "cap_mask", value, line);
                case "active_width" -> { rate.width = enumText(value); rate.widthLine = line; b.attr(port, "active_width", rate.width, line); }
                case "active_speed" -> { rate.speed = enumText(value); b.attr(port, "active_speed", rate.speed, line); }
                case "effective_speed" -> {
                    Matcher e = SPEED.matcher(value);
                    // not the link rate: a LAG or PCIe bound bandwidth (ibv_query_port_speed); rate_gbps stays width x speed
                    if (e.matches()) b.attr(port, "effective_speed_gbps", plain(new java.math.BigDecimal(e.group(1))), line);
                    else noise++;
                }
                default -> {
                    if (key.replace(" ", "").equals("GID[0]")) gid(b, port, value, line);
                    else noise++;
                }
            }
        }
        if (port != null && portFields == 0 && ports > 1) {
            // ibv_devinfo prints every port field under "port:"; none at the end of the file is a cut capture (| head)
            b.warn(file + ":" + portLine + ": the file ends after 'port: " + portNum + "' of '" + hca + "' (is it cut?); that "
                    + "port is left out");
            ports--;
        } else {
            finishPort(b, port, portFields, rate, file, portLine);
        }
        if (hca != null && hcaPorts == 0 && ports > 0) {
            b.warn(file + ":" + hcaLine + ": the file ends inside 'hca_id: " + hca + "' before its port: blocks (is it cut?); "
                    + "its ports are missing from this capture");
        }
        if (hca == null) {
            throw new CaptureException(file, 0, "no 'hca_id:' line found; expected ibv_devinfo output ('hca_id:<tab>mlx5_0', "
                    + "then its port: blocks)");
        }
        if (ports == 0) {
            throw new CaptureException(file, 0, "no 'port:' block found under 'hca_id: " + hca + "'; expected ibv_devinfo output "
                    + "with the device's ports (is the file cut?)");
        }
        b.noise(noise);
        return b.build();
    }

    /** Checks the port just read has fields, and gives its rate ({@link Rate}). */
    private static void finishPort(Capture.Builder b, String port, int fields, Rate rate, String file, int portLine) {
        if (port == null) return;
        if (fields == 0) {
            throw new CaptureException(file, portLine, "ibv_devinfo block for port " + port + " holds no fields (is the file cut "
                    + "after 'port:'?)");
        }
        String gbps = lanesTimesSpeed(rate.width, rate.speed);
        if (gbps != null) b.attr(port, PortAttr.RATE_GBPS, gbps, rate.widthLine);
    }

    /** What a port block says of its link rate: its active width and lane speed, with the width's line. */
    private static final class Rate {
        String width, speed;
        int widthLine;
    }

    /** Lanes x lane speed ({@code 4X}, {@code 25.0 Gbps}: 100); null without both, or for "invalid width"/"invalid speed". */
    private static String lanesTimesSpeed(String width, String speed) {
        if (width == null || speed == null) return null;
        Matcher w = WIDTH.matcher(width), s = SPEED.matcher(speed);
        if (!w.matches() || !s.matches()) return null;
        return plain(new java.math.BigDecimal(s.group(1)).multiply(new java.math.BigDecimal(w.group(1))));
    }

    private static String plain(java.math.BigDecimal d) { return d.stripTrailingZeros().toPlainString(); }

    /** {@code PORT_ACTIVE (4)}: {@code ACTIVE} (without {@code PORT_} when asked) and the enum value 4. */
    private static void enumAttr(Capture.Builder b, String port, String key, String idKey, String value, String field,
                                 String file, int line, boolean stripPortPrefix) {
        Matcher m = ENUM.matcher(value);
        if (!m.matches()) {
            throw new CaptureException(file, line, field + " is '" + Values.abbreviate(value) + "'; expected '<NAME> (<number>)' "
                    + "as ibv_devinfo prints it");
        }
        String name = m.group(1);
        if (stripPortPrefix && name.startsWith("PORT_")) name = name.substring(5);
        b.attr(port, key, name, line);
        b.attr(port, idKey, m.group(2), line);
    }

    /** The text before a trailing {@code (n)}: {@code 4096 (5)} gives {@code 4096}. */
    private static String enumText(String value) {
        Matcher m = ENUM.matcher(value);
        return m.matches() ? m.group(1) : value;
    }

    /** {@code GID[  0]: fe80:0000:0000:0000:0c42:a103:00b5:1c21[, RoCE v2]}: the default GID, and the port GUID under it. */
    private static void gid(Capture.Builder b, String port, String value, int line) {
        String g = value.contains(",") ? value.substring(0, value.indexOf(',')).strip() : value;
        b.attr(port, "default_gid", g, line);
        String low = g.toLowerCase(Locale.ROOT);
        if (low.startsWith(LINK_LOCAL) && COLON_GUID.matcher(low.substring(LINK_LOCAL.length())).matches()
                && !PortAttr.isZeroGuid(low.substring(LINK_LOCAL.length()))) {
            b.attr(port, PortAttr.GUID, "0x" + low.substring(LINK_LOCAL.length()).replace(":", ""), line);
        }
    }

    /** {@code 0c42:a103:00b5:1c20} as ibstat spells a GUID: {@code 0x0c42a10300b51c20}. */
    private static String guid(String v, String key, String file, int line) {
        if (!COLON_GUID.matcher(v).matches()) {
            throw new CaptureException(file, line, key + " is '" + Values.abbreviate(v) + "'; expected a GUID 'xxxx:xxxx:xxxx:xxxx'");
        }
        return "0x" + v.replace(":", "").toLowerCase(Locale.ROOT);
    }

    /** A decimal or {@code 0x} hex field ({@code port_lmc: 0x00}). */
    private static long number(String v, String key, String file, int line) {
        try {
            if (v.startsWith("0x") || v.startsWith("0X")) return Long.parseLong(v.substring(2), 16);
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new CaptureException(file, line, key + " is '" + Values.abbreviate(v) + "'; expected a number");
        }
    }
}
