package org.fabriclab.kernel.maven.aether;

import java.util.ArrayList;
import java.util.List;

import org.apache.maven.settings.Mirror;
import org.apache.maven.settings.Profile;
import org.apache.maven.settings.Proxy;
import org.apache.maven.settings.Server;
import org.apache.maven.settings.Settings;
import org.eclipse.aether.repository.AuthenticationSelector;
import org.eclipse.aether.repository.MirrorSelector;
import org.eclipse.aether.repository.ProxySelector;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.util.repository.AuthenticationBuilder;
import org.eclipse.aether.util.repository.DefaultAuthenticationSelector;
import org.eclipse.aether.util.repository.DefaultMirrorSelector;
import org.eclipse.aether.util.repository.DefaultProxySelector;

/**
 * What {@code settings.xml} says about repositories, as Maven Resolver's selectors: mirrors
 * ({@code mirrorOf}, with {@code *}, {@code external:*} and {@code !id} as Maven reads them),
 * active proxies, server credentials by repository id, and the repositories of the profiles that
 * are active ({@code activeProfiles} or {@code activeByDefault}).
 *
 * <pre>{@code
 * builder.setMirrorSelector(SettingsSelectors.mirrors(settings));
 * }</pre>
 */
final class SettingsSelectors {
    private SettingsSelectors() {}

    static MirrorSelector mirrors(Settings s) {
        DefaultMirrorSelector m = new DefaultMirrorSelector();
        for (Mirror x : s.getMirrors()) {
            m.add(x.getId(), x.getUrl(), x.getLayout(), false, x.isBlocked(), x.getMirrorOf(), x.getMirrorOfLayouts());
        }
        return m;
    }

    static ProxySelector proxies(Settings s) {
        DefaultProxySelector p = new DefaultProxySelector();
        for (Proxy x : s.getProxies()) {
            if (!x.isActive()) continue;
            var auth = x.getUsername() == null ? null
                    : new AuthenticationBuilder().addUsername(x.getUsername()).addPassword(x.getPassword()).build();
            p.add(new org.eclipse.aether.repository.Proxy(x.getProtocol(), x.getHost(), x.getPort(), auth), x.getNonProxyHosts());
        }
        return p;
    }

    static AuthenticationSelector authentication(Settings s) {
        DefaultAuthenticationSelector a = new DefaultAuthenticationSelector();
        for (Server x : s.getServers()) {
            AuthenticationBuilder b = new AuthenticationBuilder();
            if (x.getUsername() != null) b.addUsername(x.getUsername()).addPassword(x.getPassword());
            if (x.getPrivateKey() != null) b.addPrivateKey(x.getPrivateKey(), x.getPassphrase());
            a.add(x.getId(), b.build());
        }
        return a;
    }

    static List<RemoteRepository> profileRepositories(Settings s) {
        List<String> active = s.getActiveProfiles();
        List<RemoteRepository> out = new ArrayList<>();
        for (Profile p : s.getProfiles()) {
            boolean on = active.contains(p.getId()) || (p.getActivation() != null && p.getActivation().isActiveByDefault());
            if (!on) continue;
            for (org.apache.maven.settings.Repository r : p.getRepositories()) {
                out.add(new RemoteRepository.Builder(r.getId(), r.getLayout() == null ? "default" : r.getLayout(), r.getUrl()).build());
            }
        }
        return out;
    }
}
