/**
 * Writing outputs safely: {@link org.fabriclab.io.AtomicFiles} puts a file or a whole folder in place
 * with one rename, removes its temporaries on failure and at exit, and removes those a killed
 * writer left behind on the next write of the same target. {@link org.fabriclab.io.Json} holds the one Jackson mapper
 * the readers parse JSON with, made on first use.
 *
 * <pre>{@code
 * AtomicFiles.write(Path.of("pause.png"), bytes);
 * }</pre>
 */
package org.fabriclab.io;
