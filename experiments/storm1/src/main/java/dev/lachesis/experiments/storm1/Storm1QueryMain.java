package dev.lachesis.experiments.storm1;

import dev.lachesis.experiments.launch.Storm1Query;
import dev.lachesis.storm1.metrics.CarbonMetricsConsumer;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.topology.TopologyBuilder;

/**
 * The program of a Storm 1.2.3 child JVM: runs the pipeline query (source → light → heavy ×2 →
 * sink, the heavy bolt spending {@code cost-us} of CPU per tuple) in a {@code LocalCluster}, with
 * Storm's built-in metrics sent every second through {@link CarbonMetricsConsumer}, as a Storm 1.x
 * user would set it up. Prints {@code READY pid=<pid>} once tuples reach the sink, then runs until
 * its standard input closes (its parent ended or closed it) and halts.
 *
 * <p>Arguments: {@code <topology name> <tuples/s> <carbon host:port> <heavy cost µs>}.
 */
public final class Storm1QueryMain {
    private Storm1QueryMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: Storm1QueryMain <topology name> <tuples/s> <carbon host:port> <heavy cost µs>");
            System.exit(2);
        }
        String name = args[0];
        double rate = Double.parseDouble(args[1]);
        int colon = args[2].lastIndexOf(':');
        long costMicros = Long.parseLong(args[3]);

        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("source", new PacedSpout(rate), 1);
        builder.setBolt("light", new BusyBolt(1), 1).shuffleGrouping("source");
        builder.setBolt("heavy", new BusyBolt(costMicros), 2).shuffleGrouping("light");
        builder.setBolt("sink", new CountingSink(), 1).shuffleGrouping("heavy");

        Config conf = new Config();
        conf.setNumWorkers(1);
        conf.setNumAckers(0);
        conf.put(Config.TOPOLOGY_BUILTIN_METRICS_BUCKET_SIZE_SECS, 1);
        Map<String, Object> carbon = new HashMap<>();
        carbon.put("carbon.host", args[2].substring(0, colon));
        carbon.put("carbon.port", args[2].substring(colon + 1));
        conf.registerMetricsConsumer(CarbonMetricsConsumer.class, carbon, 1);

        LocalCluster cluster = new LocalCluster();
        cluster.submitTopology(name, conf, builder.createTopology());
        CountingSink.FIRST_TUPLE.await();
        System.out.println(Storm1Query.READY + ProcessHandle.current().pid());
        System.out.flush();
        awaitEndOfInput();
        Runtime.getRuntime().halt(0);
    }

    private static void awaitEndOfInput() throws IOException {
        while (System.in.read() >= 0) {
            // runs until the parent closes our standard input or ends
        }
    }
}
