package org.fabriclab.kernel.eval;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites the classes cells load (their own and those of jars added with {@code %classpath}) so
 * that they cannot end the kernel and can always be stopped.
 *
 * <p>Exits: every route below goes to {@link ExitGuard}, which throws {@link CellExit} instead.
 * <ul>
 * <li>{@code System.exit(n)}, {@code Runtime.exit(n)}, {@code Runtime.halt(n)} as calls and as
 *     method references ({@code System::exit}, {@code Runtime.getRuntime()::halt});</li>
 * <li>reflection: before every {@code Method.invoke} the method is checked (the call itself stays
 *     in the cell's class, so reflection's caller checks are unchanged);</li>
 * <li>method handles: {@code Lookup.findStatic/findVirtual/findSpecial/bind/unreflect/unreflectSpecial}
 *     return a guard handle of the same type for the exit methods.</li>
 * </ul>
 * Stops: every backward jump (the end of a loop body) first calls {@link StopCheck#poll()}, so an
 * interrupt stops a CPU-bound loop in cell code on every JVM, also where {@code Thread.stop} no
 * longer exists (Java 20 and newer).
 *
 * <p>Only instructions are inserted or replaced; the class keeps its stack map frames (the inserted
 * code changes no frame at a jump target), so the result verifies on every JVM ASM reads (Java 17,
 * 21 and 25 tested), and no SecurityManager is involved. A class with nothing to change is returned
 * as the same array.
 *
 * <pre>{@code
 * byte[] safe = CellRewriter.rewrite(classBytes);
 * }</pre>
 */
public final class CellRewriter {
    static final String GUARD = ExitGuard.class.getName().replace('.', '/');
    private static final Logger LOG = Logger.getLogger(CellRewriter.class.getName());
    private static final String LOOKUP = "java/lang/invoke/MethodHandles$Lookup";
    private static final String METHOD = "java/lang/reflect/Method";
    private static final String INVOKE_DESC = "(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;";
    /** Lookup methods that can produce a handle to an exit method. */
    private static final List<String> LOOKUPS = List.of("findStatic", "findVirtual", "findSpecial", "bind", "unreflect", "unreflectSpecial");
    static final String STOP = StopCheck.class.getName().replace('.', '/');

    private CellRewriter() {}

    /** The class bytes with exit routes redirected and stop checks in loops; the same array when there is nothing to do. */
    public static byte[] rewrite(byte[] cls) {
        if (cls.length < 10 || (cls[0] & 0xff) != 0xCA || (cls[1] & 0xff) != 0xFE) return cls;
        ClassReader reader;
        try {
            reader = new ClassReader(cls);
        } catch (RuntimeException e) {
            // not a class, or a class-file version this ASM does not know: leave it to the JVM's verifier
            LOG.log(Level.WARNING, "class not rewritten (no exit guard, no stop checks): " + e);
            return cls;
        }
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
        boolean[] changed = {false};
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] exceptions) {
                return new Redirect(super.visitMethod(access, name, desc, sig, exceptions), changed);
            }
        }, 0);
        return changed[0] ? writer.toByteArray() : cls;
    }

    private static final class Redirect extends MethodVisitor {
        private final boolean[] changed;
        /** Labels already placed: a jump to one of them goes backwards (a loop). */
        private final Set<Label> seen = new HashSet<>();

        Redirect(MethodVisitor mv, boolean[] changed) {
            super(Opcodes.ASM9, mv);
            this.changed = changed;
        }

        @Override public void visitMethodInsn(int op, String owner, String name, String desc, boolean itf) {
            if (op == Opcodes.INVOKESTATIC && owner.equals("java/lang/System") && name.equals("exit") && desc.equals("(I)V")) {
                changed[0] = true;
                super.visitMethodInsn(Opcodes.INVOKESTATIC, GUARD, "exit", "(I)V", false);
            } else if (op == Opcodes.INVOKEVIRTUAL && owner.equals("java/lang/Runtime") && desc.equals("(I)V")
                    && (name.equals("exit") || name.equals("halt"))) {
                changed[0] = true;
                super.visitMethodInsn(Opcodes.INVOKESTATIC, GUARD, name.equals("exit") ? "runtimeExit" : "runtimeHalt", "(Ljava/lang/Runtime;I)V", false);
            } else if (op == Opcodes.INVOKEVIRTUAL && owner.equals(METHOD) && name.equals("invoke") && desc.equals(INVOKE_DESC)) {
                changed[0] = true;
                // stack [m, o, a] -> [o, a, m, a] -> check(m, a) -> [o, a, m'] -> [m', o, a]; then the call as written
                super.visitInsn(Opcodes.DUP_X2);
                super.visitInsn(Opcodes.POP);
                super.visitInsn(Opcodes.DUP_X2);
                super.visitInsn(Opcodes.POP);
                super.visitInsn(Opcodes.SWAP);
                super.visitInsn(Opcodes.DUP_X1);
                super.visitMethodInsn(Opcodes.INVOKESTATIC, GUARD, "checked", "(L" + METHOD + ";[Ljava/lang/Object;)L" + METHOD + ";", false);
                super.visitInsn(Opcodes.DUP_X2);
                super.visitInsn(Opcodes.POP);
                super.visitMethodInsn(op, owner, name, desc, itf);
            } else if (op == Opcodes.INVOKEVIRTUAL && owner.equals(LOOKUP) && LOOKUPS.contains(name)) {
                changed[0] = true;
                super.visitMethodInsn(Opcodes.INVOKESTATIC, GUARD, name, "(L" + LOOKUP + ";" + desc.substring(1), false);
            } else {
                super.visitMethodInsn(op, owner, name, desc, itf);
            }
        }

        @Override public void visitLabel(Label label) {
            seen.add(label);
            super.visitLabel(label);
        }

        @Override public void visitJumpInsn(int opcode, Label label) {
            if (seen.contains(label)) {
                changed[0] = true;
                super.visitMethodInsn(Opcodes.INVOKESTATIC, STOP, "poll", "()V", false);
            }
            super.visitJumpInsn(opcode, label);
        }

        @Override public void visitInvokeDynamicInsn(String name, String desc, Handle bsm, Object... args) {
            Object[] out = args.clone();
            for (int i = 0; i < out.length; i++) if (out[i] instanceof Handle h) out[i] = handle(h);
            super.visitInvokeDynamicInsn(name, desc, bsm, out);
        }

        @Override public void visitLdcInsn(Object value) {
            super.visitLdcInsn(value instanceof Handle h ? handle(h) : value);
        }

        /** A method-handle constant (a method reference) to an exit method becomes one to the guard. */
        private Object handle(Handle h) {
            if (h.getTag() == Opcodes.H_INVOKESTATIC && h.getOwner().equals("java/lang/System") && h.getName().equals("exit") && h.getDesc().equals("(I)V")) {
                changed[0] = true;
                return new Handle(Opcodes.H_INVOKESTATIC, GUARD, "exit", "(I)V", false);
            }
            if (h.getTag() == Opcodes.H_INVOKEVIRTUAL && h.getOwner().equals("java/lang/Runtime") && h.getDesc().equals("(I)V")
                    && (h.getName().equals("exit") || h.getName().equals("halt"))) {
                changed[0] = true;
                return new Handle(Opcodes.H_INVOKESTATIC, GUARD, h.getName().equals("exit") ? "runtimeExit" : "runtimeHalt",
                        "(Ljava/lang/Runtime;I)V", false);
            }
            return h;
        }
    }

}
