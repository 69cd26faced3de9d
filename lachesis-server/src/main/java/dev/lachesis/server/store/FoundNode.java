package dev.lachesis.server.store;

/**
 * One node a {@code /metrics/find} query matched: a series (leaf) or a branch with series below it.
 * A name can be both, reported as two nodes. Immutable.
 *
 * @param id the dotted path of the node, e.g. {@code storm.worker}
 * @param leaf whether a series has exactly this name
 */
public record FoundNode(String id, boolean leaf) {
    /** The last node of the path, as Graphite's {@code text} field shows it. */
    public String text() {
        return id.substring(id.lastIndexOf('.') + 1);
    }
}
