package org.fabriclab.capture.ibdiagnet;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Measurement;
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Source;

import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;

/**
 * Reads the summary of {@code ibdiagnet2.log}, or of ibdiagnet's console output (the same {@code Fabric Summary} and
 * stage table, also when only that part of a terminal is kept); no counters. Two measurement tables:
 * <ul>
 * <li>{@value #SUMMARY}: {@code stage, warnings, errors, comment} from the final
 * {@code -I- Stage Warnings Errors Comment} table;</li>
 * <li>{@value #RUN}: {@code key, value} facts about the run: {@code version}, {@code command},
 * {@code timestamp}, every {@code --option value} of the command line, {@code pm_pause_time_s}
 * (from "Going to sleep for N seconds until next counters sample"), and the Fabric Summary
 * lines ({@code Total Nodes}, {@code IB Switches}, {@code Links at 4x100}, ...).</li>
 * </ul>
 * The capture's source is {@code ibdiagnet_csv} (the catalogue has no log column; the capture holds
 * no readings).
 *
 * <pre>{@code
 * Capture c = new IbdiagnetLogReader().read(Input.of(Path.of("ibdiagnet2.log")));
 * c.measurements("ibdiagnet_summary").get();   // Discovery 17 warnings, 0 errors, ...
 * }</pre>
 */
public final class IbdiagnetLogReader implements CaptureReader {
    public static final String SUMMARY = "ibdiagnet_summary";
    public static final String RUN = "ibdiagnet_run";

    private static final Pattern STAGE_HEADER = Pattern.compile("^-I-\\s+Stage\\s+Warnings\\s+Errors\\s+Comment\\s*$");
    private static final Pattern STAGE_ROW = Pattern.compile("^-I-\\s+(\\S.*?)\\s{2,}(\\S+)\\s+(\\S+)\\s*(.*)$");
    /**
     * A row whose stage name filled its column, one space left before the counts ({@code -I- Cable Diagnostic
     * (Plugin) 0 0} in the 26-wide column of older 2.x releases): the first two whole numbers after the name.
     */
    private static final Pattern STAGE_ROW_TIGHT = Pattern.compile("^-I-\\s+(\\S.*?)\\s+(\\d+)\\s+(\\d+)(?:\\s+(.*))?$");
    private static final Pattern SLEEP = Pattern.compile("Going to sleep for (\\d+) seconds until next counters sample");
    private static final Pattern FABRIC = Pattern.compile("^([A-Za-z][A-Za-z0-9 /]*?)\\s*:\\s*(\\d+)\\s*$");

    @Override public String format() { return "ibdiagnet-log"; }

    @Override public int sniff(Input in) {
        if (in.isDirectory()) return 0;
        List<String> head = in.head(10);
        for (String l : head) {
            if (l.startsWith("Running version:") && l.contains("IBDIAGNET")) return 95;
        }
        int tagged = 0;
        boolean stages = false;
        for (String l : in.head(80)) {
            if (l.startsWith("-I- ") || l.startsWith("-W- ") || l.startsWith("-E- ")) tagged++;
            stages |= STAGE_HEADER.matcher(l.strip()).matches();
        }
        // the console summary alone (what is pasted from a terminal: "Fabric Summary", then the stage table) has few tagged lines
        return tagged >= 10 ? 60 : stages ? 60 : 0;
    }

    @Override public Capture read(Input in) {
        Capture.Builder b = Capture.builder(Source.IBDIAGNET_CSV, in.name());
        readInto(in, b);
        return b.build();
    }

    /** Parses {@code in} into {@code b} (also used by {@link IbdiagnetDirReader}). */
    void readInto(Input in, Capture.Builder b) {
        String file = in.name();
        List<String> lines = in.lines();
        StringColumn stage = StringColumn.create("stage"), comment = StringColumn.create("comment");
        LongColumn warnings = LongColumn.create("warnings"), errors = LongColumn.create("errors");
        StringColumn key = StringColumn.create("key"), value = StringColumn.create("value");
        boolean inStages = false, sawStages = false, inFabric = false;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).strip();
            int lineNo = i + 1;
            if (l.startsWith("Running version:")) { key.append("version"); value.append(l.substring(16).trim()); continue; }
            if (l.startsWith("Running timestamp:")) { key.append("timestamp"); value.append(l.substring(18).trim()); continue; }
            if (l.startsWith("Running command:")) {
                String cmd = l.substring(16).trim();
                key.append("command"); value.append(cmd);
                String[] words = cmd.split("\\s+");
                for (int w = 0; w < words.length; w++) {
                    if (!words[w].startsWith("--")) continue;
                    String opt = words[w].substring(2);
                    String v = w + 1 < words.length && !words[w + 1].startsWith("-") ? words[++w] : "true";
                    key.append("option " + opt); value.append(v);
                }
                continue;
            }
            Matcher s = SLEEP.matcher(l);
            if (s.find()) { key.append("pm_pause_time_s"); value.append(s.group(1)); continue; }
            if (l.equals("Fabric Summary")) { inFabric = true; continue; }
            if (l.startsWith("-----")) { inFabric = false; inStages = false; continue; }
            if (inFabric) {
                Matcher f = FABRIC.matcher(l);
                if (f.matches()) { key.append(f.group(1).trim()); value.append(f.group(2)); }
                continue;
            }
            if (STAGE_HEADER.matcher(l).matches()) { inStages = true; sawStages = true; continue; }
            if (inStages) {
                // the table ends at a blank line; a paste that lost its blank lines runs on into the report lines
                if (l.isEmpty() || l.startsWith("-I- You can find detailed errors/warnings in")) { inStages = false; continue; }
                Matcher m = STAGE_ROW.matcher(l);
                if (!(m.matches() && isCount(m.group(2)) && isCount(m.group(3)))) {
                    Matcher tight = STAGE_ROW_TIGHT.matcher(l);
                    if (tight.matches()) m = tight;
                    else m.reset();
                }
                if (!m.matches()) {
                    throw new CaptureException(file, lineNo, "expected a summary row '-I- <stage>  <warnings> <errors> [comment]', found '"
                            + IbdiagnetPmReader.abbreviate(l) + "'");
                }
                stage.append(m.group(1).trim());
                warnings.append(count(m.group(2), "warnings", file, lineNo));
                errors.append(count(m.group(3), "errors", file, lineNo));
                comment.append(m.group(4) == null ? "" : m.group(4).trim());
            }
        }
        boolean tagged = lines.stream().anyMatch(x -> x.startsWith("-I-") || x.startsWith("-W-") || x.startsWith("-E-")
                || x.startsWith("Running version:"));
        if (!tagged) {
            String first = in.head(1).stream().findFirst().orElse("");
            throw new CaptureException(file, 1, "not an ibdiagnet2.log: no 'Running version:' line and no -I-/-W-/-E- lines; first line '"
                    + IbdiagnetPmReader.abbreviate(first.trim()) + "'");
        }
        if (!sawStages) {
            throw new CaptureException(file, 0, "no '-I- Stage Warnings Errors Comment' summary table; expected a complete "
                    + "ibdiagnet2.log (file truncated or run interrupted?)");
        }
        if (stage.isEmpty()) throw new CaptureException(file, 0, "the summary table has no stage rows (file truncated?)");
        b.measurements(SUMMARY, Measurement.of(SUMMARY, stage, warnings, errors, comment));
        b.measurements(RUN, Measurement.of(RUN, key, value));
    }

    private static boolean isCount(String t) { return !t.isEmpty() && t.chars().allMatch(Character::isDigit); }

    private static long count(String text, String what, String file, int line) {
        try {
            return Values.parseCounter(text, file, line);
        } catch (CaptureException e) {
            throw new CaptureException(file, line, "expected a number of " + what + ", found '" + text + "'");
        }
    }
}
