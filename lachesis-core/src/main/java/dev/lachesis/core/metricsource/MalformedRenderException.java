package dev.lachesis.core.metricsource;

/**
 * A render answer that is not what Graphite's {@code format=json} returns: HTML, an empty body,
 * broken JSON, or JSON of another shape. The message is a short phrase that completes
 * "Graphite at URL returned …" (for example {@code HTML instead of JSON (title 'Server Error')});
 * the {@link #kind()} is the same phrase without the sample it quotes, which stays the same from one
 * round to the next, so a caller logs the condition once however its samples differ.
 */
public class MalformedRenderException extends Exception {
    private final String kind;

    /** @param kind what is wrong, without the sample ({@code malformed JSON}) */
    public MalformedRenderException(String kind, String problem) {
        super(problem);
        this.kind = kind;
    }

    /** An answer whose problem quotes no sample: the problem is its kind. */
    public MalformedRenderException(String problem) {
        this(problem, problem);
    }

    /** What is wrong, the same in every answer wrong the same way. */
    public String kind() {
        return kind;
    }
}
