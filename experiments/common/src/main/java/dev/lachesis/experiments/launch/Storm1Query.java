package dev.lachesis.experiments.launch;

import java.util.List;

/**
 * How a Storm 1.2.3 query is started in a child JVM from experiments/storm1's build
 * ({@link SpeBuild#storm1}): its program, the line it prints once tuples reach the sink, and the
 * options Storm 1.2.3 needs on Java 17. Named here so that code without Storm 1.x on its class path
 * (the tests, the harness) can start it.
 */
public final class Storm1Query {
    /** The program: {@code <topology name> <tuples/s> <carbon host:port> <heavy cost µs>}. */
    public static final String MAIN = "dev.lachesis.experiments.storm1.Storm1QueryMain";
    /** How the line that says tuples reach the sink starts; the child's PID follows. */
    public static final String READY = "READY pid=";
    /**
     * The JVM options: Storm 1.2.3's Kryo and Clojure reach into {@code java.base} by reflection,
     * which Java 17 allows only where it is opened; and the child's log configuration.
     */
    public static final List<String> JVM_OPTIONS = List.of(
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "-Dlog4j.configurationFile=lachesis-storm1-child-log4j2.xml");

    private Storm1Query() {
    }
}
