package dev.lachesis.experiments.lr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.experiments.lr.LatestAverageSpeed.SegmentLav;
import dev.lachesis.experiments.lr.SegmentVehicleCounter.SegmentCount;
import dev.lachesis.experiments.lr.VehicleSpeedAverager.VehicleSpeed;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The segment statistics: vehicles' average speeds, the latest average velocity, vehicle counts. */
class SegmentStatisticsTest {
    private static final SegmentId A = new SegmentId(0, 0, 3);
    private static final SegmentId B = new SegmentId(0, 0, 4);

    private static PositionReport report(int time, int vid, int speed, SegmentId segment) {
        return new PositionReport(time, vid, speed, segment.xway(), 1, segment.dir(), segment.seg(),
                segment.seg() * PositionReport.SEGMENT_FEET + vid);
    }

    @Test
    void averagesEachVehiclesSpeedPerSegmentAndMinuteAndMarksTheMinutesEnd() {
        VehicleSpeedAverager averager = new VehicleSpeedAverager();

        assertThat(averager.add(report(0, 1, 30, A))).isEmpty();
        assertThat(averager.add(report(10, 2, 40, A))).isEmpty();
        assertThat(averager.add(report(30, 1, 50, A))).isEmpty();
        assertThat(averager.add(report(45, 1, 60, B))).isEmpty();
        assertThat(averager.add(report(60, 2, 20, B))).containsExactly(new VehicleSpeed(1, 1, A, 40),
                new VehicleSpeed(2, 1, A, 40), new VehicleSpeed(1, 1, B, 60), VehicleSpeed.endOf(1));
        assertThat(averager.add(report(125, 2, 30, B))).containsExactly(new VehicleSpeed(2, 2, B, 20),
                VehicleSpeed.endOf(2));
    }

    @Test
    void theLatestAverageVelocityIsTheMeanOfTheLastFiveMinutesWithTraffic() {
        LatestAverageSpeed lav = new LatestAverageSpeed();
        List<SegmentLav> out = List.of();

        lav.add(new VehicleSpeed(1, 1, A, 30));
        lav.add(new VehicleSpeed(2, 1, A, 50));
        lav.add(new VehicleSpeed(3, 1, B, 60));
        assertThat(lav.add(VehicleSpeed.endOf(1))).containsExactly(new SegmentLav(A, 2, 40), new SegmentLav(B, 2, 60));
        lav.add(new VehicleSpeed(1, 2, A, 20));
        assertThat(lav.add(VehicleSpeed.endOf(2))).containsExactly(new SegmentLav(A, 3, 30), new SegmentLav(B, 3, 60));
        for (int minute = 3; minute <= 5; minute++) {
            out = lav.add(VehicleSpeed.endOf(minute));
        }
        assertThat(out).as("minutes 1 to 5 still count").containsExactly(new SegmentLav(A, 6, 30), new SegmentLav(B, 6, 60));
        assertThat(lav.add(VehicleSpeed.endOf(6))).as("minute 1 left the window").containsExactly(new SegmentLav(A, 7, 20));
        assertThat(lav.add(VehicleSpeed.endOf(7))).as("no traffic in the last five minutes").isEmpty();
    }

    @Test
    void countsDistinctVehiclesPerSegmentAndMinute() {
        SegmentVehicleCounter counter = new SegmentVehicleCounter();

        assertThat(counter.add(report(0, 1, 30, A))).isEmpty();
        assertThat(counter.add(report(30, 1, 30, A))).isEmpty();
        assertThat(counter.add(report(12, 2, 30, A))).isEmpty();
        assertThat(counter.add(report(40, 3, 30, B))).isEmpty();
        assertThat(counter.add(report(61, 2, 30, A))).containsExactly(new SegmentCount(A, 1, 2), new SegmentCount(B, 1, 1));
        assertThat(counter.add(report(121, 2, 30, A))).containsExactly(new SegmentCount(A, 2, 1));
    }
}
