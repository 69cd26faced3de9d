package dev.lachesis.sources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class RecordBufferTest {
    @Test
    void handsRecordsOverInOrderAndCountsThem() throws InterruptedException {
        RecordBuffer<String> buffer = new RecordBuffer<>(4);
        buffer.put(new StampedRecord<>("a", 0, 10));
        buffer.put(new StampedRecord<>("b", 1, 11));

        assertThat(buffer.poll()).isEqualTo(new StampedRecord<>("a", 0, 10));
        assertThat(buffer.size()).isEqualTo(1);
        assertThat(buffer.added()).isEqualTo(2);
        assertThat(buffer.taken()).isEqualTo(1);
        assertThat(buffer.poll()).isEqualTo(new StampedRecord<>("b", 1, 11));
        assertThat(buffer.poll()).isNull();
        assertThat(buffer.taken()).isEqualTo(2);
    }

    @Test
    void aFullBufferHoldsTheProducerInsteadOfDroppingTheRecord() throws InterruptedException {
        RecordBuffer<String> buffer = new RecordBuffer<>(1);
        buffer.put(new StampedRecord<>("first", 0, 0));
        AtomicBoolean secondAdded = new AtomicBoolean();
        Thread producer = new Thread(() -> {
            try {
                buffer.put(new StampedRecord<>("second", 1, 0));
                secondAdded.set(true);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        producer.start();
        try {
            await().until(() -> producer.getState() == Thread.State.WAITING);
            assertThat(secondAdded).isFalse();
            assertThat(buffer.size()).isEqualTo(1);

            assertThat(buffer.poll().value()).isEqualTo("first");
            await().untilTrue(secondAdded);
            assertThat(buffer.poll().value()).isEqualTo("second");
        } finally {
            producer.interrupt();
            producer.join();
        }
    }

    @Test
    void aWaiterIsWokenByTheNextRecordOrByTheProducerStopping() throws InterruptedException {
        RecordBuffer<String> buffer = new RecordBuffer<>(2);
        java.util.concurrent.CompletableFuture<Void> first = buffer.whenNotEmpty();
        assertThat(first).isNotDone();
        assertThat(buffer.whenNotEmpty()).isSameAs(first);
        buffer.put(new StampedRecord<>("a", 0, 0));
        assertThat(first).isDone();
        assertThat(buffer.whenNotEmpty()).isDone();

        buffer.poll();
        java.util.concurrent.CompletableFuture<Void> second = buffer.whenNotEmpty();
        assertThat(second).isNotDone();
        buffer.wakeWaiter();
        assertThat(second).isDone();
    }

    @Test
    void rejectsACapacityBelowOne() {
        assertThatThrownBy(() -> new RecordBuffer<String>(0))
                .hasMessage("capacity was 0 but must be at least 1 record");
    }
}
