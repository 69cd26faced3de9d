package dev.lachesis.experiments.storm;

import java.nio.file.Path;

/**
 * What an example query's topology is built from; each query takes the parts it needs
 * ({@link ExampleQuery}). Immutable.
 *
 * @param tuplesPerSecond the spout's rate, for the queries whose spout sets it
 * @param heavyCostMicros CPU time the pipeline's heavy bolt burns per tuple
 * @param input the file of SenML records the etl, stats and fanout queries replay, or null
 * @param kafka the Kafka cluster Linear Road reads, {@code host:port}, or null
 * @param topic the topic of stamped position reports Linear Road reads
 * @param shapeSeed the seed the random-shape query draws its shape from
 */
public record QueryInputs(double tuplesPerSecond, long heavyCostMicros, Path input, String kafka, String topic,
                          long shapeSeed) {
}
