package org.fabriclab.engines.duckdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * In the kernel the engines module (and DuckDB's driver) sit in a class loader of their own below
 * the DSL's (EngineLoader); DriverManager does not see a driver there until it is loaded.
 */
class DuckDbOwnClassLoaderTest {
    @TempDir Path dir;

    @Test void aParquetHistoryLoadsWhenTheEnginesHaveAClassLoaderOfTheirOwn() throws Exception {
        Path p = dir.resolve("h.parquet");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
            c.createStatement().execute("COPY (SELECT * FROM (VALUES (1000::BIGINT, 'a', 5::BIGINT), (2000, 'a', NULL), (1000, 'b', 7)) "
                    + "t(\"timestamp\", port, tx_bytes_phy)) TO '" + p + "' (FORMAT parquet)");
        }
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<URL> dsl = new ArrayList<>(), engines = new ArrayList<>();
        for (String e : cp.split(File.pathSeparator)) {
            if (e.isBlank()) continue;
            URL u = Path.of(e).toUri().toURL();
            Path q = Path.of(e).toAbsolutePath().normalize();
            boolean mine = q.endsWith(Path.of("engines", "target", "classes")) || q.getFileName().toString().startsWith("duckdb_jdbc");
            (mine ? engines : dsl).add(u);
        }
        try (URLClassLoader dslLoader = new URLClassLoader(dsl.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
             URLClassLoader enginesLoader = new URLClassLoader(engines.toArray(URL[]::new), dslLoader)) {
            Class<?> format = Class.forName(DuckDbParquet.class.getName(), true, enginesLoader);
            assertNotSame(DuckDbParquet.class, format, "the engines' own copy");
            Class<?> progress = Class.forName("org.fabriclab.history.Progress", true, dslLoader);
            Object none = progress.getField("NONE").get(null);
            Object h = format.getMethod("read", Path.class, Map.class, progress).invoke(format.getConstructor().newInstance(), p, Map.of(), none);
            assertEquals(3, h.getClass().getMethod("rows").invoke(h));
            assertArrayEquals(new long[] {5, Long.MIN_VALUE, 7}, (long[]) h.getClass().getMethod("values", String.class).invoke(h, "tx_bytes_phy"));
        }
    }
}
