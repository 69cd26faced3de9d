/**
 * The {@code rt} translator and the safety net that makes real time safe to hand to a stream
 * processing engine: the real-time budget of the groups it uses ({@code RtThrottling}) and the watchdog that
 * demotes real-time threads when ordinary tasks stall ({@code CpuCanaries}, {@code StallDetector})
 * and a query or one of its operators no longer progresses ({@code LivelockJudge},
 * {@code QueryProgress}, {@code SpinFinder}). The root package holds what every
 * translator shares, among it the rule that keeps lookouts level with their query's top thread
 * ({@code LookoutLevel}).
 */
package dev.lachesis.translators.realtime;
