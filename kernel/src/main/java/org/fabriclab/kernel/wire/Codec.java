package org.fabriclab.kernel.wire;

import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Jupyter wire format: {@code [identities..., "<IDS|MSG>", hmac, header, parent_header, metadata,
 * content, buffers...]}. {@link #decode} rejects unsigned or wrongly signed messages, and replays
 * (a signature among the last {@link #DIGEST_HISTORY} accepted, as jupyter_client's Session does);
 * {@link #message} builds headers with a fresh id, this kernel's session, protocol 5.3 and an
 * ISO 8601 date with microseconds and zone.
 *
 * <pre>{@code
 * Codec c = new Codec(new Signer(key), "kernel");
 * List<byte[]> frames = c.encode(c.message("status", parent, content));
 * }</pre>
 */
public final class Codec {
    public static final String PROTOCOL_VERSION = "5.3";
    static final byte[] DELIMITER = "<IDS|MSG>".getBytes(StandardCharsets.US_ASCII);
    static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXX");

    public static final ObjectMapper JSON = new ObjectMapper();

    /** How many signatures are remembered to refuse replays (jupyter_client's Session keeps 2^16). */
    static final int DIGEST_HISTORY = 1 << 16;

    private final Signer signer;
    /** Signatures of accepted messages, oldest first, at most {@link #DIGEST_HISTORY}. */
    private final java.util.LinkedHashSet<String> digests = new java.util.LinkedHashSet<>();
    private final String session = UUID.randomUUID().toString();
    private final String username;

    public Codec(Signer signer, String username) {
        this.signer = signer;
        this.username = username;
    }

    public String session() { return session; }

    /** Parses and authenticates frames. */
    public Message decode(List<byte[]> frames) throws BadMessageException {
        int d = -1;
        for (int i = 0; i < frames.size(); i++) {
            if (Arrays.equals(frames.get(i), DELIMITER)) { d = i; break; }
        }
        if (d < 0) throw new BadMessageException("no <IDS|MSG> delimiter in " + frames.size() + " frames");
        if (frames.size() < d + 6) throw new BadMessageException("expected signature, header, parent, metadata, content after the delimiter");
        String sig = new String(frames.get(d + 1), StandardCharsets.US_ASCII);
        List<byte[]> parts = frames.subList(d + 2, d + 6);
        if (signer.enabled() && sig.isEmpty()) throw new BadMessageException("unsigned message rejected");
        if (!signer.verify(sig, parts)) throw new BadMessageException("invalid signature rejected");
        if (signer.enabled()) remember(sig);
        try {
            ObjectNode header = object(parts.get(0), "header");
            if (!header.path("msg_type").isTextual()) throw new BadMessageException("header without msg_type");
            return new Message(frames.subList(0, d), header, object(parts.get(1), "parent_header"),
                    object(parts.get(2), "metadata"), object(parts.get(3), "content"),
                    new ArrayList<>(frames.subList(d + 6, frames.size())));
        } catch (java.io.IOException e) {
            throw new BadMessageException("not JSON: " + e.getMessage());
        }
    }

    /**
     * Refuses a signature seen before: a message captured off the wire and sent again is signed
     * correctly but is a replay (every real message has its own msg_id and date, so its own signature).
     */
    private void remember(String sig) throws BadMessageException {
        synchronized (digests) {
            if (!digests.add(sig)) throw new BadMessageException("replayed message rejected (signature " + sig.substring(0, Math.min(12, sig.length())) + "... seen before)");
            if (digests.size() > DIGEST_HISTORY) {
                var it = digests.iterator();
                it.next();
                it.remove();
            }
        }
    }

    private static ObjectNode object(byte[] b, String what) throws java.io.IOException, BadMessageException {
        JsonNode n = JSON.readTree(b);
        if (n == null || n.isNull() || n.isMissingNode()) return JSON.createObjectNode();
        if (!n.isObject()) throw new BadMessageException(what + ": expected a JSON object");
        return (ObjectNode) n;
    }

    /** Frames for a message (identities first). */
    public List<byte[]> encode(Message m) {
        try {
            byte[] h = JSON.writeValueAsBytes(m.header());
            byte[] p = JSON.writeValueAsBytes(m.parent());
            byte[] md = JSON.writeValueAsBytes(m.metadata());
            byte[] c = JSON.writeValueAsBytes(m.content());
            List<byte[]> out = new ArrayList<>(m.identities().size() + 6 + m.buffers().size());
            out.addAll(m.identities());
            out.add(DELIMITER);
            out.add(signer.sign(List.of(h, p, md, c)).getBytes(StandardCharsets.US_ASCII));
            out.add(h);
            out.add(p);
            out.add(md);
            out.add(c);
            out.addAll(m.buffers());
            return out;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A new message replying to (or published on behalf of) {@code parent}, routed to its identities. */
    public Message message(String type, Message parent, ObjectNode content) {
        return new Message(parent == null ? List.of() : parent.identities(), header(type),
                parent == null ? JSON.createObjectNode() : parent.header().deepCopy(), JSON.createObjectNode(), content, List.of());
    }

    /** A header: msg_id, session, username, date (ISO 8601 with zone), msg_type, version. */
    public ObjectNode header(String type) {
        ObjectNode h = JSON.createObjectNode();
        h.put("msg_id", UUID.randomUUID().toString());
        h.put("session", session);
        h.put("username", username);
        h.put("date", OffsetDateTime.now(ZoneOffset.UTC).format(DATE));
        h.put("msg_type", type);
        h.put("version", PROTOCOL_VERSION);
        return h;
    }
}
