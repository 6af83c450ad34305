#!/usr/bin/env bash
# tests/fuzz/fuzz_test.sh: CI's fuzzing (issue 15). For every libFuzzer
# target of tests/fuzz: its seed corpus (tests/fuzz/corpus/TARGET/, every
# input once, so a past finding kept there is a regression test), then a
# short bounded run from that corpus. Fails on any crash, sanitizer report,
# failed check, timeout or leak, naming the target and the input (kept in
# the test's undeclared outputs when Bazel provides that folder).
#
# Environment: HETCAST_FUZZ_SECONDS (default 8) per target's bounded run,
# HETCAST_FUZZ_SEED (default 1; the run is then repeatable up to timing).
# The five bounded runs and the corpus passes take about 45 s in all.
set -uo pipefail

die() { echo "fuzz_test: FAIL: $*" >&2; exit 1; }

seconds=${HETCAST_FUZZ_SECONDS:-8}
seed=${HETCAST_FUZZ_SEED:-1}
here=tests/fuzz
[[ -d "$here/corpus" ]] || die "run from the workspace root (or by bazel test //tests/fuzz:fuzz_test)"
work=${TEST_TMPDIR:-$(mktemp -d)}
artifacts=${TEST_UNDECLARED_OUTPUTS_DIR:-$work}

# The last progress line of a libFuzzer log, e.g. "#1234 DONE cov: 812
# ft: 2210 corp: 97/10Kb exec/s: 150 rss: 60Mb".
progress() { grep -E '^#[0-9]+' "$1" | tail -1; }

status=0
for target in table api profile nonblocking graph; do
  binary=$here/bin/${target}_fuzzer
  corpus=$here/corpus/$target
  [[ -x "$binary" ]] || die "$binary is missing"
  [[ -d "$corpus" ]] || die "$corpus is missing"
  options=(-timeout=25 -rss_limit_mb=2048 -print_final_stats=1
           "-artifact_prefix=$artifacts/$target-")
  case "$target" in
    profile|nonblocking|graph)
      options+=("-dict=$here/json.dict" -max_len=4096) ;;
  esac

  log=$work/$target.corpus.log
  if ! "$binary" "${options[@]}" -runs=0 "$corpus" >"$log" 2>&1; then
    tail -40 "$log" >&2
    echo "fuzz_test: $target fails on its seed corpus" >&2
    status=1
    continue
  fi
  echo "fuzz_test: $target corpus: $(progress "$log")"

  new=$work/$target.new
  mkdir -p "$new"
  log=$work/$target.run.log
  if ! "$binary" "${options[@]}" "-seed=$seed" "-max_total_time=$seconds" \
       "$new" "$corpus" >"$log" 2>&1; then
    tail -40 "$log" >&2
    echo "fuzz_test: $target found a failing input in ${seconds}s (see above;" \
         "the input is in $artifacts)" >&2
    status=1
    continue
  fi
  echo "fuzz_test: $target ${seconds}s: $(progress "$log")"
done
((status == 0)) || die "see the reports above"
echo "fuzz_test: PASS"
