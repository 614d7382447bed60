package org.fabriclab.kernel.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The cell class loader serves what JShell's instrumentation of newer JDKs expects. */
class CellLoaderTest {
    @Test void servesJShellsCancelClassAsANoOp() throws Exception {
        // Java 25's JShell puts REPL.$Cancel$.stopCheck() into every snippet method and loads the class itself
        // only in the invoke() the kernel replaces: without it every cell failed with NoClassDefFoundError
        ClassLoader l = new CellLoader(CellLoaderTest.class.getClassLoader()).classLoader();
        Class<?> cancel = l.loadClass("REPL.$Cancel$");
        cancel.getMethod("stopCheck").invoke(null);
        assertEquals(boolean.class, cancel.getField("allStop").getType());
    }
}
