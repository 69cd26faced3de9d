package dev.lachesis.sources.metrics;

import java.io.IOException;
import java.util.List;

/**
 * Where the SPE under test reports its metrics and where the test reads them back, the way
 * Lachesis does: the real Graphite at 127.0.0.1 when it runs (required when
 * {@code LACHESIS_REQUIRE_GRAPHITE=1}), else a carbon plaintext listener inside the test.
 */
public interface MetricStore extends AutoCloseable {
    /** The carbon plaintext receiver's host. */
    String carbonHost();

    /** The carbon plaintext receiver's port. */
    int carbonPort();

    /** The non-null points of every series matching a Graphite glob, oldest first per series. */
    List<MetricPoint> points(String glob) throws IOException, InterruptedException;

    /** Which store this is, for test output. */
    String describe();

    /** Graphite if it answers on 127.0.0.1:8080, else a listener in this JVM; fails if Graphite is required. */
    static MetricStore open() throws IOException {
        if (GraphiteStore.isRunning()) {
            return new GraphiteStore();
        }
        if ("1".equals(System.getenv("LACHESIS_REQUIRE_GRAPHITE"))) {
            throw new IllegalStateException("LACHESIS_REQUIRE_GRAPHITE=1 but Graphite does not answer at "
                    + GraphiteStore.RENDER_URL + "; start it with deploy/graphite/graphite.sh start");
        }
        return CarbonListener.start();
    }

    @Override
    void close() throws IOException;
}
