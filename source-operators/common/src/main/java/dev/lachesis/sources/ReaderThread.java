package dev.lachesis.sources;

import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A source's reader thread: started with a name Lachesis recognises
 * ({@code lachesis-source-reader-<component>-<index>}) and stopped by interrupting it and waiting
 * for it, so a source leaves no thread behind when its task closes. Thread-safe.
 */
public final class ReaderThread implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ReaderThread.class);
    private static final long JOIN_MILLIS = TimeUnit.SECONDS.toMillis(10);

    private final Thread thread;

    private ReaderThread(Thread thread) {
        this.thread = thread;
    }

    /**
     * Starts {@code body} on a daemon thread named for the source instance: {@code instance} is
     * what the SPE names the instance by (Storm: the task id; Flink: the subtask index).
     */
    public static ReaderThread start(String component, int instance, Runnable body) {
        Thread thread = new Thread(body, FileReplayReader.threadName(component, instance));
        thread.setDaemon(true);
        thread.start();
        LOG.info("Started source reader thread {}", thread.getName());
        return new ReaderThread(thread);
    }

    /** The thread's name. */
    public String name() {
        return thread.getName();
    }

    /** Interrupts the reader and waits up to 10 s for it to end. */
    @Override
    public void close() {
        thread.interrupt();
        try {
            thread.join(JOIN_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            LOG.warn("Source reader thread {} did not stop within {} ms", thread.getName(), JOIN_MILLIS);
        } else {
            LOG.info("Stopped source reader thread {}", thread.getName());
        }
    }
}
