package org.fabriclab.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NotebookPathsTest {
    @AfterEach void clear() { System.clearProperty(NotebookPaths.PROPERTY); }

    @Test void relativeToTheNotebookFolderAndShownRelativeToTheWorkingDirectory() {
        Path cwd = Path.of("").toAbsolutePath();
        System.setProperty(NotebookPaths.PROPERTY, cwd.resolve("src").toString());
        assertEquals(Path.of("src/main"), NotebookPaths.resolve("main"));
        assertEquals(Path.of("."), NotebookPaths.resolve(".."));
        assertEquals(Path.of("../datasets"), NotebookPaths.resolve("../../datasets"));
    }

    @Test void withoutThePropertyTheWorkingDirectoryIsTheNotebookFolder() {
        assertEquals(Path.of("src"), NotebookPaths.resolve("src"));
    }

    @Test void aPathThatOnlyExistsFromTheWorkingDirectoryIsTakenFromThere(@TempDir Path nbDir) {
        System.setProperty(NotebookPaths.PROPERTY, nbDir.toString());
        assertEquals(Path.of("src/main"), NotebookPaths.resolve("src/main"));
        assertEquals(nbDir.resolve("new"), NotebookPaths.resolve("new"), "neither exists: the notebook folder wins; far away stays absolute");
    }

    @Test void absoluteStaysAbsolute(@TempDir Path d) throws Exception {
        Files.createDirectories(d.resolve("x"));
        assertEquals(d.resolve("x"), NotebookPaths.resolve(d.resolve("x").toString()));
    }
}
