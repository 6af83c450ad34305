#!/usr/bin/env bash
# tools/setup.sh: installs the Debian 12 packages hetcast builds with, if any
# is missing. Safe to run any number of times; does nothing when all are in.
set -euo pipefail

PACKAGES=(bazel-bootstrap libabsl-dev libflatbuffers-dev flatbuffers-compiler
          libgtest-dev libbenchmark-dev g++)

missing=()
for package in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null |
      grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
if ((${#missing[@]} == 0)); then
  exit 0
fi

echo "hetcast setup: installing ${missing[*]}" >&2
SUDO=()
if [[ $(id -u) -ne 0 ]]; then
  SUDO=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
