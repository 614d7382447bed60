package org.fabriclab.kernel.wire;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HMAC-SHA256 message signatures (javax.crypto) over header, parent header, metadata and content,
 * as lowercase hex; verification compares in constant time ({@link MessageDigest#isEqual}).
 * An empty key disables signing, as the Jupyter spec allows.
 *
 * <pre>{@code
 * Signer s = new Signer("secret");
 * String sig = s.sign(List.of(header, parent, metadata, content));
 * s.verify(sig, List.of(header, parent, metadata, content));   // true
 * }</pre>
 */
public final class Signer {
    private final SecretKeySpec key;
    private final ThreadLocal<Mac> mac;

    public Signer(String key) {
        this.key = key == null || key.isEmpty() ? null : new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256");
        this.mac = ThreadLocal.withInitial(() -> {
            try {
                Mac m = Mac.getInstance("HmacSHA256");
                if (this.key != null) m.init(this.key);
                return m;
            } catch (NoSuchAlgorithmException | InvalidKeyException e) {
                throw new IllegalStateException("HmacSHA256 unavailable", e);
            }
        });
    }

    public boolean enabled() { return key != null; }

    /** Hex HMAC of the parts; "" when signing is disabled. */
    public String sign(List<byte[]> parts) {
        if (key == null) return "";
        Mac m = mac.get();
        for (byte[] p : parts) m.update(p);
        return HexFormat.of().formatHex(m.doFinal());
    }

    /** Constant-time check of a received signature. */
    public boolean verify(String signature, List<byte[]> parts) {
        if (key == null) return true;
        byte[] expected = sign(parts).getBytes(StandardCharsets.US_ASCII);
        byte[] got = signature == null ? new byte[0] : signature.getBytes(StandardCharsets.US_ASCII);
        return MessageDigest.isEqual(expected, got);
    }
}
