package org.fabriclab.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.delta.Delta;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The counter-derived symbol BER of a RoCE port at the rate {@code ethtool X} gives (the reconcile fixture folder
 * {@code roce-rate-from-ethtool}: 350 {@code rx_symbol_err_phy} in 10 s at 100 Gb/s), and a sysfs {@code rate}
 * that disagrees with it: the snapshot keeps the first file's value, as it does for every attribute, and the BER
 * check names the other.
 */
class RoceBerRateFromEthtoolTest {
    @TempDir Path tmp;

    static Path folder() { return CaptureCsv.fixture("../reconcile/roce-rate-from-ethtool"); }

    @Test void symbolBerUsesEthtoolsSpeed() {
        Delta d = Delta.between(Snapshot.of(folder().resolve("before")), Snapshot.of(folder().resolve("after")));
        CheckRow r = row(Check.of(d).elapsed(10).grade(Policy.BER));
        assertEquals(350 / (100e9 * 10), r.value(), 1e-20);
        assertTrue(r.reason().contains("100 Gb/s"), r.reason());
        assertEquals(Outcome.FAIL, r.outcome(), "3.5e-10 is above the 1e-12 threshold");
    }

    @Test void aSysfsRateThatDisagreesIsNamedAndTheFirstFilesRateKept() throws IOException {
        Path before = copyWithSysfsRate("before"), after = copyWithSysfsRate("after");
        Snapshot a = Snapshot.of(after);
        List<PortAttr> rates = a.attrSources("mlx5_0/1", PortAttr.RATE_GBPS);
        assertEquals(2, rates.size(), rates.toString());
        // a folder's files are read in name order: ethtool.ens1f0np0.txt before sysfs.txt
        assertEquals(Optional.of("100"), a.attr("mlx5_0/1", PortAttr.RATE_GBPS));
        CheckRow r = row(Check.of(Delta.between(Snapshot.of(before), a)).elapsed(10).grade(Policy.BER));
        assertEquals(350 / (100e9 * 10), r.value(), 1e-20);
        assertTrue(r.reason().contains("sysfs.txt:6 says 25 Gb/s") && r.reason().contains("the captures disagree on the link rate"), r.reason());
    }

    private static CheckRow row(CheckResult res) {
        return res.rows().stream().filter(x -> x.port().equals("mlx5_0/1") && x.name().equals("symbol_ber(rx_symbol_err_phy)"))
                .findFirst().orElseThrow(() -> new AssertionError(res.rows().toString()));
    }

    private Path copyWithSysfsRate(String phase) throws IOException {
        Path to = Files.createDirectories(tmp.resolve(phase));
        try (var s = Files.list(folder().resolve(phase))) {
            for (Path p : s.toList()) Files.copy(p, to.resolve(p.getFileName()));
        }
        Files.writeString(to.resolve("sysfs.txt"), Files.readString(to.resolve("sysfs.txt"))
                + "/sys/class/infiniband/mlx5_0/ports/1/rate:25 Gb/sec (1X EDR)\n");
        return to;
    }
}
