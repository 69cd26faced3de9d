package dev.lachesis.experiments.storm1;

import static dev.lachesis.experiments.storm1.StageTuples.own;
import static dev.lachesis.experiments.storm1.StageTuples.timed;

import dev.lachesis.experiments.etl.Annotator;
import dev.lachesis.experiments.etl.CsvToSenml;
import dev.lachesis.experiments.etl.DuplicateFilter;
import dev.lachesis.experiments.etl.Interpolator;
import dev.lachesis.experiments.etl.RecordJoiner;
import dev.lachesis.experiments.etl.SenmlParser;
import dev.lachesis.experiments.etl.SensorFields;
import dev.lachesis.experiments.measure.EpochMicros;
import dev.lachesis.experiments.measure.SinkStats;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.storm.metric.api.CountMetric;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The operators of RIoTBench's ETL query after its source, on Storm 1.x: each one's work is the
 * SPE-neutral ETL code of experiments/common, as in the Storm 2 and Flink queries, and
 * {@link StageBolt} runs one of them per executor, on tuples laid out as {@link StageTuples} says.
 * The STATS query ({@link StatsStage}) shares its parse, publish and sink.
 */
enum EtlStage implements Stage {
    /** One SenML record becomes one tuple per reading. */
    PARSE(Layout.READING) {
        @Override
        public Step open(TopologyContext context) {
            SenmlParser parser = new SenmlParser();
            boolean[] warned = {false};
            return (in, out) -> {
                try {
                    for (SenmlParser.Reading r : parser.parse(in.getString(0))) {
                        Values values = new Values(in.getLong(1) * 1000, in.getLong(2));
                        values.addAll(List.of(r.msgId(), r.sensor(), r.timeMs(), r.field(), r.value(), r.readings()));
                        out.emit(values);
                    }
                } catch (IllegalArgumentException e) {
                    if (!warned[0]) {
                        warned[0] = true;
                        LOG.warn("Dropping records that are not SenML, such as one that is {}", e.getMessage());
                    }
                }
            };
        }
    },
    /** A reading of a known field outside its range becomes NaN; an unknown field is dropped. */
    RANGE_FILTER(Layout.READING) {
        @Override
        public Step open(TopologyContext context) {
            return (in, out) -> {
                SensorFields.Field field = SensorFields.named((String) own(in, 3));
                if (field != null) {
                    double value = (Double) own(in, 4);
                    out.emit(timed(in, own(in, 0), own(in, 1), own(in, 2), field.name(),
                            field.inRange(value) ? value : Double.NaN, own(in, 5)));
                }
            };
        }
    },
    /** A reading seen before (same record, same field) is dropped. */
    BLOOM_FILTER(Layout.READING) {
        @Override
        public Step open(TopologyContext context) {
            DuplicateFilter seen = new DuplicateFilter(1 << 20, 1e-4);
            return (in, out) -> {
                if (seen.firstTime(own(in, 0) + "/" + own(in, 3))) {
                    out.emit(in.getValues());
                }
            };
        }
    },
    /** A missing (NaN) reading takes its sensor field's recent values. */
    INTERPOLATION(Layout.READING) {
        @Override
        public Step open(TopologyContext context) {
            Interpolator interpolator = new Interpolator();
            return (in, out) -> {
                String sensor = (String) own(in, 1);
                long timeMs = (Long) own(in, 2);
                String field = (String) own(in, 3);
                double value = interpolator.fill(sensor, field, timeMs, (Double) own(in, 4));
                out.emit(timed(in, own(in, 0), sensor, timeMs, field, value, own(in, 5)));
            };
        }
    },
    /** The readings of one record become one CSV row again. */
    JOIN(Layout.ROW) {
        @Override
        public Step open(TopologyContext context) {
            RecordJoiner joiner = new RecordJoiner(100_000);
            return (in, out) -> {
                String msgId = (String) own(in, 0);
                joiner.add(msgId, (String) own(in, 1), (Long) own(in, 2), (String) own(in, 3), (Double) own(in, 4),
                        (Integer) own(in, 5)).ifPresent(row -> out.emit(timed(in, msgId, row)));
            };
        }
    },
    /** A row gets its sensor's metadata. */
    ANNOTATE(Layout.ROW) {
        @Override
        public Step open(TopologyContext context) {
            Annotator annotator = new Annotator();
            return (in, out) -> out.emit(timed(in, own(in, 0), annotator.annotate((String) own(in, 1))));
        }
    },
    /** A row becomes a SenML record. */
    CSV_TO_SENML(Layout.ROW) {
        @Override
        public Step open(TopologyContext context) {
            CsvToSenml converter = new CsvToSenml();
            return (in, out) -> out.emit(timed(in, own(in, 0), converter.convert((String) own(in, 1))));
        }
    },
    /** Stands in for the MQTT publisher: counts the records and bytes it would publish, as Storm 1.x metrics. */
    PUBLISH(null) {
        @Override
        @SuppressWarnings("deprecation") // the metrics API a Storm 1.x metrics consumer sees
        public Step open(TopologyContext context) {
            CountMetric published = context.registerMetric("published", new CountMetric(), 1);
            CountMetric bytes = context.registerMetric("published-bytes", new CountMetric(), 1);
            return (in, out) -> {
                bytes.incrBy(((String) own(in, 1)).getBytes(StandardCharsets.UTF_8).length);
                published.incr();
            };
        }
    },
    /** Measures each tuple's latencies for the sink reports and says when the first one arrived. */
    SINK(null) {
        @Override
        public Step open(TopologyContext context) {
            return (in, out) -> {
                long now = EpochMicros.now();
                SinkStats.jvm().record(now - in.getLong(1), now - in.getLong(0));
                CountingSink.FIRST_TUPLE.countDown();
            };
        }
    };

    private static final Logger LOG = LoggerFactory.getLogger(EtlStage.class);

    private final Fields output;

    EtlStage(Fields output) {
        this.output = output;
    }

    @Override
    public Fields output() {
        return output;
    }

    /** The tuple layouts of the ETL query. */
    static final class Layout {
        /** One reading of a record, as parse emits it. */
        static final Fields READING = StageTuples.with("msg-id", "sensor", "time-ms", "field", "value", "readings");
        static final Fields ROW = StageTuples.with("msg-id", "row");

        private Layout() {
        }
    }
}
