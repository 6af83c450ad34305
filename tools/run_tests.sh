#!/usr/bin/env bash
# tools/run_tests.sh: installs what is missing and runs every test
# (`bazel test //...`), then checks that everything the build took from the
# system comes from a package tools/setup.sh installs
# (tests/system_deps_check.sh). Extra arguments go to bazel, e.g.
# --config=asan.
# Ends with a plain line "N passed, N failed" counting test cases (from each
# test's XML report), and exits non-zero if any test failed.
set -uo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh test || exit 1

# CI (which sets CI=true) also turns warnings into errors (.bazelrc).
if [[ "${CI:-}" == true ]]; then
  set -- --config=ci "$@"
fi

log=$(mktemp)
bazel test "$@" //... 2>&1 | tee "$log"
bazel_status=${PIPESTATUS[0]}

testlogs=$(bazel info "$@" bazel-testlogs 2>/dev/null)
passed=0
failed=0
# One summary line per test target: "//pkg:name   (cached) PASSED in 0.1s".
while read -r target status; do
  xml="$testlogs/${target#//}"
  xml="${xml/://}/test.xml"
  cases=0
  failures=0
  if [[ -f "$xml" ]]; then
    cases=$(grep -c "<testcase" "$xml" || true)
    failures=$(grep -c "<failure" "$xml" || true)
  fi
  if [[ "$status" == PASSED ]]; then
    ((cases > 0)) || cases=1
    passed=$((passed + cases - failures))
    failed=$((failed + failures))
  else
    ((failures > 0)) || failures=1
    ((cases > failures)) && passed=$((passed + cases - failures))
    failed=$((failed + failures))
  fi
done < <(sed -nE 's#^(//[^ ]+)[[:space:]]+(\(cached\)[[:space:]]+)?(PASSED|FAILED|TIMEOUT|FLAKY|NO STATUS|INCOMPLETE|FAILED TO BUILD).*#\1 \3#p' "$log" |
         sed 's/ NO STATUS$/ NO_STATUS/; s/ FAILED TO BUILD$/ FAILED_TO_BUILD/')
rm -f "$log"

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

if [[ $bazel_status -ne 0 && $failed -eq 0 ]]; then
  failed=1  # The build itself failed before any test ran.
fi
echo "$passed passed, $failed failed"
[[ $bazel_status -eq 0 && $failed -eq 0 ]]
