package org.fabriclab.capture.rdma;

import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.CommandLine;
import org.fabriclab.capture.Input;
import org.fabriclab.catalogue.Source;

/**
 * Reads {@code rdma statistic show} (and {@code rdma link show}) output in its three shapes: one
 * line per port ({@code link mlx5_0/1 rx_write_requests 0 ...}, before iproute2 6.7, possibly wrapped
 * onto continuation lines), one counter per indented line under a {@code link mlx5_0/1} line
 * (6.7+, and {@code -p}), and {@code -j} JSON. Ports are {@code <dev>/<port>}; {@code rdma link}
 * lines give attributes ({@code state}, {@code phys_state} (printed physical_state), {@code netdev}, {@code lid}) so the
 * port joins its {@code ethtool -S} dump. Per-QP counters ({@code rdma stat qp show}: {@code cntn},
 * {@code pid}, {@code comm}, {@code LQPN}) are not per-port: skipped, counted as noise and warned. A
 * paste's {@code rdma} command line above the output (with or without its prompt) is noise in both shapes.
 *
 * <pre>{@code
 * Capture c = new RdmaReader().read(Input.of(Path.of("rdma_stat.txt")));
 * c.reading("mlx5_0/1", "local_ack_timeout_err");
 * }</pre>
 */
public final class RdmaReader implements CaptureReader {

    @Override public String format() { return "rdma"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        List<String> head = in.head(40);
        if (head.isEmpty()) return 0;
        String first = firstOutputLine(head);
        if (opensJson(first) && RdmaJson.looksLikeRdma(head)) return 90;
        boolean command = false;
        for (String l : head) {
            String t = l.strip();
            if (t.contains("rdma stat") || t.contains("rdma link") || t.contains("rdma -j")) command = true;
            if (RdmaText.isLinkLine(t)) return command || head.indexOf(l) == 0 ? 90 : 75;
        }
        return 0;
    }

    /**
     * Whether a capture's first line opens {@code rdma -j} JSON: {@code {}, or {@code [} followed by
     * nothing, a blank, {@code {} or {@code ]}. A console prompt such as
     * {@code [user@host ~]$ rdma stat show} above text output also starts with {@code [}.
     */
    static boolean opensJson(String first) {
        if (first.startsWith("{")) return true;
        if (!first.startsWith("[")) return false;
        String rest = first.substring(1).strip();
        return rest.isEmpty() || rest.startsWith("{") || rest.startsWith("]");
    }

    @Override public Capture read(Input in) {
        Capture.Builder b = Capture.builder(Source.RDMA, in.name());
        String text = in.text();
        int start = outputStart(text);
        if (opensJson(text.substring(start, lineEnd(text, start)).strip())) {
            // the command lines above the JSON are blanked, so the parser's line numbers stay the file's
            RdmaJson.read(in.name(), text.substring(0, start).replaceAll("[^\n]", "") + text.substring(start), b);
        } else {
            RdmaText.read(in, b);
        }
        return b.build();
    }

    /**
     * The first line of the tool's output: blank lines and a paste's {@code rdma} command line (with or without
     * its prompt: {@code $ rdma -j statistic show}) above it are skipped; "" when there is none.
     */
    static String firstOutputLine(List<String> head) {
        for (String l : head) if (isOutput(l)) return l.strip();
        return "";
    }

    /** Where the first line of output starts in {@code text}, as {@link #firstOutputLine} finds it. */
    private static int outputStart(String text) {
        int at = 0;
        while (at < text.length()) {
            int end = lineEnd(text, at);
            String line = text.substring(at, end);
            if (isOutput(line)) return at;
            at = end + 1;
        }
        return Math.min(at, text.length());
    }

    /** Whether {@code line} is output, not a blank line nor a paste's {@code rdma} command line. */
    private static boolean isOutput(String line) {
        return !line.isBlank() && CommandLine.command(line, "rdma") == null;
    }

    private static int lineEnd(String text, int from) {
        int nl = text.indexOf('\n', from);
        return nl < 0 ? text.length() : nl;
    }
}
