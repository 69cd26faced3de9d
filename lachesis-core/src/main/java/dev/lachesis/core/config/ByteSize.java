package dev.lachesis.core.config;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An amount of memory as users type it in the YAML file: {@code 8MiB}, {@code 512KiB}, {@code 1GiB}
 * or a bare number of bytes. Only binary units, so {@code 8MiB} means exactly 8,388,608 bytes and
 * there is no {@code MB} to wonder about. Immutable.
 *
 * @param bytes the amount, at least 0
 */
public record ByteSize(long bytes) {
    private static final Pattern FORMAT = Pattern.compile("(\\d{1,18})\\s*(b|kib|mib|gib)?");
    private static final long KIB = 1024;
    private static final long MIB = KIB * 1024;
    private static final long GIB = MIB * 1024;

    public ByteSize {
        if (bytes < 0) {
            throw new IllegalArgumentException("a size cannot be negative: " + bytes);
        }
    }

    /** {@code n} mebibytes. */
    public static ByteSize mib(long n) {
        return new ByteSize(Math.multiplyExact(n, MIB));
    }

    /** {@code n} kibibytes. */
    public static ByteSize kib(long n) {
        return new ByteSize(Math.multiplyExact(n, KIB));
    }

    /**
     * Parses {@code text}.
     *
     * @throws IllegalArgumentException naming the text and the accepted forms
     */
    public static ByteSize parse(String text) {
        Matcher m = FORMAT.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a size (use e.g. 512KiB, 8MiB, 1GiB or bytes)");
        }
        long unit = switch (m.group(2) == null ? "b" : m.group(2)) {
            case "kib" -> KIB;
            case "mib" -> MIB;
            case "gib" -> GIB;
            default -> 1;
        };
        try {
            return new ByteSize(Math.multiplyExact(Long.parseLong(m.group(1)), unit));
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("'" + text + "' is too large a size", e);
        }
    }

    /** The shortest exact text {@link #parse} reads back, e.g. {@code 8MiB} or {@code 1500B}. */
    @Override
    public String toString() {
        for (long unit : new long[] {GIB, MIB, KIB}) {
            if (bytes != 0 && bytes % unit == 0) {
                return bytes / unit + (unit == GIB ? "GiB" : unit == MIB ? "MiB" : "KiB");
            }
        }
        return bytes + "B";
    }
}
