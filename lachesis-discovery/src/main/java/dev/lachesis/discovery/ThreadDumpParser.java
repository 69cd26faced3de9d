package dev.lachesis.discovery;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads native thread ids and full Java thread names out of a HotSpot thread dump ({@code jcmd
 * Thread.print}, the attach API's {@code threaddump}). Each thread's header line starts with its
 * name in double quotes, which the JVM prints unescaped, so a name may itself contain quotes,
 * parentheses, brackets or even line breaks; the name therefore ends at the <em>last</em> quote
 * before the attributes that carry {@code nid=}. The native id is hexadecimal ({@code nid=0x2a3f},
 * JDK 8 to 18) or decimal ({@code nid=10815}, JDK 19 on). Lines that are not thread headers
 * (stack frames, locks, SMR info) are ignored. Stateless.
 */
public final class ThreadDumpParser {
    /** The attributes after the name: they hold {@code nid=} and never a quote. */
    private static final Pattern NID = Pattern.compile("(?:^|\\s)nid=(0x[0-9a-fA-F]+|[0-9]+)(?:\\s|$)");
    /** A name spanning lines (it contains line breaks) is joined over at most this many lines. */
    private static final int MAX_NAME_LINES = 4;

    private ThreadDumpParser() {
    }

    /** Native thread id → full Java thread name, for every thread header in {@code dump}. */
    public static Map<Integer, String> parse(String dump) {
        Map<Integer, String> names = new HashMap<>();
        List<String> lines = dump.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).startsWith("\"")) {
                continue;
            }
            StringBuilder header = new StringBuilder(lines.get(i));
            for (int extra = 0; extra < MAX_NAME_LINES; extra++) {
                if (addThread(header.toString(), names)) {
                    i += extra;
                    break;
                }
                if (i + extra + 1 >= lines.size() || !continuesName(lines.get(i + extra + 1))) {
                    break;
                }
                header.append('\n').append(lines.get(i + extra + 1));
            }
        }
        return names;
    }

    /** Whether a line can be the rest of a name with a line break, not a new header or a stack frame. */
    private static boolean continuesName(String line) {
        return !line.startsWith("\"") && !line.startsWith("\t") && !line.isBlank();
    }

    private static boolean addThread(String header, Map<Integer, String> names) {
        int close = header.lastIndexOf('"');
        if (close <= 0) {
            return false;
        }
        Matcher nid = NID.matcher(header.substring(close + 1));
        if (!nid.find()) {
            return false;
        }
        String id = nid.group(1);
        try {
            int tid = id.startsWith("0x") ? Integer.parseInt(id.substring(2), 16) : Integer.parseInt(id);
            if (tid > 0) {
                names.put(tid, header.substring(1, close));
            }
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
