package dev.lachesis.experiments.launch;

import dev.lachesis.experiments.run.LinearRoadFeed;
import dev.lachesis.experiments.run.SpeBlock;
import java.util.List;

/**
 * A running query and the Kafka feed it reads (Linear Road), stopped together: the query first, so
 * its source does not lose the broker while it still runs.
 */
final class FedQuery implements RunningQuery {
    private final RunningQuery query;
    private final LinearRoadFeed feed;

    FedQuery(RunningQuery query, LinearRoadFeed feed) {
        this.query = query;
        this.feed = feed;
    }

    @Override
    public List<Long> pids() {
        return query.pids();
    }

    @Override
    public List<SpeBlock> spes() {
        return query.spes();
    }

    @Override
    public List<SpePart> parts() {
        return query.parts();
    }

    @Override
    public void close() {
        try {
            query.close();
        } finally {
            feed.close();
        }
    }

    @Override
    public String toString() {
        return query + " fed from Kafka";
    }
}
