package dev.lachesis.core.config;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * A sub-tree of the configuration handed to one plug-in (a driver's settings, a policy's
 * parameters), with its key path and the file's line map, so the plug-in can bind it to its own
 * record and every error it reports names the full key path and line. Immutable.
 */
public final class ConfigNode {
    private final JsonNode node;
    private final String path;
    private final SourceLines lines;

    public ConfigNode(JsonNode node, String path, SourceLines lines) {
        this.node = node == null ? MissingNode.getInstance() : node;
        this.path = Objects.requireNonNull(path, "path");
        this.lines = Objects.requireNonNull(lines, "lines");
    }

    /** An empty node, for plug-ins configured with nothing (tests, defaults). */
    public static ConfigNode empty(String path) {
        return new ConfigNode(ConfigMapper.tree().createObjectNode(), path, SourceLines.none());
    }

    /** A node from YAML text, for tests and for the CLI's inline settings. */
    public static ConfigNode ofYaml(String path, String yaml) {
        try {
            return new ConfigNode(ConfigMapper.yaml().readTree(yaml), path, SourceLines.none());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("not YAML: " + e.getOriginalMessage(), e);
        }
    }

    public JsonNode json() {
        return node;
    }

    /** The key path of this node, e.g. {@code spes[0].settings}. */
    public String path() {
        return path;
    }

    public SourceLines lines() {
        return lines;
    }

    public boolean isMissing() {
        return node.isMissingNode() || node.isNull();
    }

    /** The child under {@code key}; a missing child is a node that binds to defaults. */
    public ConfigNode child(String key) {
        return new ConfigNode(node.path(key), path.isEmpty() ? key : path + "." + key, lines);
    }

    /** The element {@code index} of a list node. */
    public ConfigNode element(int index) {
        return new ConfigNode(node.path(index), path + "[" + index + "]", lines);
    }

    /**
     * Binds this node to {@code type} (usually a record with defaults in its compact constructor).
     * A missing node binds as an empty mapping.
     *
     * @throws ConfigException one line naming the key path, line and what is wrong
     */
    public <T> T bind(Class<T> type) throws ConfigException {
        JsonNode source = isMissing() ? ConfigMapper.tree().createObjectNode() : node;
        try {
            return ConfigMapper.tree().treeToValue(source, type);
        } catch (JsonMappingException e) {
            throw new ConfigException(describe(e));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new ConfigException(problem("", source, e.getOriginalMessage()));
        } catch (IllegalArgumentException e) {
            throw new ConfigException(problem("", source, rootMessage(e)));
        }
    }

    /** One line: {@code <path> (<file>:<line>) was '<value>' but <reason>}. */
    public String problem(String relativePath, Object value, String reason) {
        String full = join(path, relativePath);
        String where = lines.locate(full).map(l -> " " + l).orElse("");
        String shown = value instanceof JsonNode j ? (j.isTextual() ? j.asText() : j.toString()) : String.valueOf(value);
        if (value instanceof ObjectNode) {
            return (full.isEmpty() ? "configuration" : full) + where + " " + reason;
        }
        return (full.isEmpty() ? "configuration" : full) + where + " was '" + shown + "' but " + reason;
    }

    /** A {@link ConfigException} for one bad value under this node. */
    public ConfigException error(String relativePath, Object value, String reason) {
        return new ConfigException(problem(relativePath, value, reason));
    }

    private String describe(JsonMappingException e) {
        StringBuilder rel = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                if (rel.length() > 0) {
                    rel.append('.');
                }
                rel.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                rel.append('[').append(ref.getIndex()).append(']');
            }
        }
        String full = join(path, rel.toString());
        String where = lines.locate(full).map(l -> " " + l).orElse("");
        String label = full.isEmpty() ? "configuration" : full;
        if (e instanceof com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException u) {
            return label + where + " is not a known key (known: " + new java.util.TreeSet<>(u.getKnownPropertyIds()) + ")";
        }
        if (e instanceof com.fasterxml.jackson.databind.exc.InvalidFormatException f) {
            return label + where + " was '" + f.getValue() + "' but must be " + expected(f.getTargetType());
        }
        if (e instanceof com.fasterxml.jackson.databind.exc.MismatchedInputException m && m.getTargetType() != null
                && !m.getTargetType().isRecord()) {
            return label + where + " must be " + expected(m.getTargetType());
        }
        Throwable cause = e.getCause();
        String reason = cause instanceof IllegalArgumentException ? rootMessage(cause) : e.getOriginalMessage();
        return label + where + " " + reason;
    }

    private static String expected(Class<?> type) {
        if (type == null) {
            return "a different type";
        }
        if (type.isEnum()) {
            StringBuilder sb = new StringBuilder("one of ");
            Object[] constants = type.getEnumConstants();
            for (int i = 0; i < constants.length; i++) {
                sb.append(i == 0 ? "" : ", ").append(constants[i].toString().toLowerCase(java.util.Locale.ROOT));
            }
            return sb.toString();
        }
        if (type == java.time.Duration.class) {
            return "a duration such as 500ms, 1s, 2m";
        }
        if (type == ByteSize.class) {
            return "a size such as 512KiB, 8MiB, 1GiB (binary units) or a number of bytes";
        }
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            return "a whole number";
        }
        if (type == double.class || type == Double.class) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (java.util.Collection.class.isAssignableFrom(type)) {
            return "a list";
        }
        if (java.util.Map.class.isAssignableFrom(type)) {
            return "a mapping";
        }
        return "a " + type.getSimpleName().toLowerCase(java.util.Locale.ROOT);
    }

    private static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    }

    private static String join(String base, String rel) {
        if (rel.isEmpty()) {
            return base;
        }
        if (base.isEmpty()) {
            return rel;
        }
        return rel.startsWith("[") ? base + rel : base + "." + rel;
    }

    @Override
    public String toString() {
        return path + "=" + node;
    }
}
