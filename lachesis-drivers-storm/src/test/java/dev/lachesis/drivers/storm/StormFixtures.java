package dev.lachesis.drivers.storm;

import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.spi.DataPoint;
import dev.lachesis.core.spi.MetricSource;
import dev.lachesis.core.spi.Series;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the captured Storm fixtures and provides the fakes the driver tests share. */
final class StormFixtures {
    static final String TOPOLOGY_1_WORKER = "lachesis-pipeline-1-1795433516";
    static final String TOPOLOGY_2_WORKERS = "lachesis-pipeline-1-1795433612";

    /** The machine's uptime in every fake {@code /proc}, in seconds. */
    private static final double UPTIME = 100_000.0;
    private static final Pattern THREAD_HEADER = Pattern.compile("^\"(.*)\" .*nid=0x([0-9a-f]+).*$");

    private StormFixtures() {
    }

    static List<String> lines(String resource) {
        try (InputStream in = StormFixtures.class.getResourceAsStream("/" + resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.startsWith("#") && !l.isBlank()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The threads of a captured {@code jcmd Thread.print}, as the shared thread lister reports them. */
    static List<JvmThread> threads(int pid, String resource) {
        List<JvmThread> threads = new ArrayList<>();
        for (String line : lines(resource)) {
            Matcher m = THREAD_HEADER.matcher(line);
            if (m.matches()) {
                threads.add(new JvmThread(new ThreadRef(pid, Integer.parseInt(m.group(2), 16)), m.group(1)));
            }
        }
        return threads;
    }

    /**
     * A fake {@code /proc} with one process: its command line and its task directory, each thread
     * with its {@code comm} (the first 15 characters of its name, as Linux keeps them) and a
     * {@code stat} that says it started ten seconds before now (see {@link #started}).
     */
    static void process(Path proc, int pid, List<String> cmdline, List<JvmThread> threads) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Integer.toString(pid)));
        Files.writeString(dir.resolve("cmdline"), String.join("\0", cmdline) + "\0");
        threadsStarted(proc, pid, threads, 10);
    }

    /** Makes the fake {@code /proc} say that each of {@code threads} started {@code secondsAgo} before now. */
    static void threadsStarted(Path proc, int pid, List<JvmThread> threads, double secondsAgo) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Integer.toString(pid)));
        long startTicks = Math.round((UPTIME - secondsAgo) * 100);
        for (JvmThread t : threads) {
            Path task = Files.createDirectories(dir.resolve("task").resolve(Integer.toString(t.tid())));
            Files.writeString(task.resolve("comm"), comm(t.name()) + "\n");
            Files.writeString(task.resolve("stat"), stat(t.tid(), comm(t.name()), pid, startTicks));
        }
    }

    private static String stat(int tid, String comm, int pid, long startTicks) {
        return tid + " (" + comm + ") S 1 " + pid + " " + pid + " 0 -1 4194560 0 0 0 0 0 0 0 0 20 0 60 0 " + startTicks
                + " 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n";
    }

    /** The kernel's name of a thread named {@code name}: its first 15 characters. */
    static String comm(String name) {
        return name.length() > 15 ? name.substring(0, 15) : name;
    }

    /**
     * Makes the fake {@code /proc} say that {@code pid} started at {@code startEpochSeconds} when
     * the clock reads {@code nowEpochSeconds}: its {@code stat} start time and the machine's uptime.
     */
    static void started(Path proc, int pid, double startEpochSeconds, long nowEpochSeconds) throws IOException {
        long startTicks = Math.round((UPTIME - (nowEpochSeconds - startEpochSeconds)) * 100);
        Files.writeString(proc.resolve("uptime"), UPTIME + " 190000.00\n");
        Files.writeString(Files.createDirectories(proc.resolve(Integer.toString(pid))).resolve("stat"),
                stat(pid, "java", pid, startTicks));
    }

    /** A series of equally spaced points, one second apart, ending at {@code end}. */
    static Series series(String name, long end, double... values) {
        List<DataPoint> points = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            points.add(new DataPoint(end - values.length + 1 + i, values[i]));
        }
        return new Series(name, points);
    }

    /**
     * A metric source holding fixed series that answers like Graphite: the series whose names match
     * one of the globs ({@code *} within a segment, {@code {a,b}} alternatives). Counts its queries.
     */
    static final class FixedMetricSource implements MetricSource {
        private volatile List<Series> series;
        private volatile int queries;
        private final List<List<String>> patterns = new java.util.concurrent.CopyOnWriteArrayList<>();

        FixedMetricSource(List<Series> series) {
            this.series = List.copyOf(series);
        }

        void set(List<Series> replacement) {
            series = List.copyOf(replacement);
        }

        int queries() {
            return queries;
        }

        /** The patterns of each query so far, in order. */
        List<List<String>> patterns() {
            return List.copyOf(patterns);
        }

        @Override
        public List<Series> query(Collection<String> patterns, Duration window) {
            queries++;
            this.patterns.add(List.copyOf(patterns));
            List<Pattern> regexes = patterns.stream().map(StormFixtures::glob).toList();
            return series.stream().filter(s -> regexes.stream().anyMatch(r -> r.matcher(s.name()).matches())).toList();
        }

        @Override
        public String describe() {
            return "fixed series";
        }
    }

    /** Graphite's glob as a regular expression. */
    static Pattern glob(String glob) {
        StringBuilder regex = new StringBuilder();
        boolean inBraces = false;
        for (char c : glob.toCharArray()) {
            switch (c) {
                case '*' -> regex.append("[^.]*");
                case '{' -> {
                    regex.append("(?:");
                    inBraces = true;
                }
                case '}' -> {
                    regex.append(')');
                    inBraces = false;
                }
                case ',' -> regex.append(inBraces ? "|" : ",");
                default -> regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString());
    }
}
