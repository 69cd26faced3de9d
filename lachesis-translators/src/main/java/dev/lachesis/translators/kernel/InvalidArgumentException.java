package dev.lachesis.translators.kernel;

/**
 * The kernel rejected an argument ({@code EINVAL}): a priority outside the policy's range, a
 * real-time budget larger than the parent group's, or an RT thread moved into a group without one.
 */
public class InvalidArgumentException extends KernelException {
    public InvalidArgumentException(String call, int errno) {
        super(call, errno);
    }
}
