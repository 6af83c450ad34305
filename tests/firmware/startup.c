/* startup.c: vector table, reset handler and stack probe for a Cortex-M4
 * under QEMU's mps2-an386 machine (layout in mps2_an386.ld).
 *
 * Reset copies .data from flash, clears .bss and calls main. Built with
 * -DHETCAST_SEMIHOSTING (the test program), it opens newlib's semihosting
 * console first and ends with exit(main()), which QEMU turns into its own
 * exit status; without it (the size images of measure.sh) the core sleeps
 * after main, so nothing of newlib's stdio is linked. */
#include <stdint.h>
#include <string.h>

#include "tests/firmware/stack_probe.h"

#ifdef HETCAST_SEMIHOSTING
#include <stdio.h>
#include <stdlib.h>
extern void initialise_monitor_handles(void);
#endif

extern int main(void);

/* From mps2_an386.ld. */
extern uint32_t __data_start[], __data_end[], __data_load[];
extern uint32_t __bss_start__[], __bss_end__[];
extern uint32_t __stack_limit[], __stack_top[];

void Reset_Handler(void) __attribute__((noreturn));
void Fault_Handler(void) __attribute__((noreturn));

void Reset_Handler(void) {
  memcpy(__data_start, __data_load,
         (size_t)((char*)__data_end - (char*)__data_start));
  memset(__bss_start__, 0, (size_t)((char*)__bss_end__ - (char*)__bss_start__));
#ifdef HETCAST_SEMIHOSTING
  initialise_monitor_handles();
  exit(main());
#else
  (void)main();
  for (;;) __asm volatile("wfi");
#endif
}

/* Any fault (a bad address, an undefined instruction, a stack overflow that
 * hits unmapped memory) ends the run with a message when it can. */
void Fault_Handler(void) {
#ifdef HETCAST_SEMIHOSTING
  fputs("fatal: processor fault\n", stdout);
  exit(3);
#else
  for (;;) __asm volatile("wfi");
#endif
}

/* Initial stack pointer, then the exception handlers (ARMv7-M: reset, NMI,
 * hard fault, memory management, bus and usage faults). */
__attribute__((section(".vectors"),
               used)) static void (*const kVectors[])(void) = {
    (void (*)(void))__stack_top,
    Reset_Handler,
    Fault_Handler,
    Fault_Handler,
    Fault_Handler,
    Fault_Handler,
    Fault_Handler,
};

/* ------------------------------------------------------------------------ */
/* Stack probe (stack_probe.h): paint, then find the deepest changed word.  */

static const uint32_t kPaint = 0x5AC35AC3u;
static uint32_t* probe_top;

static inline __attribute__((always_inline)) uint32_t* StackPointer(void) {
  uint32_t* sp;
  __asm volatile("mov %0, sp" : "=r"(sp));
  return sp;
}

__attribute__((noinline)) void stack_probe_reset(void) {
  probe_top = StackPointer();
  for (uint32_t* word = __stack_limit; word < probe_top; ++word) {
    *word = kPaint;
  }
}

__attribute__((noinline)) long stack_probe_used(void) {
  const uint32_t* word = __stack_limit;
  while (word < probe_top && *word == kPaint) ++word;
  if (word == __stack_limit) return -2;
  return (long)((const char*)probe_top - (const char*)word);
}
