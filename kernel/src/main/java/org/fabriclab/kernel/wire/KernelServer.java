package org.fabriclab.kernel.wire;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.fabriclab.kernel.display.Display;
import org.fabriclab.kernel.display.Mime;
import org.fabriclab.kernel.display.Renderers;
import org.fabriclab.kernel.eval.CellError;
import org.fabriclab.kernel.eval.CellOwner;
import org.fabriclab.kernel.eval.CellResult;
import org.fabriclab.kernel.eval.Completion;
import org.fabriclab.kernel.eval.Input;
import org.fabriclab.kernel.eval.NoInputException;
import org.fabriclab.kernel.eval.OutputRouter;
import org.fabriclab.kernel.eval.Session;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The Jupyter kernel over jeromq: shell, control, iopub, stdin and heartbeat sockets bound to the
 * connection file's address only; one thread per socket, blocking receives (no polling interval),
 * so a trivial cell costs the JShell evaluation plus a few hundred microseconds.
 *
 * <p>The JShell session is created (and warmed with a few throwaway snippets) on a background
 * thread at start, while {@code kernel_info} is already answered; JShell's source analysis, whose
 * class-path indexer costs about 0.6 s of CPU, is made at the first idle second or on demand. Shell
 * requests run on the shell thread; interrupt and shutdown arrive on the control thread and act
 * while a cell runs. With the environment variable {@code FABRICLAB_TIMING} set, the log gets each
 * cell's evaluation time (JShell compile + run) and whole-request time, to tell evaluation cost
 * from protocol cost.
 *
 * <pre>{@code
 * KernelServer k = KernelServer.start(ConnectionInfo.read(Path.of(connectionFile)));
 * k.awaitShutdown();
 * }</pre>
 */
public final class KernelServer implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger("fabriclab.kernel");
    public static final String IMPLEMENTATION_VERSION = "0.1.0";

    private final ConnectionInfo info;
    private final Codec codec;
    private final ZContext ctx = new ZContext(1);
    private final ZMQ.Socket shell, control, iopub, stdin, hb;
    private final CompletableFuture<Session> session;
    private final History history = new History();
    private final CountDownLatch done = new CountDownLatch(1);
    private final List<Thread> threads = new ArrayList<>();
    private OutputRouter output;
    private volatile Message currentParent;
    /** The execute request now running when it allowed stdin ({@code allow_stdin}), else null. */
    private volatile Message stdinParent;
    private int executionCount;
    private volatile boolean closing;
    /** Requests being handled, and when the last one started or ended (for idle-time work). */
    private final java.util.concurrent.atomic.AtomicInteger active = new java.util.concurrent.atomic.AtomicInteger();
    private volatile long lastActivity = System.nanoTime();
    /** Quiet time after which the kernel makes JShell's source analysis (and so its class index). */
    static final long IDLE_MS = 1000;
    /**
     * Quiet time after which the idle warm-up starts ({@link #prepareWhenIdle}): longer than the gaps between a
     * front end's start-up requests and a "Run all" (a cell arriving during the warm-up waits for one warm-up cell).
     */
    static final long IDLE_WARM_MS = 2500;
    private static final boolean TIMING = System.getenv("FABRICLAB_TIMING") != null;
    /** {@code -Dfabriclab.idleWarmUp=false} leaves out the idle-time warm-up ({@link #prepareWhenIdle}; for A/B runs). */
    static final boolean IDLE_WARM_UP = !"false".equals(System.getProperty("fabriclab.idleWarmUp"));

    private KernelServer(ConnectionInfo info, CompletableFuture<Session> session) {
        this.info = info;
        this.session = session;
        this.codec = new Codec(new Signer(info.key()), "fabriclab");
        shell = bind(SocketType.ROUTER, info.shellPort());
        control = bind(SocketType.ROUTER, info.controlPort());
        iopub = bind(SocketType.PUB, info.iopubPort());
        stdin = bind(SocketType.ROUTER, info.stdinPort());
        hb = bind(SocketType.REP, info.hbPort());
    }

    private ZMQ.Socket bind(SocketType type, int port) {
        ZMQ.Socket s = ctx.createSocket(type);
        s.setLinger(500);
        if (!s.bind(info.url(port))) throw new IllegalStateException("cannot bind " + info.url(port));
        return s;
    }

    /** Binds the sockets and starts serving; the JShell session opens in the background. */
    public static KernelServer start(ConnectionInfo info) {
        return start(info, openSessionInBackground());
    }

    /** Binds the sockets and starts serving with a session being opened elsewhere; returns at once. */
    public static KernelServer start(ConnectionInfo info, CompletableFuture<Session> session) {
        KernelServer k = new KernelServer(info, session);
        // System.in, readLine and readPassword: an input_request on the stdin channel (Session makes System.in ask Input)
        Input.install(k::askInput);
        k.output = OutputRouter.install(k::stream);
        Display.install(new Display.Sink() {
            @Override public void show(Object value, String id, boolean update, Set<String> extra) { k.display(value, id, update, extra); }

            @Override public void clear(boolean wait) {
                k.output.flush();
                ObjectNode c = Codec.JSON.createObjectNode();
                c.put("wait", wait);
                k.publish("clear_output", k.parentOf(CellOwner.current()), c);
            }
        });
        // a thread a cell started that tries to end the JVM: an error output in that cell
        session.thenAccept(s -> s.onBackgroundExit((owner, error) -> {
            k.output.flush();
            k.publish("error", k.parentOf(owner), errorContent(error));
        }));
        k.thread("fabriclab-heartbeat", k::heartbeat);
        k.thread("fabriclab-control", () -> k.serve(k.control, true));
        k.thread("fabriclab-shell", () -> k.serve(k.shell, false));
        k.thread("fabriclab-stdin", k::stdinLoop);
        k.thread("fabriclab-idle", k::prepareWhenIdle);
        k.publish("status", null, status("starting"));
        return k;
    }

    private void thread(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        threads.add(t);
        t.start();
    }

    /**
     * Opens the JShell session on a daemon thread (the first cell waits for it; kernel_info does
     * not), then warms it with throwaway snippets for at most {@link #WARM_MS} (the first two
     * compilations are the slow ones and would otherwise fall on the first user cells; the rest of
     * the budget buys JIT-compiled javac for the next cells). The default, 200 ms, kept the first
     * result near 1.05 s with a first-cells median of 7.7 ms on a 2-core machine (300 ms: 1.15 s and
     * 7.8 ms; bench/kernel_bench.py). {@code FABRICLAB_WARM_MS} sets the budget in ms; 0 skips it.
     */
    static final long WARM_MS = warmBudget(200);
    static final int WARM_SNIPPETS = 40;

    private static long warmBudget(long byDefault) {
        String v = System.getenv("FABRICLAB_WARM_MS");
        try {
            return v == null ? byDefault : Math.max(0, Long.parseLong(v.trim()));
        } catch (NumberFormatException e) {
            return byDefault;
        }
    }

    public static CompletableFuture<Session> openSessionInBackground() {
        CompletableFuture<Session> f = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                long t0 = System.nanoTime();
                Session s = Session.open();
                long t1 = System.nanoTime();
                int warmed = s.warm(WARM_MS, WARM_SNIPPETS);
                f.complete(s);
                LOG.info(String.format("JShell session ready in %.0f ms, %d warm-up snippets in %.0f ms (%.0f ms after JVM start)",
                        (t1 - t0) / 1e6, warmed, (System.nanoTime() - t1) / 1e6,
                        (double) java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime()));
                Renderers.standard().bundle(1, Mime.DEFAULT);
            } catch (Throwable e) {
                LOG.log(Level.SEVERE, "JShell session failed to start", e);
                f.completeExceptionally(e);
            }
        }, "fabriclab-session-start");
        t.setDaemon(true);
        t.start();
        return f;
    }

    /** Blocks until a shutdown request (or the parent's death) ends the kernel. */
    public void awaitShutdown() throws InterruptedException { done.await(); }

    /** Ends the kernel when the process that started it dies (polled once a second). */
    public void watchParent(ProcessHandle parent) {
        thread("fabriclab-parent-watch", () -> {
            while (!closing) {
                if (!parent.isAlive()) {
                    LOG.info("parent process " + parent.pid() + " is gone: exiting");
                    done.countDown();
                    return;
                }
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
    }

    private void heartbeat() {
        try {
            while (!closing) {
                byte[] ping = hb.recv(0);
                if (ping == null) return;
                hb.send(ping, 0);
            }
        } catch (RuntimeException e) {
            if (!closing) LOG.log(Level.WARNING, "heartbeat stopped", e);
        }
    }

    private void serve(ZMQ.Socket sock, boolean isControl) {
        while (!closing) {
            List<byte[]> frames;
            try {
                frames = receive(sock, 0);
            } catch (RuntimeException e) {
                // not only ZMQException: closing the context under a blocked recv can throw jeromq's NullPointerException
                // (Ctx.sendCommand, a reaped socket's mailbox), which ended the thread with a stack trace on the log
                if (!closing) LOG.log(Level.WARNING, (isControl ? "control" : "shell") + " socket failed", e);
                return;
            }
            if (frames == null) continue;
            Message m;
            try {
                m = codec.decode(frames);
            } catch (BadMessageException e) {
                LOG.warning((isControl ? "control" : "shell") + ": " + e.getMessage());
                continue;
            }
            try {
                dispatch(sock, m, isControl);
            } catch (RuntimeException e) {
                LOG.log(Level.SEVERE, "handling " + m.type() + " failed", e);
            }
        }
    }

    private static List<byte[]> receive(ZMQ.Socket sock, int flags) {
        byte[] first = sock.recv(flags);
        if (first == null) return null;
        List<byte[]> frames = new ArrayList<>();
        frames.add(first);
        while (sock.hasReceiveMore()) frames.add(sock.recv(0));
        return frames;
    }

    /**
     * Once the kernel has been quiet for {@link #IDLE_MS}: makes JShell's source analysis (that
     * starts JShell's class-path indexer, about 0.6 s of CPU, which would otherwise compete with
     * the kernel's start and first cells on a small machine; a completion before then makes it on demand,
     * a multi-snippet cell makes it with the indexer held back until now), then, once quiet for {@link #IDLE_WARM_MS} and for as long as no request
     * arrives, evaluates the
     * session's idle warm-up cells ({@link Session#warmWhileIdle}) and reads the DSL's larger
     * in-memory samples ({@link org.fabriclab.kernel.eval.DslPreparation#warmWhileIdle}), so a first
     * real cell finds javac's and the reader's code compiled. A request arriving meanwhile waits for
     * one warm-up cell at most and stops the rest. Once per kernel.
     */
    private void prepareWhenIdle() {
        try {
            Session s = session.join();
            boolean analysed = false;
            while (!closing) {
                long quiet = (System.nanoTime() - lastActivity) / 1_000_000;
                if (!analysed && active.get() == 0 && quiet >= IDLE_MS) {
                    s.prepareAnalysis();
                    analysed = true;
                    if (!IDLE_WARM_UP) return;
                    continue;
                }
                if (analysed && active.get() == 0 && quiet >= IDLE_WARM_MS) {
                    // then, while nothing is asked of the kernel, what a first real cell compiles and reads
                    java.util.function.BooleanSupplier idle = () -> !closing && active.get() == 0;
                    long t0 = System.nanoTime();
                    int cells = s.warmWhileIdle(idle);
                    int rounds = org.fabriclab.kernel.eval.DslPreparation.warmWhileIdle(idle);
                    LOG.fine(String.format("idle warm-up: %d cells, %d sample reads in %.0f ms", cells, rounds, (System.nanoTime() - t0) / 1e6));
                    return;
                }
                Thread.sleep(Math.max(20, (analysed ? IDLE_WARM_MS : IDLE_MS) - quiet));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "idle-time source analysis not made", e);
        }
    }

    private void dispatch(ZMQ.Socket sock, Message m, boolean isControl) {
        active.incrementAndGet();
        lastActivity = System.nanoTime();
        try {
            handle(sock, m, isControl);
        } finally {
            lastActivity = System.nanoTime();
            active.decrementAndGet();
        }
    }

    private void handle(ZMQ.Socket sock, Message m, boolean isControl) {
        String type = m.type();
        if (type.startsWith("comm_") && !type.equals("comm_info_request")) return; // no comms: ignore, as the spec allows
        publish("status", m, status("busy"));
        try {
            String invalid = Requests.problem(type, m.content());
            if (invalid != null) {
                rejectInvalid(sock, m, invalid);
                return;
            }
            switch (type) {
                case "kernel_info_request" -> reply(sock, m, "kernel_info_reply", kernelInfo());
                case "execute_request" -> execute(sock, m);
                case "complete_request" -> reply(sock, m, "complete_reply", complete(m.content()));
                case "inspect_request" -> reply(sock, m, "inspect_reply", inspect(m.content()));
                case "is_complete_request" -> reply(sock, m, "is_complete_reply", isComplete(m.content()));
                case "history_request" -> reply(sock, m, "history_reply", ok().set("history", history.reply(m.content())));
                case "comm_info_request" -> reply(sock, m, "comm_info_reply", ok().set("comms", Codec.JSON.createObjectNode()));
                case "interrupt_request" -> {
                    session.thenAccept(Session::stop);
                    reply(sock, m, "interrupt_reply", ok());
                }
                case "shutdown_request" -> {
                    boolean restart = m.content().path("restart").asBoolean(false);
                    reply(sock, m, "shutdown_reply", ok().put("restart", restart));
                    publish("status", m, status("idle"));
                    LOG.info("shutdown requested" + (restart ? " (restart)" : ""));
                    done.countDown();
                    return;
                }
                default -> LOG.warning("unsupported message type " + type + " on " + (isControl ? "control" : "shell"));
            }
        } catch (RuntimeException e) {
            // e.g. the JShell session could not start: answer with an error instead of leaving the client waiting
            LOG.log(Level.SEVERE, "handling " + type + " failed", e);
            Throwable cause = e instanceof java.util.concurrent.CompletionException && e.getCause() != null ? e.getCause() : e;
            ObjectNode err = Codec.JSON.createObjectNode();
            err.put("status", "error");
            err.put("ename", cause.getClass().getName());
            err.put("evalue", String.valueOf(cause.getMessage()));
            err.putArray("traceback").add(cause.toString());
            if (type.endsWith("_request")) reply(sock, m, type.substring(0, type.length() - "_request".length()) + "_reply", err);
        } finally {
            if (!type.equals("shutdown_request")) publish("status", m, status("idle"));
        }
    }

    /**
     * A request whose content has a field of the wrong type (a number as {@code code}, a string as
     * {@code cursor_pos}): an error reply naming the field, nothing run; an execute request also gets
     * an {@code error} output, so the notebook shows why the cell did nothing.
     */
    private void rejectInvalid(ZMQ.Socket sock, Message m, String problem) {
        LOG.warning("rejected " + m.type() + " " + m.id() + ": " + problem);
        ObjectNode err = Codec.JSON.createObjectNode();
        err.put("ename", "InvalidRequest");
        err.put("evalue", problem);
        err.putArray("traceback").add("InvalidRequest: " + problem);
        if (m.type().equals("execute_request")) publish("error", m, err.deepCopy());
        err.put("status", "error");
        if (m.type().equals("execute_request")) err.put("execution_count", executionCount);
        String type = m.type();
        if (type.endsWith("_request")) reply(sock, m, type.substring(0, type.length() - "_request".length()) + "_reply", err);
    }

    private ObjectNode kernelInfo() {
        ObjectNode c = ok();
        c.put("protocol_version", Codec.PROTOCOL_VERSION);
        c.put("implementation", "fabriclab");
        c.put("implementation_version", IMPLEMENTATION_VERSION);
        ObjectNode li = c.putObject("language_info");
        li.put("name", "java");
        li.put("version", Runtime.version().toString());
        li.put("mimetype", "text/x-java");
        li.put("file_extension", ".jshell");
        li.put("pygments_lexer", "java");
        li.put("codemirror_mode", "text/x-java");
        c.put("banner", "fabriclab " + IMPLEMENTATION_VERSION + " - Java " + Runtime.version()
                + " (JShell). import static org.fabriclab.Fabric.* is already done.");
        c.put("debugger", false);
        ArrayNode links = c.putArray("help_links");
        links.addObject().put("text", "JShell").put("url", "https://docs.oracle.com/en/java/javase/17/jshell/");
        return c;
    }

    private void execute(ZMQ.Socket sock, Message m) {
        long tx0 = System.nanoTime();
        long evalNanos = 0;
        ObjectNode req = m.content();
        String code = req.path("code").asText("");
        boolean silent = req.path("silent").asBoolean(false);
        boolean store = req.path("store_history").asBoolean(true) && !silent;
        boolean stopOnError = req.path("stop_on_error").asBoolean(true);
        if (store) executionCount++;
        int count = executionCount;
        if (!silent) {
            ObjectNode in = Codec.JSON.createObjectNode();
            in.put("code", code);
            in.put("execution_count", count);
            publish("execute_input", m, in);
        }
        currentParent = m;
        stdinParent = req.path("allow_stdin").asBoolean(false) ? m : null;
        CellResult r;
        try {
            long tt0 = System.nanoTime();
            r = session.join().eval(code, count, m);
            evalNanos = System.nanoTime() - tt0;
        } catch (RuntimeException e) {
            r = CellResult.failed(new CellError(e.getClass().getName(), String.valueOf(e.getMessage()),
                    List.of("the Java session is not available: " + e)));
        }
        stdinParent = null;
        output.flush();
        String textOut = "";
        if (!r.ok()) {
            CellError e = r.error();
            ObjectNode err = errorContent(e);
            if (!silent) publish("error", m, err.deepCopy());
            err.put("status", "error");
            err.put("execution_count", count);
            reply(sock, m, "execute_reply", err);
        } else {
            if (r.hasValue() && !silent) {
                Map<String, Object> data = Renderers.standard().bundle(r.value(), Mime.DEFAULT);
                textOut = String.valueOf(data.get(Mime.TEXT));
                ObjectNode res = Codec.JSON.createObjectNode();
                res.put("execution_count", count);
                res.set("data", Codec.JSON.valueToTree(data));
                res.putObject("metadata");
                publish("execute_result", m, res);
            }
            ObjectNode ok = ok();
            ok.put("execution_count", count);
            ArrayNode payload = ok.putArray("payload");
            // exit / quit: jupyter console ends (and, owning the kernel, shuts it down), as for IPython
            if (r.exitRequested()) payload.addObject().put("source", "ask_exit").put("keepkernel", false);
            ok.putObject("user_expressions");
            reply(sock, m, "execute_reply", ok);
        }
        if (store) history.add(count, code, textOut);
        if (TIMING) LOG.info(String.format("cell %d: eval %.1f ms, whole request %.1f ms", count, evalNanos / 1e6, (System.nanoTime() - tx0) / 1e6));
        if (!r.ok() && stopOnError) abortQueued(sock);
    }

    /** After a failed cell: every execute request already queued gets an "aborted" reply. */
    private void abortQueued(ZMQ.Socket sock) {
        List<byte[]> frames;
        while ((frames = receive(sock, ZMQ.DONTWAIT)) != null) {
            Message q;
            try {
                q = codec.decode(frames);
            } catch (BadMessageException e) {
                LOG.warning("shell: " + e.getMessage());
                continue;
            }
            if (q.type().equals("execute_request")) {
                publish("status", q, status("busy"));
                ObjectNode c = Codec.JSON.createObjectNode();
                c.put("status", "aborted");
                c.put("execution_count", executionCount);
                reply(sock, q, "execute_reply", c);
                publish("status", q, status("idle"));
            } else {
                dispatch(sock, q, false);
            }
        }
    }

    private static ObjectNode errorContent(CellError e) {
        ObjectNode err = Codec.JSON.createObjectNode();
        err.put("ename", e.ename());
        err.put("evalue", e.evalue());
        ArrayNode tb = err.putArray("traceback");
        e.traceback().forEach(tb::add);
        return err;
    }

    private ObjectNode complete(ObjectNode req) {
        String code = req.path("code").asText("");
        int cursor = req.path("cursor_pos").asInt(code.length());
        Completion c = session.join().complete(code, cursor);
        ObjectNode r = ok();
        ArrayNode m = r.putArray("matches");
        c.matches().forEach(m::add);
        r.put("cursor_start", c.start());
        r.put("cursor_end", c.end());
        r.putObject("metadata");
        return r;
    }

    private ObjectNode inspect(ObjectNode req) {
        String code = req.path("code").asText("");
        int cursor = req.path("cursor_pos").asInt(code.length());
        String doc = session.join().inspect(code, cursor);
        ObjectNode r = ok();
        r.put("found", !doc.isEmpty());
        ObjectNode data = r.putObject("data");
        if (!doc.isEmpty()) data.put(Mime.TEXT, doc);
        r.putObject("metadata");
        return r;
    }

    private ObjectNode isComplete(ObjectNode req) {
        String status = session.join().isComplete(req.path("code").asText(""));
        ObjectNode r = Codec.JSON.createObjectNode();
        r.put("status", status);
        if (status.equals("incomplete")) r.put("indent", "    ");
        return r;
    }

    /** A cell's question for the stdin thread, and where its answer goes. */
    private record InputAsk(Message parent, String prompt, boolean password, CompletableFuture<String> answer) {}

    /**
     * One line from the front end: an {@code input_request} on the stdin channel under the running
     * execute request (so the front end knows which cell asks), answered by its {@code input_reply}.
     * Called on the cell's thread, which waits (interruptibly) while the stdin thread, the only
     * user of the stdin socket, sends the request and receives the reply.
     *
     * @throws NoInputException when the request did not allow stdin, or the asking thread's cell has ended
     * @throws java.io.InterruptedIOException when the cell is interrupted while waiting
     */
    private String askInput(String prompt, boolean password) throws java.io.IOException {
        Message parent = stdinParent;
        if (parent == null) {
            throw new NoInputException("this frontend does not support input: the execute request was sent with allow_stdin false"
                    + " (nbconvert, papermill and 'run all' in some front ends do that)");
        }
        Object owner = CellOwner.current();
        if (owner != null && owner != parent) throw new NoInputException("input requested by a thread whose cell has ended");
        output.flush();
        InputAsk ask = new InputAsk(parent, prompt, password, new CompletableFuture<>());
        asks.add(ask);
        try {
            return ask.answer().get();
        } catch (InterruptedException e) {
            ask.answer().cancel(false);
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while waiting for input");
        } catch (java.util.concurrent.ExecutionException e) {
            throw new java.io.IOException(e.getCause().getMessage(), e.getCause());
        }
    }

    private final java.util.concurrent.BlockingQueue<InputAsk> asks = new java.util.concurrent.LinkedBlockingQueue<>();

    /** The stdin thread: sends each {@link InputAsk} as an input_request and completes it with the reply's value. */
    private void stdinLoop() {
        stdin.setReceiveTimeOut(100);
        InputAsk waiting = null;
        try {
            while (!closing) {
                if (waiting != null && waiting.answer().isDone()) waiting = null; // the cell was interrupted
                if (waiting == null) {
                    while (receive(stdin, ZMQ.DONTWAIT) != null) { /* a reply nobody waits for any more */ }
                    try {
                        waiting = asks.poll(100, java.util.concurrent.TimeUnit.MILLISECONDS);
                    } catch (InterruptedException e) {
                        return;
                    }
                    if (waiting == null) continue;
                    ObjectNode c = Codec.JSON.createObjectNode();
                    c.put("prompt", waiting.prompt());
                    c.put("password", waiting.password());
                    send(stdin, codec.message("input_request", waiting.parent(), c));
                }
                List<byte[]> frames = receive(stdin, 0);
                if (frames == null) continue;
                Message reply;
                try {
                    reply = codec.decode(frames);
                } catch (BadMessageException e) {
                    LOG.warning("stdin: " + e.getMessage());
                    continue;
                }
                if (!reply.type().equals("input_reply")) {
                    LOG.warning("stdin: unexpected " + reply.type());
                    continue;
                }
                com.fasterxml.jackson.databind.JsonNode v = reply.content().path("value");
                if (v.isTextual()) waiting.answer().complete(v.asText());
                else waiting.answer().completeExceptionally(new java.io.IOException("input_reply without a text value: " + reply.content()));
                waiting = null;
            }
        } catch (RuntimeException e) {
            if (!closing) LOG.log(Level.WARNING, "stdin socket failed", e);
            if (waiting != null) waiting.answer().completeExceptionally(new java.io.IOException("stdin channel failed: " + e.getMessage()));
        }
    }

    /** Stream text from cells and their threads, to the cell that printed it (see {@link CellOwner}). */
    private void stream(Object owner, String name, String text) {
        ObjectNode c = Codec.JSON.createObjectNode();
        c.put("name", name);
        c.put("text", text);
        publish("stream", parentOf(owner), c);
    }

    /** The request a cell's output belongs under: its owner's, else the cell running now (or last). */
    private Message parentOf(Object owner) {
        return owner instanceof Message m ? m : currentParent;
    }

    /** {@code display(x)} / {@code updateDisplay(id, x)} from a cell. */
    private void display(Object value, String id, boolean update, Set<String> extra) {
        List<String> mimes = new ArrayList<>(Mime.DEFAULT);
        mimes.addAll(extra);
        Map<String, Object> data = Renderers.standard().bundle(value, mimes);
        output.flush();
        ObjectNode c = Codec.JSON.createObjectNode();
        c.set("data", Codec.JSON.valueToTree(data));
        c.putObject("metadata");
        c.putObject("transient").put("display_id", id);
        publish(update ? "update_display_data" : "display_data", parentOf(CellOwner.current()), c);
    }

    private void reply(ZMQ.Socket sock, Message parent, String type, ObjectNode content) {
        send(sock, codec.message(type, parent, content));
    }

    private synchronized void publish(String type, Message parent, ObjectNode content) {
        Message msg = codec.message(type, parent, content);
        Message topic = new Message(List.of(("kernel." + codec.session() + "." + type).getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                msg.header(), msg.parent(), msg.metadata(), msg.content(), msg.buffers());
        send(iopub, topic);
    }

    private void send(ZMQ.Socket sock, Message m) {
        List<byte[]> f = codec.encode(m);
        for (int i = 0; i < f.size(); i++) sock.send(f.get(i), i < f.size() - 1 ? ZMQ.SNDMORE : 0);
    }

    private static ObjectNode ok() {
        ObjectNode c = Codec.JSON.createObjectNode();
        c.put("status", "ok");
        return c;
    }

    private static ObjectNode status(String state) {
        ObjectNode c = Codec.JSON.createObjectNode();
        c.put("execution_state", state);
        return c;
    }

    @Override public void close() {
        closing = true;
        Display.install(null);
        if (output != null) output.uninstall();
        session.thenAccept(Session::close);
        ctx.close();
    }
}
