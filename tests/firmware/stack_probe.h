/* stack_probe.h: the stack high-water mark around one call, on targets that
 * can measure it (startup.c paints the Cortex-M stack; the host build links
 * host_stack_probe.c, which cannot).
 *
 *   stack_probe_reset();           paints the free stack below the caller
 *   hetcast_profile_plan(...);
 *   long used = stack_probe_used();  bytes below the caller's stack pointer
 *                                    that the call wrote, or -1 */
#ifndef HETCAST_TESTS_FIRMWARE_STACK_PROBE_H_
#define HETCAST_TESTS_FIRMWARE_STACK_PROBE_H_

/* Fills the stack below the current stack pointer with a known pattern. */
void stack_probe_reset(void);

/* The depth, in bytes below the stack pointer of the last
 * stack_probe_reset() call, of the deepest byte overwritten since; -1 when
 * this build cannot measure, -2 when the painted area was exhausted. */
long stack_probe_used(void);

#endif /* HETCAST_TESTS_FIRMWARE_STACK_PROBE_H_ */
