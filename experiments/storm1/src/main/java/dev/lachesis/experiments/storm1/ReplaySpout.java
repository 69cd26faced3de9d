package dev.lachesis.experiments.storm1;

import dev.lachesis.experiments.measure.SourceStats;
import dev.lachesis.sources.FileReplayReader;
import dev.lachesis.sources.FileReplaySettings;
import dev.lachesis.sources.ReaderThread;
import dev.lachesis.sources.RecordBuffer;
import dev.lachesis.sources.ReplayClock;
import dev.lachesis.sources.StampedRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.storm.metric.api.IMetric;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;

/**
 * ETL's source on Storm 1.x: replays a file of SenML records at the input rate through the same
 * reader as source-operators' Storm 2 spout (a reader thread {@code lachesis-source-reader-<component>-<task
 * id>} fills a bounded buffer when the schedule says records arrive), and publishes its backlog, the
 * records due but not yet emitted, as {@code source-queue-size} the way a Storm 1.x spout
 * registers a metric. Without ackers (ETL runs with none) a record is emitted once. Each tuple
 * carries the record, its production time (epoch milliseconds) and the time it was emitted
 * (epoch microseconds); every tuple emitted counts in this JVM's {@link SourceStats}. Not
 * thread-safe: Storm calls a spout from its executor thread only.
 */
public final class ReplaySpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    /** Fields of the spout's tuples. */
    static final Fields FIELDS = new Fields("record", "produced-at-ms", "emitted-at-us");

    private final String path;
    private final double recordsPerSecond;

    private transient SpoutOutputCollector collector;
    private transient RecordBuffer<String> buffer;
    private transient FileReplayReader reader;
    private transient ReaderThread readerThread;

    /** Replays {@code file} at {@code recordsPerSecond}, shared line by line among the spout's tasks. */
    public ReplaySpout(Path file, double recordsPerSecond) {
        this.path = file.toString();
        this.recordsPerSecond = recordsPerSecond;
    }

    /**
     * Storm 1.2 deprecates {@code registerMetric} for its metrics v2, but a metrics consumer (such
     * as lachesis-storm1-metrics', and the 2023 paper's setup) sees only metrics registered this way.
     */
    @Override
    @SuppressWarnings({"rawtypes", "deprecation"}) // Storm 1.x's signature; see above
    public void open(Map conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        String component = context.getThisComponentId();
        Path file = Path.of(path);
        if (!Files.isReadable(file)) {
            throw new IllegalArgumentException("Spout " + component + ": path '" + file + "' is not a readable file");
        }
        FileReplaySettings settings = FileReplaySettings.of(file).withRate(recordsPerSecond);
        buffer = new RecordBuffer<>(settings.capacity());
        reader = new FileReplayReader(settings, context.getThisTaskIndex(),
                context.getComponentTasks(component).size(), 0, buffer, ReplayClock.SYSTEM);
        IMetric backlog = reader::backlog;
        context.registerMetric("source-queue-size", backlog, 1);
        SourceStats.jvm().attach();
        readerThread = ReaderThread.start(component, context.getThisTaskId(), reader);
    }

    @Override
    public void nextTuple() {
        StampedRecord<String> record = buffer.poll();
        if (record == null) {
            Exception failure = reader.failure();
            if (failure != null) {
                throw new IllegalStateException("Reading " + path + " failed: " + failure.getMessage(), failure);
            }
            return;
        }
        SourceStats.jvm().emitted();
        collector.emit(new Values(record.value(), record.producedAtMillis(), ReplayClock.SYSTEM.epochMicros()));
    }

    @Override
    public void close() {
        if (readerThread != null) {
            readerThread.close();
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(FIELDS);
    }
}
