package org.fabriclab.kernel.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import tech.tablesaw.api.StringColumn;

/**
 * {@code fabriclab cds-training} (hidden): runs the short commands once, in this process, on the
 * bundled datasets, so the launcher can record the classes they load into a class-data-sharing
 * archive ({@code -XX:ArchiveClassesAtExit}, next to the jar) that every later short command maps
 * instead of loading and verifying those classes again. Output is discarded; a missing dataset
 * only means fewer classes recorded.
 */
@Command(name = "cds-training", hidden = true, description = CdsTrainingCommand.SUMMARY)
final class CdsTrainingCommand implements Callable<Integer> {
    /** The first line of the description, which the usage's list of commands shows ({@link Commands}). */
    static final String SUMMARY = "Exercise the short commands once (the launcher records a CDS archive from it).";
    @Override public Integer call() throws Exception {
        Path ds = InstallCommand.home().resolve("datasets");
        List<String[]> runs = new ArrayList<>();
        runs.add(new String[] {"--help"});
        runs.add(new String[] {"show", "--help"});
        String ib = ds.resolve("ib-marginal-optic").toString(), roce = ds.resolve("roce-pause-storm").toString();
        String rec = ds.resolve("reconcile-a-line-rate").toString();
        if (Files.isDirectory(ds)) {
            runs.add(new String[] {"show", ib + "/before"});
            runs.add(new String[] {"show", roce + "/before", "--csv"});
            runs.add(new String[] {"show", ib + "/before", "--json"});
            runs.add(new String[] {"classify", "--fabric", "ib", "--bytes", "1e12", "--before", ib + "/before", "--after", ib + "/after"});
            runs.add(new String[] {"classify", "--fabric", "roce", "--bytes", "5e10", "--before", roce + "/before", "--after", roce + "/after", "--json"});
            runs.add(new String[] {"check", "--before", ib + "/before", "--after", ib + "/after", "-P", "all=0"});
            runs.add(new String[] {"reconcile", "--perftest", rec + "/perftest.log", "--before", rec + "/before", "--after", rec + "/after"});
            runs.add(new String[] {"show", ds.resolve("degrading-optic/mlxlink/day00.txt").toString()});
            // the other formats the bundled datasets hold: a link list, a UFM export, a pause series, a perftest log
            runs.add(new String[] {"show", ds.resolve("link-resiliency/ibdiagnet2.lst").toString(), ds.resolve("degrading-optic/ufm-telemetry.csv").toString(),
                    roce + "/pause-series.csv", rec + "/perftest.log"});
        }
        for (String[] args : runs) Main.run(args, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        // a string column past 256 distinct values (a 281-link ibdiagnet2.lst's GUIDs) keeps them in a ShortDictionaryMap (fastutil's shorts)
        StringColumn many = StringColumn.create("training");
        for (int i = 0; i < 300; i++) many.append(Integer.toString(i));
        new Stdout(java.io.OutputStream.nullOutputStream()).flush();   // every short command's stdout (Main.main makes one)
        String line = "{\"fabric\":\"ib\",\"bytes\":1e12,\"before\":{\"SymbolErrorCounter\":0},\"after\":{\"SymbolErrorCounter\":7}}\n"
                + "{\"fabric\":\"roce\",\"bytes\":1000000,\"cong_per_gb\":1000,\"before\":{},\"after\":{}}\nnot json\n";
        JsonlClassifier.run(new ByteArrayInputStream(line.getBytes(StandardCharsets.UTF_8)), new ByteArrayOutputStream());
        return Main.OK;
    }
}
