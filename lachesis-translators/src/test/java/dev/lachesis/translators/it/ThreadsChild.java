package dev.lachesis.translators.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The process kernel tests and the benchmarks of {@code experiments/bench} (through this module's
 * test-jar) change: starts named threads, prints {@code thread <tid> <name>} for each
 * and {@code ready}, and exits when its standard input closes (so it never outlives the test) or
 * after a minute ({@code lifetime:<seconds>} first: longer, for a test that starts several more
 * JVMs on a loaded machine). Arguments: {@code sleep:<name>} a thread that sleeps; {@code sleepers:<n>} n
 * sleeping threads named {@code sleeper-<i>}; {@code pipeline} a producer
 * ({@code producer}) that busy-spins while the queue of a slow consumer ({@code consumer}) is full,
 * each spinning at most 20 s; {@code spin:<name>} a thread that busy-spins for at most 30 s;
 * {@code forker:<name>} a thread that, once it is real-time, starts a sleeping thread
 * {@code <name>-child}, prints {@code forked} and sleeps; {@code niceforker:<name>} the same once its
 * nice value is below 0; {@code churn:<n>} a thread
 * ({@code churner}) that starts n threads a second ({@code churn-<i>}, from 1000 up), each ending
 * after 100 ms.
 */
public final class ThreadsChild {
    private static final long LIFETIME_NANOS = TimeUnit.SECONDS.toNanos(60);
    /** How long sleeping threads and the child itself live at most; {@code lifetime:<seconds>} changes it. */
    private static volatile long sleepMillis = TimeUnit.NANOSECONDS.toMillis(LIFETIME_NANOS);
    /** What the producer of a pipeline offers, always the same object. */
    private static final Long ITEM = 1L;

    private ThreadsChild() {
    }

    public static void main(String[] args) throws Exception {
        int count = 0;
        for (String arg : args) {
            if (arg.startsWith("lifetime:")) {
                sleepMillis = TimeUnit.SECONDS.toMillis(Long.parseLong(arg.substring("lifetime:".length())));
                continue;
            }
            count += arg.equals("pipeline") ? 2 : arg.startsWith("sleepers:") ? Integer.parseInt(arg.substring(9)) : 1;
        }
        CountDownLatch started = new CountDownLatch(count);
        for (String arg : args) {
            if (arg.startsWith("lifetime:")) {
                continue;
            } else if (arg.equals("pipeline")) {
                BlockingQueue<Long> queue = new ArrayBlockingQueue<>(16);
                start("producer", started, () -> produce(queue));
                start("consumer", started, () -> consume(queue));
            } else if (arg.startsWith("sleepers:")) {
                for (int i = 0; i < Integer.parseInt(arg.substring(9)); i++) {
                    start("sleeper-" + i, started, ThreadsChild::sleep);
                }
            } else if (arg.startsWith("spin:")) {
                start(arg.substring("spin:".length()), started, () -> spin(TimeUnit.SECONDS.toNanos(30)));
            } else if (arg.startsWith("forker:")) {
                String name = arg.substring("forker:".length());
                start(name, started, () -> forkOnce(name + "-child", fields -> {
                    int policy = Integer.parseInt(fields[38]);
                    return policy == 1 || policy == 2;
                }));
            } else if (arg.startsWith("niceforker:")) {
                String name = arg.substring("niceforker:".length());
                start(name, started, () -> forkOnce(name + "-child", fields -> Integer.parseInt(fields[16]) < 0));
            } else if (arg.startsWith("sleep:")) {
                start(arg.substring("sleep:".length()), started, ThreadsChild::sleep);
            } else if (arg.startsWith("churn:")) {
                int perSecond = Integer.parseInt(arg.substring("churn:".length()));
                start("churner", started, () -> churn(perSecond));
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

    /**
     * Waits (polling its own {@code /proc} stat, the fields after the command) until {@code ready}
     * holds for this thread, then starts {@code child}.
     */
    private static void forkOnce(String child, Predicate<String[]> ready) {
        long deadline = System.nanoTime() + LIFETIME_NANOS;
        try {
            while (System.nanoTime() < deadline) {
                String stat = Files.readString(Path.of("/proc/thread-self/stat"));
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                if (ready.test(fields)) {
                    CountDownLatch started = new CountDownLatch(1);
                    start(child, started, ThreadsChild::sleep);
                    started.await();
                    synchronized (System.out) {
                        System.out.println("forked");
                        System.out.flush();
                    }
                    sleep();
                    return;
                }
                Thread.sleep(10);
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Starts {@code perSecond} short-lived threads a second, each named {@code churn-<i>}, for the child's lifetime. */
    private static void churn(int perSecond) {
        long every = TimeUnit.SECONDS.toNanos(1) / perSecond;
        long next = System.nanoTime();
        for (int i = 1000; ; i++) {
            Thread t = new Thread(() -> {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "churn-" + i);
            t.setDaemon(true);
            t.start();
            next += every;
            long wait = next - System.nanoTime();
            if (wait > 0) {
                java.util.concurrent.locks.LockSupport.parkNanos(wait);
            }
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(sleepMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Offers one preallocated item until the deadline, spinning while the queue is full. It allocates
     * nothing: a Long boxed per offer filled the child's 17 MB eden ten times a second, and each young
     * collection parked the producer long enough for the consumer to run, so it never starved.
     */
    private static void produce(BlockingQueue<Long> queue) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            // a full queue: spin, as a Storm publisher on a full ring does
            queue.offer(ITEM);
        }
    }

    /** Runs without pause, allocating nothing, for {@code nanos}. */
    private static void spin(long nanos) {
        long deadline = System.nanoTime() + nanos;
        while (System.nanoTime() < deadline) {
            Thread.onSpinWait();
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
