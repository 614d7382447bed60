package org.fabriclab.kernel.eval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

import org.junit.jupiter.api.Test;

/** Classes compiled here, loaded as the cell loader would load them (rewritten), must not end the JVM. */
class CellRewriterTest {
    public static final class DirectExit implements Runnable { @Override public void run() { System.exit(7); } }

    public static final class RuntimeExit implements Runnable { @Override public void run() { Runtime.getRuntime().exit(2); } }

    public static final class RuntimeHalt implements Runnable { @Override public void run() { Runtime.getRuntime().halt(1); } }

    public static final class ReflectiveExit implements Runnable {
        @Override public void run() {
            try {
                System.class.getMethod("exit", int.class).invoke(null, 4);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    public static final class ReflectiveHalt implements Runnable {
        @Override public void run() {
            try {
                Runtime.class.getMethod("halt", int.class).invoke(Runtime.getRuntime(), 5);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    public static final class HandleExit implements Runnable {
        @Override public void run() {
            try {
                MethodHandles.lookup().findStatic(System.class, "exit", MethodType.methodType(void.class, int.class)).invokeExact(6);
            } catch (Throwable e) {
                if (e instanceof Error err) throw err;
                throw new IllegalStateException(e);
            }
        }
    }

    public static final class HandleHalt implements Runnable {
        @Override public void run() {
            try {
                MethodHandles.lookup().findVirtual(Runtime.class, "halt", MethodType.methodType(void.class, int.class))
                        .invokeExact(Runtime.getRuntime(), 8);
            } catch (Throwable e) {
                if (e instanceof Error err) throw err;
                throw new IllegalStateException(e);
            }
        }
    }

    public static final class ReferenceExit implements Runnable {
        @Override public void run() {
            IntConsumer c = Runtime.getRuntime()::exit;
            c.accept(9);
        }
    }

    public static final class OtherReflection implements Runnable {
        @Override public void run() {
            try {
                String s = (String) String.class.getMethod("valueOf", int.class).invoke(null, 12);
                if (!s.equals("12")) throw new IllegalStateException(s);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    public static final class Spinner implements Runnable {
        public static volatile long spins;

        @Override public void run() {
            while (true) spins++;
        }
    }

    public static final class Plain implements Runnable {
        @Override public void run() { Math.max(1, 2); }
    }

    private static Runnable rewritten(Class<? extends Runnable> k) throws Exception {
        byte[] original = CellRewriterTest.class.getClassLoader().getResourceAsStream(k.getName().replace('.', '/') + ".class").readAllBytes();
        byte[] rewritten = CellRewriter.rewrite(original);
        assertNotSame(original, rewritten, k.getSimpleName() + " has something to rewrite");
        ClassLoader l = new ClassLoader(CellRewriterTest.class.getClassLoader()) {
            @Override protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                if (name.equals(k.getName())) return defineClass(name, rewritten, 0, rewritten.length);
                return super.loadClass(name, resolve);
            }
        };
        return (Runnable) l.loadClass(k.getName()).getDeclaredConstructor().newInstance();
    }

    private static void refused(Class<? extends Runnable> k, String what, int status) throws Exception {
        CellExit e = assertThrows(CellExit.class, rewritten(k)::run, k.getSimpleName());
        assertEquals(status, e.status());
        assertTrue(e.getMessage().startsWith(what), e.getMessage());
    }

    @Test void everyRouteToExitBecomesCellExit() throws Exception {
        refused(DirectExit.class, "System.exit(7)", 7);
        refused(RuntimeExit.class, "Runtime.exit(2)", 2);
        refused(RuntimeHalt.class, "Runtime.halt(1)", 1);
        refused(ReflectiveExit.class, "System.exit(4) through reflection", 4);
        refused(ReflectiveHalt.class, "Runtime.halt(5) through reflection", 5);
        refused(HandleExit.class, "System.exit(6) through a method handle", 6);
        refused(HandleHalt.class, "Runtime.halt(8) through a method handle", 8);
        refused(ReferenceExit.class, "Runtime.exit(9)", 9);
    }

    @Test void otherReflectionStillWorks() throws Exception {
        rewritten(OtherReflection.class).run();
    }

    @Test void aLoopStopsWhenItsThreadIsAskedTo() throws Exception {
        Runnable spin = rewritten(Spinner.class);
        AtomicReference<Throwable> ended = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                spin.run();
            } catch (Throwable e) {
                ended.set(e);
            }
        });
        t.start();
        Thread.sleep(50);
        StopCheck.request(t); // no interrupt, no Thread.stop: only the check the rewrite put in the loop
        t.join(10_000);
        assertInstanceOf(CellStopped.class, ended.get());
    }

    @Test void classesWithNothingToChangeAreUntouched() throws Exception {
        byte[] b = CellRewriterTest.class.getClassLoader().getResourceAsStream(Plain.class.getName().replace('.', '/') + ".class").readAllBytes();
        assertSame(b, CellRewriter.rewrite(b));
        byte[] junk = {1, 2, 3};
        assertArrayEquals(junk, CellRewriter.rewrite(junk));
    }
}
