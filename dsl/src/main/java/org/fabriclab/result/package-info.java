/**
 * What every analysis result offers so the REPL, the CLI and the notebook renderer treat them alike:
 * a Tablesaw {@code table()}, plain text ({@code toString()}), HTML ({@code toHtml()}) and a
 * JSON-ready {@code toMap()} (plain maps, lists, strings, numbers, exact). {@link Html} renders tables
 * and holds the one display format for floating-point values ({@link Html#num(double)}).
 */
package org.fabriclab.result;
