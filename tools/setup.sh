#!/usr/bin/env bash
# tools/setup.sh [build|test|--list build|--list test]
# Installs the Debian 12 packages hetcast needs, if any is missing. Safe to
# run any number of times; does nothing when all are in.
#   build (default): what building and running hetcast needs
#                    (tools/run_default.sh);
#   test:            that plus what the test suite needs (tools/run_tests.sh).
#   --list WHAT:     prints the package names, one per line, installs nothing
#                    (tools/check_system_deps.sh compares the build with it).
# Every package the project needs is named here and nowhere else: the test
# suite checks that each system header the build includes and each system
# library it links belongs to a package of the `test` list or to one that a
# package of it depends on (tools/check_system_deps.sh).
set -euo pipefail

# rapidjson-dev: the CLI writes its JSON with RapidJSON's streaming writer
# (tools/cli/json_output.h). QSopt_ex (GPL-3+) and GMP: the exact LPs of the
# graph model, linked by the `hetcast` command line only, never by the
# runtime (README.md, "Licence"). Expat parses the optional SimGrid
# platform XML (`plan --model graph --platform-xml`).
BUILD_PACKAGES=(bazel-bootstrap g++ libabsl-dev libflatbuffers-dev
                flatbuffers-compiler rapidjson-dev libqsopt-ex-dev libgmp-dev
                libexpat1-dev)
# The Cortex-M cross compiler, its C library and C++ headers, and QEMU run
# the firmware test (tests/firmware/README.md).
TEST_PACKAGES=("${BUILD_PACKAGES[@]}" libgtest-dev libgmock-dev
               libbenchmark-dev gcc-arm-none-eabi libnewlib-arm-none-eabi
               libstdc++-arm-none-eabi-dev qemu-system-arm)
# clang and its libFuzzer and sanitizer runtimes (libclang-rt-14-dev, only
# recommended by clang) build the fuzz targets (tests/fuzz/README.md).
TEST_PACKAGES+=(clang libclang-rt-14-dev)
# llvm-symbolizer (llvm-14): sanitizer reports name functions, and the
# LeakSanitizer suppression of QSopt_ex's own leak (tools/graph/qsopt_leaks.cc,
# by function name) matches only symbolized frames; without it graph_lp_fuzzer
# fails on a fresh machine.
TEST_PACKAGES+=(llvm-14)
# A JSON Schema validator checks every JSON output against
# docs/hetcast-output.schema.json; headless Chromium renders `hetcast
# render`'s SVG to a PNG; Graphviz's `dot` draws `render --to dot`'s output
# (tests/cli/, and the walkthrough's step 6 in README.md).
TEST_PACKAGES+=(python3-jsonschema chromium graphviz)
# MPICH (mpicc's headers and library, the hydra launcher mpiexec) and
# SimGrid's SMPI (smpicc, smpirun) run the MPI executor's tests and the
# simulated-cluster experiment (tools/mpi/README.md); pkg-config names the
# Abseil libraries that smpi_build.sh links outside Bazel.
TEST_PACKAGES+=(mpich libmpich-dev libsimgrid-dev pkgconf)
# libhetcast_mpi is built for Open MPI too (one library per MPI: no common
# ABI), and its test runs unmodified clients on both MPIs: C and Fortran
# (gfortran, under mpif90) programs and an mpi4py script on NumPy arrays
# (Debian's python3-mpi4py is built on Open MPI) (tools/mpi/README.md).
TEST_PACKAGES+=(openmpi-bin libopenmpi-dev gfortran python3-mpi4py python3-numpy)
# The emulated cluster of network namespaces (tools/netcluster/): iproute2's
# ip and tc make the namespaces, links and rate limits; both MPIs run there.
TEST_PACKAGES+=(iproute2)

what=build
list_only=false
case "${1:-build}" in
  build) ;;
  test) what=test ;;
  --list) list_only=true; what=${2:-test} ;;
  *) echo "setup.sh: unknown argument '$1' (expected build, test or --list build|test)" >&2
     exit 2 ;;
esac
case "$what" in
  build) packages=("${BUILD_PACKAGES[@]}") ;;
  test) packages=("${TEST_PACKAGES[@]}") ;;
  *) echo "setup.sh: unknown package list '$what' (expected build or test)" >&2; exit 2 ;;
esac
if $list_only; then
  printf '%s\n' "${packages[@]}"
  exit 0
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null |
      grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
if ((${#missing[@]} == 0)); then
  exit 0
fi

echo "hetcast setup: installing ${missing[*]}" >&2
SUDO=()
if [[ $(id -u) -ne 0 ]]; then
  SUDO=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
