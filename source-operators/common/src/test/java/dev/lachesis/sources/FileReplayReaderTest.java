package dev.lachesis.sources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileReplayReaderTest {
    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock();
    private Thread readerThread;

    @AfterEach
    void stopReader() throws InterruptedException {
        if (readerThread != null) {
            readerThread.interrupt();
            readerThread.join();
        }
    }

    @Test
    void stampsEachRecordWithTheTimeTheScheduleSaysItArrived() throws IOException {
        Path file = lines(4);
        RecordBuffer<String> buffer = new RecordBuffer<>(10);
        FileReplayReader reader = reader(FileReplaySettings.of(file).withRate(2), 0, 1, 0, buffer);

        reader.run();

        assertThat(drain(buffer)).containsExactly(
                new StampedRecord<>("line-0", 0, ManualClock.EPOCH_MILLIS_AT_ZERO),
                new StampedRecord<>("line-1", 1, ManualClock.EPOCH_MILLIS_AT_ZERO + 500),
                new StampedRecord<>("line-2", 2, ManualClock.EPOCH_MILLIS_AT_ZERO + 1_000),
                new StampedRecord<>("line-3", 3, ManualClock.EPOCH_MILLIS_AT_ZERO + 1_500));
        assertThat(reader.finished()).isTrue();
        assertThat(reader.failure()).isNull();
        assertThat(reader.backlog()).isZero();
    }

    @Test
    void aProductionTimeBetweenTwoMillisecondsIsTheEarlierOneSoEndToEndLatencyIsNeverUnderstated()
            throws IOException {
        Path file = lines(3);
        RecordBuffer<String> buffer = new RecordBuffer<>(10);
        FileReplayReader reader = reader(FileReplaySettings.of(file).withRate(3), 0, 1, 0, buffer);

        reader.run();

        // Due at 0, 333.3 and 666.7 ms: a record stamped 667 could reach a fast sink "before" it was produced.
        assertThat(drain(buffer)).extracting(StampedRecord::producedAtMillis).containsExactly(
                ManualClock.EPOCH_MILLIS_AT_ZERO, ManualClock.EPOCH_MILLIS_AT_ZERO + 333,
                ManualClock.EPOCH_MILLIS_AT_ZERO + 666);
    }

    @Test
    void aFullBufferHoldsTheReaderAndTheBacklogCountsWhatWaitsOutside() throws IOException {
        Path file = lines(100);
        RecordBuffer<String> buffer = new RecordBuffer<>(3);
        FileReplayReader reader = reader(FileReplaySettings.of(file).withRate(2).withCapacity(3), 0, 1, 0, buffer);
        start(reader);
        await().until(() -> buffer.size() == 3 && readerThread.getState() == Thread.State.WAITING);

        clock.setSeconds(10);
        // Records 0..20 are due by t = 10 s at 2/s: 3 in the buffer, 18 waiting outside it.
        assertThat(reader.waitingOutside()).isEqualTo(18);
        assertThat(reader.backlog()).isEqualTo(21);

        assertThat(buffer.poll().sequence()).isZero();
        await().until(() -> buffer.added() == 4 && readerThread.getState() == Thread.State.WAITING);
        // One emitted: the backlog is what arrived minus what was taken.
        assertThat(reader.backlog()).isEqualTo(21 - 1);
        assertThat(buffer.size()).isEqualTo(3);
    }

    @Test
    void readsAsFastAsTheBufferAllowsWithoutARate() throws IOException {
        Path file = lines(5);
        RecordBuffer<String> buffer = new RecordBuffer<>(10);
        clock.setSeconds(3);
        FileReplayReader reader = reader(FileReplaySettings.of(file), 0, 1, 0, buffer);

        reader.run();

        assertThat(drain(buffer)).extracting(StampedRecord::producedAtMillis)
                .containsOnly(ManualClock.EPOCH_MILLIS_AT_ZERO + 3_000);
        assertThat(reader.waitingOutside()).isZero();
    }

    @Test
    void eachInstanceReadsItsShareOfTheLines() throws IOException {
        Path file = lines(7);
        RecordBuffer<String> buffer = new RecordBuffer<>(10);

        reader(FileReplaySettings.of(file), 1, 3, 0, buffer).run();

        assertThat(drain(buffer)).extracting(StampedRecord::value, StampedRecord::sequence)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("line-1", 0L),
                        org.assertj.core.groups.Tuple.tuple("line-4", 1L));
    }

    @Test
    void resumesAfterTheRecordsAlreadyAcknowledged() throws IOException {
        Path file = lines(5);
        RecordBuffer<String> buffer = new RecordBuffer<>(10);

        reader(FileReplaySettings.of(file), 0, 1, 3, buffer).run();

        assertThat(drain(buffer)).extracting(StampedRecord::value).containsExactly("line-3", "line-4");
    }

    @Test
    void keepsALastLineWithoutNewlineAndDropsCarriageReturns() throws IOException {
        Path file = dir.resolve("crlf.txt");
        Files.writeString(file, "a\r\nb\r\nc");
        RecordBuffer<String> buffer = new RecordBuffer<>(10);

        reader(FileReplaySettings.of(file), 0, 1, 0, buffer).run();

        assertThat(drain(buffer)).extracting(StampedRecord::value).containsExactly("a", "b", "c");
    }

    @Test
    void followingAGrowingFileReadsWhatIsAppendedAndOnlyWholeLines() throws IOException {
        Path file = lines(2);
        RecordBuffer<String> buffer = new RecordBuffer<>(10);
        FileReplayReader reader = reader(FileReplaySettings.of(file).withRate(1).following(), 0, 1, 0, buffer);
        start(reader);
        await().until(() -> buffer.added() == 2);
        Files.writeString(file, "late", StandardOpenOption.APPEND);
        clock.setSeconds(100);
        // At the end of the file nothing waits outside, however long the schedule ran.
        await().until(() -> reader.waitingOutside() == 0);
        assertThat(buffer.added()).isEqualTo(2);

        Files.writeString(file, "-line\n", StandardOpenOption.APPEND);
        await().until(() -> buffer.added() == 3);
        assertThat(drain(buffer)).extracting(StampedRecord::value).containsExactly("line-0", "line-1", "late-line");
    }

    @Test
    void aMissingFileStopsTheReaderWithTheError() {
        RecordBuffer<String> buffer = new RecordBuffer<>(1);
        FileReplayReader reader = reader(FileReplaySettings.of(dir.resolve("absent.txt")), 0, 1, 0, buffer);

        reader.run();

        assertThat(reader.finished()).isTrue();
        assertThat(reader.failure()).isInstanceOf(java.nio.file.NoSuchFileException.class);
    }

    private FileReplayReader reader(FileReplaySettings settings, int index, int instances, long first,
            RecordBuffer<String> buffer) {
        return new FileReplayReader(settings, index, instances, first, buffer, clock);
    }

    private void start(FileReplayReader reader) {
        readerThread = new Thread(reader, "test-reader");
        readerThread.start();
    }

    private Path lines(int count) throws IOException {
        Path file = dir.resolve("records.txt");
        Files.writeString(file, IntStream.range(0, count).mapToObj(i -> "line-" + i + "\n").collect(Collectors.joining()));
        return file;
    }

    private static List<StampedRecord<String>> drain(RecordBuffer<String> buffer) {
        List<StampedRecord<String>> records = new ArrayList<>();
        for (StampedRecord<String> r = buffer.poll(); r != null; r = buffer.poll()) {
            records.add(r);
        }
        return records;
    }
}
