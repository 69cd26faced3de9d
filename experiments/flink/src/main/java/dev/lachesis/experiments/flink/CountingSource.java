package dev.lachesis.experiments.flink;

import dev.lachesis.experiments.measure.SourceStats;
import dev.lachesis.sources.flink.ForwardingSourceReader;
import java.util.Objects;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * Any Flink source (FLIP-27), counting every record its readers emit into Flink in this JVM's
 * {@link SourceStats}: the throughput at the source the sink reports carry. Each reader is handed
 * an output that counts and passes every record on (per-split outputs too); splits, enumerator,
 * checkpoints and metrics stay the wrapped source's own, and so do the task's and any reader
 * thread's names. Wrap the source where the job is built:
 * {@code env.fromSource(CountingSource.of(source), watermarks, "source")}. Immutable and
 * serializable, like a source.
 *
 * @param <T> the records
 * @param <S> the wrapped source's splits
 * @param <E> its enumerator's checkpoint
 */
public final class CountingSource<T, S extends SourceSplit, E> implements Source<T, S, E>, ResultTypeQueryable<T> {
    private static final long serialVersionUID = 1L;

    private final Source<T, S, E> source;
    private final TypeInformation<T> type;

    private CountingSource(Source<T, S, E> source, TypeInformation<T> type) {
        this.source = Objects.requireNonNull(source, "source");
        this.type = Objects.requireNonNull(type, "type");
    }

    /**
     * {@code source}, counted; it must say what it produces ({@link ResultTypeQueryable}), as
     * {@code FileReplaySource} and {@code DataGeneratorSource} do.
     *
     * @throws IllegalArgumentException when it does not: use {@link #of(Source, TypeInformation)}
     */
    @SuppressWarnings("unchecked")
    public static <T, S extends SourceSplit, E> CountingSource<T, S, E> of(Source<T, S, E> source) {
        if (!(source instanceof ResultTypeQueryable<?> typed)) {
            throw new IllegalArgumentException(source.getClass().getName()
                    + " does not say what it produces; pass its TypeInformation to CountingSource.of(source, type)");
        }
        return new CountingSource<>(source, (TypeInformation<T>) typed.getProducedType());
    }

    /** {@code source}, producing records of {@code type}, counted. */
    public static <T, S extends SourceSplit, E> CountingSource<T, S, E> of(Source<T, S, E> source,
                                                                            TypeInformation<T> type) {
        return new CountingSource<>(source, type);
    }

    @Override
    public Boundedness getBoundedness() {
        return source.getBoundedness();
    }

    @Override
    public SourceReader<T, S> createReader(SourceReaderContext context) throws Exception {
        SourceStats.jvm().attach();
        return new CountingReader<>(source.createReader(context));
    }

    @Override
    public SplitEnumerator<S, E> createEnumerator(SplitEnumeratorContext<S> context) throws Exception {
        return source.createEnumerator(context);
    }

    @Override
    public SplitEnumerator<S, E> restoreEnumerator(SplitEnumeratorContext<S> context, E checkpoint) throws Exception {
        return source.restoreEnumerator(context, checkpoint);
    }

    @Override
    public SimpleVersionedSerializer<S> getSplitSerializer() {
        return source.getSplitSerializer();
    }

    @Override
    public SimpleVersionedSerializer<E> getEnumeratorCheckpointSerializer() {
        return source.getEnumeratorCheckpointSerializer();
    }

    @Override
    public TypeInformation<T> getProducedType() {
        return type;
    }

    /**
     * A reader that polls the wrapped one into a counting output. Not thread-safe: the task thread
     * calls it. Flink's {@code SourceReader.close()} throws {@code Exception}, which javac's lint
     * reads as "may throw InterruptedException"; that is Flink's signature, not ours to narrow.
     */
    @SuppressWarnings("try")
    private static final class CountingReader<T, S extends SourceSplit> extends ForwardingSourceReader<T, S> {
        private CountingOutput<T> output;

        CountingReader(SourceReader<T, S> reader) {
            super(reader);
        }

        @Override
        public InputStatus pollNext(ReaderOutput<T> flink) throws Exception {
            if (output == null || output.flink != flink) {
                output = new CountingOutput<>(flink);
            }
            return super.pollNext(output);
        }
    }

    /** Counts each record and passes it on to Flink's output. */
    private static class CountingSourceOutput<T> implements SourceOutput<T> {
        private final SourceOutput<T> flink;

        CountingSourceOutput(SourceOutput<T> flink) {
            this.flink = flink;
        }

        @Override
        public void collect(T record) {
            SourceStats.jvm().emitted();
            flink.collect(record);
        }

        @Override
        public void collect(T record, long timestamp) {
            SourceStats.jvm().emitted();
            flink.collect(record, timestamp);
        }

        @Override
        public void emitWatermark(Watermark watermark) {
            flink.emitWatermark(watermark);
        }

        @Override
        public void markIdle() {
            flink.markIdle();
        }

        @Override
        public void markActive() {
            flink.markActive();
        }
    }

    /** The reader's whole output, counted, with counted per-split outputs. */
    private static final class CountingOutput<T> extends CountingSourceOutput<T> implements ReaderOutput<T> {
        private final ReaderOutput<T> flink;

        CountingOutput(ReaderOutput<T> flink) {
            super(flink);
            this.flink = flink;
        }

        @Override
        public SourceOutput<T> createOutputForSplit(String splitId) {
            return new CountingSourceOutput<>(flink.createOutputForSplit(splitId));
        }

        @Override
        public void releaseOutputForSplit(String splitId) {
            flink.releaseOutputForSplit(splitId);
        }
    }
}
