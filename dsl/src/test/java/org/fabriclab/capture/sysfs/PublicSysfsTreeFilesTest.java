package org.fabriclab.capture.sysfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.PublicCaptureFiles;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.Reading;
import org.junit.jupiter.api.Test;

/**
 * Every file of the public sysfs tree (gpud's copied {@code /sys/class/infiniband}), given alone, reads
 * as sysfs with the reading the whole tree gives for it: same port, counter, value and file.
 */
class PublicSysfsTreeFilesTest {
    @Test void eachFileReadsAloneAsInTheTree() throws IOException {
        Path tree = PublicCaptureFiles.file("sysfs_tree_h100_9dev_gpud");
        Map<String, Reading> whole = new HashMap<>();
        for (Reading r : Readers.standard().read(tree).readings()) whole.put(Path.of(r.file()).toAbsolutePath().normalize().toString(), r);
        List<Path> files;
        try (Stream<Path> s = Files.walk(tree)) {
            files = s.filter(Files::isRegularFile).sorted().toList();
        }
        assertTrue(files.size() > 400, "files: " + files.size());
        int counters = 0;
        for (Path f : files) {
            Capture alone = Readers.standard().read(f);
            for (Reading r : alone.readings()) {
                Reading t = whole.get(f.toAbsolutePath().normalize().toString());
                assertTrue(t != null, f + " is not a reading of the tree");
                assertEquals(t.port(), r.port(), f.toString());
                assertEquals(t.counter(), r.counter(), f.toString());
                assertEquals(t.value(), r.value(), f.toString());
                counters++;
            }
        }
        assertEquals(whole.size(), counters, "every counter of the tree, read file by file");
    }

    /** A port attribute read from the tree names its own file (the report cites it), as counters do, not the tree's root. */
    @Test void attributesNameTheirOwnFile() {
        Path tree = PublicCaptureFiles.file("sysfs_tree_h100_9dev_gpud");
        Capture c = Readers.standard().read(tree);
        var rate = c.attrs().stream().filter(a -> a.port().equals("mlx5_4/1") && a.key().equals(org.fabriclab.capture.PortAttr.RATE_GBPS)).findFirst().orElseThrow();
        assertEquals(tree.resolve("mlx5_4/ports/1/rate").toAbsolutePath().normalize(), Path.of(rate.file()).toAbsolutePath().normalize());
        var ll = c.attrs().stream().filter(a -> a.port().equals("mlx5_bond_0/1") && a.key().equals(org.fabriclab.capture.PortAttr.LINK_LAYER)).findFirst().orElseThrow();
        assertTrue(ll.file().endsWith("link_layer"), ll.file());
    }
}
