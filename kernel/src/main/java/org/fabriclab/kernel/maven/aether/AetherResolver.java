package org.fabriclab.kernel.maven.aether;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.maven.settings.Settings;
import org.apache.maven.settings.building.DefaultSettingsBuilderFactory;
import org.apache.maven.settings.building.DefaultSettingsBuildingRequest;
import org.apache.maven.settings.building.SettingsBuildingException;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.graph.Dependency;
import org.eclipse.aether.graph.DependencyNode;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyRequest;
import org.eclipse.aether.resolution.DependencyResolutionException;
import org.eclipse.aether.supplier.RepositorySystemSupplier;
import org.eclipse.aether.supplier.SessionBuilderSupplier;
import org.eclipse.aether.transfer.AbstractTransferListener;
import org.eclipse.aether.transfer.TransferEvent;
import org.eclipse.aether.util.artifact.JavaScopes;
import org.eclipse.aether.util.filter.DependencyFilterUtils;
import org.fabriclab.kernel.maven.Artifact;
import org.fabriclab.kernel.maven.Repository;
import org.fabriclab.kernel.maven.Resolver;

/**
 * {@link Resolver} over Apache Maven Resolver with Maven 3's POM reading
 * ({@code maven-resolver-supplier-mvn3}): the user's and the global {@code settings.xml} (local
 * repository, mirrors, proxies, server credentials, the repositories of active profiles), the
 * runtime scope, Maven's nearest-wins mediation. Loaded only by
 * {@link org.fabriclab.kernel.maven.ResolverLoader}'s class loader.
 *
 * <p>Files: {@code -Dfabriclab.maven.settings=FILE} replaces {@code ~/.m2/settings.xml};
 * {@code -Dmaven.repo.local=DIR} overrides the local repository as in Maven;
 * {@code $MAVEN_HOME/conf/settings.xml} (or {@code -Dmaven.home}) is the global settings file.
 *
 * <pre>{@code
 * Resolver r = new AetherResolver();
 * r.resolve(List.of("org.apache.commons:commons-csv:1.10.0"), List.of());
 * }</pre>
 */
public final class AetherResolver implements Resolver {
    public static final String SETTINGS_PROPERTY = "fabriclab.maven.settings";

    private final RepositorySystem system = new RepositorySystemSupplier().get();

    public AetherResolver() {}

    @Override public Resolution resolve(List<String> coordinates, List<Repository> extra) {
        Settings settings = settings();
        Path local = localRepository(settings);
        AtomicInteger downloads = new AtomicInteger();
        AtomicLong bytes = new AtomicLong();
        RepositorySystemSession.SessionBuilder builder = new SessionBuilderSupplier(system).get()
                .withLocalRepositoryBaseDirectories(local)
                .setOffline(settings.isOffline())
                .setMirrorSelector(SettingsSelectors.mirrors(settings))
                .setProxySelector(SettingsSelectors.proxies(settings))
                .setAuthenticationSelector(SettingsSelectors.authentication(settings))
                .setTransferListener(new AbstractTransferListener() {
                    @Override public void transferSucceeded(TransferEvent event) {
                        if (event.getRequestType() == TransferEvent.RequestType.GET) {
                            downloads.incrementAndGet();
                            bytes.addAndGet(event.getTransferredBytes());
                        }
                    }
                });
        try (RepositorySystemSession.CloseableSession session = builder.build()) {
            List<RemoteRepository> repos = new ArrayList<>(SettingsSelectors.profileRepositories(settings));
            for (Repository r : extra) repos.add(new RemoteRepository.Builder(r.id(), "default", r.url()).build());
            if (repos.stream().noneMatch(r -> r.getId().equals(Repository.CENTRAL.id()))) {
                repos.add(new RemoteRepository.Builder(Repository.CENTRAL.id(), "default", Repository.CENTRAL.url()).build());
            }
            repos = system.newResolutionRepositories(session, repos);
            CollectRequest collect = new CollectRequest();
            for (String c : coordinates) {
                DefaultArtifact a;
                try {
                    a = new DefaultArtifact(c);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("%maven: '" + c + "' is not group:artifact:version (" + e.getMessage() + ")");
                }
                collect.addDependency(new Dependency(a, JavaScopes.RUNTIME));
            }
            collect.setRepositories(repos);
            DependencyRequest request = new DependencyRequest(collect, DependencyFilterUtils.classpathFilter(JavaScopes.RUNTIME));
            List<ArtifactResult> results;
            Map<String, String> parents = new HashMap<>();
            try {
                var res = system.resolveDependencies(session, request);
                results = res.getArtifactResults();
                if (res.getRoot() != null) parents(res.getRoot(), null, parents);
            } catch (DependencyResolutionException e) {
                throw new IllegalArgumentException("%maven: " + e.getMessage() + searched(repos), e);
            }
            Map<String, Artifact> out = new LinkedHashMap<>();
            for (ArtifactResult r : results) {
                org.eclipse.aether.artifact.Artifact a = r.getArtifact();
                if (a == null) continue;
                String key = a.getGroupId() + ":" + a.getArtifactId();
                Path file = a.getPath() == null || !"jar".equals(a.getExtension()) ? null : a.getPath();
                out.putIfAbsent(key, new Artifact(a.getGroupId(), a.getArtifactId(), a.getBaseVersion(), file, parents.get(key)));
            }
            List<String> searched = new ArrayList<>();
            for (RemoteRepository r : repos) searched.add(r.getId() + " " + r.getUrl());
            return new Resolution(new ArrayList<>(out.values()), local.toString(), searched, downloads.get(), bytes.get());
        }
    }

    /** The artifact each graph node's artifact was first reached from ({@code group:artifact:version}). */
    private static void parents(DependencyNode node, String parent, Map<String, String> out) {
        String self = null;
        if (node.getArtifact() != null) {
            var a = node.getArtifact();
            String key = a.getGroupId() + ":" + a.getArtifactId();
            if (parent != null) out.putIfAbsent(key, parent);
            self = key + ":" + a.getBaseVersion();
        }
        for (DependencyNode c : node.getChildren()) parents(c, self, out);
    }

    private static String searched(List<RemoteRepository> repos) {
        StringBuilder sb = new StringBuilder(" (searched");
        for (RemoteRepository r : repos) sb.append(' ').append(r.getId()).append('=').append(r.getUrl());
        return sb.append(')').toString();
    }

    /** The effective settings: global then user file, as Maven merges them. */
    static Settings settings() {
        DefaultSettingsBuildingRequest req = new DefaultSettingsBuildingRequest();
        req.setUserSettingsFile(userSettings());
        String home = System.getProperty("maven.home", System.getenv("MAVEN_HOME"));
        if (home != null) req.setGlobalSettingsFile(new File(home, "conf/settings.xml"));
        req.setSystemProperties(System.getProperties());
        try {
            return new DefaultSettingsBuilderFactory().newInstance().build(req).getEffectiveSettings();
        } catch (SettingsBuildingException e) {
            throw new IllegalArgumentException("%maven: cannot read settings.xml: " + e.getMessage(), e);
        }
    }

    static File userSettings() {
        String p = System.getProperty(SETTINGS_PROPERTY);
        if (p != null && !p.isBlank()) return new File(p);
        return new File(System.getProperty("user.home"), ".m2/settings.xml");
    }

    static Path localRepository(Settings s) {
        String p = System.getProperty("maven.repo.local");
        if (p == null || p.isBlank()) p = s.getLocalRepository();
        if (p == null || p.isBlank()) return Path.of(System.getProperty("user.home"), ".m2", "repository");
        return Path.of(p).toAbsolutePath();
    }
}
