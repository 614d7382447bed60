package org.fabriclab.capture.mlnxperf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Readers;
import org.fabriclab.catalogue.Catalogue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;

class MlnxPerfReaderTest {
    private final MlnxPerfReader reader = new MlnxPerfReader();
    @TempDir Path tmp;

    private static Capture fixture(String name) {
        return new MlnxPerfReader().read(Input.of(CaptureCsv.fixture("mlnxperf/" + name)));
    }

    private static Row row(Table t, String counter, long sample) {
        for (Row r : t) if (r.getString("counter").equals(counter) && r.getLong("sample") == sample) return r;
        throw new AssertionError("no row " + counter + " in sample " + sample + " of\n" + t.print());
    }

    private static Row changeRow(Capture c, String counter) {
        for (Row r : c.measurements(RateTables.CHANGE).orElseThrow()) if (r.getString("counter").equals(counter)) return r;
        throw new AssertionError("no change row " + counter);
    }

    @Test void ratesAreATableNeverCounterReadings() {
        Capture c = fixture("mlnx_perf_t2_c3_roce_pause.txt");
        // a rate taken for a cumulative value would make before/after deltas of rates
        assertTrue(c.readings().isEmpty(), c.readings().toString());
        assertTrue(c.absents().isEmpty());
        String p = "netdev ens2f0np0";
        assertEquals(Optional.of("ens2f0np0"), c.attr(p, PortAttr.NETDEV));
        assertEquals(Optional.of("2.0"), c.attr(p, "interval_s"));
        Table rates = c.measurements(RateTables.RATES).orElseThrow();
        assertEquals(13, rates.rowCount());
        Row pause = row(rates, "rx_prio3_pause", 1);
        assertEquals(600.0, pause.getDouble("rate"));
        assertEquals("count/s", pause.getString("unit"));
        assertEquals(6, pause.getLong("line"));
        assertEquals(Catalogue.standard().definition("rx_prio3_pause").orElseThrow().help(), pause.getString("meaning"));
        assertEquals("congestion", pause.getString("layer"));
        // a pause duration rate is microseconds paused per second
        assertEquals("us/s", row(rates, "rx_prio3_pause_duration", 1).getString("unit"));
        assertEquals("bytes/s", row(rates, "rx_vport_rdma_unicast_bytes", 1).getString("unit"));
        assertEquals(4_915_200_000.0, row(rates, "rx_vport_rdma_unicast_bytes", 1).getDouble("rate"));
        // the third interval printed a bytes line only (no '--------' after it)
        assertEquals(500.0, row(rates, "rx_vport_rdma_unicast_bytes", 3).getDouble("rate"));
        assertEquals(1, c.warnings().size(), c.warnings().toString());
        assertTrue(c.warnings().get(0).contains("not counter values: no counter reading is taken from it"), c.warnings().get(0));
    }

    @Test void theChangeIsTheRatesTimesTheInterval() {
        Capture c = fixture("mlnx_perf_t2_c3_roce_pause.txt");
        Row pause = changeRow(c, "rx_prio3_pause");
        // 600 and 12.50 per second, each over -t 2
        assertEquals(2, pause.getLong("intervals"));
        assertEquals(612.5, pause.getDouble("rate_sum"));
        assertEquals(2.0, pause.getDouble("interval_s"));
        assertEquals(1225, pause.getLong("change"));
        assertTrue(pause.getString("basis").contains("-t 2 (line 1)"), pause.getString("basis"));
        assertTrue(pause.getString("basis").contains("-c 3 intervals, 6 s"), pause.getString("basis"));
        assertEquals(2 * (4_915_200_000L + 4_710_402_048L) + 1 + 2 * 500, changeRow(c, "rx_vport_rdma_unicast_bytes").getLong("change"));
    }

    @Test void theDigitsAfterTheDotAreHundredthsNotADecimalFraction() {
        // thous() prints 12.05 as "12.5" and 12.50 as "12.50"
        Path f = BadInput.write(tmp, "p.txt", "Sampling started.\n                rx_prio3_pause: 12.5\n               rx_discards_phy: 12.50\n--------\n");
        Table rates = reader.read(Input.of(f)).measurements(RateTables.RATES).orElseThrow();
        assertEquals(12.05, row(rates, "rx_prio3_pause", 1).getDouble("rate"));
        assertEquals(12.5, row(rates, "rx_discards_phy", 1).getDouble("rate"));
        assertEquals(-1, PerfNumber.hundredths("12.05"));   // never printed: the hundredths have no leading zero
        assertEquals(-1, PerfNumber.hundredths("1234"));    // the whole part is always grouped
        assertEquals(-1, PerfNumber.hundredths("1,23"));
        assertEquals(123_456_700L, PerfNumber.hundredths("1,234,567"));
    }

    @Test void withoutACommandLineTheDefaultIntervalIsAssumedAndSaid() {
        Capture c = fixture("mlnx_perf_default_interval_ctrl_c.txt");
        // no attribute names the interface: the rows name netdev ?, and the capture has no port of its own
        assertEquals(List.of(), c.ports());
        Table rates = c.measurements(RateTables.RATES).orElseThrow();
        assertEquals(List.of(MlnxPerfReader.UNNAMED), rates.stringColumn("port").unique().asList());
        // the first two intervals printed bytes lines only: a name printed again starts the next interval
        assertEquals(3, (long) rates.longColumn("sample").max());
        assertEquals(9.0, row(rates, "tx_prio3_pause", 3).getDouble("rate"));
        Row storm = changeRow(c, "tx_pause_storm_warning_events");
        assertEquals(1, storm.getLong("change"));
        assertTrue(storm.getString("basis").contains("default interval of 1 s"), storm.getString("basis"));
        assertEquals(2, c.warnings().size(), c.warnings().toString());
        assertTrue(c.warnings().get(1).contains("default interval of 1 s is assumed"), c.warnings().get(1));
        // the banner, the separator, the UP share and the Ctrl-C traceback are noise, not an error
        assertEquals(8, c.noiseLines());
    }

    @Test void aTracebackOfAnotherErrorIsAWarning() {
        Path f = BadInput.write(tmp, "p.txt", "Initializing mlnx_perf...\nSampling started.\n      rx_prio3_pause: 3\n--------\n"
                + "Traceback (most recent call last):\n  File \"/usr/bin/mlnx_perf\", line 62, in get_stats\n"
                + "ValueError: too many values to unpack (expected 2)\n");
        Capture c = reader.read(Input.of(f));
        assertEquals(1, c.measurements(RateTables.RATES).orElseThrow().rowCount());
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains(":7: mlnx_perf stopped with 'ValueError")), c.warnings().toString());
    }

    @Test void anUncataloguedNameSaysSo() {
        Path f = BadInput.write(tmp, "p.txt", "$ mlnx_perf -i eth3\n                    ch46_poll: 1,024\n      tx_vport_broadcast_bytes: 319 Bps              = 0 Mbps\n");
        Table rates = reader.read(Input.of(f)).measurements(RateTables.RATES).orElseThrow();
        Row r = row(rates, "ch46_poll", 1);
        assertEquals(RateTables.UNCATALOGUED, r.getString("meaning"));
        assertEquals("-", r.getString("layer"));
        assertEquals("count/s", r.getString("unit"));
        assertNotEquals(RateTables.UNCATALOGUED, row(rates, "tx_vport_broadcast_bytes", 1).getString("meaning"));
    }

    @Test void sniffedAmongAllReaders() {
        assertEquals("mlnx_perf", Readers.standard().choose(Input.of(CaptureCsv.fixture("mlnxperf/mlnx_perf_t2_c3_roce_pause.txt"))).format());
        assertEquals("mlnx_perf", Readers.standard().choose(Input.of(CaptureCsv.fixture("mlnxperf/mlnx_perf_default_interval_ctrl_c.txt"))).format());
        // a paste of the interval lines alone, without banner or command
        Path f = BadInput.write(tmp, "p.txt", "                    tx_packets: 1\n                      tx_bytes: 319 Bps              = 0 Mbps\n"
                + "                  tx_csum_none: 1\n                       tx_cqes: 1\n                     ch_events: 1\n");
        assertEquals("mlnx_perf", Readers.standard().choose(Input.of(f)).format());
        // intervals where only packet counters moved, cut from a longer paste: the separator tells them
        Path g = BadInput.write(tmp, "q.txt", "                rx_prio3_pause: 600\n               rx_discards_phy: 2\n--------\n"
                + "                rx_prio3_pause: 12\n--------\n");
        assertEquals("mlnx_perf", Readers.standard().choose(Input.of(g)).format());
        // ethtool -S itself is not mlnx_perf's
        assertEquals(0, reader.sniff(Input.of(CaptureCsv.fixture("ethtool/named_header.txt"))));
    }

    @Test void aLineThatIsNoRateNamesItsLine() {
        Path f = BadInput.write(tmp, "p.txt", "Sampling started.\n    rx_prio3_pause: 3\n    rx_prio3_pause_duration: 12 ms\n");
        BadInput.expect(reader, f, 3, "expected mlnx_perf's 'name: rate' or 'name: rate Bps = rate Mbps'");
    }

    @Test void aChangeBeyondALongIsRefusedNotWrapped() {
        Path f = BadInput.write(tmp, "p.txt", "# mlnx_perf -i eth0 -t 100000\nSampling started.\n    rx_bytes_phy: 90,000,000,000,000,000 Bps = 1 Mbps\n");
        BadInput.expect(reader, f, 3, "beyond what a count holds");
    }

    @Test void aBadIntervalNamesTheCommandLine() {
        Path f = BadInput.write(tmp, "p.txt", "# mlnx_perf -i eth0 -t 0\nSampling started.\n    rx_prio3_pause: 3\n");
        BadInput.expect(reader, f, 1, "expected an interval above 0 s");
    }

    @Test void nothingMovedIsAnEmptyCaptureWithAWarning() {
        Path f = BadInput.write(tmp, "p.txt", "Initializing mlnx_perf...\nSampling started.\n");
        Capture c = reader.read(Input.of(f));
        assertEquals(0, c.measurements(RateTables.RATES).orElseThrow().rowCount());
        assertTrue(c.warnings().get(0).contains("no counter went up"), c.warnings().toString());
    }
}
