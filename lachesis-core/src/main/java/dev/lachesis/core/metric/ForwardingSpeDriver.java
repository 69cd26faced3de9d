package dev.lachesis.core.metric;

import dev.lachesis.core.spi.SpeDriver;

/**
 * The part of a driver decorator that changes nothing: the optional calls a round makes go on to the
 * wrapped driver. The metric provider's decorators ({@link CpuMeasuringDriver},
 * {@link FreshMetricsDriver}) extend it and write only what they add.
 */
abstract class ForwardingSpeDriver implements SpeDriver {
    private final SpeDriver wrapped;

    ForwardingSpeDriver(SpeDriver wrapped) {
        this.wrapped = wrapped;
    }

    @Override
    public boolean operatorThreadsPoll() {
        return wrapped.operatorThreadsPoll();
    }

    @Override
    public void scheduledInRealTime() {
        wrapped.scheduledInRealTime();
    }

    @Override
    public void close() {
        wrapped.close();
    }
}
