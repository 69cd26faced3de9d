package dev.lachesis.core.metricsource;

/**
 * A render answer that is not what Graphite's {@code format=json} returns: HTML, an empty body,
 * broken JSON, or JSON of another shape. The message is a short phrase that completes
 * "Graphite at URL returned …" (for example {@code HTML instead of JSON (title 'Server Error')}),
 * so the caller can add the URL and the targets in one line.
 */
public class MalformedRenderException extends Exception {
    public MalformedRenderException(String problem) {
        super(problem);
    }
}
