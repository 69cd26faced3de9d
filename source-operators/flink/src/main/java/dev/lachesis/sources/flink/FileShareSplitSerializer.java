package dev.lachesis.sources.flink;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/** Writes a {@link FileShareSplit} into checkpoints (version 1: index, instances, next sequence). Stateless. */
final class FileShareSplitSerializer implements SimpleVersionedSerializer<FileShareSplit> {
    static final FileShareSplitSerializer INSTANCE = new FileShareSplitSerializer();

    @Override
    public int getVersion() {
        return 1;
    }

    @Override
    public byte[] serialize(FileShareSplit split) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(16);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(split.index());
            out.writeInt(split.instances());
            out.writeLong(split.nextSequence());
        }
        return bytes.toByteArray();
    }

    @Override
    public FileShareSplit deserialize(int version, byte[] serialized) throws IOException {
        if (version != 1) {
            throw new IOException("File share split version " + version + " is unknown (this build reads 1)");
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
            return new FileShareSplit(in.readInt(), in.readInt(), in.readLong());
        }
    }
}
