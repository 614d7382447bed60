package org.fabriclab.capture.perftest;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Values;

/**
 * The lines perftest prints when a run fails part-way (its {@code NOTIFY_COMP_ERROR_SEND} /
 * {@code NOTIFY_COMP_ERROR_RECV} macros and the run loop's exit): {@code Completion with error at client},
 * {@code Failed status 12: wr_id 0 syndrom 0x81} (newer builds: {@code Failed status transport retry counter
 * exceeded (12): ...}), {@code Failed to complete run_iter_bw function successfully},
 * {@code Error occurred while running infinitely! aborting ...}; and before the test begins (perftest_communication.c,
 * the tests' main): {@code Couldn't connect to 10.0.0.2:18515}, {@code Unable to init the socket connection},
 * {@code Failed to exchange data between server and clients}, {@code Couldn't get context for the device}. The first
 * failure line, the work completion
 * status (named by libibverbs' {@code enum ibv_wc_status}: 12 is {@code IBV_WC_RETRY_EXC_ERR}, the transport
 * retries a lossy or broken path exhausts) and the vendor syndrome are kept for the reader's message.
 */
final class PerftestFailure {
    private static final Pattern FAILED_STATUS = Pattern.compile("^Failed status\\b(.*)$");
    private static final Pattern STATUS_NUMBER = Pattern.compile("\\((\\d{1,3})\\)|(?<![\\w.])(\\d{1,3})(?=\\s*:)");
    private static final Pattern SYNDROME = Pattern.compile("syndrom\\w*\\s+(0x[0-9a-fA-F]{1,8})");
    /** libibverbs {@code enum ibv_wc_status}, in order (verbs.h). */
    private static final String[] WC_STATUS = {"IBV_WC_SUCCESS", "IBV_WC_LOC_LEN_ERR", "IBV_WC_LOC_QP_OP_ERR", "IBV_WC_LOC_EEC_OP_ERR",
            "IBV_WC_LOC_PROT_ERR", "IBV_WC_WR_FLUSH_ERR", "IBV_WC_MW_BIND_ERR", "IBV_WC_BAD_RESP_ERR", "IBV_WC_LOC_ACCESS_ERR",
            "IBV_WC_REM_INV_REQ_ERR", "IBV_WC_REM_ACCESS_ERR", "IBV_WC_REM_OP_ERR", "IBV_WC_RETRY_EXC_ERR", "IBV_WC_RNR_RETRY_EXC_ERR",
            "IBV_WC_LOC_RDD_VIOL_ERR", "IBV_WC_REM_INV_RD_REQ_ERR", "IBV_WC_REM_ABORT_ERR", "IBV_WC_INV_EECN_ERR",
            "IBV_WC_INV_EEC_STATE_ERR", "IBV_WC_FATAL_ERR", "IBV_WC_RESP_TIMEOUT_ERR", "IBV_WC_GENERAL_ERR", "IBV_WC_TM_ERR",
            "IBV_WC_TM_RNDV_INCOMPLETE"};

    private int firstLine;
    private String firstText;
    private Integer status;
    private String syndrome;

    /** Whether {@code t} (a trimmed line) is a failure line; if so it is taken. */
    boolean offer(String t, int line) {
        Matcher fs = FAILED_STATUS.matcher(t);
        boolean failure = t.startsWith("Completion with error at") || fs.matches() || t.startsWith("Failed to complete run_iter")
                || t.startsWith("Error occurred while running") || t.startsWith("Couldn't connect to ")
                || t.startsWith("Unable to init the socket connection") || t.startsWith("Unable to open file descriptor for socket connection")
                || t.startsWith("Failed to exchange data between server and clients") || t.startsWith("Couldn't get context for");
        if (!failure) return false;
        if (firstText == null) { firstText = t; firstLine = line; }
        if (fs.matches() && status == null) {
            Matcher n = STATUS_NUMBER.matcher(fs.group(1));
            if (n.find()) status = Integer.parseInt(n.group(1) != null ? n.group(1) : n.group(2));
            Matcher s = SYNDROME.matcher(fs.group(1));
            if (s.find()) syndrome = s.group(1);
        }
        return true;
    }

    boolean failed() { return firstText != null; }

    int line() { return firstLine; }

    /** {@code 'Completion with error at client' (line 18), work completion status 12 (IBV_WC_RETRY_EXC_ERR), syndrome 0x81}. */
    String describe(String file) {
        StringBuilder sb = new StringBuilder("'").append(Values.abbreviate(firstText)).append("' (").append(file).append(':')
                .append(firstLine).append(')');
        if (status != null) {
            sb.append(", work completion status ").append(status);
            if (status < WC_STATUS.length) sb.append(" (").append(WC_STATUS[status]).append(')');
        }
        if (syndrome != null) sb.append(", syndrome ").append(syndrome);
        return sb.toString();
    }
}
