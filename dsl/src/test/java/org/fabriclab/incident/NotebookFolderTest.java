package org.fabriclab.incident;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NotebookFolderTest {
    @AfterEach void clear() { System.clearProperty(NotebookFolder.PROPERTY); }

    @Test void relativeToTheNotebookFolderAndShownRelativeToTheWorkingDirectory() {
        Path cwd = Path.of("").toAbsolutePath();
        System.setProperty(NotebookFolder.PROPERTY, cwd.resolve("src").toString());
        assertEquals(Path.of("src/main"), NotebookFolder.resolve("main"));
        assertEquals(Path.of("."), NotebookFolder.resolve(".."));
        assertEquals(Path.of("../datasets"), NotebookFolder.resolve("../../datasets"));
    }

    @Test void withoutThePropertyTheWorkingDirectoryIsTheNotebookFolder() {
        assertEquals(Path.of("src"), NotebookFolder.resolve("src"));
    }

    @Test void aPathThatOnlyExistsFromTheWorkingDirectoryIsTakenFromThere(@TempDir Path nbDir) {
        System.setProperty(NotebookFolder.PROPERTY, nbDir.toString());
        assertEquals(Path.of("src/main"), NotebookFolder.resolve("src/main"));
        assertEquals(nbDir.resolve("new"), NotebookFolder.resolve("new"), "neither exists: the notebook folder wins; far away stays absolute");
    }

    @Test void absoluteStaysAbsolute(@TempDir Path d) throws Exception {
        Files.createDirectories(d.resolve("x"));
        assertEquals(d.resolve("x"), NotebookFolder.resolve(d.resolve("x").toString()));
    }
}
