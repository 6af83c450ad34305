#!/usr/bin/env bash
# version_test.sh NAME=BINARY...: every program answers --version with one
# line naming itself and the C API's version (HETCAST_VERSION_STRING of
# the public header, read here from the amalgamation's copy), exit 0.
set -euo pipefail
header=$1
shift
version=$(sed -n 's/^#define HETCAST_VERSION_STRING "\(.*\)"$/\1/p' "$header")
[[ -n $version ]] || { echo "FAIL: no HETCAST_VERSION_STRING in $header"; exit 1; }
for pair in "$@"; do
  name=${pair%%=*}
  out=$("${pair#*=}" --version)
  [[ $(printf '%s\n' "$out" | wc -l) -eq 1 ]] || {
    echo "FAIL: $name --version printed more than one line: $out"; exit 1; }
  [[ $out == "$name (hetcast $version, "* ]] || {
    echo "FAIL: $name --version printed '$out'"; exit 1; }
  echo "ok: $out"
done
