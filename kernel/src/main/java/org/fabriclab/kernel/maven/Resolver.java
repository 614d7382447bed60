package org.fabriclab.kernel.maven;

import java.util.List;

/**
 * Resolves Maven coordinates with their runtime dependencies; implemented by
 * {@link org.fabriclab.kernel.maven.aether.AetherResolver} in the resolver's own class loader
 * ({@link ResolverLoader}), so this interface speaks only JDK types and this package's records.
 */
public interface Resolver {
    /**
     * The artifacts of {@code coordinates} ({@code group:artifact:version} or
     * {@code group:artifact:extension[:classifier]:version}) and everything they need at run time,
     * resolved in one graph (Maven's nearest-wins mediation between them), files downloaded into the
     * local repository; user-asked artifacts first, then in the graph's order.
     *
     * @param repositories searched after the ones {@code settings.xml} activates; mirrors apply to all
     * @throws IllegalArgumentException with the resolver's message when an artifact cannot be resolved
     */
    Resolution resolve(List<String> coordinates, List<Repository> repositories);

    /** What a resolution gave, and where from. */
    record Resolution(List<Artifact> artifacts, String localRepository, List<String> searched, int downloads, long downloadedBytes) {}
}
