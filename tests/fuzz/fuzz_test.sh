#!/usr/bin/env bash
# tests/fuzz/fuzz_test.sh TARGET: CI's fuzzing of one libFuzzer target of
# tests/fuzz (issue 15; one Bazel test per target, //tests/fuzz:TARGET_fuzz_test,
# all of them in //tests/fuzz:fuzz_test, so that Bazel runs them beside the
# rest of the suite): its seed corpus (tests/fuzz/corpus/TARGET/, every
# input once, so a past finding kept there is a regression test), then a
# short bounded run from that corpus. Fails on any crash, sanitizer report,
# failed check, timeout or leak, naming the target and the input (kept in
# the test's undeclared outputs when Bazel provides that folder).
#
# The bounded run is a fixed number of executions from a fixed seed, so CI
# repeats exactly the same inputs on every machine (a time limit would test
# more on a fast machine than on a slow one, and a new finding could fail a
# change that did not cause it). Environment: HETCAST_FUZZ_SEED (default
# 1), HETCAST_FUZZ_SCALE (default 1: multiplies the executions),
# HETCAST_FUZZ_SECONDS (default 120: the cap on the bounded run, for loaded
# machines, so that it stays within the test's 300 s even at a load of 16
# on 2 cores), HETCAST_SANITIZER_RUN (set: a tenth of the executions).
set -uo pipefail

die() { echo "fuzz_test: FAIL: $*" >&2; exit 1; }

target=${1:-}
seconds=${HETCAST_FUZZ_SECONDS:-120}
seed=${HETCAST_FUZZ_SEED:-1}
scale=${HETCAST_FUZZ_SCALE:-1}
# Executions per target: about 8 s each at the rates measured here on 2
# cores at a load of 1 to 4 (exec/s from the runs' last lines, in a whole
# suite's run and in the fuzz tests alone: table 70,000-80,000, api 7,000,
# nonblocking_graph_api 4,000, profile 5,800, nonblocking 4,400, graph 3,600-4,000,
# simgrid 6,000-9,000, model_request 2,100; render about 100 per CPU
# second since its generator draws plans of up to 1,024 nodes: 490 runs in
# 5 s of CPU; cluster_file 290 at a load of 10, which parses its schema's
# text per input; graph_lp 7 at a load of 10, 400 runs in 57 s there:
# every input it accepts is a few dozen exact LP solves; mpi_inputs 230-600
# measured only at a load of 10 to 20, where its 12,000 runs took 26-41 s).
declare -A runs=([table]=640000 [api]=56000 [nonblocking_graph_api]=32000
                 [profile]=46000 [nonblocking]=35000 [graph]=29000
                 [graph_lp]=120
                 [simgrid]=68000 [model_request]=17000 [render]=800
                 [cluster_file]=3200 [mpi_inputs]=4800)
[[ -n "${runs[$target]:-}" ]] || die "unknown target '$target' (one of: ${!runs[*]})"
here=tests/fuzz
[[ -d "$here/corpus" ]] || die "run from the workspace root (or by bazel test //tests/fuzz:fuzz_test)"
work=${TEST_TMPDIR:-$(mktemp -d)}
artifacts=${TEST_UNDECLARED_OUTPUTS_DIR:-$work}

# The last progress line of a libFuzzer log, e.g. "#1234 DONE cov: 812
# ft: 2210 corp: 97/10Kb exec/s: 150 rss: 60Mb".
progress() { grep -E '^#[0-9]+' "$1" | tail -1; }

binary=$here/bin/${target}_fuzzer
corpus=$here/corpus/$target
[[ -x "$binary" ]] || die "$binary is missing"
[[ -d "$corpus" ]] || die "$corpus is missing"
options=(-timeout=25 -rss_limit_mb=2048 -print_final_stats=1
         "-artifact_prefix=$artifacts/$target-")
case "$target" in
  profile|nonblocking|graph|graph_lp|model_request|render|cluster_file)
    options+=("-dict=$here/json.dict" -max_len=4096) ;;
  simgrid)
    options+=("-dict=$here/xml.dict" -max_len=4096) ;;
  mpi_inputs)
    options+=(-max_len=512) ;;
esac

log=$work/$target.corpus.log
if ! "$binary" "${options[@]}" -runs=0 "$corpus" >"$log" 2>&1; then
  tail -40 "$log" >&2
  die "$target fails on its seed corpus"
fi
echo "fuzz_test: $target corpus: $(progress "$log")"

new=$work/$target.new
mkdir -p "$new"
log=$work/$target.run.log
count=$((runs[$target] * scale))
# The sanitizer rerun of the suite (tools/run_tests.sh): these targets
# are built with ASan and UBSan already; a tenth of the runs.
[[ -z "${HETCAST_SANITIZER_RUN:-}" ]] || count=$((count / 10))
if ! "$binary" "${options[@]}" "-seed=$seed" "-runs=$count" \
     "-max_total_time=$seconds" "$new" "$corpus" >"$log" 2>&1; then
  tail -40 "$log" >&2
  die "$target found a failing input in $count runs (see above; the" \
      "input is in $artifacts)"
fi
echo "fuzz_test: $target $count runs: $(progress "$log")"
echo "fuzz_test: PASS"
