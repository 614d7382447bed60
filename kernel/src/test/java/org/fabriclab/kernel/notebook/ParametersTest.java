package org.fabriclab.kernel.notebook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ParametersTest {
    @Test void typedLikeTheParametersCell() {
        String declared = "String fabric = \"ib\";\ndouble bytes = 1e12;\nlong budget = 5L;\nfinal int rows = 3;\nboolean strict = false;";
        Map<String, String> v = new LinkedHashMap<>();
        v.put("fabric", "ro\"ce");
        v.put("bytes", "2e12");
        v.put("budget", "9007199254740993");
        v.put("rows", "7");
        v.put("strict", "true");
        v.put("extra", "12.5");
        assertEquals("// Parameters injected by fabriclab run\nString fabric = \"ro\\\"ce\";\ndouble bytes = 2.0E12;\n"
                + "long budget = 9007199254740993L;\nint rows = 7;\nboolean strict = true;\nvar extra = 12.5;\n", Parameters.cell(v, declared));
    }

    @Test void inferredAndRejected() {
        assertEquals("42", Parameters.literal("var", "42"));
        assertEquals("9007199254740993L", Parameters.literal("var", "9007199254740993"));
        assertEquals("\"mlx5_0\"", Parameters.literal("var", "mlx5_0"));
        assertThrows(IllegalArgumentException.class, () -> Parameters.literal("int", "many"));
        assertThrows(IllegalArgumentException.class, () -> Parameters.parse("1x=2"));
        assertThrows(IllegalArgumentException.class, () -> Parameters.parse("novalue"));
        assertEquals(Map.entry("k", "a=b"), Parameters.parse("k=a=b"));
    }
}
