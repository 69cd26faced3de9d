package dev.lachesis.experiments.flink.lr;

import dev.lachesis.experiments.lr.SegmentVehicleCounter;
import dev.lachesis.experiments.lr.SegmentVehicleCounter.SegmentCount;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.util.Collector;

/** Linear Road's distinct vehicles per segment and minute ({@link SegmentVehicleCounter}). */
public final class CountVehiclesFunction extends RichFlatMapFunction<LrEvent, LrEvent> {
    private static final long serialVersionUID = 1L;
    private transient SegmentVehicleCounter counter;

    @Override
    public void open(OpenContext openContext) {
        counter = new SegmentVehicleCounter();
    }

    @Override
    public void flatMap(LrEvent event, Collector<LrEvent> out) {
        for (SegmentCount count : counter.add(event.report)) {
            LrEvent segment = LrEvent.after(event);
            segment.count = count;
            out.collect(segment);
        }
    }
}
