#!/usr/bin/env bash
# tools/run_tests.sh: installs what is missing and runs every test three
# ways: the whole suite normally (`bazel test //...`, every target built,
# every test at its normal size); the whole suite again under
# AddressSanitizer + UndefinedBehaviorSanitizer (`--config=asan
# --build_tests_only`: every test target runs but the fuzz tests (tag
# fuzz), whose clang-built targets carry ASan + UBSan in every pass, the
# tests that run nothing Bazel instruments (tag uninstrumented), the size
# build's reruns of unit tests (tag size_build), which the fuzz tests'
# api_fuzzer covers sanitized, and the tests of the offline tools (tag
# offline_tool: the command line, the PTAS generator, the LP and graph
# planners, the SMPI experiments), whose input parsing the fuzz tests run
# sanitized and whose code is neither in the runtime nor in the MPI library
# that users embed or preload; binaries no test uses, the
# benchmarks and experiments, are not built a second time; the
# slow tests read HETCAST_SANITIZER_RUN=1 and take smaller sizes, never a
# skip);
# and the threaded tests under ThreadSanitizer (`--config=tsan`). Then it
# checks that everything the build took from the system comes from a
# package tools/setup.sh installs (tests/system_deps_check.sh).
# HETCAST_SANITIZERS=tsan leaves out the ASan + UBSan pass, =0 both
# sanitizer passes. Extra arguments go to bazel, e.g. --config=asan (which
# then runs alone).
# Ends with a plain line "N passed, N failed" counting test cases (from each
# test's XML report, or its shards') of every pass: a case that runs in the normal and in
# the ASan pass counts twice, a test target without an XML report of its
# own cases (sh_test) counts as one case per pass, and the two checks of
# tests/system_deps_check.sh as one each. Exits non-zero if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh test || exit 1

user_args=("$@")
# CI (which sets CI=true) also turns warnings into errors (.bazelrc).
if [[ "${CI:-}" == true ]]; then
  set -- --config=ci "$@"
fi

passed=0
failed=0
bazel_failed=false
# run_suite ARGS... : `bazel test ARGS`, adding its test cases (from each
# test's XML report) to `passed` and `failed`.
run_suite() {
  local log testlogs arg options=()
  for arg in "$@"; do
    # Target patterns (and exclusions, after "--"): not for bazel info.
    [[ "$arg" == //* || "$arg" == -//* || "$arg" == -- ]] || options+=("$arg")
  done
  log=$(mktemp)
  bazel test "$@" 2>&1 | tee "$log"
  [[ ${PIPESTATUS[0]} -eq 0 ]] || bazel_failed=true
  testlogs=$(bazel info "${options[@]}" bazel-testlogs 2>/dev/null)
  count_cases "$testlogs" <"$log"
  rm -f "$log"
}

# test_reports DIR: a test's XML reports in its testlogs folder DIR: its
# test.xml, or one per shard for a sharded test (shard_count), whichever
# the last run wrote (a folder can keep both after shard_count changed).
test_reports() {
  local dir=$1 newest_shard=""
  newest_shard=$(ls -t "$dir"/shard_*_of_*/test.xml 2>/dev/null | head -1)
  if [[ -n "$newest_shard" && ! "$dir/test.xml" -nt "$newest_shard" ]]; then
    ls "$dir"/shard_*_of_*/test.xml
  elif [[ -f "$dir/test.xml" ]]; then
    echo "$dir/test.xml"
  fi
}

# count_cases TESTLOGS < LOG: one summary line per test target,
# "//pkg:name   (cached) PASSED in 0.1s".
count_cases() {
  local testlogs=$1 target status dir xml cases failures
  while read -r target status; do
    dir="$testlogs/${target#//}"
    dir="${dir/://}"
    cases=0
    failures=0
    for xml in $(test_reports "$dir"); do
      cases=$((cases + $(grep -c "<testcase" "$xml" || true)))
      failures=$((failures + $(grep -c "<failure" "$xml" || true)))
    done
    if [[ "$status" == PASSED ]]; then
      ((cases > 0)) || cases=1
      passed=$((passed + cases - failures))
      failed=$((failed + failures))
    else
      ((failures > 0)) || failures=1
      ((cases > failures)) && passed=$((passed + cases - failures))
      failed=$((failed + failures))
    fi
  done < <(sed -nE 's#^(//[^ ]+)[[:space:]]+(\(cached\)[[:space:]]+)?(PASSED|FAILED|TIMEOUT|FLAKY|NO STATUS|INCOMPLETE|FAILED TO BUILD).*#\1 \3#p' |
           sed 's/ NO STATUS$/ NO_STATUS/; s/ FAILED TO BUILD$/ FAILED_TO_BUILD/')
}

run_suite "$@" //...

# The sanitizer passes (see the top of this file). Without --config=ci:
# GCC's -O1 -fsanitize builds warn falsely (stringop-overread), and the
# warnings are the normal build's to check. A sanitizer config given on the
# command line skips them (that run is the one asked for).
sanitizers=${HETCAST_SANITIZERS:-all}
if [[ "$sanitizers" != 0 && " ${user_args[*]} " != *--config=*san* ]]; then
  if [[ "$sanitizers" == all ]]; then
    # Less //tests/fuzz's tests (tag fuzz): its libFuzzer targets are built
    # with clang's -fsanitize=fuzzer,address,undefined whatever the
    # configuration, so the normal pass has already run them sanitized.
    # Less the size build's reruns of unit tests (tag size_build,
    # tests/BUILD): their configuration transition compiles the runtime,
    # the oracles and the table tools again; the size build runs sanitized
    # in the fuzz test's api_fuzzer. Less the tests that run no code the
    # sanitizers instrument (tag uninstrumented: compiles outside Bazel,
    # firmware under QEMU, Python), which would only build their programs
    # a second time. Less the offline tools' tests (tag offline_tool): they
    # compile the command line, the PTAS and the LP planners again, most of
    # the pass's compile time, for tools whose input parsing the fuzz tests
    # run sanitized.
    run_suite --config=asan --build_tests_only \
      --test_tag_filters=-size_build,-fuzz,-uninstrumented,-offline_tool \
      --test_env=HETCAST_SANITIZER_RUN=1 "${user_args[@]}" \
      -- //...
  fi
  run_suite --config=tsan "${user_args[@]}" //tests:concurrency_test
fi

# The system-dependency check (tests/system_deps_check.sh) over the actions
# just built, and its own test: without libgmock-dev in the setup list (the
# package a fresh machine once lacked) it must fail and name that package.
if tests/system_deps_check.sh "$@"; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
fi
without_gmock=$(tests/system_deps_check.sh --without libgmock-dev "$@" 2>&1)
if grep -q "missing package libgmock-dev" <<<"$without_gmock"; then
  passed=$((passed + 1))
else
  echo "system_deps_check --without libgmock-dev did not name libgmock-dev" >&2
  failed=$((failed + 1))
fi

if [[ $bazel_failed == true && $failed -eq 0 ]]; then
  failed=1  # A build failed before any test ran.
fi
echo "$passed passed, $failed failed"
[[ $bazel_failed == false && $failed -eq 0 ]]
