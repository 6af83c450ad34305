#!/usr/bin/env bash
# workspace_test.sh HETCAST_GEN PROFILE.json: hetcast from another Bazel
# workspace, as a user's project has it. A scratch workspace declares
# hetcast with local_repository (offline: repositories.bzl), imports the
# project's .bazelrc, loads @hetcast//tables:hetcast_table.bzl, generates a
# table from PROFILE.json and links a C program that opens the embedded
# table with the runtime. Checks:
#   - the table it builds has the bytes this workspace's generator writes
#     for the same profile (same profiles, same bytes);
#   - the program opens the embedded array (hetcast_table_open: HETCAST_OK);
#   - a second build with another PATH runs no action (the imported
#     .bazelrc's --incompatible_strict_action_env).
# It runs a second Bazel server with an output base of its own, kept across
# runs under HETCAST_WORKSPACE_TEST_ROOT (default /tmp/hetcast-workspace-test)
# so that only the first run compiles the generator (about 2 minutes on 2
# cores; later runs about 40 s).
set -euo pipefail
gen=$(realpath "$1")
profile=$(realpath "$2")
# The source tree: this script's own file, resolved out of the runfiles.
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)
[[ -f $root/WORKSPACE && -f $root/repositories.bzl ]] || {
  echo "FAIL: no hetcast source tree at $root"; exit 1; }
scratch=${TEST_TMPDIR:-$(mktemp -d)}
output_root=${HETCAST_WORKSPACE_TEST_ROOT:-/tmp/hetcast-workspace-test}
work=$scratch/consumer
rm -rf "$work" && mkdir -p "$work" "$output_root"
cp "$profile" "$work/lab.json"

cat >"$work/WORKSPACE" <<WS
workspace(name = "consumer")

local_repository(name = "hetcast", path = "$root")

load("@hetcast//:repositories.bzl", "hetcast_repositories")

hetcast_repositories("$root")
WS
cat >"$work/.bazelrc" <<RC
import $root/.bazelrc
RC
cat >"$work/BUILD" <<'BUILD'
load("@hetcast//tables:hetcast_table.bzl", "hetcast_table")

hetcast_table(
    name = "lab_table",
    profiles = ["lab.json"],
)

cc_binary(
    name = "open_table",
    srcs = ["open_table.c"],
    deps = [
        ":lab_table",
        "@hetcast//runtime:hetcast",
    ],
)
BUILD
cat >"$work/open_table.c" <<'C'
#include <stdio.h>

#include "hetcast/hetcast.h"
#include "lab_table.h"

int main(void) {
  hetcast_table table;
  const char* why = NULL;
  if (hetcast_table_open(hetcast_lab_table, hetcast_lab_table_size, &table,
                         &why) != HETCAST_OK) {
    printf("not opened: %s\n", why);
    return 1;
  }
  printf("opened %zu bytes\n", (size_t)hetcast_lab_table_size);
  return 0;
}
C

# The outer test's environment is Bazel's own; the nested one gets a plain
# PATH (its actions see a fixed one anyway) and its own output base.
nested_bazel() {
  (cd "$work" && env -u TEST_TMPDIR -u RUNFILES_DIR -u JAVA_RUNFILES \
    PATH="$1" \
    bazel --output_user_root="$output_root" --max_idle_secs=60 \
    "${@:2}")
}
plain_path=/usr/local/bin:/usr/bin:/bin
start=$SECONDS
nested_bazel "$plain_path" build //:open_table //:lab_table.hct 2>"$scratch/first.log" || {
  tail -40 "$scratch/first.log"; echo "FAIL: the consumer workspace does not build"; exit 1; }
echo "first build: $((SECONDS - start)) s"
bin=$(nested_bazel "$plain_path" info bazel-bin 2>/dev/null)

"$gen" --profile "$profile" --out "$scratch/expected.hct" >/dev/null 2>&1
cmp "$bin/lab_table.hct" "$scratch/expected.hct" || {
  echo "FAIL: the consumer's table differs from hetcast_gen's"; exit 1; }
"$bin/open_table" | tee "$scratch/open.txt"
grep -q "^opened $(wc -c <"$scratch/expected.hct") bytes$" "$scratch/open.txt"

mkdir -p "$scratch/elsewhere"
nested_bazel "$scratch/elsewhere:$plain_path" build //:open_table //:lab_table.hct \
  2>"$scratch/second.log"
processes=$(grep -o 'INFO: [0-9]* process[^.]*' "$scratch/second.log" | tail -1)
echo "second build, PATH changed: ${processes:-no processes line}"
# "INFO: 1 process: 1 internal." or none at all: no action ran again.
if [[ -n $processes && ! $processes =~ ^INFO:\ ([0-9]+)\ process(es)?:\ \1\ internal$ ]]; then
  echo "FAIL: a changed PATH rebuilt actions: $processes"; exit 1
fi
nested_bazel "$plain_path" shutdown 2>/dev/null || true
echo PASS
