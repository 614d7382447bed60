package org.fabriclab.kernel.eval;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;

/**
 * What a cell's exit calls become: {@link CellRewriter} points every route to
 * {@code System.exit}, {@code Runtime.exit} and {@code Runtime.halt} in cell classes here, and each
 * throws {@link CellExit} naming what the cell tried, in whatever thread tried it.
 *
 * <pre>{@code
 * System.exit(3);                                   // in a cell: CellExit "System.exit(3) ..."
 * Runtime.getRuntime().halt(1);                     // CellExit "Runtime.halt(1) ..."
 * System.class.getMethod("exit", int.class).invoke(null, 2);   // CellExit "System.exit(2) through reflection ..."
 * }</pre>
 *
 * The methods are public because rewritten cell classes call them; nothing else should.
 */
public final class ExitGuard {
    private static final MethodHandle REFUSE;

    static {
        try {
            REFUSE = MethodHandles.lookup().findStatic(ExitGuard.class, "refuse", MethodType.methodType(void.class, String.class, int.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ExitGuard() {}

    /** Replaces {@link System#exit(int)}. */
    public static void exit(int status) { throw new CellExit("System.exit(" + status + ")", status); }

    /** Replaces {@link Runtime#exit(int)} (receiver first, as the virtual call had it). */
    public static void runtimeExit(Runtime runtime, int status) { throw new CellExit("Runtime.exit(" + status + ")", status); }

    /** Replaces {@link Runtime#halt(int)}. */
    public static void runtimeHalt(Runtime runtime, int status) { throw new CellExit("Runtime.halt(" + status + ")", status); }

    /**
     * Called before every {@code Method.invoke} in cell code: refuses the exit methods (also through
     * {@code Method.invoke} of {@code Method.invoke}); returns {@code m} otherwise.
     */
    public static Method checked(Method m, Object[] args) {
        String what = exitMethod(m);
        if (what != null) {
            int status = args != null && args.length == 1 && args[0] instanceof Integer i ? i : 0;
            throw new CellExit(what + "(" + status + ") through reflection", status);
        }
        if (m != null && m.getDeclaringClass() == Method.class && m.getName().equals("invoke")
                && args != null && args.length == 2 && args[0] instanceof Method inner) {
            checked(inner, args[1] instanceof Object[] a ? a : null);
        }
        return m;
    }

    /** {@code Lookup.findStatic}: a guard handle for {@code System.exit}. */
    public static MethodHandle findStatic(MethodHandles.Lookup l, Class<?> c, String name, MethodType t)
            throws NoSuchMethodException, IllegalAccessException {
        MethodHandle h = l.findStatic(c, name, t);
        return c == System.class && name.equals("exit") ? refusing("System.exit", h.type()) : h;
    }

    /** {@code Lookup.findVirtual}: a guard handle for {@code Runtime.exit} and {@code Runtime.halt}. */
    public static MethodHandle findVirtual(MethodHandles.Lookup l, Class<?> c, String name, MethodType t)
            throws NoSuchMethodException, IllegalAccessException {
        MethodHandle h = l.findVirtual(c, name, t);
        return c == Runtime.class && isExitName(name) ? refusing("Runtime." + name, h.type()) : h;
    }

    /** {@code Lookup.findSpecial}, as {@link #findVirtual}. */
    public static MethodHandle findSpecial(MethodHandles.Lookup l, Class<?> c, String name, MethodType t, Class<?> caller)
            throws NoSuchMethodException, IllegalAccessException {
        MethodHandle h = l.findSpecial(c, name, t, caller);
        return c == Runtime.class && isExitName(name) ? refusing("Runtime." + name, h.type()) : h;
    }

    /** {@code Lookup.bind}: a guard handle when the receiver is the {@code Runtime}. */
    public static MethodHandle bind(MethodHandles.Lookup l, Object receiver, String name, MethodType t)
            throws NoSuchMethodException, IllegalAccessException {
        MethodHandle h = l.bind(receiver, name, t);
        return receiver instanceof Runtime && isExitName(name) ? refusing("Runtime." + name, h.type()) : h;
    }

    /** {@code Lookup.unreflect}: a guard handle for the exit methods. */
    public static MethodHandle unreflect(MethodHandles.Lookup l, Method m) throws IllegalAccessException {
        MethodHandle h = l.unreflect(m);
        String what = exitMethod(m);
        return what == null ? h : refusing(what, h.type());
    }

    /** {@code Lookup.unreflectSpecial}, as {@link #unreflect}. */
    public static MethodHandle unreflectSpecial(MethodHandles.Lookup l, Method m, Class<?> caller) throws IllegalAccessException {
        MethodHandle h = l.unreflectSpecial(m, caller);
        String what = exitMethod(m);
        return what == null ? h : refusing(what, h.type());
    }

    /** "System.exit", "Runtime.exit", "Runtime.halt" for those methods, else null. */
    private static String exitMethod(Method m) {
        if (m == null || m.getParameterCount() != 1 || m.getParameterTypes()[0] != int.class) return null;
        if (m.getDeclaringClass() == System.class && m.getName().equals("exit")) return "System.exit";
        if (m.getDeclaringClass() == Runtime.class && isExitName(m.getName())) return "Runtime." + m.getName();
        return null;
    }

    private static boolean isExitName(String name) { return name.equals("exit") || name.equals("halt"); }

    /** A handle of {@code type} ((int)void, or (Runtime,int)void) that throws CellExit. */
    private static MethodHandle refusing(String what, MethodType type) {
        MethodHandle h = MethodHandles.insertArguments(REFUSE, 0, what + " through a method handle");
        if (type.parameterCount() == 2) h = MethodHandles.dropArguments(h, 0, type.parameterType(0));
        return h.asType(type);
    }

    private static void refuse(String what, int status) {
        int open = what.indexOf(' ');
        throw new CellExit(what.substring(0, open) + "(" + status + ")" + what.substring(open), status);
    }
}
