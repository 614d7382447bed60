package org.fabriclab.kernel.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.Readers;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fabriclab show PATH... [--csv|--json]}: the tidy table of every capture named. */
@Command(name = "show", description = "Print the tidy counter table (source, file, port, counter, raw_name, value, unit) of captures.")
final class ShowCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "PATH", description = "capture files or folders") List<Path> paths;
    @Option(names = "--csv", description = "CSV instead of a text table") boolean csv;
    @Option(names = "--json", description = "JSON lines, one object per row") boolean json;
    @Option(names = "--wide", description = "one row per port, one column per counter") boolean wide;
    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override public Integer call() throws Exception {
        Readers readers = Readers.standard();
        List<Capture> caps = new ArrayList<>();
        for (Path p : paths) for (Path f : readers.expand(p)) caps.add(readers.read(f));
        var out = spec.commandLine().getOut();
        TableOutput.Format format = csv ? TableOutput.Format.CSV : json ? TableOutput.Format.JSON : TableOutput.Format.TEXT;
        if (wide) {
            for (Capture c : caps) TableOutput.print(c.wide(), format, out);
        } else {
            // streamed from the readings (TidyStream): no Tablesaw table of every row
            switch (format) {
                case TEXT -> {
                    if (Main.rawStdout != null) {
                        out.flush();
                        TidyStream.text(caps, "captures", Main.rawStdout);
                        Main.rawStdout.write('\n');
                        Main.rawStdout.flush();
                    } else {
                        TidyStream.text(caps, "captures", out);
                        out.println();
                    }
                }
                case CSV -> TidyStream.csv(caps, out);
                case JSON -> TidyStream.json(caps, out);
            }
        }
        for (Capture c : caps) {
            for (String w : c.warnings()) spec.commandLine().getErr().println("fabriclab: warning: " + c.file() + ": " + w);
            for (String m : c.measurementNames()) {
                if (!csv && !json) {
                    out.println();
                    out.println(TableOutput.text(c.measurements(m).get()));
                }
            }
        }
        out.flush();
        return Main.OK;
    }
}
