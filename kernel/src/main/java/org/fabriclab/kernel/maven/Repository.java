package org.fabriclab.kernel.maven;

/**
 * A Maven repository to search: an id (what {@code settings.xml}'s {@code <server>} and
 * {@code <mirrorOf>} name) and a URL ({@code https://...} or {@code file:...}).
 *
 * <pre>{@code
 * Repository.of("https://example.org/maven2");   // id "repo-example.org"
 * }</pre>
 */
public record Repository(String id, String url) {
    public static final Repository CENTRAL = new Repository("central", "https://repo.maven.apache.org/maven2/");

    /**
     * A repository given only by its URL, as {@code %maven --repo URL} does; its id is derived from
     * the host ({@code repo-HOST}, {@code repo-file} for a folder).
     *
     * @throws IllegalArgumentException when {@code url} is not an absolute URL
     */
    public static Repository of(String url) {
        java.net.URI u;
        try {
            u = new java.net.URI(url);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException("not a repository URL: " + url + " (" + e.getReason() + ")");
        }
        if (u.getScheme() == null) throw new IllegalArgumentException("not a repository URL: " + url + " (expected https://... or file:...)");
        String host = u.getHost() == null ? u.getScheme() : u.getHost();
        return new Repository("repo-" + host, url);
    }
}
