package dev.lachesis.sources.kafka;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * A real single-node Kafka broker in KRaft mode (broker and controller in one process, no
 * ZooKeeper) running in a child JVM from the Kafka jars on Maven Central, bound to 127.0.0.1 on
 * free ports: the storage is formatted with a random cluster id, then the broker runs until
 * {@link #close()}. Its class path is the one this module's build wrote to
 * {@code kafka-broker.classpath}, so the broker's Kafka version does not depend on the clients
 * the connectors under test bring. Not thread-safe.
 */
public final class KafkaBroker implements AutoCloseable {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path dir;
    private final int port;
    private final Process process;

    private KafkaBroker(Path dir, int port, Process process) {
        this.dir = dir;
        this.port = port;
        this.process = process;
    }

    /** Formats storage under {@code dir}, starts the broker and waits until it takes requests. */
    public static KafkaBroker start(Path dir) throws IOException, InterruptedException {
        int[] ports = freePorts();
        int port = ports[0];
        int controllerPort = ports[1];
        Path config = dir.resolve("server.properties");
        Files.writeString(config, String.join("\n",
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
                "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                "controller.listener.names=CONTROLLER",
                "inter.broker.listener.name=PLAINTEXT",
                "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                "log.dirs=" + dir.resolve("data"),
                "num.partitions=1",
                "auto.create.topics.enable=false",
                "offsets.topic.replication.factor=1",
                "offsets.topic.num.partitions=1",
                "transaction.state.log.replication.factor=1",
                "transaction.state.log.min.isr=1",
                "group.initial.rebalance.delay.ms=0",
                "") + "\n");
        Process format = java(dir, "format.log", "kafka.tools.StorageTool", "format", "-t", randomClusterId(),
                "-c", config.toString());
        if (!format.waitFor(60, TimeUnit.SECONDS) || format.exitValue() != 0) {
            format.destroyForcibly();
            throw new IllegalStateException("Formatting Kafka storage failed:\n" + tail(dir.resolve("format.log")));
        }
        Process broker = java(dir, "broker.log", "kafka.Kafka", config.toString());
        KafkaBroker started = new KafkaBroker(dir, port, broker);
        Runtime.getRuntime().addShutdownHook(new Thread(broker::destroyForcibly, "kafka-broker-killer"));
        try {
            started.awaitReady();
        } catch (RuntimeException e) {
            started.close();
            throw e;
        }
        return started;
    }

    /** {@code 127.0.0.1:<port>}, for {@code bootstrap.servers}. */
    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    /** Creates {@code topic} with {@code partitions} partitions (replication factor 1). */
    public void createTopic(String topic, int partitions) throws ExecutionException, InterruptedException {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get();
        }
    }

    /** Sends records {@code 0..count-1} to {@code topic} (round robin over partitions) and waits for every ack. */
    public void produce(String topic, int count, IntFunction<String> value) throws ExecutionException, InterruptedException {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(props)) {
            List<java.util.concurrent.Future<?>> sent = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                sent.add(producer.send(new ProducerRecord<>(topic, value.apply(i))));
            }
            for (java.util.concurrent.Future<?> future : sent) {
                future.get();
            }
        }
    }

    /** Stops the broker process and waits for it. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private void awaitReady() throws InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!(accepts() && answersMetadata())) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Kafka broker exited with " + process.exitValue() + ":\n"
                        + tail(dir.resolve("broker.log")));
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("Kafka broker took no requests on " + bootstrapServers() + " within "
                        + START_TIMEOUT.toSeconds() + " s:\n" + tail(dir.resolve("broker.log")));
            }
            TimeUnit.MILLISECONDS.sleep(200);
        }
    }

    private boolean answersMetadata() {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2_000,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 3_000))) {
            return !admin.describeCluster().nodes().get(3, TimeUnit.SECONDS).isEmpty();
        } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(cannot read " + log + ": " + e.getMessage() + ")";
        }
    }

    private boolean accepts() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static Process java(Path dir, String log, String mainClass, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx384m", "-XX:+UseSerialGC", "-Djava.awt.headless=true",
                "-Dlog4j.configuration=" + log4jConfig(dir).toUri(),
                "-cp", brokerClasspath(), mainClass));
        command.addAll(List.of(args));
        return new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve(log).toFile())
                .start();
    }

    private static Path log4jConfig(Path dir) throws IOException {
        Path file = dir.resolve("log4j.properties");
        Files.writeString(file, String.join("\n",
                "log4j.rootLogger=INFO, stdout",
                "log4j.appender.stdout=org.apache.log4j.ConsoleAppender",
                "log4j.appender.stdout.layout=org.apache.log4j.PatternLayout",
                "log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n",
                "log4j.logger.kafka=INFO",
                "log4j.logger.org.apache.kafka=WARN",
                ""));
        return file;
    }

    private static String brokerClasspath() throws IOException {
        try (InputStream in = KafkaBroker.class.getResourceAsStream("/kafka-broker.classpath")) {
            if (in == null) {
                throw new IllegalStateException("kafka-broker.classpath is missing: build source-operators/kafka-broker first");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        }
    }

    /**
     * Two free loopback ports, for the broker and its controller: both sockets are open at once, so
     * the kernel cannot hand out the same port twice (one after the other, it once did).
     */
    private static int[] freePorts() {
        try (ServerSocket broker = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             ServerSocket controller = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return new int[] {broker.getLocalPort(), controller.getLocalPort()};
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Kafka's cluster id format: 16 random bytes, URL-safe base64 without padding; like Kafka's
     * own {@code Uuid.randomUuid()}, never starting with '-', which the format tool would take for
     * an option.
     */
    static String randomClusterId() {
        byte[] bytes = new byte[16];
        String id;
        do {
            RANDOM.nextBytes(bytes);
            id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        } while (id.startsWith("-"));
        return id;
    }
}
