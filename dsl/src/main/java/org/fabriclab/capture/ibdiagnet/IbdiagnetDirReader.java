package org.fabriclab.capture.ibdiagnet;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.NotACaptureException;
import org.fabriclab.capture.Readers;
import org.fabriclab.capture.topology.IbdiagnetLstReader;
import org.fabriclab.catalogue.Source;

/**
 * Reads an ibdiagnet output folder (by default {@code /var/tmp/ibdiagnet2}) as one capture, so the
 * folder can be given as a snapshot without its other files ({@code .lst}, {@code .net_dump},
 * {@code .sm}, ...) being taken for captures. The counters come from {@code ibdiagnet2.db_csv}
 * when present (PM_INFO, PM_DELTA, and PORTS for LIDs), else from {@code ibdiagnet2.pm}; both hold the
 * same sample. The {@code ibdiagnet2.log} summary tables are added when the log is there; a log
 * without its summary (a run still going, or interrupted) is a warning, not an error. The links of
 * {@code ibdiagnet2.lst} are added as the capture's topology ({@code links}), so the folder alone gives the
 * link pairs too (a malformed list is a warning). With {@code --get_phy_info}, {@code ibdiagnet2.net_dump_ext} adds the
 * per-port BER ({@code ber}, as {@link IbdiagnetNetDumpExtReader} reads it; a malformed one is a warning). With
 * {@code --get_cable_info}, {@code ibdiagnet2.cables} adds the module and optics tables ({@link IbdiagnetCablesReader};
 * a malformed one is a warning).
 * <p>
 * Files that are not ibdiagnet's (their names do not start with {@code ibdiagnet}) are the user's captures
 * dropped beside its output, as in a hand-collected {@code before/} holding {@code ibdiagnet2.*},
 * {@code perfquery.txt} and {@code ibstat.txt}: each is read by its own reader and merged into the capture
 * (a file no reader recognises is a warning; a malformed one fails as it would on its own). A sub-folder that is
 * an ibdiagnet output folder itself is another run, of another moment: it is left out with a warning, not merged.
 *
 * <pre>{@code
 * Capture c = Readers.standard().read(Path.of("/var/tmp/ibdiagnet2"));
 * c.measurements("ibdiagnet_summary");
 * }</pre>
 */
public final class IbdiagnetDirReader implements CaptureReader {
    static final String CSV = "ibdiagnet2.db_csv";
    static final String PM = "ibdiagnet2.pm";
    static final String LOG = "ibdiagnet2.log";
    static final String LST = "ibdiagnet2.lst";
    static final String NET_DUMP_EXT = "ibdiagnet2.net_dump_ext";
    static final String CABLES = "ibdiagnet2.cables";

    @Override public String format() { return "ibdiagnet-dir"; }

    @Override public int sniff(Input in) {
        if (!in.isDirectory() || in.path() == null) return 0;
        Path d = in.path();
        return Files.isRegularFile(d.resolve(CSV)) || Files.isRegularFile(d.resolve(PM)) ? 90 : 0;
    }

    @Override public Capture read(Input in) {
        if (!in.isDirectory() || in.path() == null) {
            throw new CaptureException(in.name(), 0, "expected an ibdiagnet output folder holding " + CSV + " or " + PM);
        }
        Path d = in.path();
        Path csv = d.resolve(CSV), pm = d.resolve(PM), log = d.resolve(LOG);
        Capture.Builder b;
        if (Files.isRegularFile(csv)) {
            b = Capture.builder(Source.IBDIAGNET_CSV, in.child(csv).name());
            new IbdiagnetCsvReader().readInto(in.child(csv), b);
        } else if (Files.isRegularFile(pm)) {
            b = Capture.builder(Source.IBDIAGNET_PM, in.child(pm).name());
            new IbdiagnetPmReader().readInto(in.child(pm), b);
        } else {
            throw new CaptureException(in.name(), 0, "folder holds neither " + CSV + " nor " + PM + "; expected ibdiagnet output");
        }
        List<Capture> parts = new ArrayList<>(List.of(b.build()));
        List<String> warnings = new ArrayList<>();
        // the log's tables are a part of their own, so their rows name the log as their file
        if (Files.isRegularFile(log)) {
            try {
                parts.add(new IbdiagnetLogReader().read(in.child(log)));
            } catch (CaptureException e) {
                warnings.add(e.getMessage() + " (summary left out)");
            }
        }
        Path lst = d.resolve(LST);
        if (Files.isRegularFile(lst)) {
            try {
                parts.add(new IbdiagnetLstReader().read(in.child(lst)));
            } catch (CaptureException e) {
                warnings.add(e.getMessage() + " (links left out)");
            }
        }
        Path ext = d.resolve(NET_DUMP_EXT);
        if (Files.isRegularFile(ext)) {
            try {
                parts.add(new IbdiagnetNetDumpExtReader().read(Input.of(ext)));
            } catch (CaptureException e) {
                warnings.add(e.getMessage() + " (per-port BER left out)");
            }
        }
        Path cables = d.resolve(CABLES);
        if (Files.isRegularFile(cables)) {
            try {
                parts.add(new IbdiagnetCablesReader().read(in.child(cables)));
            } catch (CaptureException e) {
                warnings.add(e.getMessage() + " (cable diagnostics left out)");
            }
        }
        Readers readers = Readers.standard();
        for (Input entry : readers.entries(in)) {
            Path p = entry.path();
            if (p.getParent().equals(d) && p.getFileName().toString().startsWith("ibdiagnet")) continue;
            if (entry.isDirectory() && sniff(entry) > 0) {
                // another ibdiagnet run (an earlier one kept in a sub-folder): merged, its ports would hold two samples
                warnings.add(entry.name() + ": another ibdiagnet run (its own " + CSV + " or " + PM + ") left out; "
                        + "give that folder on its own");
                continue;
            }
            try {
                parts.add(readers.read(entry));
            } catch (NotACaptureException e) {
                warnings.add(e.skipped());
            }
        }
        return parts.size() == 1 && warnings.isEmpty() ? parts.get(0) : Capture.merge(parts.get(0).file(), parts, warnings);
    }
}
