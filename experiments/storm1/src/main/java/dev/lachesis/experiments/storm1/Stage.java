package dev.lachesis.experiments.storm1;

import java.io.Serializable;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;

/**
 * One operator of an example query after its source, on Storm 1.x: what it emits and its work,
 * which {@link StageBolt} runs per executor. The ETL and STATS queries' operators
 * ({@link EtlStage}, {@link StatsStage}) are such stages, their work the SPE-neutral code of
 * experiments/common that the Storm 2 and Flink queries run too.
 */
interface Stage extends Serializable {
    /** What this stage emits, timing fields first ({@link StageTuples}); null for a sink. */
    Fields output();

    /** The stage's work for one executor, with its state. */
    Step open(TopologyContext context);

    /** One executor's work on a tuple. */
    @FunctionalInterface
    interface Step {
        void process(Tuple in, BasicOutputCollector out);
    }
}
