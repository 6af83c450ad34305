#!/usr/bin/env bash
# tests/graph/runtime_link_test.sh RUNTIME_DEPS CLI_DEPS
#
# The runtime links no LP solver: QSopt_ex is GPL-3+ (docs/models.md,
# "Licence"), so the runtime library, its amalgamation and the tables
# must stay free of it and of GMP. RUNTIME_DEPS is `bazel query` output
# (genquery, tests/BUILD) of every target those build from; CLI_DEPS the
# same for the `hetcast` command line, which does link them: the control
# that shows the check can see them.
set -euo pipefail
runtime_deps=$1
cli_deps=$2
fail() { echo "runtime_link_test: $*" >&2; exit 1; }

forbidden='^(@system//:(qsopt_ex|gmpxx)|//tools:graph_lp)$'
grep -qx '//runtime:hetcast' "$runtime_deps" ||
  fail "the runtime's dependency list does not hold //runtime:hetcast"
if grep -Ex "$forbidden" "$runtime_deps"; then
  fail "the runtime depends on the targets above (LP solver or GMP)"
fi
grep -Eq "$forbidden" "$cli_deps" ||
  fail "control: the CLI's dependencies should hold the LP targets"
echo "runtime_link_test: $(wc -l <"$runtime_deps") runtime targets, none an LP solver or GMP"
