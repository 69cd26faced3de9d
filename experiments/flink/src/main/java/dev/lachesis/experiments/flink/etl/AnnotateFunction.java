package dev.lachesis.experiments.flink.etl;

import dev.lachesis.experiments.etl.Annotator;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;

/** ETL's annotate operator: appends the sensor's site to each row ({@link Annotator}). */
final class AnnotateFunction extends RichMapFunction<EtlRow, EtlRow> {
    private static final long serialVersionUID = 1L;
    private transient Annotator annotator;

    @Override
    public void open(OpenContext openContext) {
        annotator = new Annotator();
    }

    @Override
    public EtlRow map(EtlRow row) {
        return row.withRow(annotator.annotate(row.row));
    }
}
