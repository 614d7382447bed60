package org.fabriclab.kernel.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

import jdk.jshell.spi.ExecutionControl.ClassBytecodes;

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

    @Test void loadsJShellsClassesWithoutAskingTheKernelsClassPath() throws Exception {
        // a wrapper class of JShell's REPL package is defined by the cell loader itself; the kernel's loader
        // (which searched every class-path jar for it, on every cell) is only asked for classes that it may have
        List<String> asked = new CopyOnWriteArrayList<>();
        ClassLoader kernel = new ClassLoader(CellLoaderTest.class.getClassLoader()) {
            @Override public Class<?> loadClass(String name) throws ClassNotFoundException {
                asked.add(name);
                return super.loadClass(name);
            }
        };
        CellLoader cells = new CellLoader(kernel);
        ClassWriter w = new ClassWriter(0);
        w.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "REPL/$JShell$7", null, "java/lang/Object", null);
        w.visitEnd();
        cells.load(new ClassBytecodes[] {new ClassBytecodes("REPL.$JShell$7", w.toByteArray())});
        Class<?> wrapper = cells.findClass("REPL.$JShell$7");
        assertSame(cells.classLoader(), wrapper.getClassLoader());
        assertSame(wrapper, cells.classLoader().loadClass("REPL.$JShell$7"));
        assertEquals(List.of(), asked.stream().filter(n -> n.startsWith("REPL.")).toList());
        // everything else still comes from the kernel's loader, parent first
        assertSame(tech.tablesaw.api.Table.class, cells.classLoader().loadClass("tech.tablesaw.api.Table"));
        assertEquals(List.of("tech.tablesaw.api.Table"), asked);
    }
}
