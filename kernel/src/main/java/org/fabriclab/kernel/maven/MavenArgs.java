package org.fabriclab.kernel.maven;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The arguments of {@code %maven} (picocli, as the CLI): coordinates, and {@code --repo URL} or
 * {@code --repo ID=URL} any number of times ({@code --from} as IJava spells it).
 *
 * <pre>{@code
 * MavenArgs a = MavenArgs.parse("--repo file:/tmp/repo com.example:liba:1.0 com.example:libc:2.1");
 * a.coordinates();    // [com.example:liba:1.0, com.example:libc:2.1]
 * a.repositories();   // [Repository[id=repo-file, url=file:/tmp/repo]]
 * }</pre>
 */
@Command(name = "%maven")
final class MavenArgs {
    /** group:artifact[:extension[:classifier]]:version, as Maven Resolver reads coordinates. */
    static final Pattern COORDINATES = Pattern.compile("[^:\\s]+:[^:\\s]+(:[^:\\s]+){1,3}");
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9._-]+=.+");

    @Option(names = {"--repo", "--from", "-r"}, paramLabel = "[ID=]URL") List<String> repos = new ArrayList<>();
    @Parameters(paramLabel = "GROUP:ARTIFACT:VERSION") List<String> coords = new ArrayList<>();

    List<String> coordinates() { return coords; }

    List<Repository> repositories() {
        List<Repository> out = new ArrayList<>();
        for (String r : repos) out.add(repository(r));
        return out;
    }

    /** {@code ID=URL} or {@code URL}. */
    static Repository repository(String arg) {
        if (ID.matcher(arg).matches() && !arg.startsWith("http") && !arg.startsWith("file:")) {
            int eq = arg.indexOf('=');
            Repository.of(arg.substring(eq + 1)); // validates the URL
            return new Repository(arg.substring(0, eq), arg.substring(eq + 1));
        }
        return Repository.of(arg);
    }

    /**
     * Parses {@code %maven}'s argument line.
     *
     * @throws IllegalArgumentException naming what is wrong, with the usage
     */
    static MavenArgs parse(String line) {
        MavenArgs a = new MavenArgs();
        String[] tokens = line.isBlank() ? new String[0] : line.trim().split("\\s+");
        try {
            new CommandLine(a).parseArgs(tokens);
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException(e.getMessage() + "\n" + USAGE);
        }
        if (a.coords.isEmpty()) throw new IllegalArgumentException("%maven needs coordinates\n" + USAGE);
        for (String c : a.coords) {
            if (!COORDINATES.matcher(c).matches()) {
                throw new IllegalArgumentException("%maven: '" + c + "' is not group:artifact:version\n" + USAGE);
            }
        }
        a.repositories();
        return a;
    }

    static final String USAGE = "usage: %maven [--repo [ID=]URL]... GROUP:ARTIFACT:VERSION...  "
            + "(e.g. %maven org.apache.commons:commons-csv:1.10.0; extension and classifier as group:artifact:jar:classifier:version)";
}
