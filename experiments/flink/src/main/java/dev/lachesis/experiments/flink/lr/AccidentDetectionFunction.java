package dev.lachesis.experiments.flink.lr;

import dev.lachesis.experiments.lr.AccidentDetector;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.util.Collector;

/** Linear Road's accident detection ({@link AccidentDetector}): an event when an accident starts or clears. */
public final class AccidentDetectionFunction extends RichFlatMapFunction<LrEvent, LrEvent> {
    private static final long serialVersionUID = 1L;
    private transient AccidentDetector detector;

    @Override
    public void open(OpenContext openContext) {
        detector = new AccidentDetector();
    }

    @Override
    public void flatMap(LrEvent event, Collector<LrEvent> out) {
        detector.add(event.report).ifPresent(accident -> {
            LrEvent detected = LrEvent.after(event);
            detected.accident = accident;
            out.collect(detected);
        });
    }
}
