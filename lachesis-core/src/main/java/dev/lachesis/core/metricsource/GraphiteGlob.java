package dev.lachesis.core.metricsource;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A Graphite series pattern ({@code storm.worker.*.{split,count}.[0-9].queue}), matched the way
 * Graphite's finder matches it: node by node between the dots, so {@code *} never crosses a dot and
 * a pattern only matches names with as many nodes as it has. Within a node: {@code *} (any run of
 * characters, possibly empty), {@code ?} (one character), {@code [a-z0-9]} and {@code [!abc]}
 * (a character class, {@code !} negates it), {@code {a,b*,c}} (alternatives, which may hold
 * wildcards). Every other character is literal, so names with {@code -}, {@code (}, {@code #} or
 * spaces match themselves. The embedded store and the tests share this one matcher so both
 * metric sources select the same series. Immutable and thread-safe.
 */
public final class GraphiteGlob {
    /** The characters that start a wildcard; every other character matches itself. */
    private static final String WILDCARD_STARTS = "*?[{";

    private final String pattern;
    private final List<Pattern> nodes;
    private final boolean literal;

    private GraphiteGlob(String pattern, List<Pattern> nodes, boolean literal) {
        this.pattern = pattern;
        this.nodes = nodes;
        this.literal = literal;
    }

    /**
     * Compiles {@code pattern}.
     *
     * @throws IllegalArgumentException naming the pattern when it is empty, has an empty node or an
     *         unclosed {@code [} or <code>{</code>
     */
    public static GraphiteGlob compile(String pattern) {
        Objects.requireNonNull(pattern, "pattern");
        if (pattern.isEmpty()) {
            throw new IllegalArgumentException("empty series pattern");
        }
        List<String> parts = splitNodes(pattern);
        List<Pattern> nodes = new ArrayList<>(parts.size());
        boolean literal = true;
        for (String part : parts) {
            if (part.isEmpty()) {
                throw new IllegalArgumentException("series pattern '" + pattern + "' has an empty node");
            }
            NodeTranslator translator = new NodeTranslator(pattern, part);
            nodes.add(Pattern.compile(translator.translate()));
            literal &= !translator.hasWildcard;
        }
        return new GraphiteGlob(pattern, List.copyOf(nodes), literal);
    }

    /** The pattern as given. */
    public String pattern() {
        return pattern;
    }

    /** How many dot-separated nodes a matching name has. */
    public int nodeCount() {
        return nodes.size();
    }

    /**
     * The pattern up to its first wildcard ({@code storm.worker.} for {@code storm.worker.*.queue}),
     * the whole pattern when it has none: every name it matches starts with this, so a store that
     * keeps its series in name order need only look at that range.
     */
    public String literalPrefix() {
        for (int i = 0; i < pattern.length(); i++) {
            if (WILDCARD_STARTS.indexOf(pattern.charAt(i)) >= 0) {
                return pattern.substring(0, i);
            }
        }
        return pattern;
    }

    /** Whether the pattern has no wildcard at all, so it names exactly one series: itself. */
    public boolean isLiteral() {
        return literal;
    }

    /** Whether the full series name {@code name} matches. */
    public boolean matches(String name) {
        if (literal) {
            return pattern.equals(name);
        }
        int start = 0;
        for (int i = 0; i < nodes.size(); i++) {
            int end = name.indexOf('.', start);
            boolean lastNode = i == nodes.size() - 1;
            if (lastNode != (end < 0)) {
                return false;
            }
            String node = lastNode ? name.substring(start) : name.substring(start, end);
            if (!nodes.get(i).matcher(node).matches()) {
                return false;
            }
            start = end + 1;
        }
        return true;
    }

    /** Whether node {@code index} of the pattern matches the single node {@code node}. */
    public boolean matchesNode(int index, String node) {
        return nodes.get(index).matcher(node).matches();
    }

    @Override
    public String toString() {
        return pattern;
    }

    /** Splits at dots outside braces; a dot inside braces stays in its node (and can match nothing). */
    private static List<String> splitNodes(String pattern) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}' && depth > 0) {
                depth--;
            } else if (c == '.' && depth == 0) {
                parts.add(pattern.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(pattern.substring(start));
        return parts;
    }

    /** Turns one node of a glob into a Java regular expression. Not thread-safe; used once. */
    private static final class NodeTranslator {
        private final String pattern;
        private final String node;
        private int pos;
        private boolean hasWildcard;

        NodeTranslator(String pattern, String node) {
            this.pattern = pattern;
            this.node = node;
        }

        String translate() {
            StringBuilder regex = new StringBuilder();
            translateUntil(regex, false);
            return regex.toString();
        }

        /** Translates until the end of the node, or until a {@code ,} or {@code }} inside braces. */
        private void translateUntil(StringBuilder regex, boolean insideBraces) {
            while (pos < node.length()) {
                char c = node.charAt(pos);
                if (insideBraces && (c == ',' || c == '}')) {
                    return;
                }
                pos++;
                switch (c) {
                    case '*' -> {
                        hasWildcard = true;
                        regex.append(".*");
                    }
                    case '?' -> {
                        hasWildcard = true;
                        regex.append('.');
                    }
                    case '[' -> {
                        hasWildcard = true;
                        characterClass(regex);
                    }
                    case '{' -> {
                        hasWildcard = true;
                        alternatives(regex);
                    }
                    default -> literal(regex, c);
                }
            }
        }

        private void characterClass(StringBuilder regex) {
            int close = node.indexOf(']', pos + 1);
            if (close < 0) {
                throw new IllegalArgumentException("series pattern '" + pattern + "' has an unclosed '['");
            }
            String body = node.substring(pos, close);
            pos = close + 1;
            regex.append('[');
            int i = 0;
            if (body.startsWith("!") && body.length() > 1) {
                regex.append('^');
                i = 1;
            }
            for (; i < body.length(); i++) {
                char c = body.charAt(i);
                boolean range = c == '-' && i > 0 && i < body.length() - 1;
                if (range || Character.isLetterOrDigit(c)) {
                    regex.append(c);
                } else {
                    regex.append('\\').append(c);
                }
            }
            regex.append(']');
        }

        private void alternatives(StringBuilder regex) {
            regex.append("(?:");
            while (true) {
                translateUntil(regex, true);
                if (pos >= node.length()) {
                    throw new IllegalArgumentException("series pattern '" + pattern + "' has an unclosed '{'");
                }
                char c = node.charAt(pos++);
                if (c == '}') {
                    regex.append(')');
                    return;
                }
                regex.append('|');
            }
        }

        private static void literal(StringBuilder regex, char c) {
            if (Character.isLetterOrDigit(c)) {
                regex.append(c);
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
    }
}
