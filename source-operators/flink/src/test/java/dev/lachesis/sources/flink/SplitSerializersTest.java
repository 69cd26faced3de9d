package dev.lachesis.sources.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SplitSerializersTest {
    @Test
    void aShareSurvivesACheckpointWithItsPosition() throws IOException {
        FileShareSplit split = new FileShareSplit(2, 3, 12_345_678_901L);
        FileShareSplitSerializer serializer = FileShareSplitSerializer.INSTANCE;

        FileShareSplit restored = serializer.deserialize(serializer.getVersion(), serializer.serialize(split));

        assertThat(restored).isEqualTo(split);
        assertThat(restored.splitId()).isEqualTo("2-of-3");
        assertThat(restored.resumingAt(7)).isEqualTo(new FileShareSplit(2, 3, 7));
    }

    @Test
    void assignedSharesSurviveACheckpoint() throws IOException {
        AssignedShares shares = new AssignedShares(Set.of(0, 4, 9));
        AssignedSharesSerializer serializer = AssignedSharesSerializer.INSTANCE;

        assertThat(serializer.deserialize(1, serializer.serialize(shares))).isEqualTo(shares);
    }

    @Test
    void anUnknownVersionIsAnErrorNamingIt() {
        assertThatThrownBy(() -> FileShareSplitSerializer.INSTANCE.deserialize(2, new byte[16]))
                .isInstanceOf(IOException.class)
                .hasMessage("File share split version 2 is unknown (this build reads 1)");
    }
}
