package dev.lachesis.experiments.flink.etl;

import dev.lachesis.experiments.etl.CsvToSenml;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;

/** ETL's CSV-to-SenML operator: each annotated row becomes a SenML pack ({@link CsvToSenml}). */
final class CsvToSenmlFunction extends RichMapFunction<EtlRow, EtlRow> {
    private static final long serialVersionUID = 1L;
    private transient CsvToSenml converter;

    @Override
    public void open(OpenContext openContext) {
        converter = new CsvToSenml();
    }

    @Override
    public EtlRow map(EtlRow row) {
        return row.withRow(converter.convert(row.row));
    }
}
