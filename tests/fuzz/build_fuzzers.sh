#!/usr/bin/env bash
# tests/fuzz/build_fuzzers.sh: builds the libFuzzer targets with Debian's
# clang (Bazel's C++ toolchain here is GCC, which has no libFuzzer).
#
#   build_fuzzers.sh OUT_DIR BIN_DIR AMALGAMATION.cc HETCAST.h DEFAULT_TABLE.c
#                    TEST_HCT PTAS_HCT TOOL_SOURCE... [--lp LP_SOURCE...]
#
# Run from the workspace root (the genrule //tests/fuzz:fuzzers does; BIN_DIR
# is where Bazel writes generated files, for the generated headers). The
# runtime is compiled from its amalgamation, twice: the default build and
# the size-optimized one (HETCAST_OPTIMIZE_SIZE), which api_fuzzer links;
# the others link the default one. The JSON targets add the
# tools' parsers from their own sources (TOOL_SOURCE...: every file of the
# tools libraries and their deps, from //tests/fuzz:tools_sources; the
# tools/ .cc files among them are compiled, the runtime's come from the
# amalgamation) and Debian's Abseil and FlatBuffers libraries;
# graph_lp_fuzzer also the graph model's LP code (LP_SOURCE...: its
# library's files, from //tests/fuzz:lp_sources, the tools/ .cc files not
# already among the TOOL_SOURCEs) and Debian's QSopt_ex. Everything is
# built with -fsanitize=fuzzer,address,undefined. Writes to OUT_DIR:
#   {table,api,nonblocking_graph_api,profile,nonblocking,graph,graph_lp,simgrid,
#    model_request,render,cluster_file,mpi_inputs}_fuzzer
#               the targets;
#   fuzzers.d   every system file the compiles and links read (the compilers'
#               -MD output, the link maps' LOAD lines and the compiler
#               drivers), in the .d format, for tests/system_deps_check.sh.
set -euo pipefail

die() { echo "build_fuzzers: $*" >&2; exit 1; }

(($# >= 7)) || die "usage: build_fuzzers.sh OUT_DIR BIN_DIR AMALGAMATION.cc HETCAST.h DEFAULT_TABLE.c TEST_HCT PTAS_HCT TOOL_SOURCE..."
out=$1
bin_dir=$2
amalgamation=$3
header=$4
table_c=$5
test_hct=$6
ptas_hct=$7
shift 7
tool_sources=()
lp_sources=()
lp=0
for source in "$@"; do
  if [[ "$source" == --lp ]]; then lp=1; continue; fi
  [[ "$source" == tools/*.cc ]] || continue
  if ((lp)); then
    [[ " ${tool_sources[*]} " == *" $source "* ]] || lp_sources+=("$source")
  else
    tool_sources+=("$source")
  fi
done
((${#tool_sources[@]} > 0)) || die "no tools/*.cc among the tool sources"
for tool in clang clang++; do
  command -v "$tool" >/dev/null ||
    die "$tool not found: install the test packages with tools/setup.sh test"
done
fuzzer_runtime=$(find "$(clang++ -print-resource-dir)" -name 'libclang_rt.fuzzer-x86_64.a' 2>/dev/null | head -1)
[[ -n "$fuzzer_runtime" ]] ||
  die "clang's libFuzzer runtime is missing: install libclang-rt-14-dev (tools/setup.sh test)"

mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/include/hetcast" "$work/deps"
cp "$header" "$work/include/hetcast/hetcast.h"

SANITIZE=(-fsanitize=address,undefined -fno-sanitize-recover=all
          -fno-omit-frame-pointer)
COMPILE=(-O1 -gline-tables-only -fsanitize=fuzzer-no-link "${SANITIZE[@]}"
         -Wall -Wextra -MD)
INCLUDES=(-I "$work/include" -I . -I "$bin_dir")
# Debian 12's Abseil, as third_party/system.BUILD links it (the CLI's
# flag reading, tools/cli/args.cc, is among the tools' objects).
ABSL_LIBS=(-labsl_flags_parse -labsl_flags_usage -labsl_flags_usage_internal
           -labsl_flags_internal -labsl_flags_marshalling
           -labsl_flags_reflection -labsl_flags_private_handle_accessor
           -labsl_flags_commandlineflag -labsl_flags_commandlineflag_internal
           -labsl_flags_config -labsl_flags_program_name
           -labsl_statusor -labsl_status -labsl_strerror
           -labsl_str_format_internal -labsl_cord -labsl_cordz_info
           -labsl_cord_internal -labsl_cordz_functions -labsl_cordz_handle
           -labsl_hash -labsl_city -labsl_bad_variant_access
           -labsl_low_level_hash -labsl_raw_hash_set
           -labsl_bad_optional_access -labsl_hashtablez_sampler
           -labsl_exponential_biased -labsl_synchronization
           -labsl_graphcycles_internal -labsl_stacktrace -labsl_symbolize
           -labsl_debugging_internal -labsl_demangle_internal
           -labsl_malloc_internal -labsl_time -labsl_civil_time
           -labsl_time_zone -labsl_strings -labsl_strings_internal -latomic
           -lrt -labsl_base -labsl_spinlock_wait -labsl_int128
           -labsl_throw_delegate -labsl_raw_logging_internal
           -labsl_log_severity)

# compile OBJECT SOURCE [FLAGS...]: one object with its .d file.
compile() {
  local object=$1 source=$2
  shift 2
  local driver=clang++ standard=-std=c++17
  if [[ "$source" == *.c ]]; then driver=clang; standard=-std=c11; fi
  "$driver" "$standard" "${COMPILE[@]}" "${INCLUDES[@]}" "$@" \
    -MF "$work/deps/$object.d" -c "$source" -o "$work/$object.o"
}

# Two compiles at a time (the machine is shared); any failure fails all.
pids=()
spawn() {
  compile "$@" &
  pids+=($!)
  if ((${#pids[@]} >= 2)); then
    wait "${pids[0]}" || die "compiling $2 (or its neighbour) failed"
    pids=("${pids[@]:1}")
  fi
}
finish() {
  local pid
  for pid in "${pids[@]}"; do wait "$pid" || die "a compile failed"; done
  pids=()
}

# The runtime keeps its own rules: no exceptions, no RTTI. It is compiled
# twice: as the hosts have it, and as firmware has it (HETCAST_OPTIMIZE_SIZE,
# runtime/config.h: its own sort, bound and reconstruction paths), which
# api_fuzzer plans with, so that the size build runs under ASan + UBSan
# (the suite's sanitizer pass leaves the *_optimize_size tests out).
spawn runtime "$amalgamation" -fno-exceptions -fno-rtti
spawn runtime_size "$amalgamation" -fno-exceptions -fno-rtti \
  -DHETCAST_OPTIMIZE_SIZE
spawn default_table "$table_c"
spawn table_fuzzer tests/fuzz/table_fuzzer.cc
spawn api_fuzzer tests/fuzz/api_fuzzer.cc \
  "-DHETCAST_FUZZ_TEST_HCT=\"$test_hct\"" "-DHETCAST_FUZZ_PTAS_HCT=\"$ptas_hct\""
spawn nonblocking_graph_api_fuzzer tests/fuzz/nonblocking_graph_api_fuzzer.cc
spawn profile_fuzzer tests/fuzz/profile_fuzzer.cc
spawn nonblocking_fuzzer tests/fuzz/nonblocking_fuzzer.cc
spawn graph_fuzzer tests/fuzz/graph_fuzzer.cc
spawn graph_lp_fuzzer tests/fuzz/graph_lp_fuzzer.cc
spawn simgrid_fuzzer tests/fuzz/simgrid_fuzzer.cc
spawn model_request_fuzzer tests/fuzz/model_request_fuzzer.cc
spawn render_fuzzer tests/fuzz/render_fuzzer.cc
spawn cluster_file_fuzzer tests/fuzz/cluster_file_fuzzer.cc
spawn mpi_inputs_fuzzer tests/fuzz/mpi_inputs_fuzzer.cc
tool_objects=()
for source in "${tool_sources[@]}"; do
  name=${source//\//_}
  name=${name%.cc}
  # -Wno-unused-function: hetcast.h's inline lookup, unused by some tools.
  # -O0: the tools' parsers and writers compile in about half the time;
  # the runtime, where the planning loops are, keeps -O1.
  spawn "$name" "$source" -Wno-unused-function -O0
  tool_objects+=("$name.o")
done
# The LP code keeps -O1: the exact programs' construction and certificates
# are its hot loops.
lp_objects=()
for source in "${lp_sources[@]}"; do
  name=${source//\//_}
  name=${name%.cc}
  spawn "$name" "$source"
  lp_objects+=("$name.o")
done
finish

# link TARGET OBJECT... [-lLIB...]: a fuzzer with its link map.
link() {
  local target=$1
  shift
  local objects=() libraries=() argument
  for argument in "$@"; do
    if [[ "$argument" == *.o ]]; then
      objects+=("$work/$argument")
    else
      libraries+=("$argument")
    fi
  done
  clang++ -fsanitize=fuzzer "${SANITIZE[@]}" -Wl,-Map="$work/$target.map" \
    "${objects[@]}" -o "$out/$target" "${libraries[@]}" \
    -lflatbuffers "${ABSL_LIBS[@]}" -lexpat -lgmpxx -lgmp -lpthread
}
link table_fuzzer table_fuzzer.o runtime.o
link api_fuzzer api_fuzzer.o runtime_size.o default_table.o
link nonblocking_graph_api_fuzzer nonblocking_graph_api_fuzzer.o runtime.o
# The tools' objects include plan --table's, which embeds the default table.
for target in profile_fuzzer nonblocking_fuzzer graph_fuzzer simgrid_fuzzer \
              model_request_fuzzer render_fuzzer cluster_file_fuzzer \
              mpi_inputs_fuzzer; do
  link "$target" "$target.o" "${tool_objects[@]}" runtime.o default_table.o
done
link graph_lp_fuzzer graph_lp_fuzzer.o "${tool_objects[@]}" "${lp_objects[@]}" \
  runtime.o default_table.o -lqsopt_ex

# What the build read from the system, for tests/system_deps_check.sh (the
# work folder's own files left out).
{
  echo "fuzzers.d: \\"
  {
    cat "$work"/deps/*.d | tr ' \\' '\n\n' | grep '^/'
    for tool in clang clang++; do
      command -v "$tool"
      realpath "$(command -v "$tool")"
    done
    sed -nE 's/^LOAD (\/.*)$/\1/p' "$work"/*.map
  } | grep -v "^$work/" | sort -u | sed 's/.*/ & \\/'
  echo ""
} >"$out/fuzzers.d"
