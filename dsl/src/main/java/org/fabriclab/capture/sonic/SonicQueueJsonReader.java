package org.fabriclab.capture.sonic;

import java.io.IOException;
import java.util.List;
import java.util.Map;

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
 * Reads SONiC's {@code show queue counters --json} ({@code queuestat -j}, also with {@code --all}, {@code --trim} or a
 * port): an object with a key per port ({@code "Ethernet0"}) whose object holds one object per queue ({@code "UC3"})
 * and the time it was read ({@code "time"}; {@code "cached_time"}, the saved copy's time, where queuestat keeps it). A
 * queue's fields are queuestat's table columns under other names ({@code build_json}): {@code totalpacket}
 * {@code Counter/pkts}, {@code totalbytes} {@code Counter/bytes}, {@code droppacket} {@code Drop/pkts},
 * {@code dropbytes} {@code Drop/bytes}, {@code trimpacket} {@code Trim/pkts}, {@code trimsentpacket}
 * {@code TrimSent/pkts}, {@code trimdroppacket} {@code TrimDrop/pkts}; each is read as {@link SonicQueueReader} reads
 * that column (per-queue counters raw-named {@code UC3 Drop/pkts}, a unicast queue 0..7 also as its priority's with
 * the warning that says so, {@code N/A} absent), at the line of its field. Every value is a string as queuestat
 * stores it ({@code "4100"}, {@code "4,100"} after a clear, {@code "N/A"}). A multi-ASIC switch prints one object per
 * namespace, one after the other: each is read. {@code --voq} ({@code creditWDPkts}) is refused as the table reader
 * refuses it.
 *
 * <pre>{@code
 * Capture c = new SonicQueueJsonReader().read(Input.of(Path.of("queues.json")));
 * c.reading("switch Ethernet0", "sonic_tx_prio3_queue_drop");
 * }</pre>
 */
public final class SonicQueueJsonReader implements CaptureReader {
    private static final JsonFactory JSON = new JsonFactory();
    /** queuestat's {@code build_json} field names and the table columns they hold. */
    private static final Map<String, String> COLUMNS = Map.of("totalpacket", "Counter/pkts", "totalbytes", "Counter/bytes",
            "droppacket", "Drop/pkts", "dropbytes", "Drop/bytes", "trimpacket", "Trim/pkts", "trimsentpacket", "TrimSent/pkts",
            "trimdroppacket", "TrimDrop/pkts");
    private static final String TIME = "time", CACHED_TIME = "cached_time", VOQ_CREDIT = "creditWDPkts";
    /** Fields only queuestat's queue objects hold (its default and trim forms). */
    private static final List<String> FIELDS = List.of("\"totalpacket\"", "\"trimpacket\"");
    private static final String EXPECTED = "queuestat -j's object of ports ({\"Ethernet0\": {\"UC3\": {\"droppacket\": \"12\", ...}}})";

    @Override public String format() { return "sonic-queuestat-json"; }

    @Override public int sniff(Input in) { return SonicJson.sniff(in, false, FIELDS); }

    /**
     * @throws CaptureException naming file and line for text that is no JSON object of ports, a port or queue whose
     *         value is no object, a queue that is not {@code UCn}/{@code MCn}/{@code ALLn}, a field queuestat does not
     *         print, a value that is no string count or {@code N/A}, {@code --voq} output, or no port at all
     */
    @Override public Capture read(Input in) {
        String file = in.name();
        List<String> lines = in.lines();
        SonicJson.Start s = SonicJson.start(lines, false);
        if (s == null) throw new CaptureException(file, 1, "expected " + EXPECTED);
        int skipped = s.index();
        Capture.Builder b = Capture.builder(Source.SONIC, file);
        String[] asPriority = {null};
        int ports = 0;
        String text = String.join("\n", lines.subList(skipped, lines.size()));
        try (JsonParser p = JSON.createParser(text)) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {   // one object per namespace on a multi-ASIC switch
                if (t != JsonToken.START_OBJECT) throw new CaptureException(file, skipped + SonicJson.line(p), "expected " + EXPECTED);
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    int n = skipped + SonicJson.line(p);
                    String port = SonicTable.start(b, p.currentName(), file, n, null);
                    expect(p, JsonToken.START_OBJECT, p.currentName(), file, skipped);
                    readPort(p, b, port, file, skipped, asPriority);
                    ports++;
                }
            }
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : skipped + e.getLocation().getLineNr();
            throw new CaptureException(file, line, "invalid JSON (expected " + EXPECTED + "): " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new CaptureException(file, 0, "cannot read JSON: " + e, e);
        }
        if (ports == 0) throw new CaptureException(file, skipped + 1, "an empty object; expected " + EXPECTED);
        if (asPriority[0] != null) b.warn(QueuePriority.warning(file, asPriority[0]));
        b.noise(skipped);
        return b.build();
    }

    /** One port's object, its opening brace read: queues, and the times. */
    private static void readPort(JsonParser p, Capture.Builder b, String port, String file, int skipped, String[] asPriority) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            int n = skipped + SonicJson.line(p);
            if (key.equals(TIME) || key.equals(CACHED_TIME)) {
                expect(p, JsonToken.VALUE_STRING, key, file, skipped);
                if (key.equals(CACHED_TIME)) b.attr(port, "counters_since", p.getText().strip(), n);
                continue;
            }
            QueuePriority q = QueuePriority.of(key, file, n);
            expect(p, JsonToken.START_OBJECT, key, file, skipped);
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                int vl = skipped + SonicJson.line(p);
                if (field.equals(VOQ_CREDIT)) {
                    throw new CaptureException(file, vl, "queuestat --voq -j (a chassis's virtual output queues) is not read; expected " + EXPECTED);
                }
                String label = COLUMNS.get(field);
                if (label == null) {
                    throw new CaptureException(file, vl, "'" + Values.abbreviate(field) + "' is no field queuestat -j prints; expected one of "
                            + new java.util.TreeSet<>(COLUMNS.keySet()));
                }
                expect(p, JsonToken.VALUE_STRING, key + "." + field, file, skipped);
                if (q.put(b, port, label, p.getText().strip(), file, vl) && asPriority[0] == null) asPriority[0] = label;
            }
        }
    }

    /** Reads the next token, which must be {@code want}, the value of {@code key}. */
    private static void expect(JsonParser p, JsonToken want, String key, String file, int skipped) throws IOException {
        JsonToken v = p.nextToken();
        if (v != want) {
            String what = want == JsonToken.START_OBJECT ? "an object" : "a string as queuestat -j prints every value (\"4100\", \"N/A\")";
            throw new CaptureException(file, skipped + SonicJson.line(p), "\"" + Values.abbreviate(key) + "\" is " + Values.abbreviate(String.valueOf(p.getText()))
                    + "; expected " + what);
        }
    }

}
