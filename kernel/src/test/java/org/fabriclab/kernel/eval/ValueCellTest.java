package org.fabriclab.kernel.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which snippets the value fast path may try; a wrong "true" only costs a rejected attempt. */
class ValueCellTest {
    @Test void expressionsMayTakeTheFastPath() {
        for (String s : new String[] {"1 + 1", "t", "t.rowCount()", "verdicts.table()\n    .sortOn(\"port\")", "x == y",
                "a.b.c", "(Object) t", "List.of(1, 2).stream().map(i -> i * 2).toList()"}) {
            assertTrue(ValueCell.mayBeExpression(s), s);
        }
    }

    @Test void declarationsStatementsAndTerminatedSnippetsDoNot() {
        for (String s : new String[] {"var t = load(p)", "int x = 1", "Table t = load(p)", "Map<String, List<Integer>> m = f()",
                "String[] names = a", "import java.io.*", "for (int i = 0; i < 3; i++) f(i)", "return 1", "1 + 1;",
                "{ f(); }", "@Deprecated void f() {}", "// a comment\nt", "class A {}", "record R(int a) {}", "final var q = 1", ""}) {
            assertFalse(ValueCell.mayBeExpression(s), s);
        }
    }

    @Test void theDeclarationKeepsATrailingLineCommentOutOfTheWay() {
        assertEquals("Object " + ValueCell.NAME + "3 = (t // the table\n);", ValueCell.declaration("  t // the table  ", 3));
    }

    @Test void aLoneDisplayCallIsToldFromExpressionsThatUseItsId() {
        for (String s : new String[] {"display(chart);", "display(chart)", "display(t, \"image/svg+xml\");", "display (f(a), g(\")\"));",
                "display(\"\"\"\n  a ) b\n  \"\"\");", "display(')');\n"}) {
            assertTrue(ValueCell.isDisplayCall(s), s);
        }
        for (String s : new String[] {"display(t).length()", "display(a) + display(b)", "displayAll(t)", "display.rows(5)", "String id = display(t);", "t"}) {
            assertFalse(ValueCell.isDisplayCall(s), s);
        }
    }
}
