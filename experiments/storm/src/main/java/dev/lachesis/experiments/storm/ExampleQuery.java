package dev.lachesis.experiments.storm;

import dev.lachesis.experiments.launch.StormQuery;
import dev.lachesis.experiments.storm.etl.EtlTopology;
import dev.lachesis.experiments.storm.shapes.ChainTopology;
import dev.lachesis.experiments.storm.shapes.FanoutTopology;
import dev.lachesis.experiments.storm.stats.StatsTopology;
import java.nio.file.Path;
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
        public StormTopology build(double tuplesPerSecond, long heavyCostMicros, Path input) {
            TopologyBuilder builder = new TopologyBuilder();
            builder.setSpout("source", new CountingSpout(new RateLimitedSpout(tuplesPerSecond)), 1);
            builder.setBolt("light", new LightBolt(), 1).shuffleGrouping("source");
            builder.setBolt("heavy", new HeavyBolt(heavyCostMicros), 2).shuffleGrouping("light");
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
        public StormTopology build(double tuplesPerSecond, long heavyCostMicros, Path input) {
            if (input == null) {
                throw new IllegalArgumentException("the fanout query needs an input file of SenML records");
            }
            return FanoutTopology.build(input, tuplesPerSecond);
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
        public StormTopology build(double tuplesPerSecond, long heavyCostMicros, Path input) {
            return ChainTopology.build(tuplesPerSecond);
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
        public StormTopology build(double tuplesPerSecond, long heavyCostMicros, Path input) {
            if (input == null) {
                throw new IllegalArgumentException("the etl query needs an input file of SenML records");
            }
            return EtlTopology.build(input, tuplesPerSecond);
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
        public StormTopology build(double tuplesPerSecond, long heavyCostMicros, Path input) {
            if (input == null) {
                throw new IllegalArgumentException("the stats query needs an input file of SenML records");
            }
            return StatsTopology.build(input, tuplesPerSecond);
        }

        /** ETL's settings: no ackers. */
        @Override
        public Map<String, Object> topologySettings() {
            return EtlTopology.SETTINGS;
        }
    };

    /**
     * Builds the topology for a total input rate and the heavy operator's CPU cost per tuple;
     * {@code input} is the file a query that {@linkplain StormQuery#readsInput() reads input} replays,
     * else ignored.
     */
    public abstract StormTopology build(double tuplesPerSecond, long heavyCostMicros, Path input);

    /** Topology settings the query needs on top of the launcher's; none unless overridden. */
    public Map<String, Object> topologySettings() {
        return Map.of();
    }

    /** The topologies of {@code query}. */
    public static ExampleQuery of(StormQuery query) {
        return valueOf(query.name());
    }
}
