package org.fabriclab.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.fabriclab.capture.ibdiagnet.IbdiagnetCsvReader;
import org.fabriclab.capture.ibdiagnet.IbdiagnetLogReader;
import org.fabriclab.capture.ibdiagnet.IbdiagnetPmReader;
import org.fabriclab.capture.mlxlink.MlxlinkReader;
import org.fabriclab.capture.perftest.PerftestReader;
import org.fabriclab.capture.telemetry.UfmCsvReader;
import org.fabriclab.capture.telemetry.UfmJsonReader;
import org.junit.jupiter.api.Test;

/**
 * Content sniffing over the public captures: each file of the ibdiagnet, perftest and UFM formats is
 * claimed by its reader through {@link Readers#standard()}, and none of these readers claims a file
 * of another format (perfquery, sysfs, ethtool, rdma).
 */
class GroupBPublicSniffTest {
    private static final Map<String, String> OWN = Map.of(
            "ibdiagnet2_pm_hca_block_sequoia.pm", "ibdiagnet-pm",
            "ibdiagnet2_pm_head3ports_sequoia.pm", "ibdiagnet-pm",
            "ibdiagnet2_db_csv_excerpt_sequoia.csv", "ibdiagnet-csv",
            "ibdiagnet2_log_sequoia.log", "ibdiagnet-log",
            "perftest_ib_write_bw_loopback_8M_superbench.log", "perftest",
            "perftest_ib_write_bw_loopback_allsizes_superbench.log", "perftest",
            "ufm_telemetry_fluentd_small_sample.json", "ufm-json");

    private static final List<CaptureReader> MINE = List.of(new IbdiagnetPmReader(), new IbdiagnetCsvReader(), new IbdiagnetLogReader(),
            new PerftestReader(), new MlxlinkReader(), new UfmCsvReader(), new UfmJsonReader());

    @Test void ownFilesAreClaimedByTheirReader() {
        for (Map.Entry<String, String> e : OWN.entrySet()) {
            Input in = Input.of(PublicCaptureFiles.file(e.getKey()));
            assertEquals(e.getValue(), Readers.standard().choose(in).format(), e.getKey());
            assertTrue(Readers.standard().read(in).toString().startsWith("capture "), e.getKey());
        }
    }

    @Test void otherFormatsAreNotClaimed() throws IOException {
        Path dir = PublicCaptureFiles.file("SOURCES.md").getParent();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.sorted().toList()) {
                String n = p.getFileName().toString();
                if (OWN.containsKey(n) || n.equals("SOURCES.md")) continue;
                Input in = Input.of(p);
                for (CaptureReader r : MINE) assertEquals(0, r.sniff(in), r.format() + " must not claim " + n);
            }
        }
    }
}
