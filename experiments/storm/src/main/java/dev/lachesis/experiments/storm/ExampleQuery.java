package dev.lachesis.experiments.storm;

import dev.lachesis.experiments.launch.StormQuery;
import dev.lachesis.experiments.shapes.RandomShape;
import dev.lachesis.experiments.storm.etl.EtlTopology;
import dev.lachesis.experiments.storm.lr.LrTopology;
import dev.lachesis.experiments.storm.shapes.ChainTopology;
import dev.lachesis.experiments.storm.shapes.FanoutTopology;
import dev.lachesis.experiments.storm.shapes.RandomShapeTopology;
import dev.lachesis.experiments.storm.stats.StatsTopology;
import java.util.Map;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.topology.TopologyBuilder;

/**
 * The topologies of the example queries ({@link StormQuery}, which names them for the harness), built
 * in the Storm child JVM. Each is a small topology whose shape makes a scheduling decision matter.
 */
public enum ExampleQuery {
    /**
     * {@code source → light → heavy (×2) → sink}: a rate-limited spout, a cheap bolt, a CPU-heavy bolt
     * with two executors and a latency-recording sink, all connected by shuffle groupings; the spout
     * counts what it emits ({@link CountingSpout}). The heavy bolt saturates first, so its input
     * queues grow first.
     */
    PIPELINE {
        @Override
        public StormTopology build(QueryInputs in) {
            TopologyBuilder builder = new TopologyBuilder();
            builder.setSpout("source", new CountingSpout(new RateLimitedSpout(in.tuplesPerSecond())), 1);
            builder.setBolt("light", new LightBolt(), 1).shuffleGrouping("source");
            builder.setBolt("heavy", new HeavyBolt(in.heavyCostMicros()), 2).shuffleGrouping("light");
            builder.setBolt("sink", new LatencySink(), 1).shuffleGrouping("heavy");
            return builder.createTopology();
        }
    },
    /**
     * Parallel operators of uneven cost behind a split ({@link FanoutTopology}): the ETL query's
     * SenML records replayed from an input file, a light parse, three branches (heavy ×2, medium,
     * light filter) and a merge; the heavy cost does not apply.
     */
    FANOUT {
        @Override
        public StormTopology build(QueryInputs in) {
            if (in.input() == null) {
                throw new IllegalArgumentException("the fanout query needs an input file of SenML records");
            }
            return FanoutTopology.build(in.input(), in.tuplesPerSecond());
        }

        /** ETL's settings: no ackers. */
        @Override
        public Map<String, Object> topologySettings() {
            return EtlTopology.SETTINGS;
        }
    },
    /**
     * A source that publishes nothing before a long chain of operators of uneven cost and selectivity
     * ({@link ChainTopology}); the heavy cost does not apply.
     */
    CHAIN {
        @Override
        public StormTopology build(QueryInputs in) {
            return ChainTopology.build(in.tuplesPerSecond());
        }

        /** ETL's settings: no ackers. */
        @Override
        public Map<String, Object> topologySettings() {
            return EtlTopology.SETTINGS;
        }
    },
    /**
     * A shape drawn from a seed ({@link RandomShapeTopology}, {@link RandomShape}): operators of random
     * cost, selectivity and parallelism in a random DAG behind a fixed-rate spout; the heavy cost does
     * not apply.
     */
    RANDOM {
        @Override
        public StormTopology build(QueryInputs in) {
            return RandomShapeTopology.build(RandomShape.draw(in.shapeSeed()), in.tuplesPerSecond());
        }

        /** ETL's settings: no ackers. */
        @Override
        public Map<String, Object> topologySettings() {
            return EtlTopology.SETTINGS;
        }
    },
    /**
     * RIoTBench's ETL: ten operators that parse, clean, join, annotate and convert sensor records in
     * SenML, replayed from an input file ({@link EtlTopology}); the heavy cost does not apply.
     */
    ETL {
        @Override
        public StormTopology build(QueryInputs in) {
            if (in.input() == null) {
                throw new IllegalArgumentException("the etl query needs an input file of SenML records");
            }
            return EtlTopology.build(in.input(), in.tuplesPerSecond());
        }

        @Override
        public Map<String, Object> topologySettings() {
            return EtlTopology.SETTINGS;
        }
    },
    /**
     * RIoTBench's STATS: ten operators that parse sensor records in SenML and compute, plot and
     * publish statistics of their series, replayed from an input file ({@link StatsTopology}); the
     * heavy cost does not apply.
     */
    STATS {
        @Override
        public StormTopology build(QueryInputs in) {
            if (in.input() == null) {
                throw new IllegalArgumentException("the stats query needs an input file of SenML records");
            }
            return StatsTopology.build(in.input(), in.tuplesPerSecond());
        }

        /** ETL's settings: no ackers. */
        @Override
        public Map<String, Object> topologySettings() {
            return EtlTopology.SETTINGS;
        }
    },
    /**
     * Linear Road: nine operators that compute segment statistics, detect accidents and notify tolls
     * and accidents, reading stamped position reports from a Kafka topic ({@link LrTopology}); the
     * rate is the feeder's, and the heavy cost does not apply.
     */
    LR {
        @Override
        public StormTopology build(QueryInputs in) {
            if (in.kafka() == null) {
                throw new IllegalArgumentException("the lr query needs a Kafka cluster to read position reports from");
            }
            return LrTopology.build(in.kafka(), in.topic());
        }

        /** ETL's settings: no ackers. */
        @Override
        public Map<String, Object> topologySettings() {
            return EtlTopology.SETTINGS;
        }
    };

    /**
     * Builds the topology from the parts of {@code in} the query takes: a total input rate, the heavy
     * operator's CPU cost per tuple, the file a query that {@linkplain StormQuery#readsInput() reads
     * input} replays, the Kafka topic Linear Road reads.
     */
    public abstract StormTopology build(QueryInputs in);

    /** Topology settings the query needs on top of the launcher's; none unless overridden. */
    public Map<String, Object> topologySettings() {
        return Map.of();
    }

    /** The topologies of {@code query}. */
    public static ExampleQuery of(StormQuery query) {
        return valueOf(query.name());
    }
}
