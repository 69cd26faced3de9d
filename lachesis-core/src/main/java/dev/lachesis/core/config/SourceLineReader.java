package dev.lachesis.core.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * Walks a YAML text with Jackson's streaming parser and notes on which line each key path starts
 * ({@code policies[1].period} → 14), so that errors found after binding can still name the line.
 * Stateless.
 */
final class SourceLineReader {
    private SourceLineReader() {
    }

    /**
     * The line of every key and list element in {@code yaml}.
     *
     * @throws IOException when the text is not YAML
     * @throws ConfigException when a mapping has the same key twice (YAML forbids it; the parser
     *     would keep one silently), naming both lines
     */
    static SourceLines read(String file, String yaml) throws IOException, ConfigException {
        Map<String, Integer> lines = new HashMap<>();
        Map<String, Integer> keys = new HashMap<>();
        Deque<Frame> open = new ArrayDeque<>();
        try (JsonParser parser = ConfigMapper.yaml().createParser(yaml)) {
            JsonToken token;
            while ((token = parser.nextToken()) != null) {
                int line = parser.currentTokenLocation().getLineNr();
                switch (token) {
                    case FIELD_NAME -> {
                        Frame frame = open.peek();
                        frame.field = join(frame.path, parser.currentName());
                        Integer first = keys.putIfAbsent(frame.field, line);
                        if (first != null) {
                            throw new ConfigException(frame.field + " (" + file + ":" + line
                                    + ") is a duplicate key: it is set on line " + first + " already");
                        }
                        lines.putIfAbsent(frame.field, line);
                    }
                    case START_OBJECT, START_ARRAY -> {
                        String path = valuePath(open.peek());
                        lines.putIfAbsent(path, line);
                        open.push(new Frame(path, token == JsonToken.START_ARRAY));
                    }
                    case END_OBJECT, END_ARRAY -> open.pop();
                    default -> lines.putIfAbsent(valuePath(open.peek()), line);
                }
            }
        }
        lines.remove("");
        return new SourceLines(file, lines);
    }

    private static String valuePath(Frame parent) {
        if (parent == null) {
            return "";
        }
        return parent.list ? parent.path + "[" + parent.nextIndex++ + "]" : parent.field;
    }

    private static String join(String base, String key) {
        return base.isEmpty() ? key : base + "." + key;
    }

    /** One open mapping or list while walking. */
    private static final class Frame {
        final String path;
        final boolean list;
        String field = "";
        int nextIndex;

        Frame(String path, boolean list) {
            this.path = path;
            this.list = list;
        }
    }
}
