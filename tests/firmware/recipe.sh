# tests/firmware/recipe.sh: the amalgamation's compile lines as
# docs/firmware.md shows them, word for word; amalgamation_test.sh (host)
# and cross_build.sh (Cortex-M4) run exactly these, in a folder holding
# hetcast_amalgamation.cc. Change them here and in docs/firmware.md together.
#
# -DNDEBUG: without it the runtime's asserts link __assert_fail (glibc) or
# __assert_func (newlib). Cortex-M: -Os -DHETCAST_OPTIMIZE_SIZE, the
# runtime's size-optimized build. FlatBuffers' headers (2.0.8 exactly: the
# generated table code checks the version) are the system's on the host;
# a cross build gets a folder holding only them (FLATBUFFERS_INCLUDE_RECIPE),
# as -I /usr/include would bring the host's C library headers.

# shellcheck disable=SC2034  # Read by the scripts that source this file.
HOST_RECIPE='c++ -std=c++17 -O2 -DNDEBUG -fno-exceptions -fno-rtti -c hetcast_amalgamation.cc'
FLATBUFFERS_INCLUDE_RECIPE='mkdir -p fb-include && ln -sfn /usr/include/flatbuffers fb-include/flatbuffers'
CORTEX_M_RECIPE='arm-none-eabi-g++ -std=c++17 -mcpu=cortex-m4 -mthumb -Os -DNDEBUG -DHETCAST_OPTIMIZE_SIZE -fno-exceptions -fno-rtti -ffunction-sections -fdata-sections -I fb-include -c hetcast_amalgamation.cc'
