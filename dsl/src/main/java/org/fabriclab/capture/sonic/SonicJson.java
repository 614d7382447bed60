package org.fabriclab.capture.sonic;

import java.util.List;
import java.util.regex.Pattern;

import org.fabriclab.capture.Input;
import org.fabriclab.capture.ShellPrompt;

import com.fasterxml.jackson.core.JsonParser;

/**
 * What sonic-utilities' {@code -j}/{@code --json} outputs ({@code portstat -j}, {@code queuestat -j}) share: an object
 * keyed by port whose first value is an object, after blank and prompt lines (and, for portstat, its
 * {@code Last cached time was T} line); told apart by the field names its first port holds.
 *
 * <pre>{@code
 * SonicJson.sniff(in, true, List.of("\"RX_OK\""));   // 95 for {"Ethernet0": {"RX_OK": "1,200", ...}}
 * SonicJson.Start s = SonicJson.start(in.lines(), true);
 * }</pre>
 */
final class SonicJson {
    private static final Pattern OBJECT_OF_PORTS = Pattern.compile("\\A\\{\\s*\"[A-Za-z][A-Za-z0-9_.:|/\\-]*\"\\s*:\\s*\\{");
    /** Non-blank lines sniffed: prompts and {@code Last cached time} above the object, its first port's first fields. */
    private static final int SNIFF_LINES = 40;
    /** Characters of the object looked at: its first port's first fields. */
    private static final int CHARS = 4096;

    private SonicJson() {}

    /** Where the object starts: its line's index, and the saved copy's time printed above it (or null). */
    record Start(int index, String cleared) {}

    /**
     * The line the object starts on, past blank and prompt lines and, when {@code cachedLine}, {@code Last cached time}
     * lines (whose time it keeps); null when another line comes first.
     */
    static Start start(List<String> lines, boolean cachedLine) {
        String cleared = null;
        for (int i = 0; i < lines.size(); i++) {
            String t = lines.get(i).strip();
            if (t.startsWith("{")) return new Start(i, cleared);
            if (cachedLine && t.startsWith(SonicTable.CACHED)) { cleared = t.substring(SonicTable.CACHED.length()).strip(); continue; }
            if (!t.isEmpty() && !ShellPrompt.isPromptLine(lines.get(i))) return null;
        }
        return null;
    }

    /**
     * 95 when {@code in}'s head is such an object ({@link #start}) and its first port's fields hold any of {@code fields}
     * (quoted JSON field names), else 0. Reads the head only: every file any reader is shown passes here.
     */
    static int sniff(Input in, boolean cachedLine, List<String> fields) {
        if (in.isDirectory()) return 0;
        List<String> lines = in.head(SNIFF_LINES);
        Start s = start(lines, cachedLine);
        if (s == null) return 0;
        StringBuilder head = new StringBuilder();
        for (int i = s.index(); i < lines.size() && head.length() < CHARS; i++) head.append(lines.get(i).strip()).append('\n');
        String h = head.toString();
        if (!OBJECT_OF_PORTS.matcher(h).find()) return 0;
        for (String f : fields) if (h.contains(f)) return 95;
        return 0;
    }

    /** The line of the parser's current token, counted from the object's first line (1). */
    static int line(JsonParser p) { return p.currentTokenLocation().getLineNr(); }
}
