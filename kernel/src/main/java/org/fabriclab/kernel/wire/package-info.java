/**
 * The Jupyter messaging protocol (5.3) over jeromq and Jackson: connection files, HMAC-SHA256
 * signing ({@link org.fabriclab.kernel.wire.Signer}), the wire codec, history, and
 * {@link org.fabriclab.kernel.wire.KernelServer}, which binds the five sockets to the connection
 * file's address only and serves them with one blocking thread each.
 *
 * <p>Why not {@code org.dflib.jjava:jjava-jupyter} (IJava's continuation): its socket loop polls
 * every 50 ms, which alone exceeds the 10 ms trivial-cell budget; blocking receives here answer as
 * soon as a message arrives.
 *
 * <pre>{@code
 * KernelServer k = KernelServer.start(ConnectionInfo.read(Path.of("kernel-1.json")));
 * k.awaitShutdown();
 * }</pre>
 */
package org.fabriclab.kernel.wire;
