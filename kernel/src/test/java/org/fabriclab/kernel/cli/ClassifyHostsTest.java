package org.fabriclab.kernel.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@code fabriclab classify BEFORE AFTER} on snapshots taken on two hosts at once with pdsh: each file is one tool's
 * output on both hosts, each line labelled {@code HOST: } as pdsh prints it (chaos/pdsh@21f59962d44abbdc66a5072384257cf2a01218f3,
 * src/pdsh/dsh.c), the lines of the two hosts interleaved. node01's lines are the ib fixture's (its symbol errors move),
 * node02's the ib fixture's before files on both sides (nothing moves): one verdict per host port.
 */
class ClassifyHostsTest {
    @Test void oneVerdictPerHostPort(@TempDir Path dir) throws Exception {
        Path ib = Path.of(ClassifyCommandTest.R + "ib");
        for (String side : List.of("before", "after")) {
            Path d = Files.createDirectories(dir.resolve(side));
            for (Path f : Files.list(ib.resolve(side)).sorted().toList()) {
                List<String> a = Files.readAllLines(f), b = Files.readAllLines(ib.resolve("before").resolve(f.getFileName()));
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
                    if (i < a.size()) sb.append("node01: ").append(a.get(i)).append('\n');
                    if (i < b.size()) sb.append("node02: ").append(b.get(i)).append('\n');
                }
                Files.writeString(d.resolve("pdsh-" + f.getFileName()), sb);
            }
        }
        ClassifyCommandTest.Run r = ClassifyCommandTest.run("classify", "--fabric", "ib", "--bytes", "1e12", dir.resolve("before").toString(),
                dir.resolve("after").toString(), "--json");
        assertEquals(3, r.code(), r.err());
        Map<String, String> verdicts = new LinkedHashMap<>();
        for (String line : r.out().trim().lines().toList()) {
            JsonNode v = new ObjectMapper().readTree(line);
            verdicts.put(v.get("port").asText(), v.get("verdict").asText());
        }
        assertEquals(Map.of("node01:mlx5_0/1", "physical", "node02:mlx5_0/1", "clean"), verdicts);
        assertEquals(List.of("node01:mlx5_0/1", "node02:mlx5_0/1"), List.copyOf(verdicts.keySet()));
    }
}
