package dev.lachesis.drivers.flink;

import dev.lachesis.core.model.JvmThread;
import dev.lachesis.core.model.ThreadRef;
import dev.lachesis.core.spi.DataPoint;
import dev.lachesis.core.spi.Series;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the answers and thread dumps captured from real Flink MiniClusters running the example query:
 * Flink 1.20.5 in {@code src/test/resources/flink-1.20}, Flink 2.2.0 in {@code flink-2.2}; and, in
 * {@code flink-1.20/file-source-*}, a job reading with source-operators' {@code FileReplaySource}.
 */
final class Fixtures {
    /** The job of the overloaded capture (rate 4000/s, heavy map 1000 µs per record). */
    static final String OVERLOADED_JOB = "919eb3697d31a03ebc79d04cbacf4d7b";
    static final String SOURCE_VERTEX = "cbc357ccb763df2852fee8c4fc7d55f2";
    static final String HEAVY_VERTEX = "9dd63673dd41ea021b896d5203f3ba7c";
    static final String SINK_VERTEX = "e883208d19e3c34f8aaf2a3168a63337";

    /**
     * The job of the file-source capture: {@code Source: file} (a FileReplaySource of
     * source-operators, 2 subtasks, 200 records/s each) → {@code slow} (held back) → {@code sink},
     * chaining disabled, with the recommended task and operator scopes.
     */
    static final String FILE_SOURCE_JOB = "c802c2e425cefa3a913bf06f1e8f6892";
    static final String FILE_SOURCE_VERTEX = "bc764cd8ddf7a0cff126f51c16239658";

    private static final Pattern HEADER = Pattern.compile("^\"(.*)\" .*nid=0x([0-9a-f]+) .*");

    private Fixtures() {
    }

    static String text(String name) {
        return text("flink-1.20", name);
    }

    static String text(String version, String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/" + version + "/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The threads of the captured thread dump, as the JVM thread lister reports them for {@code pid}. */
    static List<JvmThread> threads(int pid) {
        return threads("flink-1.20", pid);
    }

    static List<JvmThread> threads(String version, int pid) {
        List<JvmThread> threads = new ArrayList<>();
        for (String line : text(version, "thread-dump.txt").lines().toList()) {
            Matcher m = HEADER.matcher(line);
            if (m.matches()) {
                threads.add(new JvmThread(new ThreadRef(pid, Integer.parseInt(m.group(2), 16)), m.group(1)));
            }
        }
        return threads;
    }

    static JvmThread thread(List<JvmThread> threads, String name) {
        return threads.stream().filter(t -> t.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no thread " + name));
    }

    /** The file-source job's threads (names from its JVM; tids made up, from 1000 in name order). */
    static List<JvmThread> fileSourceThreads(int pid) {
        List<JvmThread> threads = new ArrayList<>();
        for (String name : text("file-source-thread-names.txt").lines().toList()) {
            threads.add(new JvmThread(new ThreadRef(pid, 1000 + threads.size()), name));
        }
        return threads;
    }

    /** The file source's {@code source-queue-size} series as the reporter sent them to Graphite. */
    static List<Series> fileSourceSeries() {
        Map<String, List<DataPoint>> points = new LinkedHashMap<>();
        for (String line : text("file-source-graphite.txt").lines().toList()) {
            String[] parts = line.split(" ");
            points.computeIfAbsent(parts[0], k -> new ArrayList<>())
                    .add(new DataPoint(Long.parseLong(parts[1]), Double.parseDouble(parts[2])));
        }
        List<Series> series = new ArrayList<>();
        points.forEach((name, list) -> series.add(new Series(name, list)));
        return series;
    }

    static FlinkJob fileSourceJob() {
        return FlinkRestJson.job(text("file-source-job.json"));
    }

    static FlinkJob overloadedJob() {
        return FlinkRestJson.job(text("job-overloaded.json"));
    }
}
