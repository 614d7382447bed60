package org.fabriclab.kernel.wire;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A kernel process started from the test class path ({@code Main kernel CONNECTION_FILE}) and a
 * small Jupyter client over jeromq that signs with its own HMAC code (not the kernel's Signer).
 */
final class TestKernel implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();

    final String key = UUID.randomUUID().toString();
    final Process process;
    final Path dir;
    final ZContext ctx = new ZContext();
    final ZMQ.Socket shell, control, iopub, hb, stdin;
    final String session = UUID.randomUUID().toString();
    private final int[] ports = new int[5];

    TestKernel(Map<String, String> env, String... jvmFlags) throws Exception {
        dir = Files.createTempDirectory("fabriclab-kernel-test");
        for (int i = 0; i < 5; i++) ports[i] = freePort();
        ObjectNode c = JSON.createObjectNode();
        c.put("transport", "tcp").put("ip", "127.0.0.1").put("shell_port", ports[0]).put("iopub_port", ports[1])
         .put("stdin_port", ports[2]).put("control_port", ports[3]).put("hb_port", ports[4])
         .put("key", key).put("signature_scheme", "hmac-sha256");
        Path conn = dir.resolve("conn.json");
        Files.writeString(conn, c.toString());
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of(jvmFlags));
        cmd.addAll(List.of("-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"),
                "org.fabriclab.kernel.cli.Main", "kernel", conn.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("kernel.log").toFile());
        pb.environment().putAll(env);
        process = pb.start();
        // shell and stdin share one identity, as jupyter_client's sockets do: the kernel's input_request
        // goes to the routing id of the execute request
        byte[] identity = session.getBytes(StandardCharsets.US_ASCII);
        shell = ctx.createSocket(SocketType.DEALER);
        shell.setLinger(0);
        shell.setIdentity(identity);
        shell.connect("tcp://127.0.0.1:" + ports[0]);
        stdin = ctx.createSocket(SocketType.DEALER);
        stdin.setLinger(0);
        stdin.setIdentity(identity);
        stdin.connect("tcp://127.0.0.1:" + ports[2]);
        iopub = connect(SocketType.SUB, ports[1]);
        iopub.subscribe(new byte[0]);
        control = connect(SocketType.DEALER, ports[3]);
        hb = connect(SocketType.REQ, ports[4]);
        // wait until iopub is connected and the kernel answers
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            String id = send(shell, "kernel_info_request", JSON.createObjectNode());
            JsonNode r = reply(shell, id, 1000);
            if (r != null) {
                drainIopub(300);
                return;
            }
            if (!process.isAlive()) throw new IllegalStateException("kernel died: " + log());
        }
        throw new IllegalStateException("kernel did not answer: " + log());
    }

    String log() throws IOException { return Files.readString(dir.resolve("kernel.log")); }

    private ZMQ.Socket connect(SocketType t, int port) {
        ZMQ.Socket s = ctx.createSocket(t);
        s.setLinger(0);
        s.connect("tcp://127.0.0.1:" + port);
        return s;
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) { return s.getLocalPort(); }
    }

    static String hmac(String key, List<byte[]> parts) throws Exception {
        Mac m = Mac.getInstance("HmacSHA256");
        m.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        for (byte[] p : parts) m.update(p);
        StringBuilder sb = new StringBuilder();
        for (byte b : m.doFinal()) sb.append(String.format("%02x", b));
        return sb.toString();
    }

    ObjectNode header(String type) {
        ObjectNode h = JSON.createObjectNode();
        h.put("msg_id", UUID.randomUUID().toString()).put("session", session).put("username", "test")
         .put("date", "2026-01-01T00:00:00.000000Z").put("msg_type", type).put("version", "5.3");
        return h;
    }

    String send(ZMQ.Socket s, String type, ObjectNode content) throws Exception {
        return sendSigned(s, type, content, null);
    }

    /** Sends with a chosen signature ({@code null}: the right one). Returns the msg_id. */
    String sendSigned(ZMQ.Socket s, String type, ObjectNode content, String signature) throws Exception {
        List<byte[]> frames = frames(type, content, signature);
        sendFrames(s, frames);
        return JSON.readTree(frames.get(2)).get("msg_id").asText();
    }

    /** The frames of a message: delimiter, signature ({@code null}: the right one), header, parent, metadata, content. */
    List<byte[]> frames(String type, ObjectNode content, String signature) throws Exception {
        ObjectNode h = header(type);
        List<byte[]> parts = List.of(JSON.writeValueAsBytes(h), "{}".getBytes(), "{}".getBytes(), JSON.writeValueAsBytes(content));
        String sig = signature != null ? signature : hmac(key, parts);
        List<byte[]> frames = new ArrayList<>(List.of("<IDS|MSG>".getBytes(), sig.getBytes()));
        frames.addAll(parts);
        return frames;
    }

    /** Sends frames exactly as given (a replay sends the same ones twice). */
    void sendFrames(ZMQ.Socket s, List<byte[]> frames) {
        for (int i = 0; i < frames.size(); i++) s.send(frames.get(i), i < frames.size() - 1 ? ZMQ.SNDMORE : 0);
    }

    /** Receives one message; checks its signature; {@code null} on timeout. */
    JsonNode recv(ZMQ.Socket s, int timeoutMs) throws Exception {
        s.setReceiveTimeOut(timeoutMs);
        byte[] first = s.recv(0);
        if (first == null) return null;
        List<byte[]> frames = new ArrayList<>();
        frames.add(first);
        while (s.hasReceiveMore()) frames.add(s.recv(0));
        int d = 0;
        while (!new String(frames.get(d), StandardCharsets.UTF_8).equals("<IDS|MSG>")) d++;
        String sig = new String(frames.get(d + 1), StandardCharsets.US_ASCII);
        List<byte[]> parts = frames.subList(d + 2, d + 6);
        if (!sig.equals(hmac(key, parts))) throw new AssertionError("kernel sent a badly signed message");
        ObjectNode m = JSON.createObjectNode();
        m.set("header", JSON.readTree(parts.get(0)));
        m.set("parent_header", JSON.readTree(parts.get(1)));
        m.set("metadata", JSON.readTree(parts.get(2)));
        m.set("content", JSON.readTree(parts.get(3)));
        return m;
    }

    /** The reply to {@code msgId} on a shell/control socket, skipping others; null on timeout. */
    JsonNode reply(ZMQ.Socket s, String msgId, int timeoutMs) throws Exception {
        long deadline = System.currentTimeMillis() + timeoutMs;
        while (true) {
            int left = (int) (deadline - System.currentTimeMillis());
            if (left <= 0) return null;
            JsonNode m = recv(s, left);
            if (m == null) return null;
            if (m.path("parent_header").path("msg_id").asText().equals(msgId)) return m;
        }
    }

    /** IOPub messages for {@code msgId} up to and including its idle status. */
    List<JsonNode> iopubUntilIdle(String msgId, int timeoutMs) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        long deadline = System.currentTimeMillis() + timeoutMs;
        while (System.currentTimeMillis() < deadline) {
            JsonNode m = recv(iopub, (int) Math.max(1, deadline - System.currentTimeMillis()));
            if (m == null) break;
            if (!m.path("parent_header").path("msg_id").asText().equals(msgId)) continue;
            out.add(m);
            if (m.path("header").path("msg_type").asText().equals("status")
                    && m.path("content").path("execution_state").asText().equals("idle")) return out;
        }
        throw new AssertionError("no idle status for " + msgId + "; got " + out);
    }

    void drainIopub(int ms) throws Exception {
        while (recv(iopub, ms) != null) { /* discard */ }
    }

    ObjectNode exec(String code) { return exec(code, false); }

    ObjectNode exec(String code, boolean allowStdin) {
        ObjectNode c = JSON.createObjectNode();
        c.put("code", code).put("silent", false).put("store_history", true).put("allow_stdin", allowStdin).put("stop_on_error", true);
        c.putObject("user_expressions");
        return c;
    }

    /** Runs a cell: [execute_reply, iopub messages...]. */
    Result run(String code) throws Exception {
        String id = send(shell, "execute_request", exec(code));
        JsonNode r = reply(shell, id, 60_000);
        if (r == null) throw new AssertionError("no reply to " + code + "\n" + log());
        return new Result(r, iopubUntilIdle(id, 10_000));
    }

    record Result(JsonNode reply, List<JsonNode> iopub) {
        String status() { return reply.path("content").path("status").asText(); }

        List<JsonNode> of(String type) {
            return iopub.stream().filter(m -> m.path("header").path("msg_type").asText().equals(type)).toList();
        }

        String stdout() {
            StringBuilder sb = new StringBuilder();
            for (JsonNode m : of("stream")) if (m.path("content").path("name").asText().equals("stdout")) sb.append(m.path("content").path("text").asText());
            return sb.toString();
        }

        String text() { return of("execute_result").get(0).path("content").path("data").path("text/plain").asText(); }
    }

    @Override public void close() throws Exception {
        try {
            if (process.isAlive()) {
                send(control, "shutdown_request", JSON.createObjectNode().put("restart", false));
                if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly();
            }
        } finally {
            ctx.close();
        }
    }
}
