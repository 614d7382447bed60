package org.fabriclab.kernel.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.zeromq.ZMQ;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Drives a real kernel process over ZMQ with a client written here. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KernelProtocolTest {
    TestKernel k;

    @BeforeAll void start() throws Exception { k = new TestKernel(Map.of(), "-Xmx256m"); }

    @AfterAll void stop() throws Exception { if (k != null) k.close(); }

    @Test void kernelInfoIsSignedWithIsoDateAndJavaLanguageInfo() throws Exception {
        String id = k.send(k.shell, "kernel_info_request", TestKernel.JSON.createObjectNode());
        JsonNode r = k.reply(k.shell, id, 10_000);
        assertNotNull(r);
        JsonNode c = r.path("content");
        assertEquals("ok", c.path("status").asText());
        assertEquals("java", c.path("language_info").path("name").asText());
        assertEquals(".jshell", c.path("language_info").path("file_extension").asText());
        assertEquals("text/x-java", c.path("language_info").path("mimetype").asText());
        assertFalse(c.path("banner").asText().isEmpty());
        assertTrue(r.path("header").path("date").asText().matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{6}(Z|[+-]\\d\\d:\\d\\d)"),
                r.path("header").path("date").asText());
        assertEquals("5.3", r.path("header").path("version").asText());
    }

    @Test void forgedAndUnsignedMessagesAreRejected() throws Exception {
        String forged = k.sendSigned(k.shell, "execute_request", k.exec("1"), "0".repeat(64));
        assertNull(k.reply(k.shell, forged, 1500), "a forged signature must get no reply");
        String unsigned = k.sendSigned(k.shell, "execute_request", k.exec("1"), "");
        assertNull(k.reply(k.shell, unsigned, 1000), "an unsigned message must get no reply");
        assertTrue(k.log().contains("invalid signature rejected"), k.log());
        assertTrue(k.log().contains("unsigned message rejected"), k.log());
        assertEquals("ok", k.run("2").status(), "the kernel still serves signed messages");
    }

    @Test void executeCountsIncreaseAndResultsCarryThem() throws Exception {
        TestKernel.Result a = k.run("6 * 7");
        TestKernel.Result b = k.run("int answer = 42;");
        int ca = a.reply().path("content").path("execution_count").asInt();
        assertEquals(ca + 1, b.reply().path("content").path("execution_count").asInt());
        assertEquals("42", a.text());
        assertEquals(ca, a.of("execute_result").get(0).path("content").path("execution_count").asInt());
        assertEquals(ca, a.of("execute_input").get(0).path("content").path("execution_count").asInt());
        assertTrue(b.of("execute_result").isEmpty(), "a declaration shows no result");
        ObjectNode silent = k.exec("answer + 1");
        silent.put("silent", true);
        String id = k.send(k.shell, "execute_request", silent);
        JsonNode r = k.reply(k.shell, id, 10_000);
        assertEquals(ca + 1, r.path("content").path("execution_count").asInt(), "silent does not count");
    }

    @Test void stopOnErrorAbortsQueuedCells() throws Exception {
        String bad = k.send(k.shell, "execute_request", k.exec("Thread.sleep(400); throw new IllegalStateException(\"first fails\");"));
        String q1 = k.send(k.shell, "execute_request", k.exec("int queued1 = 1;"));
        String q2 = k.send(k.shell, "execute_request", k.exec("int queued2 = 2;"));
        assertEquals("error", k.reply(k.shell, bad, 30_000).path("content").path("status").asText());
        assertEquals("aborted", k.reply(k.shell, q1, 10_000).path("content").path("status").asText());
        assertEquals("aborted", k.reply(k.shell, q2, 10_000).path("content").path("status").asText());
        TestKernel.Result after = k.run("queued1");
        assertEquals("error", after.status(), "an aborted cell never ran");
        ObjectNode keepGoing = k.exec("throw new RuntimeException(\"x\");");
        keepGoing.put("stop_on_error", false);
        String e = k.send(k.shell, "execute_request", keepGoing);
        String next = k.send(k.shell, "execute_request", k.exec("1 + 2"));
        assertEquals("error", k.reply(k.shell, e, 10_000).path("content").path("status").asText());
        assertEquals("ok", k.reply(k.shell, next, 10_000).path("content").path("status").asText(), "stop_on_error=false aborts nothing");
    }

    @Test void interruptStopsABusyLoopAndKeepsState() throws Exception {
        k.run("String kept = \"still here\";");
        String id = k.send(k.shell, "execute_request", k.exec("long spins = 0;\n{\n  System.out.println(\"spinning\");\n  while (true) { spins++; }\n}"));
        awaitStream(id, "spinning");
        String ir = k.send(k.control, "interrupt_request", TestKernel.JSON.createObjectNode());
        assertEquals("ok", k.reply(k.control, ir, 5000).path("content").path("status").asText());
        JsonNode r = k.reply(k.shell, id, 20_000);
        assertNotNull(r, "the busy cell must end after an interrupt");
        assertEquals("error", r.path("content").path("status").asText());
        assertEquals("java.lang.ThreadDeath", r.path("content").path("ename").asText(), "Java 17 stops an uninterruptible loop with Thread.stop");
        String sleeping = k.send(k.shell, "execute_request", k.exec("{\n  System.out.println(\"sleeping\");\n  Thread.sleep(60_000);\n}"));
        awaitStream(sleeping, "sleeping");
        k.send(k.control, "interrupt_request", TestKernel.JSON.createObjectNode());
        JsonNode s = k.reply(k.shell, sleeping, 20_000);
        assertEquals("java.lang.InterruptedException", s.path("content").path("ename").asText());
        assertEquals("\"still here\"", k.run("kept").text());
    }

    /** Waits for a cell's stdout to contain {@code text} (so the cell is running, not compiling). */
    private void awaitStream(String msgId, String text) throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            JsonNode m = k.recv(k.iopub, 1000);
            if (m != null && m.path("parent_header").path("msg_id").asText().equals(msgId)
                    && m.path("header").path("msg_type").asText().equals("stream") && m.path("content").path("text").asText().contains(text)) return;
        }
        throw new AssertionError("cell never printed " + text);
    }

    @Test void completeInspectIsCompleteHistory() throws Exception {
        String c = k.send(k.shell, "complete_request", TestKernel.JSON.createObjectNode().put("code", "Integer.toHexStr").put("cursor_pos", 16));
        JsonNode cr = k.reply(k.shell, c, 10_000).path("content");
        assertTrue(cr.path("matches").toString().contains("toHexString("), cr.toString());
        assertEquals(8, cr.path("cursor_start").asInt());
        assertEquals(16, cr.path("cursor_end").asInt());

        String i = k.send(k.shell, "inspect_request", TestKernel.JSON.createObjectNode().put("code", "snapshot(").put("cursor_pos", 9).put("detail_level", 0));
        JsonNode ir = k.reply(k.shell, i, 10_000).path("content");
        assertTrue(ir.path("found").asBoolean(), ir.toString());
        String doc = ir.path("data").path("text/plain").asText();
        assertTrue(doc.contains("org.fabriclab.Fabric.snapshot"), doc);
        assertTrue(doc.contains("Joins files and folders taken at one instant"), "the DSL's javadoc: " + doc);

        for (var e : Map.of("int x = 1;", "complete", "for (int i = 0; i < 2; i++) {", "incomplete", "int x = 1; }", "invalid").entrySet()) {
            String ic = k.send(k.shell, "is_complete_request", TestKernel.JSON.createObjectNode().put("code", e.getKey()));
            assertEquals(e.getValue(), k.reply(k.shell, ic, 10_000).path("content").path("status").asText(), e.getKey());
        }

        k.run("\"history marker\"");
        ObjectNode hq = TestKernel.JSON.createObjectNode().put("output", true).put("raw", true).put("hist_access_type", "tail").put("n", 1);
        String h = k.send(k.shell, "history_request", hq);
        JsonNode hist = k.reply(k.shell, h, 10_000).path("content").path("history");
        assertEquals(1, hist.size());
        assertEquals("\"history marker\"", hist.get(0).get(2).get(0).asText());
        assertEquals("\"history marker\"", hist.get(0).get(2).get(1).asText());
    }

    @Test void displayAndUpdateDisplay() throws Exception {
        TestKernel.Result r = k.run("String id = display(Table.create(\"t\", LongColumn.create(\"v\", new long[] {9_007_199_254_740_993L})));\n"
                + "updateDisplay(id, \"done\");");
        assertEquals("ok", r.status());
        JsonNode d = r.of("display_data").get(0).path("content");
        assertTrue(d.path("data").path("text/html").asText().contains("<td>9007199254740993</td>"), d.toString());
        JsonNode u = r.of("update_display_data").get(0).path("content");
        assertEquals(d.path("transient").path("display_id").asText(), u.path("transient").path("display_id").asText());
        assertEquals("\"done\"", u.path("data").path("text/plain").asText());
    }

    @Test void errorsCarryTheRealClassAndTheCellLine() throws Exception {
        TestKernel.Result r = k.run("int a = 1;\nObject o = null;\no.toString();");
        JsonNode c = r.reply().path("content");
        assertEquals("error", c.path("status").asText());
        assertEquals("java.lang.NullPointerException", c.path("ename").asText());
        int n = c.path("execution_count").asInt();
        assertTrue(c.path("traceback").toString().contains("Cell[" + n + "] line 3"), c.toString());
        JsonNode err = r.of("error").get(0).path("content");
        assertEquals("java.lang.NullPointerException", err.path("ename").asText());
        TestKernel.Result comp = k.run("int b = 1;\nint c = \"text\";");
        assertEquals("CompilationException", comp.reply().path("content").path("ename").asText());
        assertTrue(comp.reply().path("content").path("traceback").toString().contains("line 2"), comp.reply().toString());
    }

    @Test void exitStackOverflowAndOutOfMemoryLeaveTheKernelServing() throws Exception {
        k.run("var survivor = List.of(1, 2, 3);");
        assertEquals("org.fabriclab.kernel.eval.CellExit", k.run("System.exit(3);").reply().path("content").path("ename").asText());
        assertEquals("java.lang.StackOverflowError", k.run("int down(int n) { return down(n + 1) + 1; }\ndown(0)").reply().path("content").path("ename").asText());
        assertEquals("java.lang.OutOfMemoryError",
                k.run("List<long[]> hog = new ArrayList<>();\nwhile (true) hog.add(new long[1 << 20]);").reply().path("content").path("ename").asText());
        assertEquals("[1, 2, 3]", k.run("survivor").text());
        assertTrue(k.process.isAlive());
    }

    @Test void outputIsCoalescedAndBackgroundThreadsReachTheNotebook() throws Exception {
        TestKernel.Result r = k.run("for (int i = 0; i < 2000; i++) System.out.print(\"x\");");
        assertEquals("x".repeat(2000), r.stdout());
        assertTrue(r.of("stream").size() <= 20, "2000 prints coalesced into few messages, got " + r.of("stream").size());
        TestKernel.Result bg = k.run("new Thread(() -> { try { Thread.sleep(300); } catch (InterruptedException e) { } System.out.println(\"from background\"); }).start();");
        String cellId = bg.reply().path("parent_header").path("msg_id").asText();
        boolean seen = false;
        long deadline = System.currentTimeMillis() + 5000;
        while (!seen && System.currentTimeMillis() < deadline) {
            JsonNode m = k.recv(k.iopub, 500);
            if (m != null && m.path("header").path("msg_type").asText().equals("stream")
                    && m.path("content").path("text").asText().contains("from background")) {
                seen = true;
                assertEquals(cellId, m.path("parent_header").path("msg_id").asText());
            }
        }
        assertTrue(seen, "background thread output reaches iopub");
    }

    @Test void overwrittenVariablesAreFreed() throws Exception {
        k.run("var big = new Object();\nvar ref = new java.lang.ref.WeakReference<>(big);");
        k.run("var big = new Object();");
        TestKernel.Result r = k.run("System.gc(); Thread.sleep(100); System.gc(); ref.get() == null");
        assertEquals("true", r.text(), "the first value of 'big' must be unreachable once redefined");
    }

    @Test void cellsDoNotSeeTheKernelsTransportLibraries() throws Exception {
        TestKernel.Result r = k.run("Class.forName(\"org.zeromq.ZMQ\")");
        assertEquals("java.lang.ClassNotFoundException", r.reply().path("content").path("ename").asText());
        assertEquals("ok", k.run("Class.forName(\"tech.tablesaw.api.Table\")").status());
    }

    @Test void readingStdinEndsAtOnce() throws Exception {
        assertEquals("-1", k.run("System.in.read()").text(), "no input_request: System.in is empty, not a pipe that never ends");
    }

    @Test void heartbeatEchoes() throws Exception {
        ZMQ.Socket hb = k.hb;
        hb.setReceiveTimeOut(5000);
        hb.send("ping".getBytes(StandardCharsets.UTF_8), 0);
        assertEquals("ping", new String(hb.recv(0), StandardCharsets.UTF_8));
    }

    @Test void commInfoRepliesWithNoComms() throws Exception {
        String id = k.send(k.shell, "comm_info_request", TestKernel.JSON.createObjectNode());
        JsonNode r = k.reply(k.shell, id, 5000).path("content");
        assertEquals("ok", r.path("status").asText());
        assertTrue(r.path("comms").isObject());
        List<JsonNode> none = List.of();
        assertTrue(none.isEmpty());
    }
}
