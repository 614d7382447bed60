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

    @Test void replayedMessagesAreRejectedAndRunOnce() throws Exception {
        k.run("int replays = 0;");
        List<byte[]> frames = k.frames("execute_request", k.exec("replays++;"), null);
        String id = TestKernel.JSON.readTree(frames.get(2)).get("msg_id").asText();
        k.sendFrames(k.shell, frames);
        assertNotNull(k.reply(k.shell, id, 30_000), "the first copy runs");
        k.sendFrames(k.shell, frames);
        assertNull(k.reply(k.shell, id, 1500), "the identical signed frames again get no reply");
        assertTrue(k.log().contains("replayed message rejected"), k.log());
        assertEquals("1", k.run("replays").text(), "the cell ran once");
        String truncated = k.sendSigned(k.shell, "execute_request", k.exec("replays++;"),
                TestKernel.hmac(k.key, List.of("x".getBytes())).substring(0, 32));
        assertNull(k.reply(k.shell, truncated, 1000), "a truncated signature is rejected too");
    }

    @Test void requestFieldsOfTheWrongTypeGetAnErrorAndRunNothing() throws Exception {
        int before = k.run("int typed = 1;").reply().path("content").path("execution_count").asInt();
        ObjectNode numeric = k.exec("x");
        numeric.put("code", 42);
        String id = k.send(k.shell, "execute_request", numeric);
        JsonNode r = k.reply(k.shell, id, 10_000).path("content");
        assertEquals("error", r.path("status").asText());
        assertEquals("InvalidRequest", r.path("ename").asText());
        assertTrue(r.path("evalue").asText().contains("'code' must be a string"), r.toString());
        assertEquals(before, r.path("execution_count").asInt(), "nothing ran, the count did not move");
        ObjectNode silent = k.exec("typed = 2;");
        silent.put("silent", "yes");
        assertEquals("error", k.reply(k.shell, k.send(k.shell, "execute_request", silent), 10_000).path("content").path("status").asText());
        ObjectNode complete = TestKernel.JSON.createObjectNode().put("code", "Sys").put("cursor_pos", "3");
        JsonNode c = k.reply(k.shell, k.send(k.shell, "complete_request", complete), 10_000).path("content");
        assertEquals("error", c.path("status").asText());
        assertTrue(c.path("evalue").asText().contains("'cursor_pos' must be an integer"), c.toString());
        assertEquals("1", k.run("typed").text(), "the cell with a non-boolean 'silent' did not run");
    }

    @Test void everyWayToExitIsRefusedAndTheStateKept() throws Exception {
        k.run("var keep = \"kept\";");
        String[][] tries = {
            {"Runtime.getRuntime().exit(2);", "Runtime.exit(2)"},
            {"Runtime.getRuntime().halt(1);", "Runtime.halt(1)"},
            {"System.class.getMethod(\"exit\", int.class).invoke(null, 3);", "System.exit(3) through reflection"},
            {"Runtime.class.getMethod(\"halt\", int.class).invoke(Runtime.getRuntime(), 4);", "Runtime.halt(4) through reflection"},
            {"java.lang.invoke.MethodHandles.lookup().findStatic(System.class, \"exit\", java.lang.invoke.MethodType.methodType(void.class, int.class)).invoke(5);",
                "System.exit(5) through a method handle"},
            {"java.lang.invoke.MethodHandles.lookup().findVirtual(Runtime.class, \"exit\", java.lang.invoke.MethodType.methodType(void.class, int.class)).invoke(Runtime.getRuntime(), 6);",
                "Runtime.exit(6) through a method handle"},
        };
        for (String[] t : tries) {
            JsonNode c = k.run(t[0]).reply().path("content");
            assertEquals("org.fabriclab.kernel.eval.CellExit", c.path("ename").asText(), t[0] + " -> " + c);
            assertTrue(c.path("evalue").asText().startsWith(t[1]), t[0] + " -> " + c);
        }
        TestKernel.Result bg = k.run("var quitter = new Thread(() -> Runtime.getRuntime().halt(7));\nquitter.start();\nquitter.join();");
        String cellId = bg.reply().path("parent_header").path("msg_id").asText();
        JsonNode err = null;
        for (JsonNode m : bg.of("error")) err = m;
        long deadline = System.currentTimeMillis() + 5000;
        while (err == null && System.currentTimeMillis() < deadline) {
            JsonNode m = k.recv(k.iopub, 500);
            if (m != null && m.path("header").path("msg_type").asText().equals("error")) err = m;
        }
        assertNotNull(err, "the thread's attempt is an error output");
        assertEquals(cellId, err.path("parent_header").path("msg_id").asText(), "under the cell that started the thread");
        assertTrue(err.path("content").path("evalue").asText().startsWith("Runtime.halt(7)"), err.toString());
        assertEquals("\"kept\"", k.run("keep").text());
        assertTrue(k.process.isAlive());
    }

    @Test void backgroundOutputAfterItsCellEndedGoesToThatCell() throws Exception {
        TestKernel.Result a = k.run("new Thread(() -> { try { Thread.sleep(400); } catch (InterruptedException e) { } System.out.println(\"late from A\"); }).start();");
        String aId = a.reply().path("parent_header").path("msg_id").asText();
        // B runs while A's thread prints
        TestKernel.Result b = k.run("Thread.sleep(1500);\nSystem.out.println(\"from B\");");
        assertFalse(b.stdout().contains("late from A"), "A's thread output is not B's: " + b.stdout());
        assertTrue(b.stdout().contains("from B"));
        k.drainIopub(200);
        boolean seen = false;
        TestKernel.Result c = k.run("new Thread(() -> { try { Thread.sleep(300); } catch (InterruptedException e) { } System.out.println(\"late from C\"); }).start();");
        String cId = c.reply().path("parent_header").path("msg_id").asText();
        String dId = k.send(k.shell, "execute_request", k.exec("Thread.sleep(1200);"));
        long deadline = System.currentTimeMillis() + 10_000;
        while (!seen && System.currentTimeMillis() < deadline) {
            JsonNode m = k.recv(k.iopub, 500);
            if (m != null && m.path("header").path("msg_type").asText().equals("stream") && m.path("content").path("text").asText().contains("late from C")) {
                seen = true;
                assertEquals(cId, m.path("parent_header").path("msg_id").asText(), "under C's header, not D's (" + dId + ")");
            }
        }
        assertTrue(seen, "C's late output reaches iopub");
        assertNotNull(k.reply(k.shell, dId, 10_000));
        assertFalse(aId.isEmpty());
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
        assertEquals("Interrupted", r.path("content").path("ename").asText(), r.toString());
        int n = r.path("content").path("execution_count").asInt();
        assertEquals("Interrupted: the cell was stopped at Cell[" + n + "] line 4", r.path("content").path("traceback").get(0).asText(),
                "the loop's own line, on every JVM (no Thread.stop needed)");
        String sleeping = k.send(k.shell, "execute_request", k.exec("{\n  System.out.println(\"sleeping\");\n  Thread.sleep(60_000);\n}"));
        awaitStream(sleeping, "sleeping");
        k.send(k.control, "interrupt_request", TestKernel.JSON.createObjectNode());
        JsonNode s = k.reply(k.shell, sleeping, 20_000);
        assertEquals("Interrupted", s.path("content").path("ename").asText());
        String tb = s.path("content").path("traceback").toString();
        assertTrue(tb.contains("the cell was stopped at Cell[") && tb.contains("line 3") && tb.contains("java.lang.InterruptedException"), tb);
        TestKernel.Result kept = k.run("kept");
        assertEquals("ok", kept.status(), "the next cell runs after two interrupts: " + kept.reply() + " " + kept.iopub());
        assertEquals("\"still here\"", kept.text());
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
        JsonNode oom = k.run("List<long[]> hog = new ArrayList<>();\nwhile (true) hog.add(new long[1 << 20]);").reply().path("content");
        assertEquals("java.lang.OutOfMemoryError", oom.path("ename").asText());
        String hint = oom.path("traceback").get(oom.path("traceback").size() - 1).asText();
        assertTrue(hint.matches("The kernel's heap may grow to 2\\d\\d MiB; \\d+ MiB are still in use: .*install --heap.*"), hint);
        assertEquals("ok", k.run("hog = null;").status(), "what the hint says frees it");
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

    @Test void stdinNotAllowedIsAClearErrorAtOnce() throws Exception {
        TestKernel.Result r = k.run("System.in.read()");
        assertEquals("org.fabriclab.kernel.eval.NoInputException", r.reply().path("content").path("ename").asText());
        assertTrue(r.reply().path("content").path("evalue").asText().contains("allow_stdin"), r.reply().toString());
        assertEquals("error", k.run("readLine(\"name? \")").status());
    }

    /** One input_request on the stdin channel, answered with {@code value}; returns the request. */
    private JsonNode answer(String value) throws Exception {
        JsonNode req = k.recv(k.stdin, 20_000);
        assertNotNull(req, "an input_request on stdin\n" + k.log());
        assertEquals("input_request", req.path("header").path("msg_type").asText());
        k.send(k.stdin, "input_reply", TestKernel.JSON.createObjectNode().put("value", value));
        return req;
    }

    @Test void inputRequestsWhenStdinIsAllowed() throws Exception {
        String id = k.send(k.shell, "execute_request", k.exec(
                "String who = readLine(\"name? \");\nString pw = readPassword(\"password: \");\n"
                        + "int n = new Scanner(System.in).nextInt();\nwho + \"/\" + pw + \"/\" + (n * 2)", true));
        JsonNode first = answer("ada");
        assertEquals("name? ", first.path("content").path("prompt").asText());
        assertFalse(first.path("content").path("password").asBoolean());
        assertEquals(id, first.path("parent_header").path("msg_id").asText(), "the request names the cell that asks");
        assertTrue(answer("s3cret").path("content").path("password").asBoolean(), "readPassword asks for a hidden field");
        assertEquals("", answer("21").path("content").path("prompt").asText());
        JsonNode reply = k.reply(k.shell, id, 30_000);
        assertEquals("ok", reply.path("content").path("status").asText(), reply.toString());
        List<JsonNode> io = k.iopubUntilIdle(id, 10_000);
        String result = io.stream().filter(m -> m.path("header").path("msg_type").asText().equals("execute_result"))
                .map(m -> m.path("content").path("data").path("text/plain").asText()).findFirst().orElse("");
        assertEquals("\"ada/s3cret/42\"", result);
    }

    @Test void interruptWhileWaitingForInputStopsTheCell() throws Exception {
        String id = k.send(k.shell, "execute_request", k.exec("String never = readLine(\"waiting: \");", true));
        JsonNode req = k.recv(k.stdin, 20_000);
        assertNotNull(req);
        k.send(k.control, "interrupt_request", TestKernel.JSON.createObjectNode());
        JsonNode reply = k.reply(k.shell, id, 30_000);
        assertEquals("error", reply.path("content").path("status").asText(), reply.toString());
        assertEquals("ok", k.run("1 + 1").status(), "the kernel serves on");
    }

    @Test void exitAndQuitAskJupyterConsoleToEnd() throws Exception {
        for (String c : List.of("exit", "quit")) {
            JsonNode payload = k.run(c).reply().path("content").path("payload");
            assertEquals(1, payload.size(), payload.toString());
            assertEquals("ask_exit", payload.get(0).path("source").asText());
            assertFalse(payload.get(0).path("keepkernel").asBoolean(true));
        }
        assertEquals(0, k.run("int notExit = 0;").reply().path("content").path("payload").size());
        assertEquals("ok", k.run("1 + 1").status(), "the kernel itself stays until the front end shuts it down");
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
