/**
 * The {@code fabriclab} command line (picocli): {@code show}, {@code classify} and the commands the
 * other packages add. Exit codes: 0 clean/pass, 2 bad input, 3 a layer verdict or failed check,
 * 4 a port without a verdict. Every command prints errors as {@code fabriclab: FILE:LINE: message}.
 */
package org.fabriclab.kernel.cli;
