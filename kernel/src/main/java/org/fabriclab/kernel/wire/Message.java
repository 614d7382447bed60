package org.fabriclab.kernel.wire;

import java.util.List;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One Jupyter message: routing identities, header, parent header, metadata, content, buffers.
 *
 * <pre>{@code
 * Message m = codec.decode(frames);
 * m.type();                         // "execute_request"
 * m.content().path("code").asText();
 * }</pre>
 */
public record Message(List<byte[]> identities, ObjectNode header, ObjectNode parent, ObjectNode metadata,
                      ObjectNode content, List<byte[]> buffers) {
    public Message {
        identities = List.copyOf(identities);
        buffers = List.copyOf(buffers);
    }

    public String type() { return header.path("msg_type").asText(""); }

    public String id() { return header.path("msg_id").asText(""); }
}
