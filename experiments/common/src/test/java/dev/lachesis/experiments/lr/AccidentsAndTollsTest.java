package dev.lachesis.experiments.lr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lachesis.experiments.lr.AccidentDetector.AccidentEvent;
import dev.lachesis.experiments.lr.AccidentNotifier.AccidentAlert;
import dev.lachesis.experiments.lr.LatestAverageSpeed.SegmentLav;
import dev.lachesis.experiments.lr.SegmentVehicleCounter.SegmentCount;
import dev.lachesis.experiments.lr.TollNotifier.TollNotification;
import org.junit.jupiter.api.Test;

/** Accident detection, toll notification and accident notification. */
class AccidentsAndTollsTest {
    private static final int POS = 12 * PositionReport.SEGMENT_FEET + 100;
    private static final SegmentId TWELVE = new SegmentId(0, 0, 12);
    private static final SegmentId CONGESTED = new SegmentId(0, 0, 35);

    private static PositionReport at(int time, int vid, int pos) {
        return new PositionReport(time, vid, 0, 0, 2, 0, pos / PositionReport.SEGMENT_FEET, pos);
    }

    private static PositionReport entering(int time, int vid, SegmentId segment, int lane) {
        return new PositionReport(time, vid, 30, segment.xway(), lane, segment.dir(), segment.seg(),
                segment.seg() * PositionReport.SEGMENT_FEET + 10);
    }

    @Test
    void twoVehiclesStoppedAtOnePlaceAreAnAccidentUntilOneMovesOn() {
        AccidentDetector detector = new AccidentDetector();

        for (int n = 0; n < 4; n++) {
            assertThat(detector.add(at(30 * n, 1, POS))).as("one stopped vehicle is no accident").isEmpty();
        }
        for (int n = 0; n < 3; n++) {
            assertThat(detector.add(at(10 + 30 * n, 2, POS))).isEmpty();
        }
        assertThat(detector.add(at(100, 2, POS))).contains(new AccidentEvent(TWELVE, POS, 2, true));
        assertThat(detector.add(at(130, 2, POS))).as("reported once").isEmpty();
        assertThat(detector.add(at(150, 1, POS + 500))).contains(new AccidentEvent(TWELVE, POS, 3, false));
        assertThat(detector.add(at(160, 2, POS + 700))).isEmpty();
    }

    @Test
    void aVehicleThatStandsThreeReportsIsNotStopped() {
        AccidentDetector detector = new AccidentDetector();
        for (int n = 0; n < 4; n++) {
            detector.add(at(30 * n, 1, POS));
        }
        for (int n = 0; n < 3; n++) {
            assertThat(detector.add(at(10 + 30 * n, 2, POS))).isEmpty();
        }

        assertThat(detector.add(at(100, 2, POS + 1))).isEmpty();
    }

    @Test
    void chargesACongestedSegmentOnEntryUnlessAnAccidentLiesAhead() {
        TollNotifier tolls = new TollNotifier();
        tolls.lav(new SegmentLav(CONGESTED, 5, 30));
        tolls.count(new SegmentCount(CONGESTED, 4, 60));

        assertThat(tolls.position(entering(250, 7, CONGESTED, 1)))
                .contains(new TollNotification(7, 250, CONGESTED, 30, 60, 200));
        assertThat(tolls.position(entering(280, 7, CONGESTED, 1))).as("same segment: no second toll").isEmpty();
        tolls.accident(new AccidentEvent(new SegmentId(0, 0, 39), 39 * PositionReport.SEGMENT_FEET, 5, true));
        assertThat(tolls.position(entering(260, 8, CONGESTED, 2)))
                .contains(new TollNotification(8, 260, CONGESTED, 30, 60, 0));
        tolls.accident(new AccidentEvent(new SegmentId(0, 0, 39), 39 * PositionReport.SEGMENT_FEET, 5, false));
        assertThat(tolls.position(entering(270, 9, CONGESTED, 3)))
                .contains(new TollNotification(9, 270, CONGESTED, 30, 60, 200));
        assertThat(tolls.position(entering(275, 10, CONGESTED, PositionReport.EXIT_LANE)))
                .as("leaving by the exit ramp").isEmpty();
    }

    @Test
    void chargesNothingForFreeFlowFewVehiclesOrStaleFigures() {
        TollNotifier tolls = new TollNotifier();
        SegmentId fast = new SegmentId(0, 0, 60);
        SegmentId empty = new SegmentId(0, 0, 36);
        tolls.lav(new SegmentLav(fast, 5, 55));
        tolls.count(new SegmentCount(fast, 4, 80));
        tolls.lav(new SegmentLav(empty, 5, 20));
        tolls.count(new SegmentCount(empty, 4, 50));
        tolls.lav(new SegmentLav(CONGESTED, 2, 20));
        tolls.count(new SegmentCount(CONGESTED, 4, 80));

        assertThat(tolls.position(entering(250, 1, fast, 1))).map(TollNotification::toll).contains(0);
        assertThat(tolls.position(entering(250, 2, empty, 1))).map(TollNotification::toll).contains(0);
        assertThat(tolls.position(entering(250, 3, CONGESTED, 1)))
                .as("a LAV of minute 2 no longer holds in minute 5")
                .contains(new TollNotification(3, 250, CONGESTED, Double.NaN, 80, 0));
    }

    @Test
    void warnsAVehicleEnteringASegmentWithAnAccidentWithinFourAhead() {
        AccidentNotifier notifier = new AccidentNotifier();
        notifier.accident(new AccidentEvent(TWELVE, POS, 3, true));

        assertThat(notifier.position(entering(200, 1, new SegmentId(0, 0, 9), 1)))
                .contains(new AccidentAlert(1, 200, TWELVE));
        assertThat(notifier.position(entering(200, 2, new SegmentId(0, 0, 7), 1))).as("five ahead").isEmpty();
        assertThat(notifier.position(entering(200, 3, new SegmentId(0, 0, 13), 1))).as("behind it").isEmpty();
        assertThat(notifier.position(entering(200, 4, new SegmentId(0, 1, 14), 1))).as("the other way").isEmpty();
        notifier.accident(new AccidentEvent(TWELVE, POS, 4, false));
        assertThat(notifier.position(entering(260, 5, new SegmentId(0, 0, 10), 1))).as("cleared").isEmpty();
    }
}
