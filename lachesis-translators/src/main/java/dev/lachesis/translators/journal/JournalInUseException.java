package dev.lachesis.translators.journal;

import java.io.IOException;

/**
 * A restore journal another live Lachesis process holds ({@link JournalLock}): two daemons writing
 * one journal would each record the other's changes as originals, and the first to stop would
 * delete the file the other still needs. The message is one line naming the journal and the holder's
 * pid when it wrote one; the caller adds what to do.
 */
public final class JournalInUseException extends IOException {
    private static final long serialVersionUID = 1L;

    public JournalInUseException(String message) {
        super(message);
    }
}
