package dev.lachesis.experiments.run;

import dev.lachesis.experiments.etl.GenerateSenml;
import dev.lachesis.testkit.ChildJvm;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The input file the ETL query replays in a sweep or the demo: its seeded SenML records, written
 * once by the generator in a process of its own ({@link GenerateSenml}), enough for the highest
 * rate over a whole run. Every run's source replays the same records from the start at its own
 * rate, so the modes see the same data.
 */
public final class QueryInput {
    private static final Logger LOG = LoggerFactory.getLogger(QueryInput.class);
    /** Time a run's source may go on beyond warm-up and measurement: start-up and the sink's last report. */
    private static final Duration SLACK = Duration.ofSeconds(90);

    private QueryInput() {
    }

    /** How many records a run at {@code maxRate} needs for {@code warmUp} plus {@code measure}. */
    public static long records(double maxRate, Duration warmUp, Duration measure) {
        return (long) Math.ceil(maxRate * warmUp.plus(measure).plus(SLACK).toMillis() / 1000.0);
    }

    /** Writes {@code records} records to {@code file} through the generator's own JVM and returns the file. */
    public static Path generate(Path file, long records) throws IOException, InterruptedException {
        ChildJvm generator = ChildJvm.start(List.of("-Xmx256m"), GenerateSenml.class.getName(),
                List.of("--records", Long.toString(records), "--out", file.toString()), "\0",
                line -> LOG.info("generator: {}", line));
        int code = generator.waitFor();
        if (code != 0) {
            throw new IOException("the SenML generator exited with " + code + " writing " + file);
        }
        return file;
    }
}
