package dev.lachesis.experiments.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lachesis.experiments.measure.SourceStats;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.metrics.groups.SourceReaderMetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.util.SimpleUserCodeClassLoader;
import org.apache.flink.util.UserCodeClassLoader;
import org.junit.jupiter.api.Test;

/** CountingSource around Flink's own sequence source, polled the way a source task polls it. */
class CountingSourceTest {
    /** What a subtask's reader gets from Flink, reduced to what a reader of a bounded source uses. */
    private static final class Context implements SourceReaderContext {
        @Override
        public SourceReaderMetricGroup metricGroup() {
            return UnregisteredMetricsGroup.createSourceReaderMetricGroup();
        }

        @Override
        public Configuration getConfiguration() {
            return new Configuration();
        }

        @Override
        public String getLocalHostName() {
            return "localhost";
        }

        @Override
        public int getIndexOfSubtask() {
            return 0;
        }

        @Override
        public void sendSplitRequest() {
        }

        @Override
        public void sendSourceEventToCoordinator(SourceEvent sourceEvent) {
        }

        @Override
        public UserCodeClassLoader getUserCodeClassLoader() {
            return SimpleUserCodeClassLoader.create(getClass().getClassLoader());
        }
    }

    /** Flink's side of the output: the records it got. */
    private static final class Collected implements ReaderOutput<Long> {
        private final List<Long> records = new ArrayList<>();

        @Override
        public void collect(Long record) {
            records.add(record);
        }

        @Override
        public void collect(Long record, long timestamp) {
            records.add(record);
        }

        @Override
        public void emitWatermark(Watermark watermark) {
        }

        @Override
        public void markIdle() {
        }

        @Override
        public void markActive() {
        }

        @Override
        public SourceOutput<Long> createOutputForSplit(String splitId) {
            return this;
        }

        @Override
        public void releaseOutputForSplit(String splitId) {
        }
    }

    @Test
    @SuppressWarnings("try") // Flink declares SourceReader.close() to throw Exception, InterruptedException among them
    void countsEveryRecordTheWrappedReaderEmitsAndPassesItOn() throws Exception {
        CountingSource<Long, NumberSequenceSource.NumberSequenceSplit, ?> counted =
                CountingSource.of(new NumberSequenceSource(1, 5));
        Collected flink = new Collected();
        SourceStats.jvm().take();

        try (SourceReader<Long, NumberSequenceSource.NumberSequenceSplit> reader = counted.createReader(new Context())) {
            reader.start();
            reader.addSplits(List.of(new NumberSequenceSource.NumberSequenceSplit("0", 1, 5)));
            reader.notifyNoMoreSplits();
            while (reader.pollNext(flink) != InputStatus.END_OF_INPUT) {
                // each poll emits what the sequence has next
            }
        }

        assertThat(flink.records).containsExactly(1L, 2L, 3L, 4L, 5L);
        assertThat(SourceStats.jvm().take()).hasValue(5);
        assertThat(counted.getProducedType()).isEqualTo(Types.LONG);
        assertThat(counted.getBoundedness()).isEqualTo(new NumberSequenceSource(1, 5).getBoundedness());
    }

    /** A source that does not implement {@code ResultTypeQueryable}: Flink's sequence behind a plain {@link Source}. */
    private static final class UntypedSource
            implements Source<Long, NumberSequenceSource.NumberSequenceSplit, Collection<NumberSequenceSource.NumberSequenceSplit>> {
        private static final long serialVersionUID = 1L;
        private final NumberSequenceSource sequence = new NumberSequenceSource(1, 5);

        @Override
        public Boundedness getBoundedness() {
            return sequence.getBoundedness();
        }

        @Override
        public SourceReader<Long, NumberSequenceSource.NumberSequenceSplit> createReader(SourceReaderContext context) {
            return sequence.createReader(context);
        }

        @Override
        public SplitEnumerator<NumberSequenceSource.NumberSequenceSplit, Collection<NumberSequenceSource.NumberSequenceSplit>>
                createEnumerator(SplitEnumeratorContext<NumberSequenceSource.NumberSequenceSplit> context) {
            return sequence.createEnumerator(context);
        }

        @Override
        public SplitEnumerator<NumberSequenceSource.NumberSequenceSplit, Collection<NumberSequenceSource.NumberSequenceSplit>>
                restoreEnumerator(SplitEnumeratorContext<NumberSequenceSource.NumberSequenceSplit> context,
                                  Collection<NumberSequenceSource.NumberSequenceSplit> checkpoint) {
            return sequence.restoreEnumerator(context, checkpoint);
        }

        @Override
        public SimpleVersionedSerializer<NumberSequenceSource.NumberSequenceSplit> getSplitSerializer() {
            return sequence.getSplitSerializer();
        }

        @Override
        public SimpleVersionedSerializer<Collection<NumberSequenceSource.NumberSequenceSplit>>
                getEnumeratorCheckpointSerializer() {
            return sequence.getEnumeratorCheckpointSerializer();
        }
    }

    @Test
    void aSourceThatDoesNotSayWhatItProducesNeedsItsType() {
        assertThatThrownBy(() -> CountingSource.of(new UntypedSource()))
                .hasMessageEndingWith("does not say what it produces; pass its TypeInformation to"
                        + " CountingSource.of(source, type)");
        assertThat(CountingSource.of(new UntypedSource(), Types.LONG).getProducedType()).isEqualTo(Types.LONG);
    }
}
