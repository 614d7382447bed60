package org.fabriclab.kernel.cli;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fabriclab install [--user|--sys-prefix|--prefix DIR]}: writes the kernelspec
 * {@code kernels/fabriclab/} (kernel.json with display name "Java (fabriclab)", interrupt_mode
 * message, argv = this checkout's {@code ./fabriclab kernel {connection_file}} as an absolute path,
 * logos 32 and 64, the JIT directives {@code jit-directives.json}) and, unless {@code --no-cds}, a class-data-sharing archive made by one warm-up
 * run so the kernel starts faster. Prints where it went and what Jupyter needs to find it.
 * {@code --user} (the default) follows Jupyter's own rules for its data dir ({@link JupyterPaths}:
 * {@code JUPYTER_DATA_DIR}, {@code JUPYTER_PLATFORM_DIRS}, then the platform default from
 * {@code HOME}/{@code XDG_DATA_HOME}, {@code ~/Library/Jupyter}, {@code %APPDATA%\jupyter});
 * {@code --prefix DIR} says that Jupyter needs {@code JUPYTER_PATH=DIR/share/jupyter} unless that
 * folder already is on its search path.
 */
@Command(name = "install", description = InstallCommand.SUMMARY)
final class InstallCommand implements Callable<Integer> {
    /** The first line of the description, which the usage's list of commands shows ({@link Commands}). */
    static final String SUMMARY = "Install the Jupyter kernelspec \"Java (fabriclab)\".";
    static final String NAME = "fabriclab";
    /**
     * The kernel JVM's flags (issue 9): tiered compilation with C2 for everything a long DSL
     * operation runs (the DSL, Tablesaw, the JDK), so History.load, capture() and the classifiers run
     * at the speed of a default JVM; C1 only for the code every cell runs (javac, JShell, the wire:
     * jeromq, Jackson, the kernel, and the JDK's zip and image file systems javac reads class files
     * through), through {@link #JIT_DIRECTIVES}, so C2 never spends the first
     * seconds of a 2-core machine on javac (C2 on javac doubled the trivial-cell figures); that code
     * is compiled after a twentieth of the usual invocations, so the first cells find it compiled;
     * the parallel GC (throughput for large loads); no perf-data file. The heap flag comes first
     * ({@link #heapFlag}). The launcher runs with globbing off, so the '*' patterns reach the JVM.
     * Measured with bench/kernel_bench.py and bench/kernel_flags.py.
     */
    static final String JIT_FLAGS = "-XX:CompileCommand=quiet"
            + " -XX:CompileCommand=CompileThresholdScaling,com.sun.tools.javac.*::*,0.05"
            + " -XX:CompileCommand=CompileThresholdScaling,jdk.jshell.*::*,0.05"
            + " -XX:CompileCommand=CompileThresholdScaling,zmq.*::*,0.05"
            + " -XX:CompileCommand=CompileThresholdScaling,com.fasterxml.jackson.*::*,0.05"
            + " -XX:CompileCommand=CompileThresholdScaling,org.fabriclab.kernel.*::*,0.05"
            + " -XX:+UseParallelGC -Xss4m -XX:-UsePerfData"
            // what Spark (history's engines module, loaded only when a notebook asks for it) needs on Java 17; free at start
            + " --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED"
            + " --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED"
            + " --add-opens=java.base/java.lang.invoke=ALL-UNNAMED --add-opens=java.base/sun.util.calendar=ALL-UNNAMED"
            + " --add-opens=java.base/java.util.concurrent=ALL-UNNAMED";

    /** HotSpot compiler directives: the kernel's compile path never goes to C2 (it stays on C1 code). */
    static final String JIT_DIRECTIVES = """
            [ { match: [ "com/sun/tools/javac/*.*", "jdk/jshell/*.*", "jdk/internal/jshell/*.*", "org/fabriclab/kernel/*.*",
                         "zmq/*.*", "org/zeromq/*.*", "com/fasterxml/jackson/*.*",
                         "jdk/nio/zipfs/*.*", "jdk/internal/jrtfs/*.*", "jdk/internal/jimage/*.*" ],
                c2: { Exclude: true } } ]
            """;

    /** The flags for a kernelspec whose directives file is {@code directives}. */
    static String jvmFlags(Path directives) {
        return JIT_FLAGS + " -XX:+UnlockDiagnosticVMOptions -XX:CompilerDirectivesFile=" + directives;
    }

    static final class Where {
        @Option(names = "--user", description = "Jupyter's per-user data dir, by Jupyter's rules: $JUPYTER_DATA_DIR, else the platform default (default)") boolean user;
        @Option(names = "--sys-prefix", description = "the active environment: $VIRTUAL_ENV or $CONDA_PREFIX, else /usr") boolean sysPrefix;
        @Option(names = "--prefix", paramLabel = "DIR", description = "DIR/share/jupyter/kernels (Jupyter needs JUPYTER_PATH=DIR/share/jupyter)") Path prefix;
    }

    @ArgGroup(exclusive = true) Where where = new Where();
    @Option(names = "--heap", paramLabel = "SIZE|PERCENT%", description = "the kernel's maximum heap: a share of this machine's RAM "
            + "(e.g. 50%%) or a size (e.g. 12g); default 70%%") String heap = DEFAULT_HEAP;
    @Option(names = "--no-cds", description = "skip the class-data-sharing archive (faster install, slower kernel start)") boolean noCds;
    @Option(names = "--launcher", hidden = true, description = "the fabriclab launcher (default: the one running)") Path launcher;
    @Spec picocli.CommandLine.Model.CommandSpec spec;
    /** The environment and OS Jupyter's paths are derived from (tests inject their own). */
    Map<String, String> env = System.getenv();
    String osName = System.getProperty("os.name", "Linux");

    @Override public Integer call() throws Exception {
        Path dir = kernelsDir().resolve(NAME);
        Path exe = launcher != null ? launcher : home().resolve("fabriclab");
        if (!Files.isExecutable(exe)) throw new IllegalArgumentException("launcher " + exe + " is not executable (run install through ./fabriclab)");
        exe = exe.toAbsolutePath().normalize();
        Files.createDirectories(dir);
        String heapFlag = heapFlag(heap);
        Path directives = dir.resolve("jit-directives.json");
        AtomicWrite.write(directives, JIT_DIRECTIVES.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        String jvmFlags = jvmFlags(directives);
        String flags = heapFlag + " " + jvmFlags;
        PrintWriter out = spec.commandLine().getOut();
        if (!noCds) {
            Path jsa = dir.resolve("fabriclab.jsa");
            if (archive(exe, jsa, jvmFlags)) flags += " -XX:SharedArchiveFile=" + jsa + " -Xshare:auto";
            else spec.commandLine().getErr().println("fabriclab: class-data-sharing archive not made; the kernel starts without it");
        }
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("argv", List.of(exe.toString(), "kernel", "{connection_file}"));
        spec.put("display_name", "Java (fabriclab)");
        spec.put("language", "java");
        spec.put("interrupt_mode", "message");
        spec.put("env", Map.of("FABRICLAB_JAVA_OPTS", flags));
        spec.put("metadata", Map.of("debugger", false));
        byte[] json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsBytes(spec);
        AtomicWrite.write(dir.resolve("kernel.json"), json);
        AtomicWrite.write(dir.resolve("logo-32x32.png"), Logos.png(32));
        AtomicWrite.write(dir.resolve("logo-64x64.png"), Logos.png(64));
        out.println("Installed kernelspec " + NAME + " (\"Java (fabriclab)\") in " + dir);
        out.println(heapReport(heap));
        out.println(whereNote(dir));
        out.flush();
        return Main.OK;
    }

    /**
     * The kernel's default maximum heap: analysis work holds whole histories in memory (the 51.8M-row
     * history needs about 10 GB while it loads, and died at the JVM's 25% on 24 GB); a maximum is
     * not a reservation, the heap grows only as far as a notebook needs.
     */
    static final String DEFAULT_HEAP = "70%";

    /** {@code 70%} -> {@code -XX:MaxRAMPercentage=70}; {@code 12g} -> {@code -Xmx12g}. */
    static String heapFlag(String heap) {
        String h = heap.strip();
        if (h.matches("\\d{1,2}(\\.\\d+)?%") && Double.parseDouble(h.substring(0, h.length() - 1)) > 0) {
            return "-XX:MaxRAMPercentage=" + h.substring(0, h.length() - 1);
        }
        if (h.matches("\\d+[kKmMgGtT]?")) return "-Xmx" + h;
        throw new IllegalArgumentException("--heap " + heap + ": expected a share of RAM such as 70% (1-99%) or a size such as 12g");
    }

    /** What install says about the heap: the choice, what it means here, and how to change it. */
    static String heapReport(String heap) {
        long ram = ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
        String h = heap.strip();
        String here = h.endsWith("%")
                ? String.format(java.util.Locale.ROOT, "%s of RAM, %.1f GiB of %.1f GiB here", h,
                        ram * Double.parseDouble(h.substring(0, h.length() - 1)) / 100 / (1L << 30), ram / (double) (1L << 30))
                : h + String.format(java.util.Locale.ROOT, " (%.1f GiB of RAM here)", ram / (double) (1L << 30));
        return "Kernel heap: at most " + here + " (" + heapFlag(heap) + "). Change it with install --heap SIZE|PERCENT%,"
                + " or edit FABRICLAB_JAVA_OPTS in kernel.json; JAVA_TOOL_OPTIONS=-Xmx<size> overrides it for one run.";
    }

    /** One warm-up run of the kernel's startup path with -XX:ArchiveClassesAtExit. */
    private static boolean archive(Path exe, Path jsa, String jvmFlags) throws IOException, InterruptedException {
        Files.deleteIfExists(jsa); // a stale archive (read-only, from an older build) would not be replaced
        List<String> cmd = new ArrayList<>(List.of(exe.toString(), "warmup"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        Path log = Files.createTempFile("fabriclab-cds", ".log");
        pb.redirectOutput(log.toFile());
        pb.environment().put("FABRICLAB_JAVA_OPTS", jvmFlags + " -XX:ArchiveClassesAtExit=" + jsa);
        Process p = pb.start();
        boolean finished = p.waitFor(120, TimeUnit.SECONDS);
        if (!finished) p.destroyForcibly();
        Files.deleteIfExists(log);
        return finished && p.exitValue() == 0 && Files.isRegularFile(jsa);
    }

    /** What Jupyter needs to find the kernelspec in {@code dir} (DATA/kernels/fabriclab). */
    private String whereNote(Path dir) {
        Path data = dir.getParent().getParent();
        JupyterPaths paths = JupyterPaths.of(env, osName);
        if (where.prefix == null && !where.sysPrefix) {
            return "(Jupyter's data dir, from " + paths.dataDir().rule() + "; `jupyter kernelspec list` shows it)";
        }
        if (where.prefix != null && !paths.searched(data)) {
            String jp = env.get("JUPYTER_PATH");
            return "Jupyter finds kernels under " + data + " only with JUPYTER_PATH=" + data + " in its environment:\n"
                    + "  export JUPYTER_PATH=" + data + (jp == null || jp.isEmpty() ? "" : File.pathSeparator + "$JUPYTER_PATH");
        }
        return where.prefix != null ? "(" + data + " is on Jupyter's search path)"
                : "(Jupyter finds it when it runs from that environment: " + data + " is its sys.prefix/share/jupyter)";
    }

    private Path kernelsDir() {
        if (where.prefix != null) return where.prefix.toAbsolutePath().resolve("share/jupyter/kernels");
        if (where.sysPrefix) {
            String venv = env.get("VIRTUAL_ENV");
            if (venv == null) venv = env.get("CONDA_PREFIX");
            return Path.of(venv == null ? "/usr" : venv).resolve("share/jupyter/kernels");
        }
        return JupyterPaths.of(env, osName).kernelsDir().toAbsolutePath();
    }

    static Path home() {
        String h = System.getProperty("fabriclab.home");
        return h == null ? Path.of("").toAbsolutePath() : Path.of(h);
    }
}
