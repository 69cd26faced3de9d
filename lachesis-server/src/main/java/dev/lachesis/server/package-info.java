/**
 * What the daemon serves beside scheduling, kept out of {@code lachesis-core} so that the module
 * every plug-in compiles against holds no server: the embedded metric store ({@code store}), the
 * status endpoint and the carbon report of each round ({@code status}), the small HTTP server both
 * run on ({@code http}) and the commands that use them ({@code cli}). Each plugs in through core's
 * service-provider interfaces: {@code MetricSourceFactory}, {@code RoundListenerFactory} and
 * {@code CommandProvider}.
 */
package dev.lachesis.server;
