package org.fabriclab.kernel.eval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ExitRewriterTest {
    /** Calls System.exit: loaded as rewritten bytes it must throw CellExit instead. */
    public static final class Quitter implements Runnable {
        @Override public void run() { System.exit(7); }
    }

    @Test void systemExitBecomesCellExit() throws Exception {
        byte[] original = ExitRewriterTest.class.getClassLoader().getResourceAsStream(Quitter.class.getName().replace('.', '/') + ".class").readAllBytes();
        byte[] rewritten = ExitRewriter.rewrite(original);
        ClassLoader l = new ClassLoader(ExitRewriterTest.class.getClassLoader()) {
            @Override protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                if (name.equals(Quitter.class.getName())) return defineClass(name, rewritten, 0, rewritten.length);
                return super.loadClass(name, resolve);
            }
        };
        Runnable r = (Runnable) l.loadClass(Quitter.class.getName()).getDeclaredConstructor().newInstance();
        CellExit e = assertThrows(CellExit.class, r::run);
        assertEquals(7, e.status());
    }

    @Test void classesWithoutExitAreUntouched() throws Exception {
        byte[] b = ExitRewriterTest.class.getClassLoader().getResourceAsStream(ExitRewriter.class.getName().replace('.', '/') + ".class").readAllBytes();
        assertArrayEquals(b, ExitRewriter.rewrite(b));
        byte[] junk = {1, 2, 3};
        assertArrayEquals(junk, ExitRewriter.rewrite(junk));
    }
}
