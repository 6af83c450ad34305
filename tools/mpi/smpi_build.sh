#!/usr/bin/env bash
# tools/mpi/smpi_build.sh OUT_DIR AMALGAMATION.cc SOURCE...
#
# SOURCE... are the executor's and programs' files and the amalgamation's
# hetcast.h, which stands in for runtime/include/hetcast/hetcast.h.
# Builds the MPI programs (bench, calibrate) for SimGrid's SMPI: the same
# executor sources as the MPICH build, compiled by smpicxx (SMPI's mpi.h; a
# shared object that smpirun loads once per simulated rank), linked with the
# runtime's amalgamation compiled by g++ (the runtime is MPI-free). Run from
# the workspace root (the sources include "runtime/..." and "tools/...").
# Writes OUT_DIR/{bench,calibrate} and, for tests/system_deps_check.sh, the
# system files the build used in OUT_DIR/{*.d,link.d}.
set -euo pipefail
out=$1
amalgamation=$2
shift 2
mkdir -p "$out"
objects=$(mktemp -d)
trap 'rm -rf "$objects"' EXIT
flags=(-std=c++17 -O2 -fPIC -I"$objects" -I. -Wall -Wextra)
mkdir -p "$objects/runtime/include/hetcast"

g++ "${flags[@]}" -MD -MF "$out/runtime.d" -c "$amalgamation" -o "$objects/runtime.o"
library=()
programs=()
for source in "$@"; do  # the header first: the sources include it
  case "$source" in
    */amalgamation/hetcast.h) cp "$source" "$objects/runtime/include/hetcast/" ;;
  esac
done
for source in "$@"; do
  case "$source" in
    *.h | *hetcast_amalgamation.cc) continue ;;
    */bench.cc | */calibrate.cc) programs+=("$source"); continue ;;
  esac
  name=$(basename "$source" .cc)
  smpicxx "${flags[@]}" -MD -MF "$out/$name.d" -c "$source" -o "$objects/$name.o"
  library+=("$objects/$name.o")
done
for source in "${programs[@]}"; do
  name=$(basename "$source" .cc)
  smpicxx "${flags[@]}" -MD -MF "$out/$name.d" -c "$source" -o "$objects/$name.o"
  smpicxx "$objects/$name.o" "${library[@]}" "$objects/runtime.o" -o "$out/$name"
done
# The copied header is this build's own file, not the system's.
sed -i "s|$objects/[^ ]*||g" "$out"/*.d
{
  echo "link.d: \\"
  for tool in smpicxx smpirun g++; do echo " $(realpath "$(command -v "$tool")") \\"; done
  echo " $(realpath "$(g++ -print-file-name=libsimgrid.so)")"
} >"$out/link.d"
