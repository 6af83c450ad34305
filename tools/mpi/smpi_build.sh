#!/usr/bin/env bash
# tools/mpi/smpi_build.sh MODE OUT_DIR AMALGAMATION.cc SOURCE...
#
# MODE is Bazel's compilation mode: -O2 for opt; -O0 otherwise (the
# sanitizer passes of tools/run_tests.sh, -c dbg: these programs are not
# sanitized, since smpirun loads them into SimGrid's own process, so that
# pass runs the same code again and need not optimise it; SMPI's simulated
# times do not depend on it, host computation is not simulated, see
# --cfg=smpi/simulate-computation:no in the callers). The compiles run in
# parallel, two at a time.
#
# SOURCE... are the executor's and programs' files, the amalgamation's
# hetcast.h, which stands in for runtime/include/hetcast/hetcast.h, and the
# generated headers of tables/ (the cluster file's, the table's, the
# profile's).
# Builds the MPI programs (bench, hetcast-calibrate) for SimGrid's SMPI: the same
# executor sources as the MPICH build, compiled by smpicxx (SMPI's mpi.h; a
# shared object that smpirun loads once per simulated rank), linked with the
# runtime's amalgamation compiled by g++ (the runtime is MPI-free). Run from
# the workspace root (the sources include "runtime/..." and "tools/...").
# Writes OUT_DIR/{bench,hetcast-calibrate} and, for tests/system_deps_check.sh, the
# system files the build used in OUT_DIR/{*.d,link.d}.
# With MPI_CXX=mpicxx.openmpi (or mpicxx.mpich) in the environment the same
# programs are built for Open MPI (or MPICH) instead, as ordinary executables
# (the emulated cluster, tools/netcluster/).
set -euo pipefail
cxx=${MPI_CXX:-smpicxx}
mode=$1
out=$2
amalgamation=$3
shift 3
mkdir -p "$out"
objects=$(mktemp -d)
trap 'rm -rf "$objects"' EXIT
level=-O0
[[ "$mode" != opt ]] || level=-O2
flags=(-std=c++17 "$level" -fPIC -I"$objects" -I. -Wall -Wextra)
mkdir -p "$objects/runtime/include/hetcast" "$objects/tables"

# compile COMPILER SOURCE NAME: $objects/NAME.o, in the background, at
# most two at a time.
pids=()
compile() {
  if ((${#pids[@]} >= 2)); then
    wait "${pids[0]}"
    pids=("${pids[@]:1}")
  fi
  "$1" "${flags[@]}" -MD -MF "$out/$3.d" -c "$2" -o "$objects/$3.o" &
  pids+=($!)
}
for source in "$@"; do  # the header first: the sources include it
  case "$source" in
    */amalgamation/hetcast.h) cp "$source" "$objects/runtime/include/hetcast/" ;;
    */tables/*.h) cp "$source" "$objects/tables/" ;;
  esac
done
compile g++ "$amalgamation" runtime
library=()
programs=()
for source in "$@"; do
  case "$source" in
    *.h | *hetcast_amalgamation.cc) continue ;;
    */bench.cc | */calibrate.cc) programs+=("$(basename "$source" .cc)") ;;
    # MPI-free: the cluster file's parser and the exact table's generator
    # (calibrated_table.cc, tools/gen and its JSON checks), compiled like
    # the runtime.
    */cluster_file.cc | */calibrated_table.cc | */gen/*.cc | \
      */json_verifier.cc | */strict_json.cc)
      library+=("$objects/$(basename "$source" .cc).o")
      compile g++ "$source" "$(basename "$source" .cc)"
      continue
      ;;
    *) library+=("$objects/$(basename "$source" .cc).o") ;;
  esac
  compile "$cxx" "$source" "$(basename "$source" .cc)"
done
for pid in "${pids[@]}"; do wait "$pid"; done
# The table generator's Abseil libraries, as Debian's libabsl-dev lists them.
absl=$(pkg-config --libs absl_status absl_statusor absl_str_format)
read -r -a absl <<<"$absl"
for name in "${programs[@]}"; do
  program=$name
  [[ $name != calibrate ]] || program=hetcast-calibrate
  "$cxx" "$objects/$name.o" "${library[@]}" "$objects/runtime.o" \
    -lflatbuffers "${absl[@]}" -pthread -o "$out/$program"
done
# The copied header is this build's own file, not the system's.
sed -i "s|$objects/[^ ]*||g" "$out"/*.d
case "$cxx" in
  smpicxx) tools=(smpicxx smpirun g++) mpi_library=libsimgrid.so ;;
  *openmpi) tools=("$cxx" g++) mpi_library=libmpi.so ;;
  *) tools=("$cxx" g++) mpi_library=libmpich.so ;;
esac
{
  echo "link.d: \\"
  for tool in "${tools[@]}"; do echo " $(realpath "$(command -v "$tool")") \\"; done
  echo " $(realpath "$("$cxx" -print-file-name="$mpi_library")")"
} >"$out/link.d"
