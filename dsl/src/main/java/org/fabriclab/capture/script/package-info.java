/**
 * The fallback reader for what collection scripts print: counters the catalogue knows, one per line,
 * under the script's own header lines. It scores below every specific reader, so it reads only what
 * no tool's reader claims.
 *
 * <pre>{@code
 * Capture c = Readers.standard().read(Path.of("collect_mlx5_0.log"));   // sniffed as "script"
 * }</pre>
 */
package org.fabriclab.capture.script;
