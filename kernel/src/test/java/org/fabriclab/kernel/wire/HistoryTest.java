package org.fabriclab.kernel.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

class HistoryTest {
    private static ObjectNode req(String type) {
        return Codec.JSON.createObjectNode().put("hist_access_type", type).put("output", false).put("raw", true);
    }

    @Test void tailRangeSearch() {
        History h = new History();
        h.add(1, "6 * 7", "42");
        h.add(2, "int x = 1;", "");
        h.add(3, "6 * 7", "42");
        ArrayNode tail = h.reply(req("tail").put("n", 2));
        assertEquals("[[1,2,\"int x = 1;\"],[1,3,\"6 * 7\"]]", tail.toString());
        assertEquals("[[1,2,\"int x = 1;\"]]", h.reply(req("range").put("session", 1).put("start", 2).put("stop", 3)).toString());
        assertEquals(2, h.reply(req("search").put("pattern", "6*7")).size());
        assertEquals(1, h.reply(req("search").put("pattern", "6*7").put("unique", true)).size());
        assertEquals(1, h.reply(req("search").put("pattern", "6*7").put("n", 1)).size());
        assertEquals("[[1,1,[\"6 * 7\",\"42\"]]]", h.reply(req("range").put("start", 1).put("stop", 2).put("output", true)).toString());
    }
}
