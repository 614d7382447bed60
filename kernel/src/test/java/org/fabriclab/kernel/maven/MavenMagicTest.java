package org.fabriclab.kernel.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.fabriclab.kernel.eval.CellResult;
import org.fabriclab.kernel.eval.Session;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code %maven} against a file-based repository this test builds (no network): transitive,
 * through {@code settings.xml}'s mirror into its local repository, onto the cell class path only.
 */
class MavenMagicTest {
    @TempDir Path dir;
    FileRepository repo;
    Path local;
    String before;

    @BeforeEach void repository() throws Exception {
        repo = new FileRepository(dir.resolve("repo"));
        repo.add("com.example", "libb", "1.0", List.of(), "package com.example.b; public class B { public static int two() { return 2; } }");
        repo.add("com.example", "liba", "1.0", List.of("com.example:libb:1.0"),
                "package com.example.a; public class A { public static int answer() { return 21 * com.example.b.B.two(); } }");
        repo.add("com.example", "libc", "1.0", List.of(), "package com.example.c; public class C { public static String name() { return \"c\"; } }");
        local = dir.resolve("local-repo");
        before = System.getProperty("fabriclab.maven.settings");
    }

    @AfterEach void restore() {
        if (before == null) System.clearProperty("fabriclab.maven.settings");
        else System.setProperty("fabriclab.maven.settings", before);
    }

    /** settings.xml with a local repository and a mirror of everything (central too) onto the test repository. */
    private void settings(boolean mirror) throws Exception {
        String s = "<settings><localRepository>" + local + "</localRepository>"
                + (mirror ? "<mirrors><mirror><id>test-mirror</id><mirrorOf>*</mirrorOf><url>" + repo.url() + "</url></mirror></mirrors>" : "")
                + "<profiles><profile><id>p</id><repositories><repository><id>fabric-test</id><url>http://127.0.0.1:9/never</url></repository>"
                + "</repositories></profile></profiles><activeProfiles><activeProfile>p</activeProfile></activeProfiles></settings>";
        Path f = dir.resolve("settings.xml");
        Files.writeString(f, s);
        System.setProperty("fabriclab.maven.settings", f.toString());
    }

    private static String[] run(Session s, String code, int n, CellResult[] result) {
        PrintStream out = System.out, err = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
        try {
            result[0] = s.eval(code, n);
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        return new String[] {o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8)};
    }

    @Test void resolvesTransitivelyThroughSettingsOntoTheCellClassPathOnly() throws Exception {
        settings(true);
        try (Session s = Session.open()) {
            CellResult[] r = new CellResult[1];
            String[] out = run(s, "%maven com.example:liba:1.0\ncom.example.a.A.answer()", 1, r);
            assertTrue(r[0].ok(), String.valueOf(r[0].error()) + out[0] + out[1]);
            assertEquals(42, r[0].value(), "liba runs and finds libb, its dependency");
            assertTrue(out[0].contains("added 2 jars") && out[0].contains("com.example:libb:1.0  (needed by com.example:liba:1.0)"), out[0]);
            assertTrue(Files.isRegularFile(local.resolve("com/example/libb/1.0/libb-1.0.jar")), "downloaded into settings.xml's local repository");
            assertThrows(ClassNotFoundException.class, () -> Class.forName("com.example.a.A"), "never on the kernel's class path");
            // again: nothing new; a second version of a library already there is refused by name
            repo.add("com.example", "libb", "2.0", List.of(), "package com.example.b; public class B { public static int two() { return 3; } }");
            out = run(s, "%maven com.example:liba:1.0 com.example:libb:2.0", 2, r);
            assertTrue(r[0].ok(), String.valueOf(r[0].error()));
            assertTrue(out[1].contains("conflict: com.example:libb:2.0") && out[1].contains("com.example:libb:1.0"), out[1]);
            assertEquals(42, s.eval("com.example.a.A.answer()", 3).value());
        }
    }

    @Test void severalAtOnceFromARepositoryGivenOnTheLine() throws Exception {
        settings(false);
        try (Session s = Session.open()) {
            CellResult[] r = new CellResult[1];
            String[] out = run(s, "%maven --repo " + repo.url() + " com.example:libc:1.0 com.example:liba:1.0", 1, r);
            assertTrue(r[0].ok(), String.valueOf(r[0].error()) + out[1]);
            assertTrue(out[0].contains("added 3 jars"), out[0]);
            assertEquals("c42", s.eval("com.example.c.C.name() + com.example.a.A.answer()", 2).value());
        }
    }

    @Test void anArtifactNobodyHasIsAnErrorAndTheSessionGoesOn() throws Exception {
        settings(true);
        try (Session s = Session.open()) {
            CellResult[] r = new CellResult[1];
            run(s, "%maven com.example:nosuch:9.9", 1, r);
            assertFalse(r[0].ok());
            assertTrue(r[0].error().evalue().contains("com.example:nosuch"), r[0].error().evalue());
            assertEquals(7, s.eval("3 + 4", 2).value());
            run(s, "%maven not-coordinates", 3, r);
            assertTrue(r[0].error().evalue().contains("is not group:artifact:version"), r[0].error().evalue());
        }
    }

    @Test void theResolverLoadsOnFirstUseInALoaderOfItsOwn() throws Exception {
        AtomicInteger made = new AtomicInteger();
        MavenDependencies m = new MavenDependencies(List::of, () -> {
            made.incrementAndGet();
            return ResolverLoader.load();
        });
        m.repository("extra " + repo.url());
        assertEquals(0, made.get(), "nothing loads the resolver before a %maven");
        settings(true);
        MavenDependencies.Outcome o = m.maven("com.example:libc:1.0", List.of(), jar -> { });
        assertEquals(1, made.get());
        assertEquals(1, o.jars().size());
        Resolver r = ResolverLoader.load();
        assertEquals("fabriclab-maven-resolver", r.getClass().getClassLoader().getName(), "Maven Resolver's own loader, not the kernel's");
        assertTrue(Files.isDirectory(ResolverLoader.directory()), "the build copies the resolver beside the kernel's classes: " + ResolverLoader.directory());
    }
}
