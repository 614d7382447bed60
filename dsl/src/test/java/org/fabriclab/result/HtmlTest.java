package org.fabriclab.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.FloatColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

class HtmlTest {
    @Test void roundsToSignificantDigits() {
        assertEquals("0.982329", Html.num(0.9823290654719999, 6));
        assertEquals("1680.52", Html.num(1680.5234, 6));
        assertEquals("0.5", Html.num(0.5, 6), "trailing zeros dropped");
        assertEquals("0.3", Html.num(0.1 + 0.2, 6), "0.30000000000000004");
        assertEquals("0.98", Html.num(0.9823290654719999, 2));
        assertEquals("0.2", Html.num(0.15, 1), "half up from the decimal the double prints as");
        assertEquals("-2.5", Html.num(-2.45, 2));
    }

    @Test void zeroAndSpecialValues() {
        assertEquals("0", Html.num(0.0, 6));
        assertEquals("0", Html.num(-0.0, 6), "no negative zero");
        assertEquals("NaN", Html.num(Double.NaN, 6));
        assertEquals("inf", Html.num(Double.POSITIVE_INFINITY, 6));
        assertEquals("-inf", Html.num(Double.NEGATIVE_INFINITY, 6));
    }

    @Test void negativeValuesKeepTheirSign() {
        assertEquals("-0.982329", Html.num(-0.9823290654719999, 6));
        assertEquals("-1.2e-12", Html.num(-1.2e-12, 6));
        assertEquals("-123456789", Html.num(-123456789.0, 6));
    }

    @Test void integersStoredAsDoubleStayIntegers() {
        assertEquals("123456789", Html.num(123456789.0, 6), "integer digits are never rounded away");
        assertEquals("1234568", Html.num(1234567.8, 6));
        assertEquals("42", Html.num(42.0, 6));
        assertEquals("-7", Html.num(-7.0, 6));
        assertEquals("999999999999999", Html.num(999_999_999_999_999.0, 6), "below 1e15: plain");
        assertEquals("1e+15", Html.num(1e15, 6));
        assertEquals("9.0072e+15", Html.num(9007199254740992.0, 6), "2^53 rounded in scientific notation");
    }

    @Test void verySmallAndVeryLargeInScientificNotation() {
        assertEquals("1.2e-12", Html.num(1.2e-12, 6), "a BER");
        assertEquals("1.23457e-12", Html.num(1.23456789e-12, 6));
        assertEquals("1e-300", Html.num(1e-300, 6));
        assertEquals("4.9e-324", Html.num(Double.MIN_VALUE, 6), "the smallest subnormal (its shortest decimal)");
        assertEquals("1.79769e+308", Html.num(Double.MAX_VALUE, 6));
        assertEquals("5e-5", Html.num(5e-5, 6));
        assertEquals("1.5e+20", Html.num(1.5e20, 6));
    }

    @Test void theNotationFollowsTheRoundedMagnitude() {
        assertEquals("0.0001", Html.num(1e-4, 6), "1e-4 is the smallest plain magnitude");
        assertEquals("0.00012345", Html.num(0.00012345, 6));
        assertEquals("0.0001", Html.num(9.99999999e-5, 6), "rounds up into plain range");
        assertEquals("10", Html.num(9.9999996, 6));
        assertEquals("1", Html.num(0.99999996, 6));
        assertEquals("1000000000000000", Html.num(999_999_999_999_999.9, 6), "below 1e15: the integer part is kept, the fraction rounded");
    }

    @Test void digitsComeFromTheSystemProperty() {
        String before = System.getProperty(Html.DIGITS_PROPERTY);
        try {
            System.setProperty(Html.DIGITS_PROPERTY, "3");
            assertEquals("0.982", Html.num(0.9823290654719999));
            System.clearProperty(Html.DIGITS_PROPERTY);
            assertEquals("0.982329", Html.num(0.9823290654719999), "default 6");
        } finally {
            if (before == null) System.clearProperty(Html.DIGITS_PROPERTY);
            else System.setProperty(Html.DIGITS_PROPERTY, before);
        }
        assertThrows(IllegalArgumentException.class, () -> Html.num(1.0, 0));
    }

    @Test void tableShowsRoundedDoublesExactLongsAndTheJsonRowsStayExact() {
        Table t = Table.create("t",
                StringColumn.create("port", "mlx5_0/1", "mlx5_1/1"),
                LongColumn.create("rx", 9_007_199_254_740_993L, 3L),
                DoubleColumn.create("ratio", 0.9823290654719999, Double.NaN),
                DoubleColumn.create("ber", 1.2e-12, 0.0),
                FloatColumn.create("f", new float[] {0.1f, 2.5f}));
        String html = Html.table(t, 10);
        assertTrue(html.contains("<td>0.982329</td>"), html);
        assertFalse(html.contains("0.9823290654719999"), html);
        assertTrue(html.contains("<td>1.2e-12</td>"), html);
        assertTrue(html.contains("<td>9007199254740993</td>"), "longs exact: " + html);
        assertTrue(html.contains("<td>0.1</td>"), "a float's widening noise is rounded away: " + html);
        assertTrue(html.contains("<td></td>"), "missing (NaN) is an empty cell: " + html);
        List<Map<String, Object>> rows = Html.rows(t);
        assertEquals(0.9823290654719999, rows.get(0).get("ratio"), "JSON rows keep the exact double");
        assertEquals(1.2e-12, rows.get(0).get("ber"));
        assertEquals(9_007_199_254_740_993L, rows.get(0).get("rx"));
    }
}
