package org.fabriclab.kernel.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.ObjectNode;

class SignerTest {
    @Test void rfc4231Vector() {
        // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?"
        Signer s = new Signer("Jefe");
        String sig = s.sign(List.of("what do ya ".getBytes(StandardCharsets.US_ASCII), "want for nothing?".getBytes(StandardCharsets.US_ASCII)));
        assertEquals("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843", sig);
        assertTrue(s.verify(sig, List.of("what do ya want for nothing?".getBytes(StandardCharsets.US_ASCII))));
        assertFalse(s.verify(sig.replace('5', '6'), List.of("what do ya want for nothing?".getBytes(StandardCharsets.US_ASCII))));
    }

    @Test void codecRoundTripAndRejections() throws Exception {
        Codec c = new Codec(new Signer("k"), "t");
        ObjectNode content = Codec.JSON.createObjectNode().put("code", "1 + 1");
        List<byte[]> frames = c.encode(c.message("execute_request", null, content));
        Message m = c.decode(frames);
        assertEquals("execute_request", m.type());
        assertEquals("1 + 1", m.content().path("code").asText());
        assertTrue(m.header().path("date").asText().matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{6}Z"));

        List<byte[]> forged = new ArrayList<>(frames);
        forged.set(5, "{\"code\":\"System.exit(0)\"}".getBytes(StandardCharsets.UTF_8)); // content changed after signing
        assertEquals("invalid signature rejected", assertThrows(BadMessageException.class, () -> c.decode(forged)).getMessage());
        List<byte[]> unsigned = new ArrayList<>(frames);
        unsigned.set(1, new byte[0]);
        assertEquals("unsigned message rejected", assertThrows(BadMessageException.class, () -> c.decode(unsigned)).getMessage());
        assertThrows(BadMessageException.class, () -> c.decode(List.of("junk".getBytes(StandardCharsets.UTF_8))));
        Codec other = new Codec(new Signer("another key"), "t");
        assertThrows(BadMessageException.class, () -> other.decode(frames));
    }
}
