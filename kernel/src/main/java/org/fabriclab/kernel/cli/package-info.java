/**
 * The {@code fabriclab} command line (picocli): {@code show}, {@code classify}, {@code kernel},
 * {@code install}, {@code repl}, {@code run} and the commands the other packages add. Exit codes:
 * 0 clean/pass, 1 a notebook cell failed ({@code run}), 2 bad input, 3 a layer verdict or failed
 * check, 4 a port without a verdict. Every command prints errors as {@code fabriclab: FILE:LINE: message}.
 */
package org.fabriclab.kernel.cli;
