# tests/firmware/limits.sh: the targets for the firmware figures, and
# the bounds firmware_test.sh enforces so that they cannot regress. Sourced
# by measure.sh and firmware_test.sh; numbers in bytes.

# The targets: the table-path image in flash, and each query's stack.
FLASH_TARGET=$((12 * 1024))
STACK_TARGET=$((2 * 1024))

# Enforced: the targets, which are met. Flash counts the table path's own
# bytes, the runtime's and the newlib and libgcc code it pulls in (12,288
# with arm-none-eabi-gcc 12.2.1 and HETCAST_OPTIMIZE_SIZE), not the test
# image's vector table, reset handler and main (348 more: measure.sh).
FLASH_BOUND=$FLASH_TARGET
STACK_BOUND=$STACK_TARGET
