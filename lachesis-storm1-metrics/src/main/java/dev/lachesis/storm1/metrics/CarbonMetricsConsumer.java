package dev.lachesis.storm1.metrics;

import java.util.Collection;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.metric.api.IMetricsConsumer;
import org.apache.storm.task.IErrorReporter;
import org.apache.storm.task.TopologyContext;

/**
 * Sends Storm 1.x's built-in metrics to Graphite (or Lachesis's embedded store) as carbon plaintext,
 * named as Lachesis's Storm driver reads them for Storm 1.x ({@link MetricPaths}): what the original
 * Lachesis setup got from a metrics reporter that is not on Maven Central. A topology registers it:
 * <pre>{@code
 * Map<String, Object> carbon = new HashMap<>();
 * carbon.put("carbon.host", "127.0.0.1");
 * carbon.put("carbon.port", 2003);
 * conf.registerMetricsConsumer(CarbonMetricsConsumer.class, carbon, 1);
 * conf.put(Config.TOPOLOGY_BUILTIN_METRICS_BUCKET_SIZE_SECS, 1);
 * }</pre>
 * The bucket size is how often Storm hands the metrics over, and so how fresh the driver's
 * queues are (Storm's default is 60 s). Storm calls it from one executor thread.
 */
public final class CarbonMetricsConsumer implements IMetricsConsumer {
    private String prefix;
    private String topology;
    private CarbonWriter writer;

    @Override
    @SuppressWarnings("rawtypes") // Storm 1.x's signature
    public void prepare(Map stormConf, Object registrationArgument, TopologyContext context,
                        IErrorReporter errorReporter) {
        CarbonSettings settings = CarbonSettings.from(registrationArgument);
        Object name = stormConf.get(Config.TOPOLOGY_NAME);
        topology = name != null ? name.toString() : context.getStormId();
        prefix = settings.prefix();
        writer = new CarbonWriter(settings.host(), settings.port());
    }

    @Override
    public void handleDataPoints(TaskInfo taskInfo, Collection<DataPoint> dataPoints) {
        writer.write(MetricPaths.lines(prefix, topology, taskInfo, dataPoints));
    }

    @Override
    public void cleanup() {
        if (writer != null) {
            writer.close();
        }
    }
}
