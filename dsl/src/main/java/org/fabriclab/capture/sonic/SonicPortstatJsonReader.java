package org.fabriclab.capture.sonic;

import java.io.IOException;
import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.CaptureReader;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.Values;
import org.fabriclab.catalogue.Source;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;

/**
 * Reads SONiC's {@code show interfaces counters -j} ({@code portstat -j}; also with {@code -a}, {@code -e}, {@code -R},
 * {@code -T}, {@code -f}, {@code -fh}): one JSON object, a key per port ({@code "Ethernet0"}) whose object holds the
 * cells of portstat's table row by column label, every value a string as the table prints it ({@code "1,200"},
 * {@code "N/A"}, {@code "2000.00 MB/s"}, {@code "U"}). Each is read as {@link SonicPortstatReader} reads that column:
 * counts as counters of source {@link Source#SONIC} named by their label (meaning from the catalogue), {@code STATE} as
 * the {@code state} attribute, rates into {@code port_rates} (bytes/s, packets/s, percent) and FEC ratios into
 * {@code fec}, never counters; {@code N/A} absent. A port's readings sit at the line of its key. A
 * {@code Last cached time was T} line above the object (after {@code sonic-clear counters}) makes the counts changes
 * since T ({@code counters_since}); {@code portstat -p} (changes over a period) is refused.
 *
 * <pre>{@code
 * Capture c = new SonicPortstatJsonReader().read(Input.of(Path.of("counters.json")));
 * c.reading("switch Ethernet0", "sonic_rx_drp");
 * }</pre>
 */
public final class SonicPortstatJsonReader implements CaptureReader {
    private static final JsonFactory JSON = new JsonFactory();
    /** Labels only portstat's rows hold (its default, errors, fec-stats, fec-histogram and trim forms). */
    private static final List<String> LABELS = List.of("\"RX_OK\"", "\"RX_ERR\"", "\"FEC_CORR\"", "\"BIN0\"", "\"TRIM\"");
    private static final String EXPECTED = "portstat -j's object of ports ({\"Ethernet0\": {\"RX_OK\": \"1,200\", ...}})";

    @Override public String format() { return "sonic-portstat-json"; }

    @Override public int sniff(Input in) { return SonicJson.sniff(in, true, LABELS); }

    /**
     * @throws CaptureException naming file and line for text that is no JSON object of ports, a port whose value is no
     *         object, a value that is no string as portstat prints it (a count, {@code N/A}, a rate, a state), a second
     *         document, {@code portstat -p} output, or no port at all
     */
    @Override public Capture read(Input in) {
        String file = in.name();
        List<String> lines = in.lines();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().startsWith("The rates are calculated within")) {
                throw new CaptureException(file, i + 1, "portstat -p prints the change over its period, not the counters; expected the "
                        + "counters themselves (show interfaces counters -j without -p, taken before and after)");
            }
        }
        SonicJson.Start s = SonicJson.start(lines, true);
        if (s == null) throw new CaptureException(file, 1, "expected " + EXPECTED);
        Capture.Builder b = Capture.builder(Source.SONIC, file);
        PortstatTables.Sink sink = new PortstatTables.Sink(b, file);
        int skipped = s.index(), ports = 0;
        String text = String.join("\n", lines.subList(s.index(), lines.size()));
        try (JsonParser p = JSON.createParser(text)) {
            if (p.nextToken() != JsonToken.START_OBJECT) throw new CaptureException(file, skipped + 1, "expected " + EXPECTED);
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                int n = skipped + SonicJson.line(p);
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    throw new CaptureException(file, n, "\"" + Values.abbreviate(name) + "\" is no object; expected " + EXPECTED);
                }
                String port = SonicTable.start(b, name, file, n, s.cleared());
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String label = p.currentName();
                    JsonToken v = p.nextToken();
                    int vl = skipped + SonicJson.line(p);
                    if (v != JsonToken.VALUE_STRING) {
                        throw new CaptureException(file, vl, "\"" + Values.abbreviate(label) + "\" is " + Values.abbreviate(p.getText())
                                + "; expected a string as portstat -j prints every cell (\"1,200\", \"N/A\", \"0.00 B/s\")");
                    }
                    sink.cell(port, label, p.getText().strip(), vl);
                }
                sink.endRow(port, n);
                ports++;
            }
            JsonToken after = p.nextToken();
            if (after != null) {
                throw new CaptureException(file, skipped + SonicJson.line(p), "a second JSON document after portstat -j's object; expected one per file");
            }
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : skipped + e.getLocation().getLineNr();
            throw new CaptureException(file, line, "invalid JSON (expected " + EXPECTED + "): " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new CaptureException(file, 0, "cannot read JSON: " + e, e);
        }
        if (ports == 0) throw new CaptureException(file, skipped + 1, "an empty object; expected " + EXPECTED);
        sink.finish();
        b.noise(skipped);
        return b.build();
    }

}
