package org.fabriclab.check;

/** The grade of one check row. {@link #INFO} rows are reported but not graded. */
public enum Outcome {
    PASS, FAIL, NO_VERDICT, INFO;

    @Override public String toString() { return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'); }
}
