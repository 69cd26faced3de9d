package dev.lachesis.core.config;

import java.util.Map;
import java.util.Optional;

/**
 * Where each key of a configuration file stands: key path (as {@link ConfigNode#path()} spells it)
 * → line number. Lets errors found after parsing (a bad range, an unknown driver) still name the
 * line. Immutable.
 *
 * @param file the file name to show in messages
 * @param lines key path → 1-based line
 */
public record SourceLines(String file, Map<String, Integer> lines) {
    public SourceLines {
        lines = Map.copyOf(lines);
    }

    /** For configuration that did not come from a file (tests, defaults). */
    public static SourceLines none() {
        return new SourceLines("", Map.of());
    }

    /** {@code (file:line)} for the path, or for its nearest ancestor that has a line. */
    public Optional<String> locate(String path) {
        String p = path;
        while (true) {
            Integer line = lines.get(p);
            if (line != null) {
                return Optional.of("(" + (file.isEmpty() ? "line " + line : file + ":" + line) + ")");
            }
            int cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
            if (cut <= 0) {
                return Optional.empty();
            }
            p = p.substring(0, cut);
        }
    }
}
