package org.fabriclab.capture.ethtool;

import java.io.IOException;

import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureException;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.io.Json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * The shape every {@code ethtool --json} query prints: a JSON array of one object per interface, each naming it
 * in {@code "ifname"} (after any {@code # ethtool --json ...} command line, {@link JsonStart}). Each object is
 * handed over with its port ({@code netdev <ifname>}, whose {@link PortAttr#NETDEV} is set) and the line it starts on.
 */
public final class JsonInterfaces {

    /** What is read from one interface's object. */
    public interface PerInterface {
        /** Reads {@code object}, the interface of {@code port}, starting on {@code line}. */
        void read(JsonNode object, String port, int line);
    }

    private JsonInterfaces() {}

    /**
     * Reads every object of the array in {@code text}, and returns how many.
     *
     * @throws CaptureException naming {@code file}, the line and {@code what} ({@code ethtool --json X}) when the JSON
     *         is not such an array, or an object names no interface
     */
    public static int each(String text, String file, String what, Capture.Builder b, PerInterface read) {
        int start = JsonStart.of(text);
        if (start < 0) throw new CaptureException(file, 1, "expected a JSON array, as " + what + " prints");
        int skipped = (int) text.substring(0, start).chars().filter(ch -> ch == '\n').count();
        int objects = 0;
        try (JsonParser p = Json.mapper().createParser(text.substring(start))) {
            if (p.nextToken() != JsonToken.START_ARRAY) throw new CaptureException(file, skipped + 1, "expected a JSON array, as " + what + " prints");
            JsonToken t;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                int line = skipped + p.currentLocation().getLineNr();
                if (t != JsonToken.START_OBJECT) throw new CaptureException(file, line, "expected one JSON object per interface (" + what + ")");
                JsonNode o = Json.mapper().readTree(p);
                JsonNode name = o.get("ifname");
                if (name == null || !name.isTextual() || name.asText().isBlank()) {
                    throw new CaptureException(file, line, "an object without \"ifname\"; expected " + what + " output");
                }
                String port = "netdev " + name.asText();
                b.attr(port, PortAttr.NETDEV, name.asText(), line);
                read.read(o, port, line);
                objects++;
            }
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : skipped + e.getLocation().getLineNr();
            throw new CaptureException(file, line, "invalid JSON (expected " + what + " output): " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new CaptureException(file, 0, "cannot read JSON: " + e, e);
        }
        if (objects == 0) throw new CaptureException(file, 0, "an empty array; expected one object per interface (" + what + ")");
        return objects;
    }
}
