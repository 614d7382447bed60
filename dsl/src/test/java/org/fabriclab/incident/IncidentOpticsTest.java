package org.fabriclab.incident;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.check.CheckRow;
import org.fabriclab.check.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * incident(dir) on a bundled RoCE folder with the transceiver's diagnostics ({@code ethtool -m}) in
 * the later snapshot: the module's own thresholds are checked beside the counters, the failing lane is
 * named in the port's findings and next steps, joined to the RDMA port through its netdev, and the
 * counters' verdict is unchanged.
 */
class IncidentOpticsTest {
    @TempDir Path tmp;

    private Path withModule(String dataset, String module) throws IOException {
        Path dir = IncidentDatasetsTest.copy(dataset, tmp);
        Files.copy(CaptureCsv.fixture("ethtool/" + module), dir.resolve("after").resolve("ethtool-m.txt"));
        return dir;
    }

    @Test void aLaneUnderItsAlarmIsNamedBesideTheVerdictWhichItDoesNotChange() throws IOException {
        String verdict = Incident.of(IncidentDatasetsTest.DATASETS.resolve("roce-lossless-broken")).port("mlx5_0/1").verdict().verdict();
        Incident inc = Incident.of(withModule("roce-lossless-broken", "qsfp28_sff8636_prompt.txt"));
        PortReport p = inc.port("mlx5_0/1");
        assertEquals(verdict, p.verdict().verdict());
        assertTrue(p.why().stream().anyMatch(w -> w.startsWith("optics (ethtool -m): rx_power_dbm lane 3: rx power -15.00 dBm below the module's low-alarm threshold -13.30 dBm")),
                p.why().toString());
        assertTrue(p.nextSteps().stream().anyMatch(s -> s.startsWith("optics failed on lane 3: clean and reseat")), p.nextSteps().toString());
        CheckRow row = inc.zeroTolerance().rows().stream().filter(r -> r.check().equals(CheckRow.OPTICS) && r.outcome() == Outcome.FAIL)
                .findFirst().orElseThrow();
        assertEquals("mlx5_0/1", row.port(), "the module's netdev joined to the RDMA port");
        assertTrue(inc.linkTables().stream().anyMatch(t -> t.name().equals("optics")));
        assertTrue(inc.toHtml().contains("Link: BER, module and optics"));
    }

    @Test void aWarningIsAFindingButNoNextStepAndAnUnnamedDumpGoesWithTheOnlyRdmaPort() throws IOException {
        // the SFP dump is copied as ethtool-m.txt, naming no interface: the folder's only RDMA port is its port
        Incident inc = Incident.of(withModule("roce-lossless-broken", "ethtool_m_ens2f1.txt"));
        PortReport p = inc.port("mlx5_0/1");
        assertTrue(p.why().stream().anyMatch(w -> w.startsWith("optics (ethtool -m): rx_power_dbm lane 1: rx power -11.50 dBm below the module's low-warning")),
                p.why().toString());
        assertTrue(p.nextSteps().stream().noneMatch(s -> s.startsWith("optics failed")), p.nextSteps().toString());
    }
}
