package dev.lachesis.experiments.flink.etl;

import dev.lachesis.experiments.etl.SensorFields;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.util.Collector;

/**
 * ETL's range filter: a reading outside its field's range in {@link SensorFields} loses its value
 * (NaN, for the interpolation to fill); a reading of a field the table lacks is dropped.
 */
final class RangeFilterFunction implements FlatMapFunction<EtlReading, EtlReading> {
    private static final long serialVersionUID = 1L;

    @Override
    public void flatMap(EtlReading reading, Collector<EtlReading> out) {
        SensorFields.Field field = SensorFields.named(reading.field);
        if (field != null) {
            out.collect(field.inRange(reading.value) ? reading : reading.withValue(Double.NaN));
        }
    }
}
