/**
 * The {@link org.fabriclab.kernel.maven.Resolver} implementation over Apache Maven Resolver and
 * Maven's settings builder. Defined only by {@code ResolverLoader}'s class loader (from
 * {@code kernel/target/resolver/}); nothing else in the kernel refers to these classes by type.
 */
package org.fabriclab.kernel.maven.aether;
