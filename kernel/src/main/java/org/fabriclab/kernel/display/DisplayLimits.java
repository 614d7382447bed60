package org.fabriclab.kernel.display;

import java.util.LinkedHashMap;
import java.util.Map;

import org.fabriclab.result.Html;

/**
 * The display limits a cell can change while the session runs: how many rows of a table are shown
 * ({@value #ROWS_PROPERTY}, default 50), how many characters of one table cell
 * ({@value #WIDTH_PROPERTY}, default 0 = whole), and the significant digits of displayed
 * floating-point values ({@link Html#DIGITS_PROPERTY}, default 6, through {@link Html#num}), and
 * how many bytes a cell may print on each of stdout and stderr ({@value #OUTPUT_PROPERTY}, default
 * 1,000,000, 0 = no limit; beyond it the output ends in one note, {@code eval.OutputRouter}).
 * The {@code -D} properties give the values a session starts with; {@code %display} and the
 * {@code display} object change them for the rest of the session; {@link #reset()} goes back.
 *
 * <pre>{@code
 * display.rows(100).width(40).digits(4);   // in a cell (Display.display); shows the limits now in force
 * %display rows=100 width=40 digits=4      // the same as a magic; "%display" alone prints them
 * display.reset();
 * }</pre>
 *
 * Held in system properties, so the DSL's number formatter sees the digits too; one session per
 * JVM (kernel, REPL, notebook run).
 */
public final class DisplayLimits {
    public static final String ROWS_PROPERTY = "fabriclab.display.rows";
    public static final String WIDTH_PROPERTY = "fabriclab.display.width";
    public static final String OUTPUT_PROPERTY = "fabriclab.display.output";
    static final int DEFAULT_ROWS = 50;
    static final int DEFAULT_WIDTH = 0;
    /**
     * A million bytes a stream: a few thousand lines of any report this project prints fit many times over; a loop
     * printing 100,000 lines or a 10 MB string would otherwise flood the front end and the saved notebook.
     */
    static final int DEFAULT_OUTPUT = 1_000_000;
    static final int MAX_DIGITS = 17;

    static final DisplayLimits INSTANCE = new DisplayLimits();
    /** The properties as the JVM started (the -D values), for {@link #reset()}. */
    private final Map<String, String> initial = new LinkedHashMap<>();

    private DisplayLimits() {
        for (String p : new String[] {ROWS_PROPERTY, WIDTH_PROPERTY, Html.DIGITS_PROPERTY, OUTPUT_PROPERTY}) initial.put(p, System.getProperty(p));
    }

    /** Table rows shown (at least 1). */
    public static int maxRows() { return Math.max(1, Integer.getInteger(ROWS_PROPERTY, DEFAULT_ROWS)); }

    /** Characters shown of one table cell; 0 = no limit. */
    public static int maxWidth() { return Math.max(0, Integer.getInteger(WIDTH_PROPERTY, DEFAULT_WIDTH)); }

    /** Bytes a cell may print on each of stdout and stderr before the rest is dropped with a note; 0 = no limit. */
    public static long maxOutput() { return Math.max(0, Integer.getInteger(OUTPUT_PROPERTY, DEFAULT_OUTPUT)); }

    /**
     * {@code text} cut to {@link #maxWidth()} characters, the last one an ellipsis when cut.
     *
     * <pre>{@code
     * display.width(5);  DisplayLimits.cut("mlx5_0/1");   // "mlx5…"
     * }</pre>
     */
    public static String cut(String text) {
        int w = maxWidth();
        if (w == 0 || text == null || text.length() <= w) return text;
        return text.substring(0, w - 1) + "\u2026";
    }

    /**
     * Shows at most {@code n} rows of a table from now on.
     *
     * @throws IllegalArgumentException when {@code n < 1}
     */
    public DisplayLimits rows(int n) {
        if (n < 1) throw new IllegalArgumentException("display rows must be at least 1, got " + n);
        System.setProperty(ROWS_PROPERTY, Integer.toString(n));
        return this;
    }

    /**
     * Cuts table cells to {@code chars} characters from now on (0: no limit).
     *
     * @throws IllegalArgumentException when {@code chars} is negative or 1 to 3 (too narrow to read)
     */
    public DisplayLimits width(int chars) {
        if (chars < 0 || (chars > 0 && chars < 4)) throw new IllegalArgumentException("display width must be 0 (no limit) or at least 4, got " + chars);
        System.setProperty(WIDTH_PROPERTY, Integer.toString(chars));
        return this;
    }

    /**
     * Rounds displayed floating-point values to {@code n} significant digits from now on.
     *
     * @throws IllegalArgumentException when {@code n} is not 1 to 17
     */
    public DisplayLimits digits(int n) {
        if (n < 1 || n > MAX_DIGITS) throw new IllegalArgumentException("display digits must be 1 to " + MAX_DIGITS + ", got " + n);
        System.setProperty(Html.DIGITS_PROPERTY, Integer.toString(n));
        return this;
    }

    /**
     * Lets a cell print at most {@code bytes} on each of stdout and stderr from now on (0: no limit); what it prints
     * beyond is dropped, and its output ends in a note saying so.
     *
     * @throws IllegalArgumentException when {@code bytes} is negative or 1 to 99 (too little to read a note beside)
     */
    public DisplayLimits output(int bytes) {
        if (bytes < 0 || (bytes > 0 && bytes < 100)) throw new IllegalArgumentException("display output must be 0 (no limit) or at least 100 bytes, got " + bytes);
        System.setProperty(OUTPUT_PROPERTY, Integer.toString(bytes));
        return this;
    }

    /** Back to the values the session started with (the -D properties, else the defaults). */
    public DisplayLimits reset() {
        initial.forEach((k, v) -> {
            if (v == null) System.clearProperty(k);
            else System.setProperty(k, v);
        });
        return this;
    }

    /**
     * Applies {@code key=value} settings ({@code rows}, {@code width}, {@code digits}), all or none;
     * the argument of {@code %display}.
     *
     * @throws IllegalArgumentException naming the setting that is unknown or out of range
     */
    public DisplayLimits set(String settings) {
        Map<String, Integer> parsed = new LinkedHashMap<>();
        for (String s : settings.trim().split("\\s+")) {
            if (s.isEmpty()) continue;
            int eq = s.indexOf('=');
            String key = eq < 0 ? s : s.substring(0, eq);
            if (!key.equals("rows") && !key.equals("width") && !key.equals("digits") && !key.equals("output")) {
                throw new IllegalArgumentException("unknown display setting '" + key + "'; expected rows=N, width=N, digits=N, output=N or reset");
            }
            try {
                parsed.put(key, Integer.parseInt(s.substring(eq + 1)));
            } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
                throw new IllegalArgumentException("display setting " + key + " needs a whole number, as in " + key + "=10; got '" + s + "'");
            }
        }
        Map<String, String> before = new LinkedHashMap<>();
        for (String p : initial.keySet()) before.put(p, System.getProperty(p));
        try {
            parsed.forEach((k, v) -> {
                switch (k) {
                    case "rows" -> rows(v);
                    case "width" -> width(v);
                    case "output" -> output(v);
                    default -> digits(v);
                }
            });
        } catch (IllegalArgumentException e) {
            before.forEach((k, v) -> {
                if (v == null) System.clearProperty(k);
                else System.setProperty(k, v);
            });
            throw e;
        }
        return this;
    }

    /** {@code display: rows=50 width=0 (whole cells) digits=6 output=1000000}. */
    @Override public String toString() {
        int w = maxWidth();
        long o = maxOutput();
        return "display: rows=" + maxRows() + " width=" + w + (w == 0 ? " (whole cells)" : "") + " digits=" + Html.digits()
                + " output=" + o + (o == 0 ? " (no limit)" : "");
    }
}
