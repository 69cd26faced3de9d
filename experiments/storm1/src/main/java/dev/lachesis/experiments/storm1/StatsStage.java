package dev.lachesis.experiments.storm1;

import static dev.lachesis.experiments.storm1.StageTuples.own;
import static dev.lachesis.experiments.storm1.StageTuples.timed;

import dev.lachesis.experiments.stats.BlockAverage;
import dev.lachesis.experiments.stats.DistinctCounter;
import dev.lachesis.experiments.stats.KalmanFilter;
import dev.lachesis.experiments.stats.LinePlot;
import dev.lachesis.experiments.stats.SeriesAccumulator;
import dev.lachesis.experiments.stats.SlidingRegression;
import dev.lachesis.experiments.stats.StatsParameters;
import java.util.ArrayList;
import java.util.List;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;

/**
 * The statistics operators of RIoTBench's STATS query on Storm 1.x, between the ETL query's parse
 * (whose readings they take: {@link EtlStage.Layout#READING}) and its publish and sink; their work
 * is the SPE-neutral code of experiments/common, as in the Storm 2 and Flink queries, with the same
 * sizes ({@link StatsParameters}).
 */
enum StatsStage implements Stage {
    /** The block-window average of each sensor's field; one point per full block. */
    AVERAGE(Layout.POINT) {
        @Override
        public Step open(TopologyContext context) {
            BlockAverage average = new BlockAverage(StatsParameters.BLOCK);
            return (in, out) -> {
                double value = readingValue(in);
                if (!Double.isNaN(value)) {
                    double mean = average.add(readingSeries(in), value);
                    if (!Double.isNaN(mean)) {
                        out.emit(timed(in, "average/" + readingSeries(in), readingTime(in), mean));
                    }
                }
            };
        }
    },
    /** Each sensor field's Kalman estimate, one point per reading with a value. */
    KALMAN_FILTER(Layout.POINT) {
        @Override
        public Step open(TopologyContext context) {
            KalmanFilter filter = new KalmanFilter();
            return (in, out) -> {
                double value = readingValue(in);
                if (!Double.isNaN(value)) {
                    String series = readingSeries(in);
                    out.emit(timed(in, series, readingTime(in), filter.update(series, value)));
                }
            };
        }
    },
    /** The Kalman estimates extrapolated by a sliding linear regression. */
    REGRESSION(Layout.POINT) {
        @Override
        public Step open(TopologyContext context) {
            SlidingRegression regression = new SlidingRegression(StatsParameters.WINDOW);
            return (in, out) -> {
                String series = (String) own(in, 0);
                double predicted = regression.add(series, (Double) own(in, 2));
                if (!Double.isNaN(predicted)) {
                    out.emit(timed(in, "regression/" + series, own(in, 1), predicted));
                }
            };
        }
    },
    /** An approximate count of the distinct sensors, one point per block of readings. */
    DISTINCT_COUNT(Layout.POINT) {
        @Override
        public Step open(TopologyContext context) {
            DistinctCounter counter = new DistinctCounter(StatsParameters.DISTINCT_BUCKET_BITS);
            long[] readings = {0};
            return (in, out) -> {
                double estimate = counter.add((String) own(in, 1));
                if (++readings[0] % StatsParameters.BLOCK == 0) {
                    out.emit(timed(in, "distinct/sensors", readingTime(in), estimate));
                }
            };
        }
    },
    /** Each statistic's series gathered into batches of points, one chart's worth each. */
    ACCUMULATE(Layout.BATCH) {
        @Override
        public Step open(TopologyContext context) {
            SeriesAccumulator accumulator = new SeriesAccumulator(StatsParameters.BATCH);
            return (in, out) -> {
                String series = (String) own(in, 0);
                List<SeriesAccumulator.Point> batch = accumulator.add(series, (Long) own(in, 1), (Double) own(in, 2));
                if (!batch.isEmpty()) {
                    long[] times = batch.stream().mapToLong(SeriesAccumulator.Point::timeMs).toArray();
                    double[] values = batch.stream().mapToDouble(SeriesAccumulator.Point::value).toArray();
                    out.emit(timed(in, series, times, values));
                }
            };
        }
    },
    /** A batch drawn as a line chart (SVG), which publish then counts as the record it would upload. */
    PLOT(Layout.CHART) {
        @Override
        public Step open(TopologyContext context) {
            return (in, out) -> {
                String series = (String) own(in, 0);
                long[] times = (long[]) own(in, 1);
                double[] values = (double[]) own(in, 2);
                List<SeriesAccumulator.Point> points = new ArrayList<>(times.length);
                for (int i = 0; i < times.length; i++) {
                    points.add(new SeriesAccumulator.Point(times[i], values[i]));
                }
                out.emit(timed(in, series, LinePlot.svg(series, points)));
            };
        }
    };

    private final Fields output;

    StatsStage(Fields output) {
        this.output = output;
    }

    @Override
    public Fields output() {
        return output;
    }

    /** The series a reading of parse belongs to: {@code sensor/field}. */
    private static String readingSeries(Tuple reading) {
        return own(reading, 1) + "/" + own(reading, 3);
    }

    /** The reading's value; NaN when its entry had no number. */
    private static double readingValue(Tuple reading) {
        return (Double) own(reading, 4);
    }

    /** The reading's time, epoch milliseconds. */
    private static long readingTime(Tuple reading) {
        return (Long) own(reading, 2);
    }

    /** The tuple layouts of the STATS query after parse. */
    static final class Layout {
        /** A point of a series: the series ({@code statistic/sensor/field}), the reading's time, the value. */
        static final Fields POINT = StageTuples.with("series", "time-ms", "value");
        /** A batch of a series' points, as two arrays of equal length. */
        static final Fields BATCH = StageTuples.with("series", "times-ms", "values");
        /** A drawn batch: the series and its chart (publish reads the chart as field 1). */
        static final Fields CHART = StageTuples.with("series", "chart");

        private Layout() {
        }
    }
}
