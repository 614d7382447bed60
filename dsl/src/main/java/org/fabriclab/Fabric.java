package org.fabriclab;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Readers;
import org.fabriclab.catalogue.Catalogue;
import org.fabriclab.delta.Delta;
import org.fabriclab.history.History;
import org.fabriclab.history.Labels;
import org.fabriclab.history.Progress;
import org.fabriclab.snapshot.Snapshot;
import org.fabriclab.verdict.Profile;
import org.fabriclab.verdict.Profiles;

/**
 * The one entry point of the DSL: {@code import static org.fabriclab.Fabric.*;}. Factories only;
 * the logic lives in the packages the factories return into.
 *
 * <pre>{@code
 * import static org.fabriclab.Fabric.*;
 *
 * var before = snapshot("datasets/roce-pause-storm/before");
 * var after  = snapshot("datasets/roce-pause-storm/after");
 * var v = delta(before, after).moved(TB).classify(ROCE);
 * v.table();
 * }</pre>
 */
public final class Fabric {
    /** The runbook's InfiniBand profile. */
    public static final Profile IB = Profiles.IB;
    /** The runbook's RoCE profile. */
    public static final Profile ROCE = Profiles.ROCE;
    /** Every classic PMA error counter plus q-counters. */
    public static final Profile IB_FULL = Profiles.IB_FULL;
    /** Every PFC-enabled priority found, discards on all priorities, stall events. */
    public static final Profile ROCE_FULL = Profiles.ROCE_FULL;

    public static final double KB = 1e3, MB = 1e6, GB = 1e9, TB = 1e12;

    private Fabric() {}

    /** Reads one capture file (format chosen by content). */
    public static Capture capture(String path) { return Readers.standard().read(Path.of(path)); }

    /** Joins files and folders taken at one instant into a per-port snapshot. */
    public static Snapshot snapshot(String... paths) {
        return Snapshot.of(Arrays.stream(paths).map(Path::of).toList());
    }

    public static Snapshot snapshot(List<Path> paths) { return Snapshot.of(paths); }

    /** The delta between two snapshots; follow with {@code .moved(bytes)} to classify. */
    public static Delta delta(Snapshot before, Snapshot after) { return Delta.between(before, after); }

    /** A profile by name: ib, roce, ib-full, roce-full. */
    public static Profile profile(String name) { return Profiles.named(name); }

    /** A telemetry history (gzip CSV {@code timestamp,port,<counter>...}) in primitive columns, for threshold sweeps. */
    public static History history(String path) { return History.load(Path.of(path)); }

    /** The same, reporting load progress (e.g. {@code Progress.terminal(System.err)}). */
    public static History history(String path, Progress progress) { return History.load(Path.of(path), progress); }

    /** Labelled incidents ({@code port,layer,start_ms,end_ms}) to score a sweep against. */
    public static Labels labels(String path) { return Labels.load(Path.of(path)); }

    /** The counter catalogue. */
    public static Catalogue catalogue() { return Catalogue.standard(); }
}
