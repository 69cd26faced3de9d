package dev.lachesis.experiments.flink;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;

/**
 * The example query the papers schedule, as a Flink job: a rate-limited source that stamps each
 * record with its production time, a light map chained to it, a deliberately heavy map (it burns a
 * configurable amount of CPU per record) with parallelism 2 and chaining disabled so each of its
 * subtasks is a thread of its own, and a sink that reports the end-to-end latency. Records are the
 * production time in nanoseconds of {@link System#nanoTime()}, which all subtasks of one JVM share.
 * The source counts what it emits ({@link CountingSource}).
 *
 * <p>Physical operators: {@code Source: events -> light} (1 subtask), {@code heavy} (2 subtasks),
 * {@code latency -> Sink: discard} (1 subtask).
 */
public final class ExampleQuery {
    /** The job name the driver sees in {@code /jobs/overview}. */
    public static final String JOB_NAME = "lachesis-example";

    private ExampleQuery() {
    }

    /**
     * Adds the query to {@code env}.
     *
     * @param ratePerSecond records the source produces per second
     * @param heavyCostMicros CPU time the heavy map burns per record, in microseconds
     * @param heavyParallelism subtasks of the heavy map
     */
    public static void build(StreamExecutionEnvironment env, double ratePerSecond, long heavyCostMicros,
                             int heavyParallelism) {
        DataGeneratorSource<Long> source = new DataGeneratorSource<>(index -> System.nanoTime(), Long.MAX_VALUE,
                RateLimiterStrategy.perSecond(ratePerSecond), Types.LONG);
        DataStream<Long> events = env.fromSource(CountingSource.of(source), WatermarkStrategy.noWatermarks(), "events")
                .setParallelism(1)
                .map(new LightMap()).name("light").setParallelism(1);
        events.map(new HeavyMap(heavyCostMicros)).name("heavy").setParallelism(heavyParallelism).disableChaining()
                .map(new LatencyMeter()).name("latency").setParallelism(1)
                .sinkTo(new DiscardingSink<>()).name("discard").setParallelism(1);
    }

    /** A cheap per-record step, chained to the source so the source's physical operator is a chain. */
    static final class LightMap implements MapFunction<Long, Long> {
        @Override
        public Long map(Long producedAtNanos) {
            return producedAtNanos;
        }
    }

    /** Spins on the CPU for a fixed time per record: the bottleneck a scheduler should favour. */
    static final class HeavyMap implements MapFunction<Long, Long> {
        private final long costNanos;

        HeavyMap(long costMicros) {
            this.costNanos = costMicros * 1_000;
        }

        @Override
        public Long map(Long producedAtNanos) {
            long start = System.nanoTime();
            long spins = 0;
            while (System.nanoTime() - start < costNanos) {
                spins++;
            }
            return spins >= 0 ? producedAtNanos : -producedAtNanos;
        }
    }

    /**
     * Publishes the end-to-end latency of the records that reached the sink as Flink gauges, so a
     * benchmark reads it from Graphite or REST like any other metric: {@code latencyMeanMs} and
     * {@code latencyMaxMs}, over the last complete second.
     */
    static final class LatencyMeter extends RichMapFunction<Long, Long> {
        private static final long serialVersionUID = 1L;
        private transient LatencyWindow window;

        @Override
        public void open(OpenContext openContext) {
            window = new LatencyWindow();
            getRuntimeContext().getMetricGroup().gauge("latencyMeanMs", () -> window.mean(System.nanoTime()));
            getRuntimeContext().getMetricGroup().gauge("latencyMaxMs", () -> window.max(System.nanoTime()));
        }

        @Override
        public Long map(Long producedAtNanos) {
            long now = System.nanoTime();
            window.record((now - producedAtNanos) / 1e6, now);
            return producedAtNanos;
        }
    }
}
