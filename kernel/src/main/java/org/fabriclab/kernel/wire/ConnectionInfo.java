package org.fabriclab.kernel.wire;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A Jupyter connection file: transport, ip, the five ports, the signing key and scheme.
 *
 * <pre>{@code
 * ConnectionInfo c = ConnectionInfo.read(Path.of("kernel-123.json"));
 * c.url(c.shellPort());   // "tcp://127.0.0.1:53794"
 * }</pre>
 */
public record ConnectionInfo(String transport, String ip, int shellPort, int iopubPort, int stdinPort,
                             int controlPort, int hbPort, String key, String signatureScheme) {

    /** Reads and checks a connection file; bad content names the file and the field expected. */
    public static ConnectionInfo read(Path file) throws IOException {
        JsonNode n;
        try {
            n = new ObjectMapper().readTree(Files.readString(file));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(file + ":" + e.getLocation().getLineNr() + ": expected a JSON connection file: " + e.getOriginalMessage());
        }
        if (n == null || !n.isObject()) throw new IllegalArgumentException(file + ":1: expected a JSON object");
        String scheme = text(n, "signature_scheme", "hmac-sha256", file);
        if (!scheme.equals("hmac-sha256")) {
            throw new IllegalArgumentException(file + ": signature_scheme: expected hmac-sha256, found " + scheme);
        }
        return new ConnectionInfo(text(n, "transport", "tcp", file), text(n, "ip", "127.0.0.1", file),
                port(n, "shell_port", file), port(n, "iopub_port", file), port(n, "stdin_port", file),
                port(n, "control_port", file), port(n, "hb_port", file), text(n, "key", "", file), scheme);
    }

    /** The address a socket binds: only the connection file's ip. */
    public String url(int port) {
        return transport.equals("ipc") ? "ipc://" + ip + "-" + port : transport + "://" + ip + ":" + port;
    }

    private static String text(JsonNode n, String field, String dflt, Path file) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) return dflt;
        if (!v.isTextual()) throw new IllegalArgumentException(file + ": " + field + ": expected a string, found " + v);
        return v.asText();
    }

    private static int port(JsonNode n, String field, Path file) {
        JsonNode v = n.get(field);
        if (v == null || !v.canConvertToInt() || v.asInt() <= 0 || v.asInt() > 65535) {
            throw new IllegalArgumentException(file + ": " + field + ": expected a port number 1..65535, found " + v);
        }
        return v.asInt();
    }
}
