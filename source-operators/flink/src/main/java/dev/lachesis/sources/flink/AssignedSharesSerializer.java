package dev.lachesis.sources.flink;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/** Writes {@link AssignedShares} into checkpoints (version 1: count, then indexes). Stateless. */
final class AssignedSharesSerializer implements SimpleVersionedSerializer<AssignedShares> {
    static final AssignedSharesSerializer INSTANCE = new AssignedSharesSerializer();

    @Override
    public int getVersion() {
        return 1;
    }

    @Override
    public byte[] serialize(AssignedShares state) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(state.subtasks().size());
            for (int subtask : state.subtasks()) {
                out.writeInt(subtask);
            }
        }
        return bytes.toByteArray();
    }

    @Override
    public AssignedShares deserialize(int version, byte[] serialized) throws IOException {
        if (version != 1) {
            throw new IOException("Assigned shares version " + version + " is unknown (this build reads 1)");
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
            int count = in.readInt();
            Set<Integer> subtasks = new HashSet<>();
            for (int i = 0; i < count; i++) {
                subtasks.add(in.readInt());
            }
            return new AssignedShares(subtasks);
        }
    }
}
