package dev.lachesis.it.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Stands in for a daemon that holds a journal: a child JVM that locks {@code <journal>.lock} as
 * the daemon does (an exclusive lock on the whole file, which holds its pid), prints {@code locked}
 * and keeps the lock until its standard input closes.
 */
public final class JournalHolder {
    private JournalHolder() {
    }

    public static void main(String[] args) throws IOException {
        Path lock = Path.of(args[0] + ".lock");
        try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock held = channel.lock()) {
            channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes()));
            System.out.println("locked " + held.isValid());
            System.out.flush();
            InputStream in = System.in;
            while (in.read() >= 0) {
                // the test never writes; its end of the pipe closes when it is done
            }
        }
    }
}
