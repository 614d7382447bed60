package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.fabriclab.catalogue.Catalogue;
import org.junit.jupiter.api.Test;

/**
 * Every value a public capture holds has its meaning named by the catalogue, except the names listed in
 * {@code public_uncatalogued.tsv} (capture, source, raw name): the gaps known and left open, each for a
 * reason given in that file. A name that loses its catalogue line, or a capture that starts printing a new
 * name, fails here; so does a listed name the catalogue has since learned (delete its line).
 * A name counts as uncatalogued when a reading of it is not catalogued, or when it is absent (NA, N/A)
 * under a name the catalogue has no counter for.
 */
class PublicCapturesUncataloguedTest {
    static final String EXPECTED = "/org/fabriclab/catalogue/public_uncatalogued.tsv";

    /** capture file name -> "source\traw" names not catalogued, as read now. */
    static Map<String, TreeSet<String>> uncatalogued(Path dir) throws IOException {
        Catalogue cat = Catalogue.standard();
        Map<String, TreeSet<String>> out = new TreeMap<>();
        List<Path> captures;
        try (Stream<Path> s = Files.list(dir)) {
            captures = s.filter(p -> !p.getFileName().toString().equals("SOURCES.md")).sorted().toList();
        }
        for (Path p : captures) {
            Capture c = Readers.standard().read(p);
            TreeSet<String> names = new TreeSet<>();
            for (Reading r : c.readings()) if (!r.catalogued()) names.add(r.source() + "\t" + r.rawName());
            for (Absent a : c.absents()) if (cat.definition(a.counter()).isEmpty()) names.add(a.source() + "\t" + a.rawName());
            out.put(p.getFileName().toString(), names);
        }
        return out;
    }

    /** The expectation file: capture -> names; a capture line with "-" as source lists a capture with no gap. */
    static Map<String, TreeSet<String>> expected() throws IOException {
        Map<String, TreeSet<String>> out = new TreeMap<>();
        try (InputStream in = PublicCapturesUncataloguedTest.class.getResourceAsStream(EXPECTED)) {
            assertTrue(in != null, EXPECTED + " on the test classpath");
            int n = 0;
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n", -1)) {
                n++;
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] f = line.split("\t", -1);
                assertEquals(3, f.length, EXPECTED + ":" + n + ": capture, source, raw name");
                TreeSet<String> names = out.computeIfAbsent(f[0], k -> new TreeSet<>());
                if (!f[1].equals("-")) assertTrue(names.add(f[1] + "\t" + f[2]), EXPECTED + ":" + n + ": listed twice");
            }
        }
        return out;
    }

    @Test void everyPublicCaptureNamesTheMeaningOfItsValuesButTheListedGaps() throws IOException {
        Map<String, TreeSet<String>> now = uncatalogued(PublicCaptureFiles.dir()), want = expected();
        assertEquals(want.keySet(), now.keySet(), "every public capture has its line(s) in " + EXPECTED);
        List<String> wrong = new ArrayList<>();
        for (String capture : now.keySet()) {
            TreeSet<String> newGaps = new TreeSet<>(now.get(capture)), learned = new TreeSet<>(want.get(capture));
            newGaps.removeAll(want.get(capture));
            learned.removeAll(now.get(capture));
            newGaps.forEach(g -> wrong.add(capture + ": uncatalogued, not listed: " + g.replace('\t', ' ')));
            learned.forEach(g -> wrong.add(capture + ": listed, but the catalogue names it now: " + g.replace('\t', ' ')));
        }
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }

    /** The names this change catalogued stay catalogued where the public captures print them. */
    @Test void theGapsClosedStayClosed() throws IOException {
        Map<String, TreeSet<String>> now = uncatalogued(PublicCaptureFiles.dir());
        assertEquals(new TreeSet<>(), now.get("mlxlink_json_mft4.34_400g_dr4_osfp_yuuki.json"));
        assertEquals(new TreeSet<>(), now.get("mlxlink_json_mft4.34_400g_fec_histogram_serdes_yuuki.json"));
        TreeSet<String> cx4 = now.get("ethtool_S_mlx5_cx4lx_k4.15_ethq_noindent.txt");
        for (String n : List.of("rx_packets", "tx_packets", "rx_wqe_err", "rx_jabbers_phy", "tx_errors_phy", "rx3_wqe_err", "tx15_stopped", "rx_buffer_passed_thres_phy",
                "module_unplug", "module_bus_stuck", "module_high_temp", "module_bad_shorted")) {
            assertTrue(!cx4.contains("ethtool\t" + n), n);
        }
        TreeSet<String> old = now.get("ethtool_S_mlx5_old_driver_ethq_indented.txt");
        for (String n : List.of("too_long_errors", "out_errors", "jabbers", "fragments")) assertTrue(!old.contains("ethtool\t" + n), n);
        assertTrue(!now.get("ethtool_S_bnxt_en_broadcom_perring_prefix_ethq.txt").contains("ethtool\trx_buffer_passed_threshold"));
        TreeSet<String> ice = now.get("ethtool_S_ice_e810_intel_ethq.txt");
        for (String n : List.of("mac_local_faults.nic", "rx_jabber.nic")) assertTrue(!ice.contains("ethtool\t" + n), n);
    }
}
