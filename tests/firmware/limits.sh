# tests/firmware/limits.sh: the targets for the firmware figures, and
# the bounds firmware_test.sh enforces so that they cannot regress. Sourced
# by measure.sh and firmware_test.sh; numbers in bytes.

# The targets: the table-path image in flash, and each query's stack.
FLASH_TARGET=$((12 * 1024))
STACK_TARGET=$((2 * 1024))

# Enforced. Stack: the target, which every query meets. Flash: the figure
# reached (12,532 bytes with arm-none-eabi-gcc 12.2.1), plus 268 bytes of
# room for another compiler's code generation; the target is not met yet
# (tests/firmware/README.md says by how much and why). Lower it as the table
# path shrinks.
FLASH_BOUND=12800
STACK_BOUND=$STACK_TARGET
