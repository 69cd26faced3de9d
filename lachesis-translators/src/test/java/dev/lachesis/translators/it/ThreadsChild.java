package dev.lachesis.translators.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The process kernel tests change: starts named threads, prints {@code thread <tid> <name>} for each
 * and {@code ready}, and exits when its standard input closes (so it never outlives the test) or
 * after a minute. Arguments: {@code sleep:<name>} a thread that sleeps; {@code sleepers:<n>} n
 * sleeping threads named {@code sleeper-<i>}; {@code pipeline} a producer
 * ({@code producer}) that busy-spins while the queue of a slow consumer ({@code consumer}) is full,
 * each spinning at most 20 s.
 */
public final class ThreadsChild {
    private static final long LIFETIME_NANOS = TimeUnit.SECONDS.toNanos(60);

    private ThreadsChild() {
    }

    public static void main(String[] args) throws Exception {
        int count = 0;
        for (String arg : args) {
            count += arg.equals("pipeline") ? 2 : arg.startsWith("sleepers:") ? Integer.parseInt(arg.substring(9)) : 1;
        }
        CountDownLatch started = new CountDownLatch(count);
        for (String arg : args) {
            if (arg.equals("pipeline")) {
                BlockingQueue<Long> queue = new ArrayBlockingQueue<>(16);
                start("producer", started, () -> produce(queue));
                start("consumer", started, () -> consume(queue));
            } else if (arg.startsWith("sleepers:")) {
                for (int i = 0; i < Integer.parseInt(arg.substring(9)); i++) {
                    start("sleeper-" + i, started, ThreadsChild::sleep);
                }
            } else if (arg.startsWith("sleep:")) {
                start(arg.substring("sleep:".length()), started, ThreadsChild::sleep);
            } else {
                throw new IllegalArgumentException("unknown thread kind " + arg);
            }
        }
        started.await();
        System.out.println("ready");
        System.out.flush();
        Thread watchdog = new Thread(() -> {
            sleep();
            System.exit(3);
        }, "child-lifetime");
        watchdog.setDaemon(true);
        watchdog.start();
        while (System.in.read() >= 0) {
            // wait for the parent to close our stdin
        }
        System.exit(0);
    }

    private static void start(String name, CountDownLatch started, Runnable body) {
        Thread t = new Thread(() -> {
            synchronized (System.out) {
                System.out.println("thread " + tid() + " " + Thread.currentThread().getName());
                System.out.flush();
            }
            started.countDown();
            body.run();
        }, name);
        t.setDaemon(true);
        t.start();
    }

    private static int tid() {
        try {
            return Integer.parseInt(Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(TimeUnit.NANOSECONDS.toMillis(LIFETIME_NANOS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void produce(BlockingQueue<Long> queue) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        long n = 0;
        while (System.nanoTime() < deadline) {
            if (queue.offer(n)) {
                n++;
            }
            // a full queue: spin, as a Storm publisher on a full ring does
        }
    }

    private static void consume(BlockingQueue<Long> queue) {
        try {
            while (true) {
                queue.take();
                Thread.sleep(1);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
