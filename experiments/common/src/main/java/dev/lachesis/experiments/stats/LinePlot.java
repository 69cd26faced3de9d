package dev.lachesis.experiments.stats;

import java.util.List;
import java.util.Locale;

/**
 * RIoTBench STATS's plot step: draws one batch of a series as an SVG line chart, time across and
 * value up, scaled to the batch's own ranges, with the series' name as its title. Where RIoTBench
 * renders a PNG and uploads it, this renders the same chart as text the sink can size; stateless.
 */
public final class LinePlot {
    /** The chart's width in SVG units. */
    static final int WIDTH = 400;
    /** The chart's height in SVG units. */
    static final int HEIGHT = 200;

    private LinePlot() {
    }

    /** The SVG document of {@code points} of {@code series}; a flat or single-instant batch is drawn mid-height or at the left. */
    public static String svg(String series, List<SeriesAccumulator.Point> points) {
        long firstTime = Long.MAX_VALUE;
        long lastTime = Long.MIN_VALUE;
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (SeriesAccumulator.Point p : points) {
            firstTime = Math.min(firstTime, p.timeMs());
            lastTime = Math.max(lastTime, p.timeMs());
            low = Math.min(low, p.value());
            high = Math.max(high, p.value());
        }
        StringBuilder svg = new StringBuilder(64 + 16 * points.size());
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH).append("\" height=\"")
                .append(HEIGHT).append("\"><title>").append(escape(series)).append("</title><polyline points=\"");
        for (int i = 0; i < points.size(); i++) {
            SeriesAccumulator.Point p = points.get(i);
            double x = lastTime > firstTime ? (double) (p.timeMs() - firstTime) / (lastTime - firstTime) * WIDTH : 0;
            double y = high > low ? HEIGHT - (p.value() - low) / (high - low) * HEIGHT : HEIGHT / 2.0;
            svg.append(i == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.1f,%.1f", x, y));
        }
        return svg.append("\" fill=\"none\" stroke=\"black\"/></svg>").toString();
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
