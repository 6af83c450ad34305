/* host_stack_probe.c: the host build of stack_probe.h, which does not
 * measure (the host's numbers would say nothing about the firmware's). */
#include "tests/firmware/stack_probe.h"

void stack_probe_reset(void) {}

long stack_probe_used(void) { return -1; }
