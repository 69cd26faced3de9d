/**
 * The Flink driver: each round it finds the TaskManager JVMs, names their threads (subtask threads
 * and helpers such as output flushers), maps them to the jobs' operators as Flink's REST API
 * describes the jobs, and reads the task metrics Flink publishes (to Graphite, or from REST). A {@link dev.lachesis.core.spi.SpeDriverFactory} listed in this module's
 * {@code META-INF/services}, named in the YAML file ({@code driver: flink}).
 */
package dev.lachesis.drivers.flink;
