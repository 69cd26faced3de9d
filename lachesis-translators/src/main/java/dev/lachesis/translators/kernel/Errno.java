package dev.lachesis.translators.kernel;

/**
 * The {@code errno} values the translators act on, with their symbolic names for messages. The
 * numbers are the generic Linux ones ({@code asm-generic/errno-base.h}), shared by x86_64, armhf
 * and aarch64.
 */
public final class Errno {
    public static final int EPERM = 1;
    public static final int ENOENT = 2;
    public static final int ESRCH = 3;
    public static final int EACCES = 13;
    public static final int EBUSY = 16;
    public static final int EEXIST = 17;
    public static final int EINVAL = 22;
    public static final int ENOSPC = 28;
    public static final int EROFS = 30;
    public static final int ENAMETOOLONG = 36;
    public static final int ENOTEMPTY = 39;
    public static final int ECONNREFUSED = 111;

    private Errno() {
    }

    /** The symbolic name of {@code errno}, or {@code errno N} for one not listed here. */
    public static String name(int errno) {
        return switch (errno) {
            case EPERM -> "EPERM";
            case ENOENT -> "ENOENT";
            case ESRCH -> "ESRCH";
            case 4 -> "EINTR";
            case 5 -> "EIO";
            case 9 -> "EBADF";
            case EACCES -> "EACCES";
            case EBUSY -> "EBUSY";
            case EEXIST -> "EEXIST";
            case 20 -> "ENOTDIR";
            case EINVAL -> "EINVAL";
            case ENOSPC -> "ENOSPC";
            case EROFS -> "EROFS";
            case ENAMETOOLONG -> "ENAMETOOLONG";
            case ENOTEMPTY -> "ENOTEMPTY";
            case 11 -> "EAGAIN";
            case ECONNREFUSED -> "ECONNREFUSED";
            default -> "errno " + errno;
        };
    }
}
