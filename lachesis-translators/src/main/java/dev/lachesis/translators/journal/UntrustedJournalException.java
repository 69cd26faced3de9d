package dev.lachesis.translators.journal;

import java.io.IOException;

/**
 * A restore journal that someone other than root or Lachesis' own user could have written or
 * redirected (see {@link JournalTrust}); its message is one line naming the path and what is wrong.
 */
public final class UntrustedJournalException extends IOException {
    private static final long serialVersionUID = 1L;

    public UntrustedJournalException(String message) {
        super(message);
    }
}
