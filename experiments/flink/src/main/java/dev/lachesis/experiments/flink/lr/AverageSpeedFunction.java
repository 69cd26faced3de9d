package dev.lachesis.experiments.flink.lr;

import dev.lachesis.experiments.lr.VehicleSpeedAverager;
import dev.lachesis.experiments.lr.VehicleSpeedAverager.VehicleSpeed;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.util.Collector;

/** Linear Road's average speed of each vehicle per segment and minute ({@link VehicleSpeedAverager}), with its minute markers. */
public final class AverageSpeedFunction extends RichFlatMapFunction<LrEvent, LrEvent> {
    private static final long serialVersionUID = 1L;
    private transient VehicleSpeedAverager averager;

    @Override
    public void open(OpenContext openContext) {
        averager = new VehicleSpeedAverager();
    }

    @Override
    public void flatMap(LrEvent event, Collector<LrEvent> out) {
        for (VehicleSpeed speed : averager.add(event.report)) {
            LrEvent average = LrEvent.after(event);
            average.speed = speed;
            out.collect(average);
        }
    }
}
