package dev.lachesis.core.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import picocli.AutoComplete;
import picocli.CommandLine;

/**
 * Writes what a package installs beside the daemon, from the command line it is built with (plug-in
 * commands included): the manual page {@code lachesis.1.gz} ({@link ManPage}, gzipped at maximum
 * compression with no time stamp, as Debian wants) and the bash completion script {@code lachesis}
 * (picocli's). Run by the lachesis-dist build: {@code CommandDocs <directory>}.
 */
public final class CommandDocs {
    private CommandDocs() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: CommandDocs <output directory>");
        }
        Path dir = Files.createDirectories(Path.of(args[0]));
        CommandLine lachesis = LachesisCommand.commandLine(Environment.system());
        gzip(ManPage.of(lachesis, ManifestVersion.version()).getBytes(StandardCharsets.UTF_8), dir.resolve("lachesis.1.gz"));
        // A completion script is sourced, not run: no #! line (Debian's lintian warns of one).
        String completion = AutoComplete.bash("lachesis", lachesis);
        Files.writeString(dir.resolve("lachesis"), completion.startsWith("#!")
                ? completion.substring(completion.indexOf('\n') + 1) : completion, StandardCharsets.UTF_8);
    }

    /**
     * Writes {@code data} gzipped at the best compression, as {@code gzip -9n} does: no name, no time
     * stamp, and the header saying so (Java's {@code GZIPOutputStream} leaves that flag at 0, which
     * Debian's lintian takes for poor compression).
     */
    static void gzip(byte[] data, Path file) throws IOException {
        CRC32 crc = new CRC32();
        crc.update(data);
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write(new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 2, 3});
            Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION, true);
            try (DeflaterOutputStream deflate = new DeflaterOutputStream(new NonClosing(out), deflater)) {
                deflate.write(data);
            } finally {
                deflater.end();
            }
            out.write(littleEndian((int) crc.getValue()));
            out.write(littleEndian(data.length));
        }
    }

    private static byte[] littleEndian(int value) {
        return new byte[] {(byte) value, (byte) (value >>> 8), (byte) (value >>> 16), (byte) (value >>> 24)};
    }

    /** Leaves the file open when the deflater's stream closes, for the trailer. */
    private static final class NonClosing extends FilterOutputStream {
        NonClosing(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
