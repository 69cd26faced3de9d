/**
 * The {@code heaviest-first} policy and the parts it is made of: which operators are heaviest, with
 * hysteresis; how fast a thread's level may move; and the comparison with the kernel alone that
 * keeps a schedule only while it helps.
 */
package dev.lachesis.policies.heaviest;
