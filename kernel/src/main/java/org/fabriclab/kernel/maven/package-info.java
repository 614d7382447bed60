/**
 * {@code %maven} and {@code %mavenRepo}: Maven artifacts resolved (transitively, with
 * {@code ~/.m2/settings.xml}'s mirrors, proxies, servers and local repository) onto the cell class
 * path. This package holds the session's side only ({@link MavenDependencies}, JDK types); Apache
 * Maven Resolver and its own dependencies live in {@code kernel/target/resolver/}, off the
 * kernel's class path, and are loaded by {@link ResolverLoader} on the first {@code %maven} into
 * a loader of their own together with {@link org.fabriclab.kernel.maven.aether}, so neither the
 * kernel's start nor the cells see them.
 */
package org.fabriclab.kernel.maven;
