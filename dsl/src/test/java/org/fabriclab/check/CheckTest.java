package org.fabriclab.check;

import static org.fabriclab.Fixtures.counters;
import static org.fabriclab.Fixtures.pqx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fabriclab.Fixtures;
import org.fabriclab.catalogue.Source;
import org.fabriclab.delta.Delta;
import org.fabriclab.snapshot.Snapshot;
import org.junit.jupiter.api.Test;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

class CheckTest {
    static final String P = "mlx5_0/1";

    static Delta delta(long symBefore, long symAfter, Map<String, String> attrs) {
        Snapshot b = pqx("before", P, counters("SymbolErrorCounter", symBefore, "PortXmitDiscards", 5, "PortXmitData", 1000), attrs);
        Snapshot a = pqx("after", P, counters("SymbolErrorCounter", symAfter, "PortXmitDiscards", 5, "PortXmitData", 9000), attrs);
        return Delta.between(b, a);
    }

    static CheckRow row(CheckResult r, String name) {
        return r.rows().stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow(() -> new AssertionError("no row " + name + " in\n" + r.table().printAll()));
    }

    @Test void limitOnDeltaAtAndEitherSide() {
        for (long d : new long[] {9, 10, 11}) {
            CheckResult r = Check.of(delta(100, 100 + d, Map.of())).limits("SymbolErrorCounter=10").grade(Policy.BER);
            CheckRow row = row(r, "SymbolErrorCounter");
            assertEquals(d, row.count());
            assertEquals(d > 10 ? Outcome.FAIL : Outcome.PASS, row.outcome(), "delta " + d);
            assertEquals(10.0 - d, row.margin());
            assertEquals("delta", row.basis());
        }
    }

    @Test void allCoversErrorCountersOnlyAndExplicitBeatsAll() {
        CheckResult r = Check.of(delta(0, 1, Map.of())).limits("all=0").grade(Policy.ZERO_TOLERANCE);
        assertEquals(Outcome.FAIL, row(r, "SymbolErrorCounter").outcome());
        assertEquals(Outcome.PASS, row(r, "PortXmitDiscards").outcome()); // 5 -> 5
        assertTrue(r.rows().stream().noneMatch(x -> x.name().equals("PortXmitData")), "data is not an error counter");
        assertEquals(3, r.exitCode());
        CheckResult r2 = Check.of(delta(0, 1, Map.of())).limits("all=0", "SymbolErrorCounter=1").grade(Policy.ZERO_TOLERANCE);
        assertEquals(Outcome.PASS, row(r2, "SymbolErrorCounter").outcome());
    }

    @Test void zeroToleranceDefaultsToAllZeroAndSaysSo() {
        CheckResult r = Check.of(delta(7, 7, Map.of())).grade(Policy.ZERO_TOLERANCE);
        assertEquals(Outcome.PASS, row(r, "SymbolErrorCounter").outcome());
        assertTrue(r.toString().startsWith("policy zero-tolerance: fleet gate"), r.toString());
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("all=0")));
        assertEquals(0, r.exitCode());
    }

    @Test void berPolicyGradesCounterDerivedBerAgainstThreshold() {
        // 100 Gb/s x 10 s = 1e12 bits: 1 error is exactly 1e-12 (passes), 2 errors fail, 0 passes
        for (long errs : new long[] {0, 1, 2}) {
            CheckResult r = Check.of(delta(50, 50 + errs, Map.of("rate_gbps", "100"))).elapsed(10).grade(Policy.BER);
            CheckRow row = row(r, "symbol_ber(SymbolErrorCounter)");
            assertEquals(errs * 1e-12, row.value(), 1e-27);
            assertEquals(errs > 1 ? Outcome.FAIL : Outcome.PASS, row.outcome(), errs + " errors");
            assertTrue(r.toString().startsWith("policy ber (threshold 1.00e-12)"), r.toString());
            assertTrue(r.rows().stream().noneMatch(x -> x.check().equals(CheckRow.LIMIT)), "BER policy applies limits only as given");
        }
    }

    @Test void anUnknownElapsedTimeGivesNoCounterDerivedBerInsteadOfAssumingOneSecond() {
        CheckResult r = Check.of(delta(50, 90, Map.of("rate_gbps", "100"))).elapsedUnknown().grade(Policy.BER);
        assertTrue(r.rows().stream().noneMatch(x -> x.basis().equals("counters")), r.toString());
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("time between the two samples is unknown")), r.notes().toString());
        CheckResult assumed = Check.of(delta(50, 90, Map.of("rate_gbps", "100"))).grade(Policy.BER);
        assertTrue(assumed.rows().stream().anyMatch(x -> x.basis().equals("counters")), "the default stays ibdiagnet's 1 s");
    }

    @Test void zeroToleranceGradesSymbolErrorsOnceThroughTheCounterLimit() {
        CheckResult r = Check.of(delta(50, 51, Map.of())).elapsed(10).rateGbps(100).grade(Policy.ZERO_TOLERANCE);
        assertEquals(Outcome.FAIL, row(r, "SymbolErrorCounter").outcome(), "one error fails the fleet gate");
        assertEquals(Outcome.INFO, row(r, "symbol_ber(SymbolErrorCounter)").outcome(), "the derived BER is reported, not graded twice");
        assertEquals(1e-12, row(r, "symbol_ber(SymbolErrorCounter)").value(), 1e-27);
        CheckResult allowed = Check.of(delta(50, 53, Map.of())).limits("SymbolErrorCounter=3").elapsed(10).rateGbps(100).grade(Policy.ZERO_TOLERANCE);
        assertEquals(0, allowed.exitCode(), "an explicit -P limit is not overridden by the derived BER");
    }

    @Test void unknownRateIsNoVerdictUnderBer() {
        CheckResult r = Check.of(delta(50, 52, Map.of())).grade(Policy.BER);
        assertEquals(Outcome.NO_VERDICT, row(r, "symbol_ber(SymbolErrorCounter)").outcome());
        assertEquals(4, r.exitCode());
    }

    @Test void peggedAndResetDeltasAreNoVerdict() {
        // sysfs symbol_error is a 16-bit saturating field: pegged at 65535 after the test
        Snapshot b = Fixtures.snapshot("b", Fixtures.capture("b/sysfs", Source.SYSFS, P, counters("symbol_error", 100), Map.of()));
        Snapshot a = Fixtures.snapshot("a", Fixtures.capture("a/sysfs", Source.SYSFS, P, counters("symbol_error", 65535), Map.of()));
        CheckResult r = Check.of(Delta.between(b, a)).limits("all=0").grade(Policy.ZERO_TOLERANCE);
        assertEquals(Outcome.NO_VERDICT, row(r, "SymbolErrorCounter").outcome());
        assertTrue(row(r, "SymbolErrorCounter").reason().startsWith("pegged"));
        assertEquals(4, r.exitCode());
        CheckResult reset = Check.of(delta(100, 3, Map.of())).limits("all=0").grade(Policy.ZERO_TOLERANCE);
        assertEquals(Outcome.NO_VERDICT, row(reset, "SymbolErrorCounter").outcome());
    }

    @Test void oneSampleUsesAbsoluteValuesAndReadsPeggedCaps() {
        Snapshot s = Fixtures.snapshot("s", Fixtures.capture("s/sysfs", Source.SYSFS, P, counters("symbol_error", 65535, "link_downed", 3), Map.of()));
        CheckResult r = Check.of(s).limits("SymbolErrorCounter=10", "LinkDownedCounter=3").grade(Policy.BER);
        assertEquals(Outcome.FAIL, row(r, "SymbolErrorCounter").outcome(), "pegged at 65535 > 10 is a definite failure");
        assertEquals(Outcome.PASS, row(r, "LinkDownedCounter").outcome(), "3 is at the limit");
        assertEquals("sample", row(r, "LinkDownedCounter").basis());
        CheckResult r2 = Check.of(s).limits("SymbolErrorCounter=70000").grade(Policy.BER);
        assertEquals(Outcome.NO_VERDICT, row(r2, "SymbolErrorCounter").outcome(), "a pegged value below the limit proves nothing");
    }

    static Table berTable(double raw, double eff, double sym) { return berTable(raw, eff, sym, 0); }

    static Table berTable(double raw, double eff, double sym, long effErrors) {
        return Table.create("ber", StringColumn.create("port", List.of(P)), StringColumn.create("file", List.of("mlxlink.txt")),
                DoubleColumn.create("time_since_clear_min", new double[] {60}), DoubleColumn.create("raw_ber", new double[] {raw}),
                DoubleColumn.create("effective_ber", new double[] {eff}), DoubleColumn.create("symbol_ber", new double[] {sym}),
                LongColumn.create("raw_errors", new long[] {1000}), LongColumn.create("effective_errors", new long[] {effErrors}),
                LongColumn.create("symbol_errors", new long[] {0}));
    }

    @Test void mlxlinkBerAtAndEitherSideOfThreshold() {
        Delta d = delta(0, 0, Map.of());
        double[][] cases = {{0.9e-12, 0}, {1e-12, 0}, {1.1e-12, 1}};
        for (double[] c : cases) {
            CheckResult r = Check.of(d).ber("mlxlink.txt", berTable(1e-8, c[0], c[0])).rateGbps(100).grade(Policy.BER);
            Outcome want = c[1] == 1 ? Outcome.FAIL : Outcome.PASS;
            assertEquals(want, r.rows().stream().filter(x -> x.name().equals("effective_ber") && x.basis().equals("mlxlink")).findFirst().orElseThrow().outcome());
            assertEquals(want, r.rows().stream().filter(x -> x.name().equals("symbol_ber") && x.basis().equals("mlxlink")).findFirst().orElseThrow().outcome());
            assertEquals(Outcome.INFO, row(r, "raw_ber").outcome(), "raw BER is pre-FEC: reported only");
        }
        CheckResult strict = Check.of(d).ber("m", berTable(1e-8, 1e-15, 0, 1)).rateGbps(100).grade(Policy.ZERO_TOLERANCE);
        assertEquals(Outcome.FAIL, row(strict, "effective_ber").outcome(), "zero tolerance: any post-FEC error fails");
        CheckResult bound = Check.of(d).ber("m", berTable(1e-8, 1.5e-254, 1.5e-254, 0)).rateGbps(100).grade(Policy.ZERO_TOLERANCE);
        assertEquals(Outcome.PASS, row(bound, "effective_ber").outcome(), "mlxlink prints 15E-255 for a zero count: not an error");
        assertEquals(Outcome.PASS, strict.rows().stream().filter(x -> x.name().equals("symbol_ber") && x.basis().equals("mlxlink")).findFirst().orElseThrow().outcome());
        CheckResult raw = Check.of(d).ber("m", berTable(1e-8, 0, 0)).rawBerThreshold(1e-9).grade(Policy.BER);
        assertEquals(Outcome.FAIL, row(raw, "raw_ber").outcome());
    }

    @Test void telemetryBerUsesEachPortsLatestSample() {
        Table t = Table.create("ufm", LongColumn.create("timestamp", new long[] {1000, 2000, 1000}),
                StringColumn.create("port", List.of("a", "a", "b")),
                DoubleColumn.create("symbol_ber", new double[] {5e-12, 1e-13, 2e-12}));
        CheckResult r = Check.of(delta(0, 0, Map.of())).telemetry("ufm", t).rateGbps(100).grade(Policy.BER);
        CheckRow a = r.rows().stream().filter(x -> x.port().equals("a")).findFirst().orElseThrow();
        CheckRow b = r.rows().stream().filter(x -> x.port().equals("b")).findFirst().orElseThrow();
        assertEquals(1e-13, a.value());
        assertEquals(Outcome.PASS, a.outcome());
        assertEquals(Outcome.FAIL, b.outcome());
        assertEquals("telemetry", a.basis());
    }

    @Test void resultViewsCarryThePolicy() {
        CheckResult r = Check.of(delta(0, 1, Map.of())).limits("all=0").grade(Policy.ZERO_TOLERANCE);
        assertEquals(List.of("port", "check", "name", "basis", "count", "value", "limit", "margin", "result", "reason"), r.table().columnNames());
        assertEquals("zero-tolerance", r.toMap().get("policy"));
        assertTrue(r.toHtml().contains("policy zero-tolerance"));
        assertEquals(3, r.toMap().get("exit_code"));
    }
}
