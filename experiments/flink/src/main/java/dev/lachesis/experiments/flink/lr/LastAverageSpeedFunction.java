package dev.lachesis.experiments.flink.lr;

import dev.lachesis.experiments.lr.LatestAverageSpeed;
import dev.lachesis.experiments.lr.LatestAverageSpeed.SegmentLav;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.util.Collector;

/** Linear Road's latest average velocity of each segment ({@link LatestAverageSpeed}), once a minute. */
public final class LastAverageSpeedFunction extends RichFlatMapFunction<LrEvent, LrEvent> {
    private static final long serialVersionUID = 1L;
    private transient LatestAverageSpeed lavs;

    @Override
    public void open(OpenContext openContext) {
        lavs = new LatestAverageSpeed();
    }

    @Override
    public void flatMap(LrEvent event, Collector<LrEvent> out) {
        for (SegmentLav lav : lavs.add(event.speed)) {
            LrEvent segment = LrEvent.after(event);
            segment.lav = lav;
            out.collect(segment);
        }
    }
}
