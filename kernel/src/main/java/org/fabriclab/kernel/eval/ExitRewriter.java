package org.fabriclab.kernel.eval;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Rewrites a cell class's constant pool so that {@code System.exit(int)} calls
 * {@link ExitGuard#exit(int)} instead. Only the constant pool changes (one {@code Methodref}'s
 * class index, two entries appended), so the bytecode, stack maps and verifier are untouched and it
 * works on every JVM version. {@code Runtime.getRuntime().exit/halt} are not covered (they are
 * virtual calls on a {@code Runtime} receiver; redirecting them would need an instruction rewrite).
 *
 * <pre>{@code
 * byte[] safe = ExitRewriter.rewrite(classBytes);   // unchanged array when nothing calls System.exit
 * }</pre>
 */
public final class ExitRewriter {
    static final String GUARD = ExitGuard.class.getName().replace('.', '/');

    private ExitRewriter() {}

    /** The class bytes with {@code System.exit} redirected; the same array when there is nothing to do. */
    public static byte[] rewrite(byte[] cls) {
        ByteBuffer b = ByteBuffer.wrap(cls);
        if (cls.length < 10 || b.getInt(0) != 0xCAFEBABE) return cls;
        int count = b.getShort(8) & 0xffff;
        int[] offset = new int[count];
        int[] tag = new int[count];
        int p = 10;
        for (int i = 1; i < count; i++) {
            offset[i] = p;
            tag[i] = cls[p] & 0xff;
            switch (tag[i]) {
                case 1 -> p += 3 + (b.getShort(p + 1) & 0xffff);
                case 3, 4, 9, 10, 11, 12, 17, 18 -> p += 5;
                case 5, 6 -> { p += 9; i++; }
                case 7, 8, 16, 19, 20 -> p += 3;
                case 15 -> p += 4;
                default -> { return cls; } // unknown constant: leave the class alone
            }
        }
        List<Integer> patch = new ArrayList<>();
        for (int i = 1; i < count; i++) {
            if (tag[i] != 10) continue;
            int classIdx = b.getShort(offset[i] + 1) & 0xffff;
            int natIdx = b.getShort(offset[i] + 3) & 0xffff;
            if (tag[classIdx] != 7 || tag[natIdx] != 12) continue;
            String owner = utf8(b, offset, tag, b.getShort(offset[classIdx] + 1) & 0xffff);
            String name = utf8(b, offset, tag, b.getShort(offset[natIdx] + 1) & 0xffff);
            String desc = utf8(b, offset, tag, b.getShort(offset[natIdx] + 3) & 0xffff);
            if ("java/lang/System".equals(owner) && "exit".equals(name) && "(I)V".equals(desc)) patch.add(i);
        }
        if (patch.isEmpty()) return cls;
        int utfIdx = count, classIdx = count + 1;
        byte[] out = cls.clone();
        ByteBuffer o = ByteBuffer.wrap(out);
        o.putShort(8, (short) (count + 2));
        for (int i : patch) o.putShort(offset[i] + 1, (short) classIdx);
        try {
            ByteArrayOutputStream extra = new ByteArrayOutputStream();
            DataOutputStream d = new DataOutputStream(extra);
            d.writeByte(1);
            d.writeUTF(GUARD);
            d.writeByte(7);
            d.writeShort(utfIdx);
            d.flush();
            ByteArrayOutputStream all = new ByteArrayOutputStream(out.length + extra.size());
            all.write(out, 0, p);
            all.write(extra.toByteArray());
            all.write(out, p, out.length - p);
            return all.toByteArray();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String utf8(ByteBuffer b, int[] offset, int[] tag, int idx) {
        if (idx <= 0 || idx >= tag.length || tag[idx] != 1) return null;
        int len = b.getShort(offset[idx] + 1) & 0xffff;
        // class and member names here are ASCII; modified UTF-8 equals UTF-8 for them
        return new String(b.array(), offset[idx] + 3, len, StandardCharsets.UTF_8);
    }
}
