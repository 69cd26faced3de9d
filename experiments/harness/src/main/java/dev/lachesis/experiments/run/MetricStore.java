package dev.lachesis.experiments.run;

/**
 * Where an experiment's SPE reports its metrics and the daemon reads them: the embedded store in a
 * process of its own ({@link EmbeddedStore}) or a Graphite already running on this machine
 * ({@link LocalGraphite}), both on 127.0.0.1. Closing it stops what the experiment started.
 */
public interface MetricStore extends AutoCloseable {
    /** The carbon plaintext port on 127.0.0.1 the SPE reports to. */
    int carbonPort();

    /** The render API port on 127.0.0.1 the daemon reads. */
    int httpPort();

    /** What the store is, for the terminal: {@code Graphite on 127.0.0.1 (carbon 2003, render API 8080)}. */
    String describe();

    @Override
    void close();
}
