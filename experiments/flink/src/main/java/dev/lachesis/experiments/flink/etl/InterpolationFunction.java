package dev.lachesis.experiments.flink.etl;

import dev.lachesis.experiments.etl.Interpolator;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;

/** ETL's interpolation: fills missing readings per sensor ({@link Interpolator}); keyed by sensor. */
final class InterpolationFunction extends RichMapFunction<EtlReading, EtlReading> {
    private static final long serialVersionUID = 1L;
    private transient Interpolator interpolator;

    @Override
    public void open(OpenContext openContext) {
        interpolator = new Interpolator();
    }

    @Override
    public EtlReading map(EtlReading reading) {
        return reading.withValue(interpolator.fill(reading.sensor, reading.field, reading.timeMs, reading.value));
    }
}
