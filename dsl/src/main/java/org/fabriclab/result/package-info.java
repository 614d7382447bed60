/**
 * What every analysis result offers so the REPL, the CLI and the notebook renderer treat them alike:
 * a Tablesaw {@code table()}, plain text ({@code toString()}), HTML ({@code toHtml()}) and a
 * JSON-ready {@code toMap()} (plain maps, lists, strings, numbers). {@link Html} renders tables.
 */
package org.fabriclab.result;
